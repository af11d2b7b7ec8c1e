"""Following a game's events or the cross-game feed over SSE, resumed after any disconnect.

`game_events` reads `GET /v1/games/{id}/events/stream` and `feed` reads `GET /v1/feed/stream`
(architecture §5b, §5d). Each message's `id` is remembered; when the connection drops, or a replica
says `event: shutdown` on its way down, the stream is opened again with `Last-Event-ID`, so no
message is lost or repeated (after capped exponential waits; `reconnects` in a row at most). A
feed stream far behind ends with `event: resume` once it has read its catch-up limit; it is
opened again at once from that message's `id` (neither message is yielded). A game's stream
ends after `GameEnded` (or with `204` when nothing is left); the feed never ends.
Refusals before a stream starts are raised as `ProblemError`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any
from urllib.parse import quote

import httpx
from boardstate_api import AuthenticatedClient, Client
from boardstate_api.models.problem_out import ProblemOut

from boardstate_client.errors import ProblemError, UnexpectedAnswer

RECONNECTS = 8
"""Failed connections in a row before the stream gives up (the last error is raised)."""
MAX_WAIT = 5.0
SHUTDOWN = "shutdown"
ENDED = "the stream ended before its end"
RESUME = "resume"
REOPEN = (SHUTDOWN, RESUME)
"""Messages that end a stream to be opened again from their `id` (or the last one)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Message:
    """One SSE message: `id` (a game event's version, or the feed position), `event` (the event
    or announcement type) and `data` (its JSON, decoded)."""

    id: str | None
    event: str
    data: Any


class _Parser:
    """Turns `text/event-stream` lines into messages (comments and `retry:` are skipped)."""

    def __init__(self) -> None:
        self.fields: dict[str, str] = {}
        self.data: list[str] = []

    def line(self, line: str) -> Message | None:
        if line == "":
            if not self.data and not self.fields:
                return None
            message = Message(
                self.fields.get("id"),
                self.fields.get("event", "message"),
                json.loads("\n".join(self.data)) if self.data else None,
            )
            self.fields, self.data = {}, []
            return message
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            self.data.append(value)
        elif name in ("id", "event"):
            self.fields[name] = value
        return None


@dataclasses.dataclass(slots=True)
class _Resume:
    """Where a stream goes on from, and how many connections failed in a row."""

    last_id: str | None
    failures: int = 0
    parser: _Parser = dataclasses.field(default_factory=_Parser)

    def headers(self) -> dict[str, str]:
        """The headers of the next connection (a fresh parser for it)."""
        self.parser = _Parser()
        headers = {"accept": "text/event-stream"}
        if self.last_id is not None:
            headers["last-event-id"] = self.last_id
        return headers

    def take(self, line: str) -> Message | None:
        """Parses one line; a complete message is remembered as the place to resume after."""
        message = self.parser.line(line)
        if message is not None:
            self.failures = 0
            if message.id is not None:
                self.last_id = message.id
        return message

    def failed(self, error: BaseException, reconnects: int) -> float:
        """Counts a failure; returns the wait before the next try, or raises `error`."""
        self.failures += 1
        if self.failures > reconnects:
            raise error
        return float(min(MAX_WAIT, 0.2 * 2 ** (self.failures - 1)))


def refusal(status: int, body: bytes) -> Exception:
    try:
        return ProblemError(ProblemOut.from_dict(json.loads(body)))
    except (ValueError, KeyError, TypeError):
        return UnexpectedAnswer(f"HTTP {status}: {body[:200]!r}")


TIMEOUT = httpx.Timeout(10.0, read=None)


def _follow_sync(
    client: Client | AuthenticatedClient,
    path: str,
    params: Mapping[str, str],
    resume: _Resume,
    reconnects: int,
    endless: bool = False,
) -> Iterator[Message]:
    http = client.get_httpx_client()
    while True:
        shutdown = False
        try:
            with http.stream(
                "GET", path, params=params, headers=resume.headers(), timeout=TIMEOUT
            ) as answer:
                if answer.status_code == 204:
                    return
                if answer.status_code >= 400:
                    raise refusal(answer.status_code, answer.read())
                for line in answer.iter_lines():
                    message = resume.take(line)
                    if message is not None and message.event in REOPEN:
                        shutdown = True
                        break
                    if message is not None:
                        yield message
        except httpx.TransportError as exc:
            time.sleep(resume.failed(exc, reconnects))
            continue
        if endless and not shutdown:  # a stream that never ends of itself was cut: reopen it
            time.sleep(resume.failed(UnexpectedAnswer(ENDED), reconnects))
            continue
        if not shutdown:
            return


async def _follow_async(
    client: Client | AuthenticatedClient,
    path: str,
    params: Mapping[str, str],
    resume: _Resume,
    reconnects: int,
    endless: bool = False,
) -> AsyncIterator[Message]:
    http = client.get_async_httpx_client()
    while True:
        shutdown = False
        try:
            async with http.stream(
                "GET", path, params=params, headers=resume.headers(), timeout=TIMEOUT
            ) as answer:
                if answer.status_code == 204:
                    return
                if answer.status_code >= 400:
                    raise refusal(answer.status_code, await answer.aread())
                async for line in answer.aiter_lines():
                    message = resume.take(line)
                    if message is not None and message.event in REOPEN:
                        shutdown = True
                        break
                    if message is not None:
                        yield message
        except httpx.TransportError as exc:
            await asyncio.sleep(resume.failed(exc, reconnects))
            continue
        if endless and not shutdown:  # a stream that never ends of itself was cut: reopen it
            await asyncio.sleep(resume.failed(UnexpectedAnswer(ENDED), reconnects))
            continue
        if not shutdown:
            return


def _game_request(game_id: str, after_version: int) -> tuple[str, dict[str, str]]:
    return f"/v1/games/{quote(game_id, safe='')}/events/stream", {
        "afterVersion": str(after_version)
    }


def _feed_params(
    game_type: str | None, player_id: str | None, game_id: str | None, after: str | None
) -> dict[str, str]:
    given = {"gameType": game_type, "playerId": player_id, "gameId": game_id, "after": after}
    return {name: value for name, value in given.items() if value is not None}


def game_events(
    client: Client | AuthenticatedClient,
    game_id: str,
    after_version: int = 0,
    *,
    reconnects: int = RECONNECTS,
) -> Iterator[Message]:
    """A game's events after `after_version`, as the caller's token may see them, to its end."""
    path, params = _game_request(game_id, after_version)
    return _follow_sync(client, path, params, _Resume(None), reconnects)


def game_events_async(
    client: Client | AuthenticatedClient,
    game_id: str,
    after_version: int = 0,
    *,
    reconnects: int = RECONNECTS,
) -> AsyncIterator[Message]:
    """`game_events` for asyncio."""
    path, params = _game_request(game_id, after_version)
    return _follow_async(client, path, params, _Resume(None), reconnects)


def feed(
    client: AuthenticatedClient,
    *,
    game_type: str | None = None,
    player_id: str | None = None,
    game_id: str | None = None,
    after: str | None = None,
    reconnects: int = RECONNECTS,
) -> Iterator[Message]:
    """The feed's announcements (admin token, or a seat token with `game_id`), from `after`
    (a position, "0" for the start) or from now."""
    params = _feed_params(game_type, player_id, game_id, after)
    return _follow_sync(client, "/v1/feed/stream", params, _Resume(None), reconnects)


def feed_async(
    client: AuthenticatedClient,
    *,
    game_type: str | None = None,
    player_id: str | None = None,
    game_id: str | None = None,
    after: str | None = None,
    reconnects: int = RECONNECTS,
) -> AsyncIterator[Message]:
    """`feed` for asyncio."""
    params = _feed_params(game_type, player_id, game_id, after)
    return _follow_async(client, "/v1/feed/stream", params, _Resume(None), reconnects)


PLAYER_STREAM = "/v1/players/me/stream"


def player_events(
    client: AuthenticatedClient, *, after: str | None = None, reconnects: int = RECONNECTS
) -> Iterator[Message]:
    """The events of the player the client's player token names, from every game it plays
    (`turn`, `game.started`, `game.ended`, `takeback.requested`, `challenge`, `seek.matched`,
    `rating.changed`), from `after` (an event id, "0" for the oldest kept) or from now; resumed
    with `Last-Event-ID` after any disconnect. It never ends of itself: `break` out of it. Once
    the token is no longer valid (revoked, retired by a refresh, expired) the server closes the
    stream and the reconnection raises its `ProblemError` (`PLAYER_TOKEN_INVALID`)."""
    params = {} if after is None else {"after": after}
    return _follow_sync(client, PLAYER_STREAM, params, _Resume(None), reconnects, endless=True)


def player_events_async(
    client: AuthenticatedClient, *, after: str | None = None, reconnects: int = RECONNECTS
) -> AsyncIterator[Message]:
    """`player_events` for asyncio."""
    params = {} if after is None else {"after": after}
    return _follow_async(client, PLAYER_STREAM, params, _Resume(None), reconnects, endless=True)
