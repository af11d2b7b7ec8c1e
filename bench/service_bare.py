"""The bare servers the service is measured against (run by `service_bench.py --serve KIND
PORT`): the baseline, a Starlette `POST /xadd` endpoint doing one `XADD`; the reference, a bare
strawberry mutation doing one `XADD`, with the parser and validation caches."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import partial
from typing import Any

import strawberry
from strawberry.extensions import ParserCache, SchemaExtension, ValidationCache
from strawberry.scalars import JSON

_BARE: dict[str, Any] = {}
"""The Redis client of the bare server running in this process."""


async def _xadd(variables: dict[str, Any]) -> str:
    stream = f"bench:{{bare}}:{variables.get('g', 'none')}"
    entry = await _BARE["redis"].xadd(stream, {"e": json.dumps(variables)})
    return entry.decode() if isinstance(entry, bytes) else str(entry)


@strawberry.type
class ReferenceQuery:
    @strawberry.field
    def ok(self) -> bool:
        return True


@strawberry.type
class ReferenceMutation:
    @strawberry.mutation
    async def submit_move(
        self, game_id: strawberry.ID, seat: int, move: JSON, expected_version: int | None = None
    ) -> str:
        variables = {"g": str(game_id), "s": seat, "m": move, "v": expected_version}
        return await _xadd(variables)


def bare_app(kind: str, redis_url: str) -> Any:
    """Returns the baseline (Starlette + XADD) or the reference (strawberry + XADD) app."""
    import redis.asyncio
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route
    from strawberry.asgi import GraphQL

    _BARE["redis"] = redis.asyncio.Redis.from_url(redis_url, decode_responses=False)

    async def xadd(request: Request) -> Response:
        body = await request.json()
        entry_id = await _xadd(body.get("variables") or {})
        return JSONResponse({"data": {"xadd": {"id": entry_id}}})

    async def readyz(request: Request) -> Response:
        await _BARE["redis"].ping()
        return JSONResponse({"status": "ready"})

    routes = [Route("/readyz", readyz)]
    if kind == "baseline":
        routes.append(Route("/xadd", xadd, methods=["POST"]))
    else:
        extensions: list[Callable[[], SchemaExtension]] = [
            partial(ParserCache, maxsize=256),
            partial(ValidationCache, maxsize=256),
        ]
        schema = strawberry.Schema(
            query=ReferenceQuery, mutation=ReferenceMutation, extensions=extensions
        )
        routes.append(Route("/graphql", GraphQL[None, None](schema), methods=["GET", "POST"]))
    return Starlette(routes=routes)


def serve_bare(kind: str, port: int) -> None:
    """Serves a bare app on 127.0.0.1:`port` the way `boardstate serve` serves the service."""
    import uvicorn

    app = bare_app(kind, os.environ["REDIS_URL"])
    uvicorn.run(app, host="127.0.0.1", port=port, log_config=None, access_log=False)
