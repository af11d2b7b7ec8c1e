"""The decider protocol every game implements (architecture §3), and the one place its generic
parts live.

A game is a declaration: one `GameRules(...)` record naming its data (info, wire codecs, options
type, data set, cited rules) and its functions (hooks); what a small perfect-information game
does not need has a default (`engine.core.defaults`). The protocol's methods are defined here
once and call the hooks:

* `initial_state(players, options)` is the empty table, with no randomness: the player count and
  options type are checked here, then the game's `new_state(players, options)` builds it.
* `setup(state, rng)` returns the opening facts (shuffles, deals): the game's
  `opening(out, rng)` emits them through an `Emitter`; folding them starts the game.
* `legal_moves(state, seat)` lists everything `seat` may submit now; empty when it may not act.
* `decide(state, seat, move, rng)` validates and returns facts, or raises a `MoveError`. The
  generic refusals come first, in this order: `GAME_FINISHED` (`is_finished`),
  `GAME_NOT_STARTED` (not `is_started`), the game's `check_first(state, seat, move)` (refusals
  that outrank whose turn it is; none by default), `NOT_YOUR_TURN` (the seat is not in
  `to_act`). Then the game's `play(out, seat, move, rng)` checks the rules and emits the facts.
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
  A seat that has already chosen is no longer in `to_act`, so choosing again is `NOT_YOUR_TURN`;
  a late choice is rejected by the rules (the phase in the state), not merely by the log head,
  and, like any move of a seat that owes nothing, is `NOT_YOUR_TURN` for a seat not in `to_act`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from boardstate.engine.core.bot_hooks import BotHooks
from boardstate.engine.core.cited import Citations
from boardstate.engine.core.data import DataSet
from boardstate.engine.core.defaults import (
    NO_CITATIONS,
    NO_DATA,
    NoOptions,
    always_started,
    finished_when_outcome,
    no_opening,
    outcome_evaluation,
    same_state,
    unredacted,
    whole_state,
)
from boardstate.engine.core.describe import Words
from boardstate.engine.core.echo import echo
from boardstate.engine.core.emitter import Emitter
from boardstate.engine.core.errors import (
    BadOptions,
    BadPlayerCount,
    GameFinished,
    GameNotStarted,
    MalformedMove,
    NotYourTurn,
)
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.stand_in import StandIn
from boardstate.engine.core.variants import Variants
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
    """An upper bound on the number of accepted moves in any game whose options are bounded
    (`GameRules.max_length`: None for options with which a game may never end)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores by seat index and the winners (several on a shared win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def _accept_options(options: Any) -> None:
    """Default `check_options`: every options value the wire types accept is valid."""


def _nothing_first(state: Any, seat: int, move: Any) -> None:
    """Default `check_first`: no refusal outranks whose turn it is."""


@dataclasses.dataclass(frozen=True, slots=True, eq=False, kw_only=True)
class GameRules(Generic[S, M, E]):
    """A game type: its declaration (data and hooks); see the module docstring for the protocol."""

    info: GameInfo
    moves: WireCodec[Any]
    events: WireCodec[Any]
    options_type: type[Any] = NoOptions
    data: DataSet = NO_DATA
    cited: Citations = dataclasses.field(default_factory=lambda: NO_CITATIONS)
    """The rules `decide` cites when it refuses a move (`details["rule"]` is a key)."""
    new_state: Callable[[int, Any], S]
    """The empty table for a (checked) player count and options."""
    opening: Callable[[Emitter, Rng], None] = no_opening
    """Emits the opening facts (shuffles, deals) of a new table."""
    is_started: Callable[[S], bool] = always_started
    is_finished: Callable[[S], bool] = finished_when_outcome
    """By default, `outcome(state) is not None`."""
    to_act: Callable[[S], frozenset[int]]
    """The seats that owe a decision now."""
    legal_moves: Callable[[S, int], Sequence[M]]
    """Everything a seat may submit now; empty when it may not act."""
    play: Callable[[Emitter, int, M, Rng], None]
    """Checks a move of a seat that may act and emits its facts; raises a `MoveError`."""
    evolve: Callable[[S, E], S]
    """The state after one fact."""
    view: Callable[[S, int | None], dict[str, Any]] = whole_state
    """What a seat (or `None`, a spectator) may see of the state (by default, all of it)."""
    redact: Callable[[E, int | None], E] = unredacted
    """An event with what a viewer may not know removed (never dropped; by default, none)."""
    outcome: Callable[[S], Outcome | None]
    """The result once the game is over, else `None`."""
    check_options: Callable[[Any], None] = _accept_options
    """Raises `BadOptions` for options the wire types accept but the game does not."""
    check_first: Callable[[S, int, M], None] = _nothing_first
    """Refusals that come before `NOT_YOUR_TURN`: only those that do not depend on the state
    (a malformed value the wire types cannot catch, e.g. Trekking's unknown itinerary id); a seat
    that owes no decision is told `NOT_YOUR_TURN` for anything the rules would refuse."""
    variants: Variants = dataclasses.field(default_factory=Variants)
    """Printed player counts and the variants (player counts, option values) that depart from
    the printed rules (`engine.core.variants`)."""
    bots: BotHooks | None = None
    """The game's resampler and evaluation for its bots (`engine.core.bot_hooks`)."""
    stand_in: StandIn = dataclasses.field(default_factory=StandIn)
    """Who plays a resigned or timed-out seat's turns (`engine.core.stand_in`)."""
    state_schema: Callable[[], dict[str, Any]] = dict
    """The JSON Schema of `view(state, viewer)` for any viewer (`engine.core.view_schema`)."""
    words: Words = dataclasses.field(default_factory=Words)
    """How the game says its moves and events to people (`engine.core.describe`)."""

    def __post_init__(self) -> None:
        if self.is_finished is finished_when_outcome:
            outcome = self.outcome
            object.__setattr__(self, "is_finished", lambda state: outcome(state) is not None)
        if self.bots is None and self.view is whole_state and self.redact is unredacted:
            hooks = BotHooks(same_state, outcome_evaluation(self.outcome))
            object.__setattr__(self, "bots", hooks)

    # -- options and players -------------------------------------------------------------
    def parse_options(self, raw: Mapping[str, Any] | None) -> Any:
        """Returns the options dataclass for `raw` (defaults filled); raises `BadOptions`."""
        if raw is not None and not isinstance(raw, Mapping):
            raise BadOptions(f"options must be an object, got {echo(raw)}")
        try:
            options = decode_value(self.options_type, dict(raw or {}), "options")
        except WireError as exc:
            raise BadOptions(str(exc)) from None
        self.check_options(options)
        return options

    def options_to_wire(self, options: Any) -> dict[str, Any]:
        """Returns the JSON form of an options dataclass."""
        out = encode_value(options)
        assert isinstance(out, dict)
        return out

    def options_schema(self) -> dict[str, Any]:
        """Returns the JSON Schema of the game's own `createGame` options (`x-variant` on
        options with variants; titles and descriptions from the game's words, in English and
        in `x-translations`). A game type publishes it with the table's options every game
        takes beside it: `engine.table.options_schema.published_options_schema`."""
        return self.words.titled(self.variants.annotate(value_schema(self.options_type)))

    def stand_in_move(self, state: S, seat: int) -> M:
        """The stand-in's move for `seat` (which must owe a decision): see `StandIn`."""
        legal = list(self.legal_moves(state, seat))
        move: M = self.stand_in.choose(legal, [self.moves.encode(m) for m in legal])
        return move

    def max_length(self, options: Any = None) -> int | None:
        """The bound on accepted moves of a game with `options` (None: of any game of this
        type); None when no bound exists (an option set that lets a game go on for ever)."""
        if options is None:
            return self.info.max_game_length if self.variants.always_bounded else None
        return None if self.variants.unbounded(options) else self.info.max_game_length

    def check_players(self, players: int) -> None:
        """Raises `BadPlayerCount` unless `players` is allowed."""
        if not self.info.min_players <= players <= self.info.max_players:
            raise BadPlayerCount(
                f"{self.info.name} takes {self.info.min_players}–{self.info.max_players} "
                f"players, not {players}",
                {"min": self.info.min_players, "max": self.info.max_players},
            )

    # -- words for people ----------------------------------------------------------------
    def describe_move(self, move: M, language: str = "en") -> str:
        """The move in words, as its seat would say it ("Build a station with red 9 on a new
        line"): names from the component data, no ids or JSON; `language`: "en" or "de"."""
        return self.words.describe(move, language)

    def describe_event(self, event: E, language: str = "en") -> str:
        """The event in words; describe the redacted event a viewer gets, never the full one."""
        return self.words.describe(event, language)

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
        waiting = sorted(self.to_act(state))
        if seat not in waiting:
            raise NotYourTurn(
                f"seat {seat} may not act now; waiting for {waiting}",
                # `to_act`: the old key, kept beside `toAct` for one release (issue 39, item 7).
                {"seat": seat, "toAct": waiting, "to_act": waiting},
            )

    # -- the protocol's generic parts ----------------------------------------------------
    def initial_state(self, players: int, options: Any) -> S:
        """Returns the empty table before setup."""
        self.check_players(players)
        assert isinstance(options, self.options_type)
        return self.new_state(players, options)

    def setup(self, state: S, rng: Rng) -> Sequence[E]:
        """Returns the opening facts (shuffles, deals)."""
        out = Emitter(self, state)
        self.opening(out, rng)
        return out.events

    def check_open(self, state: S) -> None:
        """Raises `GameFinished` / `GameNotStarted` unless the game is under way."""
        if self.is_finished(state):
            raise GameFinished("the game is over")
        if not self.is_started(state):
            raise GameNotStarted("the game has not been set up")

    def decide_wire(self, state: S, seat: int, raw: Any, rng: Rng) -> tuple[M, Sequence[E]]:
        """`decide` for a move in wire form, with the parse between the game checks and the
        turn: GAME_FINISHED / GAME_NOT_STARTED, then MALFORMED_MOVE, then as `decide`.
        Returns the parsed move and its facts."""
        move, out = self._decided(state, seat, raw, rng)
        return move, out.events

    def decide_folded(
        self, state: S, seat: int, raw: Any, rng: Rng
    ) -> tuple[M, Sequence[E], Sequence[S]]:
        """`decide_wire`, plus the state after each fact (folded while deciding, so the caller
        need not evolve the facts again)."""
        move, out = self._decided(state, seat, raw, rng)
        return move, out.events, out.states

    def _decided(self, state: S, seat: int, raw: Any, rng: Rng) -> tuple[M, Emitter]:
        """The checks of `decide_wire`, each made once, in its order; the emitter after `play`."""
        self.check_open(state)
        move = self.parse_move(raw)
        self.check_first(state, seat, move)
        self.check_turn(state, seat)
        out = Emitter(self, state)
        self.play(out, seat, move, rng)
        return move, out

    def decide(self, state: S, seat: int, move: M, rng: Rng) -> Sequence[E]:
        """Validates `move` by `seat` and returns its facts; raises a `MoveError`."""
        return self.decide_to(state, seat, move, rng)[1]

    def decide_to(self, state: S, seat: int, move: M, rng: Rng) -> tuple[S, Sequence[E]]:
        """`decide`, with the state after its facts: the emitter folded them with `evolve` as
        they were emitted, so a caller that wants both (a search's playout) need not fold them
        a second time."""
        self.check_open(state)
        self.check_first(state, seat, move)
        self.check_turn(state, seat)
        out = Emitter(self, state)
        self.play(out, seat, move, rng)
        return out.state, out.events
