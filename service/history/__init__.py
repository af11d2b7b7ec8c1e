"""A game's history from its log: verify, replay, fork, export/import; no Redis."""
