"""Boardstate: one import root for the three layers.

The folders `engine/`, `schema/` and `service/` stay at the top of the repository (architecture §2);
the distribution installs them as `boardstate.engine`, `boardstate.schema` and
`boardstate.service`. In a checkout, `boardstate/engine`, `boardstate/schema` and
`boardstate/service` are symbolic links to those folders, so every tool (pytest, mypy, ruff,
an editable install) sees the same import names as the installed wheel.
"""
