"""The `boardstate` command line: serve, verify, replay, render, play, and a bots-only process."""
