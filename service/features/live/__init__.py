"""Live streams of a game's events: one reader per process, stream slots and caps."""
