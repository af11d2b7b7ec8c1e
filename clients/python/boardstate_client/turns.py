"""Waiting for a seat's turn without polling: `wait_for_turn` and `play` follow the game's event
stream (with the client's token, resumed after any disconnect) and, after each event newer than
what they know, take the game's header (`version`, `status`, `toAct`) from the message when it
carries one (`game`), else read the game once. A seat is to act when the game is `ACTIVE` and
`toAct` holds it; the game is over when it is `FINISHED` or `ABANDONED`.

`play` calls the seat's strategy each time the seat is to act, with the legal moves (typed for
the game type), and submits its move with `expected_version` and a `moveId`. A move the game has
overtaken (`VERSION_CONFLICT`, `NOT_YOUR_TURN`: a clock ran out, a stand-in moved) is not an
error: the game is read again and play goes on. It returns the game once it is over.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any, Generic

from boardstate_api import AuthenticatedClient, Client

from boardstate_client.errors import ProblemError
from boardstate_client.moves import submit_move
from boardstate_client.streams import Message, game_events
from boardstate_client.typed import E, GameType, Header, M, S, Viewed, get_game, get_state
from boardstate_client.typed import legal_moves as read_legal_moves

OVERTAKEN = frozenset({"VERSION_CONFLICT", "NOT_YOUR_TURN"})


@dataclasses.dataclass(frozen=True, slots=True)
class Turn(Generic[M, S]):
    """A seat to act: the game's header, the version its legal moves belong to, the moves."""

    game_id: str
    seat: int
    header: Header
    version: int
    legal_moves: list[M]
    _state: Callable[[], Viewed[S]]

    def state(self) -> S:
        """The state as the seat sees it (read when called)."""
        return self._state().state


class _Watcher:
    """What one seat knows of a game's header, kept current by the game's event stream."""

    def __init__(self, client: Client | AuthenticatedClient, game_id: str, seat: int) -> None:
        self.client, self.game_id, self.seat = client, game_id, seat
        self.known: Header | None = None
        self.events: Iterator[Message] | None = None

    def read(self) -> Header:
        self.known = Header.of(get_game(self.client, self.game_id))
        return self.known

    def know(self, header: Header) -> None:
        if self.known is None or header.version >= self.known.version:
            self.known = header

    def next(self) -> Header:
        """The header once the seat is to act or the game is over."""
        known = self.known or self.read()
        while not known.over and not known.to_move(self.seat):
            if self.events is None:
                self.events = game_events(self.client, self.game_id, known.version)
            message = next(self.events, None)
            if message is None:  # the stream ends with the game
                known = self.read()
                if not known.over:
                    raise RuntimeError(f"the events of {self.game_id} ended before the game")
                break
            version = int(message.data["version"])
            if version <= known.version:
                continue
            carried = message.data.get("header")
            if isinstance(carried, dict) and int(carried.get("version", -1)) >= version:
                self.know(Header.of(carried))
                known = self.known or known
            else:
                known = self.read()
        return known

    def close(self) -> None:
        closing = getattr(self.events, "close", None)
        if closing is not None:
            closing()


def wait_for_turn(client: Client | AuthenticatedClient, game_id: str, seat: int) -> Header:
    """The game's header as soon as `seat` is to act or the game is over (no polling)."""
    watcher = _Watcher(client, game_id, seat)
    try:
        return watcher.next()
    finally:
        watcher.close()


def play(
    client: AuthenticatedClient,
    game: GameType[M, S, E],
    game_id: str,
    seat: int,
    strategy: Callable[[Turn[M, S]], M],
    *,
    on_move: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Plays `seat` (the client holds its token) with `strategy` until the game is over;
    returns the game (`GameOut` as JSON) then. `on_move` is told of each accepted move."""
    watcher = _Watcher(client, game_id, seat)
    try:
        header = watcher.next()
        while not header.over:
            legal = read_legal_moves(client, game, game_id, seat)
            if legal.version != header.version or not legal.moves:
                fresh = watcher.read()
                if fresh.version == legal.version and fresh.to_move(seat) and not legal.moves:
                    raise RuntimeError(f"seat {seat} is to act in {game_id} without a legal move")
                header = watcher.next()
                continue

            def state() -> Viewed[S]:
                return get_state(client, game, game_id, seat)

            turn = Turn(game_id, seat, header, legal.version, legal.moves, state)
            move = strategy(turn)
            try:
                accepted = submit_move(client, game_id, seat, move, expected_version=legal.version)
            except ProblemError as refused:
                if refused.code.value not in OVERTAKEN:
                    raise
                watcher.read()
            else:
                answer = accepted.to_dict()
                watcher.know(Header.of(answer["game"]))
                if on_move is not None:
                    on_move(answer)
            header = watcher.next()
        return get_game(client, game_id)
    finally:
        watcher.close()
