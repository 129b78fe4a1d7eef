"""16.0-17.0 engineering: bridges and fortifications."""
