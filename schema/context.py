"""The per-request GraphQL context: the backend, the request id and the caller's token."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from strawberry.types import Info as StrawberryInfo

from boardstate.service.contract.backend import GameBackend
from boardstate.service.contract.tokens import bearer_token


@dataclasses.dataclass
class Context:
    """What resolvers see as `info.context`.

    `connection_params` is set by strawberry from the websocket `connection_init` payload:
    `{"Authorization": "Bearer <token>"}` or `{"token": "<token>"}`. `address` is the
    client's address (caps on spectator streams).
    """

    backend: GameBackend
    request_id: str
    header_token: str | None = None
    connection_params: dict[str, Any] | None = None
    address: str | None = None
    reads: asyncio.Semaphore = dataclasses.field(default_factory=lambda: asyncio.Semaphore(8))
    """Bounds the store reads one request runs at once (the fields of a `games` page resolve
    concurrently): `BOARDSTATE_REQUEST_CONCURRENCY`."""

    @property
    def token(self) -> str | None:
        """The seat token presented by the caller, if any."""
        params = self.connection_params or {}
        for key in ("Authorization", "authorization"):
            if (token := bearer_token(params.get(key))) is not None:
                return token
        raw = params.get("token")
        if isinstance(raw, str) and raw:
            return raw
        return self.header_token


Info = StrawberryInfo[Context, None]
