"""Each game type says which installed package serves it (issue 40), through both doors and in
`/metrics`: the four games of this repository come from the `boardstate` distribution."""

from __future__ import annotations

from collections.abc import AsyncIterator
from importlib import metadata

import httpx
import pytest

from tests.api.client import Api
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis
VERSION = metadata.version("boardstate")


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.close()


async def test_rest_names_the_package_of_every_game_type(rest: Rest) -> None:
    types = await rest.ok("GET", "/game-types")
    assert {(t["id"], t["package"], t["packageVersion"]) for t in types} == {
        (game, "boardstate", VERSION)
        for game in ("trambahn", "tinners-trail", "trekking", "tf22-mine")
    }
    one = await rest.ok("GET", "/game-types/trekking")
    assert (one["package"], one["packageVersion"]) == ("boardstate", VERSION)


async def test_graphql_names_the_package_of_every_game_type(api: Api) -> None:
    data = await api.gql("{ gameTypes { id package packageVersion } }")
    assert {(t["id"], t["package"], t["packageVersion"]) for t in data["gameTypes"]} == {
        (game, "boardstate", VERSION)
        for game in ("trambahn", "tinners-trail", "trekking", "tf22-mine")
    }


async def test_metrics_list_each_game_type_with_its_package(service: ServiceProcess) -> None:
    async with httpx.AsyncClient() as http:
        text = (await http.get(f"{service.url}/metrics")).text
    line = (
        f'boardstate_game_type_info{{game_type="tinners-trail",package="boardstate",'
        f'rules_version="2.0.0",version="{VERSION}"}} 1.0'
    )
    served = [x for x in text.splitlines() if x.startswith("boardstate_game_type_info{")]
    assert len(served) == 4, served
    assert line in served, served
