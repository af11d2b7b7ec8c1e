"""Connect Four for Boardstate: the rules of boardgame.io's FourInARow example.

Two players take turns dropping a disc into one of the 7 columns of an upright 6-row grid; the
disc falls to the lowest empty cell. The first to line up four of their discs in a row,
a column or a diagonal wins; a full board with no line is a draw. Seat 0 plays first.

Nothing is hidden and nothing is random, so this declares only what the game is: its info,
moves, events, state and the functions over them. Boardstate's defaults give it the rest
(no options, no data set, the whole state as every seat's view, nothing redacted, words
derived from the move and event types).
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from boardstate.engine.core.emitter import Emitter
from boardstate.engine.core.errors import IllegalMove
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameInfo, GameRules, Outcome
from boardstate.engine.core.wire import Bounds, WireCodec

COLUMNS, ROWS, LINE = 7, 6, 4
Cell = int | None
Board = tuple[tuple[Cell, ...], ...]
"""`ROWS` rows of `COLUMNS` cells, the top row first; a cell holds the seat of its disc."""


@dataclasses.dataclass(frozen=True, slots=True)
class Drop:
    """Drop a disc into a column (0 is the leftmost)."""

    TYPE: ClassVar[str] = "drop"
    column: Annotated[int, Bounds(0, COLUMNS - 1)]


@dataclasses.dataclass(frozen=True, slots=True)
class DiscDropped:
    TYPE: ClassVar[str] = "DiscDropped"
    seat: int
    column: int
    row: int


@dataclasses.dataclass(frozen=True, slots=True)
class FourInARow:
    TYPE: ClassVar[str] = "FourInARow"
    seat: int
    cells: tuple[tuple[int, int], ...]


@dataclasses.dataclass(frozen=True, slots=True)
class BoardFilled:
    TYPE: ClassVar[str] = "BoardFilled"


Event = DiscDropped | FourInARow | BoardFilled


@dataclasses.dataclass(frozen=True, slots=True)
class State:
    board: Board
    turn: int = 0
    """The seat to play."""
    winner: int | None = None
    line: tuple[tuple[int, int], ...] = ()
    """The winning cells, `[row, column]`."""
    full: bool = False


def new_state(players: int, options: object) -> State:
    return State(board=((None,) * COLUMNS,) * ROWS)


def finished(state: State) -> bool:
    return state.winner is not None or state.full


def to_act(state: State) -> frozenset[int]:
    return frozenset() if finished(state) else frozenset({state.turn})


def legal_moves(state: State, seat: int) -> tuple[Drop, ...]:
    if seat not in to_act(state):
        return ()
    return tuple(Drop(c) for c in range(COLUMNS) if state.board[0][c] is None)


def _line(board: Board, row: int, column: int) -> tuple[tuple[int, int], ...]:
    """The first line of at least four through (`row`, `column`) of its disc's seat."""
    seat = board[row][column]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        cells = [(row, column)]
        for sign in (1, -1):
            r, c = row + sign * dr, column + sign * dc
            while 0 <= r < ROWS and 0 <= c < COLUMNS and board[r][c] == seat:
                cells.append((r, c))
                r, c = r + sign * dr, c + sign * dc
        if len(cells) >= LINE:
            return tuple(sorted(cells))
    return ()


def play(out: Emitter, seat: int, move: Drop, rng: Rng) -> None:
    state: State = out.state
    free = [r for r in range(ROWS) if state.board[r][move.column] is None]
    if not free:
        raise IllegalMove("column-full", f"column {move.column} is full", {"column": move.column})
    out.emit(DiscDropped(seat, move.column, free[-1]))
    cells = _line(out.state.board, free[-1], move.column)
    if cells:
        out.emit(FourInARow(seat, cells))
    elif all(cell is not None for cell in out.state.board[0]):
        out.emit(BoardFilled())


def evolve(state: State, event: Event) -> State:
    if isinstance(event, DiscDropped):
        row = state.board[event.row]
        placed = (*row[: event.column], event.seat, *row[event.column + 1 :])
        board = (*state.board[: event.row], placed, *state.board[event.row + 1 :])
        return dataclasses.replace(state, board=board, turn=1 - event.seat)
    if isinstance(event, FourInARow):
        return dataclasses.replace(state, winner=event.seat, line=event.cells)
    return dataclasses.replace(state, full=True)


def outcome(state: State) -> Outcome | None:
    if state.winner is not None:
        scores = tuple(int(seat == state.winner) for seat in range(2))
        return Outcome(scores=scores, winners=(state.winner,))
    if state.full:
        return Outcome(scores=(0, 0), winners=(0, 1))
    return None


RULES: GameRules[State, Drop, Event] = GameRules(
    info=GameInfo(
        id="connect-four",
        name="Connect Four",
        min_players=2,
        max_players=2,
        rules_version="1.0.0",
        max_game_length=COLUMNS * ROWS,
    ),
    moves=WireCodec([Drop]),
    events=WireCodec([DiscDropped, FourInARow, BoardFilled]),
    new_state=new_state,
    to_act=to_act,
    legal_moves=legal_moves,
    play=play,
    evolve=evolve,
    outcome=outcome,
)
