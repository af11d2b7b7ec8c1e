"""A game deleted by retention is unknown on both doors (REST `GAME_NOT_FOUND`, GraphQL
`game: null`, as for any game id it never had) and gone from the games list, on each object store; its deletion is recorded."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from boardstate.service.features.archive.retention import Retention
from boardstate.service.store import RedisEventStore
from tests.api.client import Api
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.archive.archived_service import archive_now
from tests.archive.test_archived_api import (  # noqa: F401 (the module's fixtures)
    Place,
    finished_game,
    place,
    service,
    store,
)


async def test_a_pruned_game_is_not_found_on_both_doors(
    service: ServiceProcess,  # noqa: F811
    store: RedisEventStore,  # noqa: F811
    place: Place,  # noqa: F811
) -> None:
    game_id, player, _ = await finished_game(service.url)
    await archive_now(store, place.objects, game_id)
    retention = Retention(store, place.objects, 1)
    assert await retention.prune(datetime.now(UTC) + timedelta(days=2)) == [game_id]
    assert [r["gameId"] for r in await retention.deletions()] == [game_id]
    rest, api = Rest(service.url), Api(service.url)
    try:
        answer = await rest.request("GET", f"/games/{game_id}")
        assert (answer.status_code, answer.json()["code"]) == (404, "GAME_NOT_FOUND")
        body = await api.raw("query($g: ID!) { game(id: $g) { id } }", g=game_id)
        assert body == {"data": {"game": None}}  # GraphQL's answer for a game it does not know
        listed = await rest.request("GET", f"/games?player={player}")
        assert listed.status_code == 200
        assert game_id not in listed.text
    finally:
        await rest.close()
        await api.close()
