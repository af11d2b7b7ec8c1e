"""The per-game hook record of the conformance suite: the conformance kit's own
(`boardstate.engine.conformance.Hooks`), which every game package uses too."""

from __future__ import annotations

from boardstate.engine.conformance import Hooks

__all__ = ["Hooks"]
