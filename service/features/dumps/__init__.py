"""Dumps: every ended game of a type over a period, one line per game, for analysts (issue 31,
item 5; `docs/archive.md`, "Dumps for analysts")."""
