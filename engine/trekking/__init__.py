"""Trekking Through History (Charlie Bink, Underdog Games 2022), 2–4 players: rules/trekking.md."""

from boardstate.engine.trekking.rules import RULES

__all__ = ["RULES"]
