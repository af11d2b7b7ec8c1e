"""Variants and unbounded games on both doors (issue 20, items 2 and 3): `gameTypes` and
`/v1/game-types` say per player count whether it is printed or a variant (with the rule text),
list every variant, publish `x-variant` in the options schema and report `maxGameLength: null`
for a game type some of whose games may never end; a game reports its own bound (null for a Mine
game with `max_rounds: 0`) and a finished game's result details list the variants it was
played with."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.api.client import Api
from tests.api.history import imported
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.golden.logs import LOG_CASES

pytestmark = pytest.mark.redis

TYPES = """{ gameTypes { id maxGameLength playerCounts { players printed rule source }
                         variants optionsSchema } }"""
TINNERS = next(c for c in LOG_CASES if c.game == "tinners-trail")


@pytest.fixture
async def rest(history: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(history.url)
    yield client
    await client.close()


async def test_game_types_say_which_player_counts_and_options_are_variants(
    hapi: Api, rest: Rest
) -> None:
    graphql = {t["id"]: t for t in (await hapi.gql(TYPES))["gameTypes"]}
    over_rest = {t["id"]: t for t in await rest.ok("GET", "/game-types")}
    assert set(graphql) == set(over_rest)
    for type_id, game_type in graphql.items():
        for field in ("maxGameLength", "playerCounts", "variants", "optionsSchema"):
            assert game_type[field] == over_rest[type_id][field], (type_id, field)
    tinners = graphql["tinners-trail"]
    printed = {c["players"]: c["printed"] for c in tinners["playerCounts"]}
    assert printed == {2: False, 3: True, 4: True, 5: False}
    two = tinners["playerCounts"][0]
    assert two["source"] == "Part A A.1"
    assert "3–4" in two["rule"]
    assert tinners["variants"][0]["id"] == "players-2-5"
    assert isinstance(tinners["maxGameLength"], int)
    mine = graphql["tf22-mine"]
    assert mine["maxGameLength"] is None
    rounds = mine["optionsSchema"]["properties"]["max_rounds"]["x-variant"]
    assert (rounds["printed"], rounds["unbounded"], rounds["kind"]) == ([0], [0], "house rule")
    assert all(c["printed"] for c in mine["playerCounts"])


async def test_a_game_reports_its_own_bound_and_null_when_it_may_never_end(
    hapi: Api, rest: Rest
) -> None:
    for options, bounded in (({"max_rounds": 0}, False), ({}, True)):
        created = await hapi.create(["ann", "bob"], t="tf22-mine", p=2, o=options)
        game_id = created["game"]["id"]
        graphql = (await hapi.game(game_id, "maxGameLength"))["maxGameLength"]
        over_rest = (await rest.game(game_id))["maxGameLength"]
        assert graphql == over_rest
        assert (graphql is not None) == bounded


async def test_a_finished_game_lists_its_variants_in_the_result_details(
    history: ServiceProcess, hapi: Api, rest: Rest
) -> None:
    game_id = await imported(history.url, TINNERS.path.read_bytes())
    result = (await hapi.game(game_id, "result { details }"))["result"]
    variants = result["details"]["variants"]
    assert [(v["id"], v["players"]) for v in variants] == [("players-2-5", 2)]
    assert (await rest.game(game_id))["result"]["details"] == result["details"]
