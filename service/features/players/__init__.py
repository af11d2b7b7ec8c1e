"""Players: one identity across games (DESIGN §5e): player tokens, the player's own stream and
games."""
