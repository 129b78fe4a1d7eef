"""File exchange in the client: new game by exchange, send, open the opponent's file."""
