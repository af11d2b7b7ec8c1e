"""REST: a game's history (fork, import, verify, the log import of `/games/import`)."""
