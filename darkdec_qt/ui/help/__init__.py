"""Help: the Help menu, the client guide, the Rules index and the rule links."""
