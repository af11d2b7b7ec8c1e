"""REST: game types and games (create, join, read, legal moves, moves, events, pictures)."""
