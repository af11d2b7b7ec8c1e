"""Players: one identity across games (architecture §5e): player tokens, the player's own stream and
games."""
