"""The package `boardstate new-game NAME` writes: a small complete game (a race to 21: each
player in turn adds 1, 2 or 3 to a running total, and whoever reaches 21 wins), registered
through the `boardstate.games` entry point, with its tests (the conformance suite in one line,
and a rule), which pass as written. The author replaces the rules and keeps the shape."""

from __future__ import annotations

from pathlib import Path
from string import Template

PYPROJECT = Template("""[build-system]
requires = ["setuptools>=69"]
build-backend = "setuptools.build_meta"

[project]
name = "$name"
version = "0.1.0"
requires-python = ">=3.11"
dependencies = ["boardstate"]

[project.optional-dependencies]
test = ["pytest>=8"]

[project.entry-points."boardstate.games"]
$name = "$package:RULES"

[tool.setuptools.packages.find]
where = ["src"]

[tool.pytest.ini_options]
testpaths = ["tests"]
""")

MODULE = Template('''"""$title for Boardstate: each player in turn adds 1, 2 or 3 to a running
total; whoever brings it to $goal wins. Replace these rules with your game's."""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from boardstate.engine.core.emitter import Emitter
from boardstate.engine.core.errors import IllegalMove
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameInfo, GameRules, Outcome
from boardstate.engine.core.wire import Bounds, WireCodec

GOAL = $goal


@dataclasses.dataclass(frozen=True, slots=True)
class Add:
    TYPE: ClassVar[str] = "add"
    amount: Annotated[int, Bounds(1, 3)]


@dataclasses.dataclass(frozen=True, slots=True)
class Added:
    TYPE: ClassVar[str] = "Added"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class State:
    players: int
    total: int = 0
    turn: int = 0
    winner: int | None = None


def new_state(players: int, options: object) -> State:
    return State(players=players)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.winner is not None else frozenset({state.turn})


def legal_moves(state: State, seat: int) -> tuple[Add, ...]:
    if seat not in to_act(state):
        return ()
    return tuple(Add(n) for n in (1, 2, 3) if state.total + n <= GOAL)


def play(out: Emitter, seat: int, move: Add, rng: Rng) -> None:
    if out.state.total + move.amount > GOAL:
        raise IllegalMove("goal", f"the total may not pass {GOAL}", {"total": out.state.total})
    out.emit(Added(seat, move.amount))


def evolve(state: State, event: Added) -> State:
    total = state.total + event.amount
    winner = event.seat if total == GOAL else None
    turn = (event.seat + 1) % state.players
    return dataclasses.replace(state, total=total, turn=turn, winner=winner)


def outcome(state: State) -> Outcome | None:
    if state.winner is None:
        return None
    scores = tuple(int(seat == state.winner) for seat in range(state.players))
    return Outcome(scores=scores, winners=(state.winner,))


RULES: GameRules[State, Add, Added] = GameRules(
    info=GameInfo(
        id="$name",
        name="$title",
        min_players=2,
        max_players=4,
        rules_version="0.1.0",
        max_game_length=GOAL,
    ),
    moves=WireCodec([Add]),
    events=WireCodec([Added]),
    new_state=new_state,
    to_act=to_act,
    legal_moves=legal_moves,
    play=play,
    evolve=evolve,
    outcome=outcome,
)
''')

TESTS = Template("""from $package import RULES, Add

from boardstate.engine.conformance import check_game
from boardstate.engine.core.replay import fold
from boardstate.engine.core.rng import Rng


def test_${package}_passes_the_conformance_suite() -> None:
    check_game(RULES)


def test_whoever_reaches_the_goal_wins() -> None:
    state = RULES.initial_state(2, RULES.parse_options({}))
    rng = Rng.for_decision("test", 0)
    while RULES.outcome(state) is None:
        (seat,) = RULES.to_act(state)
        move = RULES.legal_moves(state, seat)[-1]
        assert isinstance(move, Add)
        state = fold(RULES, state, RULES.decide(state, seat, move, rng))
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert state.total == 21
""")


def write_skeleton(name: str, where: Path) -> Path:
    """Writes the package of game `name` into `where/name`; returns that folder."""
    package = name.replace("-", "_")
    values = {"name": name, "package": package, "title": name.replace("-", " ").title()}
    values["goal"] = "21"
    root = where / name
    if root.exists():
        raise FileExistsError(f"{root} exists already")
    (root / "src" / package).mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "pyproject.toml").write_text(PYPROJECT.substitute(values), encoding="utf-8")
    (root / "src" / package / "__init__.py").write_text(MODULE.substitute(values), "utf-8")
    (root / "tests" / f"test_{package}.py").write_text(TESTS.substitute(values), "utf-8")
    return root
