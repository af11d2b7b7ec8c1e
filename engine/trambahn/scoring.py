"""Trambahn scoring (rules/trambahn.md 1A.5, 1A.6, 1A.9)."""

from __future__ import annotations

from boardstate.engine.core.rules import Outcome
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import COMPONENTS, Colour
from boardstate.engine.trambahn.options import TieBreak
from boardstate.engine.trambahn.state import Line, State


def line_points(line: Line) -> int:
    """Line score = sum of its VP figures × its tram's multiplier (0 without a tram)."""
    if line.tram is None:
        return 0
    return line.vp() * COMPONENTS.tram(line.tram).multiplier


def fahrt(state: State, colour: Colour) -> ev.FahrtScored:
    """Returns the scoring of `colour` for both players: every line of that colour with a tram."""
    scores = [
        ev.LineScore(seat=seat, line=line.id, points=line_points(line))
        for seat, player in enumerate(state.players)
        for line in player.lines
        if line.colour is colour and line.tram is not None
    ]
    points = tuple(
        sum(s.points for s in scores if s.seat == seat) for seat in range(len(state.players))
    )
    return ev.FahrtScored(
        number=state.scorings + 1,
        colour=colour,
        points=points,
        lines=tuple(scores),
        discarded=state.terminal(colour),
    )


def winners(state: State) -> tuple[int, ...]:
    """Highest total wins; equal totals share the win unless the tie-break option says else."""
    totals = [p.total for p in state.players]
    best = [seat for seat, total in enumerate(totals) if total == max(totals)]
    if len(best) > 1 and state.options.tie_break is TieBreak.EXTRA_TOURS:
        extra = {seat: sum(state.players[seat].extra_tours) for seat in best}
        best = [seat for seat in best if extra[seat] == max(extra.values())]
    return tuple(best)


def game_over(state: State, reason: str) -> ev.GameOver:
    """Returns the closing fact with totals and winners."""
    return ev.GameOver(
        reason=reason, totals=tuple(p.total for p in state.players), winners=winners(state)
    )


def outcome(state: State) -> Outcome | None:
    """Totals and winners once the game is over."""
    if not state.finished:
        return None
    details = {
        "reason": state.end_reason,
        "fahrten": [list(p.fahrten) for p in state.players],
        "extra_tours": [list(p.extra_tours) for p in state.players],
    }
    return Outcome(
        scores=tuple(p.total for p in state.players), winners=winners(state), details=details
    )
