"""`PlayerTokenGate`: a player token that does not verify is refused on every HTTP route before
anything runs (architecture §5e, `docs/players.md`).

A bearer value shaped like a JWT is verified once per request (`runtime.player_tokens`, which
remembers verified tokens for a minute); refused, the answer is 401 `PLAYER_TOKEN_INVALID` with
its `details.reason`: `application/problem+json` on REST and the plain routes, a GraphQL-shaped
`{"errors": [...]}` on `/graphql`. Websockets check it per operation (`service.http.graphql.ws`),
where an answer is a message, not a response.
"""

from __future__ import annotations

import msgspec
from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import as_api_error
from boardstate.service.contract.tokens import bearer_token
from boardstate.service.http.edge.problems import problem_of
from boardstate.service.runtime.player_tokens import is_player_token

GRAPHQL_PATH = "/graphql"


class PlayerTokenGate:
    """Verifies a player token before the request reaches any route."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = bearer_token(Headers(scope=scope).get("authorization"))
        service = scope.get("state", {}).get("service")
        if service is None or not is_player_token(token):
            await self.app(scope, receive, send)
            return
        assert token is not None
        try:
            await service.players.me(token)
        except MoveError as exc:
            await refused(scope, exc)(scope, receive, send)
            return
        await self.app(scope, receive, send)


def refused(scope: Scope, error: MoveError) -> Response:
    """The 401 of a refused player token, in the door's shape."""
    if scope["path"] != GRAPHQL_PATH:
        return problem_of(error, 401)
    api = as_api_error(error)
    body = {"errors": [{"message": api.message, "extensions": api.extensions}]}
    return Response(msgspec.json.encode(body), 401, media_type="application/json")
