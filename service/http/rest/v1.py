"""The route table of `/v1` (architecture §5b), generated from the route declarations
(`service.http.rest.declared.DECLARED`), with the OpenAPI document and its page, which the
document does not describe, and the command socket (`service.http.socket.endpoint`)."""

from __future__ import annotations

from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute

from boardstate.service.http.openapi import document as openapi_doc
from boardstate.service.http.pages import api_docs
from boardstate.service.http.rest.declared import DECLARED
from boardstate.service.http.rest.route import routes_of
from boardstate.service.http.socket.endpoint import SOCKET_PATH, command_socket

V1_ROUTES: list[BaseRoute] = [
    *routes_of(DECLARED),
    Route("/v1/openapi.json", openapi_doc.serve, methods=["GET"]),
    Route("/v1/docs", api_docs.page, methods=["GET"]),
    Mount("/v1/docs-static", app=api_docs.ApiDocsStatic(), name="apidocs-static"),
    WebSocketRoute(SOCKET_PATH, command_socket),
]
"""In the app's route table, so metrics label each route by its full path."""
