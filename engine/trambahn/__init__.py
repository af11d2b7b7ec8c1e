"""Trambahn (Helmut Ohley, Lookout Spiele 2015) for 2 players: rules/trambahn.md."""

from boardstate.engine.trambahn.rules import RULES

__all__ = ["RULES"]
