"""The decider protocol every game implements (DESIGN §3).

A game is one `GameRules` subclass instance. Its state, moves and events are frozen dataclasses;
moves and events have a wire form through `moves` / `events` (`WireCodec`s).

* `initial_state(players, options)` is the empty table, with no randomness.
* `setup(state, rng)` returns the opening facts (shuffles, deals); folding them starts the game.
* `legal_moves(state, seat)` lists everything `seat` may submit now; empty when it may not act.
* `decide(state, seat, move, rng)` validates and returns facts, or raises a `MoveError`.
* `evolve(state, event)` applies one fact; never raises for an event `decide` produced, never
  draws randomness, so folding a log rebuilds the state exactly.
* `view(state, viewer)` / `redact(event, viewer)` remove what `viewer` (a seat, or `None` for a
  spectator) may not know. Views are absolute: a seat's view is the spectator view with that
  seat's own private values filled in at the same places.
* `to_act(state)` is the set of seats that owe a decision now; `outcome(state)` the result.

Two later needs fit this protocol without change:

* **A decision owed by a seat other than the active one** (an auction bid, a response to an
  attack): the state records the pending decision and `to_act` returns the seat that owes it
  (not the player whose turn it is); `legal_moves` lists that seat's answers, and `decide`
  rejects everyone else with `NOT_YOUR_TURN`. When the answer is folded, `to_act` returns to the
  turn owner. Nothing in the service assumes that `to_act` is the "current player".
* **A simultaneous secret choice by several seats**: `to_act` returns every seat that has not yet
  chosen; each submits its choice as an ordinary move, `decide` emits a `…Committed` event whose
  `redact` hides the choice from every other viewer (`engine.core.secret.SecretChoices` keeps the
  bookkeeping), and the move that completes the set also emits the reveal event with all choices.
  Because checks run against the phase in the state, a late or repeated commit is rejected by the
  rules, not merely by the log head.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from boardstate.engine.core.data import DataSet
from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import BadOptions, BadPlayerCount, MalformedMove, NotYourTurn
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.wire import (
    WireCodec,
    WireError,
    decode_value,
    encode_value,
    value_schema,
)

S = TypeVar("S")
M = TypeVar("M")
E = TypeVar("E")


@dataclasses.dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game type."""

    id: str
    """Game type id as used by the API, e.g. `trambahn`."""
    name: str
    min_players: int
    max_players: int
    rules_version: str
    max_game_length: int
    """An upper bound on the number of accepted moves in any game."""


@dataclasses.dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores by seat index and the winners (several on a shared win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: Mapping[str, Any] = dataclasses.field(default_factory=dict)


class GameRules(ABC, Generic[S, M, E]):
    """Base class of every game's rules object; see the module docstring for the protocol."""

    info: GameInfo
    moves: WireCodec[Any]
    events: WireCodec[Any]
    options_type: type[Any]
    data: DataSet

    # -- options and players -------------------------------------------------------------
    def parse_options(self, raw: Mapping[str, Any] | None) -> Any:
        """Returns the options dataclass for `raw` (defaults filled); raises `BadOptions`."""
        if raw is not None and not isinstance(raw, Mapping):
            raise BadOptions(f"options must be an object, got {echo(raw)}")
        try:
            return decode_value(self.options_type, dict(raw or {}), "options")
        except WireError as exc:
            raise BadOptions(str(exc)) from None

    def options_to_wire(self, options: Any) -> dict[str, Any]:
        """Returns the JSON form of an options dataclass."""
        out = encode_value(options)
        assert isinstance(out, dict)
        return out

    def options_schema(self) -> dict[str, Any]:
        """Returns the JSON Schema of `createGame` options."""
        return value_schema(self.options_type)

    def check_players(self, players: int) -> None:
        """Raises `BadPlayerCount` unless `players` is allowed."""
        if not self.info.min_players <= players <= self.info.max_players:
            raise BadPlayerCount(
                f"{self.info.name} takes {self.info.min_players}–{self.info.max_players} "
                f"players, not {players}",
                {"min": self.info.min_players, "max": self.info.max_players},
            )

    # -- moves ---------------------------------------------------------------------------
    def parse_move(self, raw: Any) -> M:
        """Returns the move for a wire dict; raises `MalformedMove` naming the problem."""
        try:
            move: M = self.moves.decode(raw)
        except WireError as exc:
            raise MalformedMove(f"malformed move: {exc}") from None
        return move

    def check_turn(self, state: S, seat: int) -> None:
        """Raises `NotYourTurn` unless `seat` is among `to_act(state)`."""
        if seat not in self.to_act(state):
            raise NotYourTurn(
                f"seat {seat} may not act now; waiting for {sorted(self.to_act(state))}",
                {"seat": seat, "to_act": sorted(self.to_act(state))},
            )

    # -- the protocol --------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, players: int, options: Any) -> S:
        """Returns the empty table before setup."""

    @abstractmethod
    def setup(self, state: S, rng: Rng) -> Sequence[E]:
        """Returns the opening facts (shuffles, deals)."""

    @abstractmethod
    def legal_moves(self, state: S, seat: int) -> Sequence[M]:
        """Returns everything `seat` may submit now; empty when it may not act."""

    @abstractmethod
    def decide(self, state: S, seat: int, move: M, rng: Rng) -> Sequence[E]:
        """Validates `move` by `seat` and returns its facts; raises a `MoveError`."""

    @abstractmethod
    def evolve(self, state: S, event: E) -> S:
        """Returns the state after one fact."""

    @abstractmethod
    def view(self, state: S, viewer: int | None) -> dict[str, Any]:
        """Returns what `viewer` (a seat or `None` for a spectator) may see of `state`."""

    @abstractmethod
    def redact(self, event: E, viewer: int | None) -> E:
        """Returns `event` with what `viewer` may not know removed (never dropped)."""

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Returns the seats that owe a decision now."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Returns the result once the game is over, else `None`."""
