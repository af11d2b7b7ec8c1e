"""One declaration per REST route (issue 28): the route table, the prices and the OpenAPI paths
are all generated from `service.http.rest.declared.DECLARED`, so none can lack a route the others
have; a declaration whose path and parameters disagree is refused when it is made."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from boardstate.service.http.openapi.document import document
from boardstate.service.http.openapi.operations import operation
from boardstate.service.http.rest.declared import DECLARED, PRICES
from boardstate.service.http.rest.prices import Price
from boardstate.service.http.rest.route import ApiRoute, Param, json_answer, routes_of
from boardstate.service.http.rest.v1 import V1_ROUTES


def refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if isinstance(node.get("$ref"), str) else set()
        return found.union(*(refs(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(refs(v) for v in node))
    return set()


def test_every_declaration_is_routed_priced_and_documented() -> None:
    routed = {
        (method, r.path) for r in V1_ROUTES if isinstance(r, Route) for method in r.methods or ()
    }
    paths = document()["paths"]
    for route in DECLARED:
        assert (route.method, route.path) in routed
        assert PRICES.price_of(route.method, route.price_template) is route.price
        assert paths[route.openapi_path][route.method.lower()] == operation(route)
    assert len({r.operation_id for r in DECLARED}) == len(DECLARED)
    operations = sum(len(item) for item in paths.values())
    assert operations == len(DECLARED)


def test_every_reference_of_the_document_resolves() -> None:
    """A body or an answer model missing from `openapi_doc.MODELS` fails here."""
    doc = document()
    names = {f"#/components/schemas/{name}" for name in doc["components"]["schemas"]}
    assert refs(doc) - names == set()


async def _get(request: Request) -> Response:
    return PlainTextResponse("got")


async def _post(request: Request) -> Response:
    return PlainTextResponse("posted", status_code=201)


def _declared(method: str, handler: Any, path: str = "/v1/things/{thing_id}") -> ApiRoute:
    thing = Param("id", "path", "The thing.", {"type": "string"}, route_name="thing_id")
    return ApiRoute(
        method,
        path,
        handler,
        f"{method.lower()}Thing",
        "A thing",
        {"200": json_answer({"type": "string"}, "The thing")},
        Price(1),
        params=(thing,),
    )


async def test_one_path_with_two_methods_is_one_route_and_head_is_get() -> None:
    routes = routes_of([_declared("GET", _get), _declared("POST", _post)])
    assert len(routes) == 1
    assert routes[0].methods == {"GET", "HEAD", "POST"}
    transport = httpx.ASGITransport(app=Starlette(routes=routes))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        assert (await client.get("/v1/things/a")).text == "got"
        assert (await client.post("/v1/things/a")).text == "posted"
        assert (await client.head("/v1/things/a")).status_code == 200
        refused = await client.delete("/v1/things/a")
        assert refused.status_code == 405
        assert set(refused.headers["allow"].split(", ")) == {"GET", "HEAD", "POST"}
    assert _declared("GET", _get).openapi_path == "/v1/things/{id}"
    assert _declared("GET", _get).price_template == "/v1/things/{}"


def test_a_declaration_must_name_every_path_parameter_and_only_those() -> None:
    with pytest.raises(ValueError, match="path parameters"):
        _declared("GET", _get, "/v1/things/{thing_id}/parts/{part}")
    with pytest.raises(ValueError, match="path parameters"):
        _declared("GET", _get, "/v1/things")
    with pytest.raises(ValueError, match="not one of"):
        _declared("FETCH", _get)
    with pytest.raises(ValueError, match="declared twice"):
        routes_of([_declared("GET", _get), _declared("GET", _post)])
