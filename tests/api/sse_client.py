"""A small Server-Sent Events reader for the tests: httpx streams the body, lines are parsed
as the HTML standard's event-stream format says (comments kept, so keep-alives can be seen)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx


@dataclasses.dataclass
class Message:
    """One dispatched message, or one comment line (`comment` set, nothing else)."""

    event: str = "message"
    data: str = ""
    id: str | None = None
    retry: int | None = None
    comment: str | None = None

    def json(self) -> Any:
        """The data as JSON."""
        return json.loads(self.data)


class Stream:
    """An open event stream: `response` (status, headers) and its messages in order."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self.queue: asyncio.Queue[Message | None] = asyncio.Queue()
        self.closed = False

    async def read(self) -> None:
        data: list[str] = []
        fields: dict[str, str] = {}
        async for line in self.response.aiter_lines():
            if line.startswith(":"):
                await self.queue.put(Message(comment=line[1:].strip()))
                continue
            if line == "":
                if data or fields:
                    retry = fields.get("retry")
                    await self.queue.put(
                        Message(
                            event=fields.get("event", "message"),
                            data="\n".join(data),
                            id=fields.get("id"),
                            retry=int(retry) if retry else None,
                        )
                    )
                data, fields = [], {}
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "data":
                data.append(value)
            else:
                fields[name] = value
        await self.queue.put(None)

    async def next(self, wait: float = 10.0, comments: bool = False) -> Message | None:
        """The next message (skipping comments unless `comments`); None when the stream ended."""
        while True:
            item = await asyncio.wait_for(self.queue.get(), wait)
            if item is None:
                self.closed = True
                return None
            if item.comment is None or comments:
                return item

    async def events(self, count: int, wait: float = 10.0) -> list[Message]:
        """The next `count` messages."""
        out: list[Message] = []
        for _ in range(count):
            message = await self.next(wait)
            assert message is not None, f"the stream ended after {len(out)} of {count}"
            out.append(message)
        return out

    async def rest(self, wait: float = 10.0) -> list[Message]:
        """Every message until the stream ends."""
        out: list[Message] = []
        while (message := await self.next(wait)) is not None:
            out.append(message)
        return out


@contextlib.asynccontextmanager
async def open_stream(
    base_url: str,
    path: str,
    headers: dict[str, str] | None = None,
    method: str = "GET",
    body: Any = None,
) -> AsyncIterator[Stream]:
    """Opens `path` and reads it incrementally; leaving the block drops the connection."""
    async with (
        httpx.AsyncClient(base_url=base_url, timeout=30.0, trust_env=False) as http,
        http.stream(method, path, headers=headers, json=body) as response,
    ):
        stream = Stream(response)
        reader = asyncio.create_task(stream.read()) if response.status_code == 200 else None
        try:
            yield stream
        finally:
            if reader is not None:
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await reader


def stream_path(game_id: str, after: int | None = None) -> str:
    """The REST event stream of a game."""
    query = "" if after is None else f"?afterVersion={after}"
    return f"/v1/games/{game_id}/events/stream{query}"
