"""`CountedOperations`: the graphql-transport-ws handler of `/graphql`, where a client may follow
games and submit its moves on one socket.

The protocol runs any operation sent in a `subscribe` message: a subscription streams its
events, and a query or a mutation (`submitMove`, `joinGame`, ...) answers with one `next` and
a `complete`, with exactly the result an HTTP request gets (the same resolvers, the same game
service, the same checks in the same order). The operation acts with the token of the socket:
`connection_init`'s payload `{"authorization": "Bearer <token>"}` (or `{"token": ...}`), else
the handshake's `Authorization` header.

What HTTP requests are held to, operations on a socket are held to as well:
* each `subscribe` counts one hit against the rate limits of the socket's address and token, as
  a request does (`service.http.edge.rate_limits.OPERATION_HIT_KEY`), and is charged its points
  against their points budgets, as over HTTP (`service.http.edge.charges`: a subscription its open,
  its events are bounded by the stream caps); over a limit the operation gets an `error`
  message with `extensions: {code: "RATE_LIMITED", retryAfter}` (for points also `scope:
  "points"`, `cost`, `remaining`), and the socket stays open;
* at most `MAX_OPERATIONS` operations run at once on a socket (strawberry's
  `max_subscriptions_per_connection`: "Subscription limit reached" for more);
* each message's size is capped by `service.http.edge.limits` (`BOARDSTATE_MAX_WS_MESSAGE_BYTES`)
  and documents by the same guard as over HTTP (`schema.guard`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, cast

from graphql import GraphQLFormattedError
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import (
    BaseGraphQLTransportWSHandler,
)
from strawberry.subscriptions.protocols.graphql_transport_ws.types import (
    ErrorMessage,
    SubscribeMessage,
)

from boardstate.engine.core.errors import MoveError
from boardstate.schema.context import Context
from boardstate.schema.root import BoardstateSchema
from boardstate.service.contract.codes import RATE_LIMITED, as_api_error
from boardstate.service.contract.points import CHARGED, Budget
from boardstate.service.http.edge.charges import POINTS_KEY, Charge
from boardstate.service.http.edge.charges import message as refusal_message
from boardstate.service.http.edge.rate_limits import OPERATION_HIT_KEY
from boardstate.service.runtime.player_tokens import is_player_token

MAX_OPERATIONS = 32
"""Operations (subscriptions, queries, mutations) in flight at once on one socket."""

Hit = Callable[[str | None], Awaitable[int | None]]


class CountedOperations(BaseGraphQLTransportWSHandler[Context, None]):
    """Counts each operation against the rate limits before strawberry runs it."""

    async def handle_subscribe(self, message: SubscribeMessage) -> None:
        hit = self._hit()
        new = self.connection_acknowledged and message["id"] not in self.operations
        token = self.context.token
        if new and is_player_token(token):  # refused as over HTTP (architecture §5e)
            try:
                await self.context.backend.players.me(token)
            except MoveError as exc:
                refused = as_api_error(exc)
                formatted: GraphQLFormattedError = {
                    "message": refused.message,
                    "extensions": refused.extensions,
                }
                await self._refuse(message, formatted)
                return
        if hit is not None and new:
            wait = await hit(self.context.token)
            if wait is not None:
                error: GraphQLFormattedError = {
                    "message": f"rate limit exceeded; retry in {wait} s",
                    "extensions": {"code": RATE_LIMITED, "retryAfter": wait},
                }
                await self._refuse(message, error)
                return
        charge = cast("Charge | None", self._scope().get(POINTS_KEY))
        if charge is not None and new:
            payload: Any = message["payload"]
            if not isinstance(payload, dict):
                payload = {}
            schema = self.schema
            assert isinstance(schema, BoardstateSchema)
            cost = schema.points_of(payload.get("query"), payload.get("operationName"))
            budget = await charge(cost, self.context.token)
            if budget is not None and budget.retry_after is not None:
                await self._refuse(message, graphql_refusal(budget))
                return
            charged = CHARGED.set(budget)  # the operation's task starts with it
            try:
                await super().handle_subscribe(message)
            finally:
                CHARGED.reset(charged)
            return
        await super().handle_subscribe(message)

    async def _refuse(self, message: SubscribeMessage, error: GraphQLFormattedError) -> None:
        await self.send_message(ErrorMessage(id=message["id"], type="error", payload=[error]))

    def _scope(self) -> dict[str, Any]:
        socket = getattr(self.websocket, "ws", None)  # strawberry's ASGI adapter: Starlette's
        return cast("dict[str, Any]", getattr(socket, "scope", {}))

    def _hit(self) -> Hit | None:
        return cast("Hit | None", self._scope().get(OPERATION_HIT_KEY))


def graphql_refusal(budget: Budget) -> GraphQLFormattedError:
    """The GraphQL error of a refused operation (`service.http.edge.charges`)."""
    extensions = {"code": RATE_LIMITED, **budget.extensions()}
    return {"message": refusal_message(budget), "extensions": extensions}
