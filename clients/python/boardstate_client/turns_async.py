"""`wait_for_turn` and `play` for asyncio (see `boardstate_client.turns`), with the typed reads
they use: the same following of the game's stream, no polling."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any, cast

from boardstate_api import AuthenticatedClient, Client

from boardstate_client.errors import ProblemError
from boardstate_client.moves import submit_move_async
from boardstate_client.streams import Message, game_events_async, refusal
from boardstate_client.turns import OVERTAKEN, Turn
from boardstate_client.typed import E, GameType, Header, Legal, M, S, Viewed, game_path, get_state


async def read_json_async(
    client: Client | AuthenticatedClient, path: str, params: Mapping[str, Any] | None = None
) -> Any:
    """`read_json` for asyncio."""
    answer = await client.get_async_httpx_client().get(path, params=params)
    if answer.status_code >= 400:
        raise refusal(answer.status_code, answer.content)
    return answer.json()


async def get_game_async(client: Client | AuthenticatedClient, game_id: str) -> dict[str, Any]:
    """`get_game` for asyncio."""
    return cast(dict[str, Any], await read_json_async(client, game_path(game_id)))


async def legal_moves_async(
    client: Client | AuthenticatedClient, game: GameType[M, S, E], game_id: str, seat: int
) -> Legal[M]:
    """`legal_moves` for asyncio."""
    body = await read_json_async(client, game_path(game_id, "/legal-moves"), {"seat": seat})
    return Legal(int(body["version"]), cast(list[M], body["moves"]))


async def get_state_async(
    client: Client | AuthenticatedClient,
    game: GameType[M, S, E],
    game_id: str,
    seat: int | None = None,
) -> Viewed[S]:
    """`get_state` for asyncio."""
    params = {} if seat is None else {"seat": seat}
    body = await read_json_async(client, game_path(game_id, "/state"), params)
    return Viewed(int(body["version"]), cast(S, body["state"]))


class _Watcher:
    """`turns._Watcher` for asyncio."""

    def __init__(self, client: Client | AuthenticatedClient, game_id: str, seat: int) -> None:
        self.client, self.game_id, self.seat = client, game_id, seat
        self.known: Header | None = None
        self.events: AsyncIterator[Message] | None = None

    async def read(self) -> Header:
        self.known = Header.of(await get_game_async(self.client, self.game_id))
        return self.known

    def know(self, header: Header) -> None:
        if self.known is None or header.version >= self.known.version:
            self.known = header

    async def next(self) -> Header:
        known = self.known or await self.read()
        while not known.over and not known.to_move(self.seat):
            if self.events is None:
                self.events = game_events_async(self.client, self.game_id, known.version)
            message = await anext(self.events, None)
            if message is None:
                known = await self.read()
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
                known = await self.read()
        return known

    async def close(self) -> None:
        closing = getattr(self.events, "aclose", None)
        if closing is not None:
            await closing()


async def wait_for_turn_async(
    client: Client | AuthenticatedClient, game_id: str, seat: int
) -> Header:
    """`wait_for_turn` for asyncio."""
    watcher = _Watcher(client, game_id, seat)
    try:
        return await watcher.next()
    finally:
        await watcher.close()


async def play_async(
    client: AuthenticatedClient,
    game: GameType[M, S, E],
    game_id: str,
    seat: int,
    strategy: Callable[[Turn[M, S]], Awaitable[M]],
) -> dict[str, Any]:
    """`play` for asyncio: the strategy is a coroutine function. `Turn.state()` reads the state
    view with a blocking call; in a coroutine, `await get_state_async(client, game, game_id,
    seat)` reads it without blocking the loop."""
    watcher = _Watcher(client, game_id, seat)
    try:
        header = await watcher.next()
        while not header.over:
            legal = await legal_moves_async(client, game, game_id, seat)
            if legal.version != header.version or not legal.moves:
                fresh = await watcher.read()
                if fresh.version == legal.version and fresh.to_move(seat) and not legal.moves:
                    raise RuntimeError(f"seat {seat} is to act in {game_id} without a legal move")
                header = await watcher.next()
                continue

            def state() -> Viewed[S]:
                return get_state(client, game, game_id, seat)

            turn = Turn(game_id, seat, header, legal.version, legal.moves, state)
            move = await strategy(turn)
            try:
                accepted = await submit_move_async(
                    client, game_id, seat, move, expected_version=legal.version
                )
            except ProblemError as refused:
                if refused.code.value not in OVERTAKEN:
                    raise
                await watcher.read()
            else:
                watcher.know(Header.of(accepted.to_dict()["game"]))
            header = await watcher.next()
        return await get_game_async(client, game_id)
    finally:
        await watcher.close()
