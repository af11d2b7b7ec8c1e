"""The generic part of `decide` and `setup`, once in `engine.core.rules` (architecture §3).

A toy game declared like the real ones: the core refuses a finished game, an unstarted one, the
game's own `check_first` refusals, then a seat that is not to act, in that order, and only then
calls the game's `play`; `setup` folds the game's `opening` through an `Emitter`.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from boardstate.engine.core.cited import Citations
from boardstate.engine.core.data import DataSet
from boardstate.engine.core.errors import (
    BAD_OPTIONS,
    GAME_FINISHED,
    GAME_NOT_STARTED,
    ILLEGAL_MOVE,
    NOT_YOUR_TURN,
    BadOptions,
    MoveError,
)
from boardstate.engine.core.replay import Emitter, apply, start
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameInfo, GameRules, Outcome
from boardstate.engine.core.wire import WireCodec


@dataclasses.dataclass(frozen=True, slots=True)
class Options:
    target: int = 3


@dataclasses.dataclass(frozen=True, slots=True)
class State:
    options: Options
    players: int
    active: int = -1
    count: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class Count:
    TYPE: ClassVar[str] = "count"
    by: int


@dataclasses.dataclass(frozen=True, slots=True)
class Counted:
    TYPE: ClassVar[str] = "Counted"
    seat: int
    by: int


CITED = Citations({"step": "Rule 1: count by 1 or 2", "early": "Rule 0: no counting by 0"})


def opening(out: Emitter, rng: Rng) -> None:
    out.emit(Counted(seat=rng.below(out.state.players), by=0))


def evolve(state: State, event: Counted) -> State:
    nxt = (event.seat + 1) % state.players
    return dataclasses.replace(state, active=nxt, count=state.count + event.by)


def play(out: Emitter, seat: int, move: Count, rng: Rng) -> None:
    if move.by not in (1, 2):
        raise CITED.illegal("step", f"cannot count by {move.by}", by=move.by)
    out.emit(Counted(seat=seat, by=move.by))


def check_first(state: State, seat: int, move: Count) -> None:
    if move.by == 0:
        raise CITED.illegal("early", "counting by 0")


def check_options(options: Options) -> None:
    if options.target < 1:
        raise BadOptions("options.target: at least 1")


def finished(state: State) -> bool:
    return state.count >= state.options.target


def _outcome(state: State) -> Outcome | None:
    return Outcome((state.count,) * state.players, ()) if finished(state) else None


RULES: GameRules[State, Count, Counted] = GameRules(
    info=GameInfo("toy", "Toy", 2, 3, "1", 10),
    moves=WireCodec([Count]),
    events=WireCodec([Counted]),
    options_type=Options,
    data=DataSet("toy", "0", {}, {}),
    cited=CITED,
    new_state=lambda players, options: State(options=options, players=players),
    opening=opening,
    is_started=lambda state: state.active >= 0,
    is_finished=finished,
    to_act=lambda state: frozenset() if finished(state) else frozenset({state.active}),
    legal_moves=lambda state, seat: [Count(1), Count(2)] if seat == state.active else [],
    play=play,
    evolve=evolve,
    view=lambda state, viewer: {"count": state.count},
    redact=lambda event, viewer: event,
    outcome=_outcome,
    check_options=check_options,
    check_first=check_first,
)


def refused(state: State, seat: int, move: Count) -> MoveError:
    with pytest.raises(MoveError) as info:
        RULES.decide(state, seat, move, Rng(b"t"))
    return info.value


def test_setup_folds_the_opening_and_decide_emits_the_game_s_facts() -> None:
    state, events = start(RULES, 2, RULES.parse_options(None), Rng(b"s"))
    assert events == [Counted(seat=1 - state.active, by=0)]
    after, facts = apply(RULES, state, state.active, Count(2), Rng(b"d"))
    assert facts == [Counted(seat=state.active, by=2)]
    assert after.count == 2


def test_the_generic_refusals_come_in_order_before_the_game_s_rules() -> None:
    table = RULES.initial_state(2, Options())
    assert refused(table, 0, Count(0)).code == GAME_NOT_STARTED
    over = State(Options(), 2, active=0, count=3)
    assert refused(over, 0, Count(0)).code == GAME_FINISHED
    state = State(Options(), 2, active=0)
    early = refused(state, 1, Count(0))
    assert (early.code, early.details) == (ILLEGAL_MOVE, {"rule": "early"})
    other = refused(state, 1, Count(1))
    assert (other.code, other.details) == (NOT_YOUR_TURN, {"seat": 1, "toAct": [0], "to_act": [0]})
    assert other.message == "seat 1 may not act now; waiting for [0]"
    illegal = refused(state, 0, Count(5))
    assert (illegal.code, illegal.details) == (ILLEGAL_MOVE, {"rule": "step", "by": 5})
    assert illegal.message == "cannot count by 5 (Rule 1: count by 1 or 2)"


def test_the_game_s_option_check_runs_after_the_wire_types() -> None:
    with pytest.raises(MoveError) as info:
        RULES.parse_options({"target": 0})
    assert info.value.code == BAD_OPTIONS


def test_citations_are_a_read_only_mapping_of_rule_texts() -> None:
    assert dict(CITED) == {"step": "Rule 1: count by 1 or 2", "early": "Rule 0: no counting by 0"}
    assert len(CITED) == 2
    with pytest.raises(KeyError):
        CITED.illegal("unknown", "no such rule")


def test_a_declaration_is_a_value_not_a_subclass() -> None:
    assert isinstance(RULES, GameRules)
    with pytest.raises(dataclasses.FrozenInstanceError):
        RULES.info = RULES.info  # type: ignore[misc]
    assert RULES.view(State(Options(), 2), None) == {"count": 0}
