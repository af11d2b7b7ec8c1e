"""The routes of a move and its push are tried first, and reordering them changes no answer."""

from __future__ import annotations

from starlette.routing import BaseRoute, Match

from boardstate.service.http.app import create_app
from boardstate.service.http.edge.hot_routes import HOT, hot_first
from boardstate.service.settings import Settings


def _first_full(routes: list[BaseRoute], path: str, method: str) -> BaseRoute | None:
    scope = {"type": "http", "path": path, "method": method, "root_path": ""}
    return next((r for r in routes if r.matches(scope)[0] == Match.FULL), None)


def test_the_hot_routes_come_first_and_answer_what_they_answered() -> None:
    routes = create_app(Settings()).router.routes
    assert [getattr(r, "path", None) for r in routes[: len(HOT)]] == [p for p, _, _ in HOT]
    last = [*routes[len(HOT) :], *routes[: len(HOT)]]  # the hot ones at the very end
    for index, (_, sample, method) in enumerate(HOT):
        assert _first_full(list(routes), sample, method) is routes[index]
        assert _first_full(last, sample, method) is routes[index]  # no other route takes it


def test_a_shadowed_route_keeps_its_place() -> None:
    from starlette.responses import Response
    from starlette.routing import Route

    async def nothing(request: object) -> Response:
        return Response()

    catch_all = Route("/v1/games/{game_id}/{what}", nothing, methods=["POST"])
    moves = Route("/v1/games/{game_id}/moves", nothing, methods=["POST"])
    assert hot_first([catch_all, moves]) == [catch_all, moves]
