"""Moves: the referee, loading and caching games, checkpoints, snapshots, bounds and deadlines."""
