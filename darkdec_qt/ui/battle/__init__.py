"""The Battle dock: choosing a battle, its readouts and the choices it owes, and the
obligations (attacks required, possible attacks) shown while they can be met."""
