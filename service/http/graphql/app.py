"""`GraphQLApp`: strawberry's ASGI app as the service runs it on `/graphql`.

It builds a `Context` per request or websocket connection, parses bodies strictly, charges
each operation its points before it runs (`service.http.edge.charges`; refused: a 429 with the
GraphQL error `RATE_LIMITED`), answers what GraphQL cannot run with a GraphQL-shaped 4xx, ends
graphql-sse streams with where to resume on shutdown, and serves GraphiQL from the vendored
copies.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Mapping
from typing import Any

import msgspec
from cross_web import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL

from boardstate.schema.context import Context
from boardstate.schema.root import BoardstateSchema
from boardstate.service.contract.codes import BAD_JSON, BAD_REQUEST
from boardstate.service.contract.points import CHARGED, Budget
from boardstate.service.contract.tokens import bearer_token
from boardstate.service.http.edge.charges import POINTS_KEY, Charge
from boardstate.service.http.edge.rate_limits import refusal_response
from boardstate.service.http.graphql.sse import SubscriptionResponse, TextStream
from boardstate.service.http.graphql.ws import CountedOperations
from boardstate.service.http.pages.graphiql import page_response
from boardstate.service.inputs import BadJson, loads
from boardstate.service.logging import REQUEST_ID_KEY
from boardstate.service.runtime.callers import caller_address

_ENCODER = msgspec.json.Encoder()


class RequestError(HTTPException):
    """A request GraphQL cannot run, answered with an HTTP 4xx and a GraphQL-shaped body."""

    def __init__(self, status_code: int, code: str, reason: str) -> None:
        super().__init__(status_code, reason)
        self.code = code


class PointsRefused(HTTPException):
    """The operation does not fit the caller's points budget: a 429."""

    def __init__(self, budget: Budget) -> None:
        super().__init__(429, "points budget exhausted")
        self.budget = budget


class GraphQLApp(GraphQL[Context, None]):
    """The strawberry ASGI app; builds a `Context` per request or websocket connection.

    Bodies, `variables`/`extensions` parameters and websocket messages are parsed strictly
    (`service.inputs.loads`): whatever is wrong with them is a 400 with a GraphQL-shaped JSON
    body (`BAD_JSON`, `BAD_REQUEST`), never a 500, and a deep body never recurses far.
    """

    graphql_transport_ws_handler_class = CountedOperations

    def encode_json(self, data: object) -> str:
        """Responses and websocket messages, encoded by msgspec (compact, UTF-8; text, since a
        graphql-transport-ws message must be a text frame); json.dumps for anything msgspec
        does not take (never expected: results are plain JSON values)."""
        try:
            return _ENCODER.encode(data).decode("utf-8")
        except TypeError:
            return json.dumps(data, separators=(",", ":"))

    def decode_json(self, data: str | bytes) -> object:
        """Websocket messages (a `BadJson` is a `JSONDecodeError`: strawberry closes 4400)."""
        return loads(data)

    def parse_json(self, data: str | bytes) -> object:
        """A request body or a `variables`/`extensions` parameter: a JSON object."""
        try:
            value = loads(data)
        except BadJson as exc:
            raise RequestError(
                400, BAD_JSON, f"the request is not acceptable JSON: {exc}"
            ) from None
        if not isinstance(value, dict | list):
            kind = "null" if value is None else type(value).__name__
            raise RequestError(400, BAD_JSON, f"expected a JSON object, got {kind}")
        return value

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        request = Request(scope=scope, receive=receive)
        try:
            response = await self.run(request)
        except PointsRefused as exc:
            response = refusal_response(scope, exc.budget.retry_after or 1, exc.budget)
        except HTTPException as exc:
            code = exc.code if isinstance(exc, RequestError) else BAD_REQUEST
            error = {"message": exc.reason, "extensions": {"code": code}}
            response = JSONResponse({"errors": [error]}, status_code=exc.status_code)
        await response(scope, receive, send)

    request_concurrency = 8

    async def execute_operation(self, *args: Any, **kwargs: Any) -> Any:
        """Charges the operation its points (a batch: the sum) before it runs; `CHARGED`
        holds the budget it leaves while it runs (`Query.rateLimit`)."""
        request: Request = kwargs["request"]
        charge: Charge | None = request.scope.get(POINTS_KEY)
        if charge is not None:
            data = kwargs["request_data"]
            schema = self.schema
            assert isinstance(schema, BoardstateSchema)
            cost = sum(
                schema.points_of(d.query, d.operation_name)
                for d in (data if isinstance(data, list) else [data])
            )
            budget = await charge(cost, None)
            if budget is not None and budget.retry_after is not None:
                raise PointsRefused(budget)
            CHARGED.set(budget)
        return await super().execute_operation(*args, **kwargs)

    async def get_context(
        self, request: Request | WebSocket, response: Response | WebSocket
    ) -> Context:
        scope = request.scope
        request_id = scope.get(REQUEST_ID_KEY) or uuid.uuid4().hex
        return Context(
            backend=scope["state"]["service"],
            request_id=str(request_id),
            header_token=bearer_token(request.headers.get("authorization")),
            address=caller_address(request.client.host if request.client else None),
            reads=asyncio.Semaphore(self.request_concurrency),
        )

    async def create_streaming_response(
        self,
        request: Request | WebSocket,
        stream: TextStream,
        sub_response: Response,
        headers: Mapping[str, str],
    ) -> Response:
        """A graphql-sse stream that frees its slot however it ends and says where to resume
        on shutdown (`service.http.graphql.sse`)."""
        status = sub_response.status_code or 200
        return SubscriptionResponse(stream, status, {**sub_response.headers, **headers})

    async def render_graphql_ide(self, request: Request) -> Response:
        """GraphiQL from the vendored copies, not a CDN (`service.http.pages.graphiql`)."""
        return page_response()
