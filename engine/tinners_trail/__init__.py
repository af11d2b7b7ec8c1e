"""Tinners' Trail (Martin Wallace, Treefrog 2008) + Arsenic module (rules/tinners_trail.md)."""

from boardstate.engine.tinners_trail.rules import RULES, RULES_1_0_0

__all__ = ["RULES", "RULES_1_0_0"]
