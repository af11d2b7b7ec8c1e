"""Tinners' Trail (Martin Wallace, Treefrog 2008) + Arsenic module (rules/tinners_trail.md)."""

from boardstate.engine.tinners_trail.rules import RULES

__all__ = ["RULES"]
