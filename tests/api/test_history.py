"""History over the API: any version of every game type, events paged both ways, redacted for
each viewer while a game runs and revealed after it, and games found by player name."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest

from boardstate.engine.registry import GAMES
from boardstate.service.history.log_format import read_log
from boardstate.service.history.verify import verify_log
from boardstate.service.store import connect
from tests.api.client import Api, GraphQLErrors
from tests.api.history import (
    SNAPSHOT_EVERY,
    event_page,
    expected_views,
    export,
    imported,
    states,
)
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.golden.logs import LOG_CASES, LogCase
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

GAMES_QUERY = """
query($p: String, $t: ID, $s: GameStatus, $after: String, $first: Int) {
  games(player: $p, gameType: $t, status: $s, after: $after, first: $first) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id status seats { name } } }
  }
}"""


@pytest.mark.parametrize("case", LOG_CASES, ids=lambda c: c.game)
async def test_any_version_of_a_game_of_every_type_is_its_replay_for_every_viewer(
    history: ServiceProcess, hapi: Api, case: LogCase
) -> None:
    payload = case.path.read_bytes()
    events = read_log(payload)
    game_id = await imported(history.url, payload)
    game = await hapi.game(game_id, "status version imported seed seedCommitment rulesVersion")
    assert game["status"] == "FINISHED"
    assert game["imported"] is True
    assert game["version"] == len(events)
    assert game["seed"] == events[-1].data["seed"]
    assert game["seedCommitment"] == events[0].data["seedCommitment"]
    n = len(events)
    versions = [1, 2, 4, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, n // 3, n // 2, n - 1, n]
    for seat in (None, 0, 1):  # after the end every seat's view is open to everyone
        assert await states(hapi, game_id, versions, seat) == expected_views(events, versions, seat)
    assert await export(history.url, game_id) == payload


async def test_events_page_forward_and_backward_by_cursor_and_by_version(
    history: ServiceProcess, hapi: Api
) -> None:
    payload = next(c for c in LOG_CASES if c.game == "trambahn").path.read_bytes()
    events = read_log(payload)
    game_id = await imported(history.url, payload)
    forward: list[Any] = []
    after, pages = None, 0
    while True:
        args = "first: 40" + (f', after: "{after}"' if after else "")
        page = await event_page(hapi, game_id, args)
        assert page["pageInfo"]["hasPreviousPage"] is (pages > 0)
        forward += page["edges"]
        after, pages = page["pageInfo"]["endCursor"], pages + 1
        if not page["pageInfo"]["hasNextPage"]:
            break
    backward: list[Any] = []
    before = None
    while True:
        args = "last: 40" + (f', before: "{before}"' if before else "")
        page = await event_page(hapi, game_id, args)
        backward = page["edges"] + backward
        before = page["pageInfo"]["startCursor"]
        if not page["pageInfo"]["hasPreviousPage"]:
            break
    assert [e["node"]["version"] for e in forward] == list(range(1, len(events) + 1))
    assert backward == forward
    assert [e["node"]["data"] for e in forward] == [dict(e.data) for e in events]
    assert [e["node"]["move"] for e in forward] == [e.move for e in events]
    around = await event_page(hapi, game_id, "afterVersion: 100, first: 3")
    assert [e["node"]["version"] for e in around["edges"]] == [101, 102, 103]
    before_10 = await event_page(hapi, game_id, "beforeVersion: 10, last: 3")
    assert [e["node"]["version"] for e in before_10["edges"]] == [7, 8, 9]
    window = await event_page(hapi, game_id, "afterVersion: 5, beforeVersion: 9")
    assert [e["node"]["version"] for e in window["edges"]] == [6, 7, 8]
    assert window["pageInfo"]["hasNextPage"]
    assert window["pageInfo"]["hasPreviousPage"]


async def test_each_viewer_sees_what_the_rules_allow_and_everything_after_the_end(
    history: ServiceProcess, hapi: Api
) -> None:
    game_id, tokens = await hapi.new_game(seed="history-redaction")
    await play([hapi], game_id, tokens, random.Random(3), max_moves=12)
    spectator = (await event_page(hapi, game_id, "first: 100"))["edges"]
    mine = (await event_page(hapi, game_id, "first: 100, seat: 0", tokens[0]))["edges"]
    assert all(e["node"]["move"] is None for e in spectator)
    assert any(e["node"]["move"] for e in mine if e["node"]["seat"] == 0)
    assert not any(e["node"]["move"] for e in mine if e["node"]["seat"] != 0)
    drawn = [e["node"] for e in spectator if e["node"]["type"] == "CardsDrawn"]
    assert drawn
    assert all(card is None for e in drawn for card in e["data"]["cards"])
    own = [e["node"] for e in mine if e["node"]["type"] == "CardsDrawn"]
    assert any(e["data"]["seat"] == 0 and None not in e["data"]["cards"] for e in own)
    with pytest.raises(GraphQLErrors) as refused:
        await hapi.game(game_id, "state(seat: 1, version: 12)")
    assert refused.value.codes == ["UNAUTHORIZED"]
    during = await states(hapi, game_id, [12, 20], 1, tokens[1])
    assert (await hapi.game(game_id, "seed"))["seed"] is None
    await play([hapi], game_id, tokens, random.Random(4))
    assert await states(hapi, game_id, [12, 20], 1) == during
    revealed = (await event_page(hapi, game_id, "first: 100"))["edges"]
    assert [e["node"]["move"] for e in revealed if e["node"]["move"]]
    assert all(
        None not in e["node"]["data"]["cards"] for e in revealed if "cards" in e["node"]["data"]
    )
    assert (await hapi.game(game_id, "seed"))["seed"] == "history-redaction"
    report = verify_log(read_log(await export(history.url, game_id)))
    assert report.complete, report.to_json()
    assert report.moves > 12


async def test_games_are_found_by_player_name_type_and_status(hapi: Api) -> None:
    tag = uuid.uuid4().hex[:8]
    zoe, bob = f"Zoë {tag}", f"Bob {tag}"
    active, _ = await hapi.new_game()
    created = await hapi.create([zoe, bob], seed=None)
    assert created["__typename"] == "GameCreated"
    open_game = (await hapi.create(None, t="trekking", p=3))["game"]["id"]
    joined = await hapi.join(open_game, zoe)
    assert joined["__typename"] == "SeatJoined"
    found = (await hapi.gql(GAMES_QUERY, p=f"zoË {tag}".upper()))["games"]
    assert found["totalCount"] == 2
    assert {e["node"]["id"] for e in found["edges"]} == {created["game"]["id"], open_game}
    assert active not in {e["node"]["id"] for e in found["edges"]}
    only_open = (await hapi.gql(GAMES_QUERY, p=zoe, s="OPEN"))["games"]
    assert [e["node"]["id"] for e in only_open["edges"]] == [open_game]
    typed = (await hapi.gql(GAMES_QUERY, p=zoe, t="trambahn", s="ACTIVE"))["games"]
    assert [e["node"]["id"] for e in typed["edges"]] == [created["game"]["id"]]
    first = (await hapi.gql(GAMES_QUERY, p=zoe, first=1))["games"]
    assert first["pageInfo"]["hasNextPage"] is True
    rest = (await hapi.gql(GAMES_QUERY, p=zoe, after=first["pageInfo"]["endCursor"]))["games"]
    assert len(first["edges"]) + len(rest["edges"]) == 2
    assert (await hapi.gql(GAMES_QUERY, p=f"nobody {tag}"))["games"]["totalCount"] == 0


@pytest.mark.parametrize("game_type", sorted(GAMES))
async def test_a_running_game_of_every_type_stores_moves_its_seed_re_derives(
    redis_server: RedisServer, history: ServiceProcess, hapi: Api, game_type: str
) -> None:
    players = GAMES[game_type].info.min_players
    seed = f"live-{game_type}"
    created = await hapi.create(
        [f"p{i}" for i in range(players)], t=game_type, p=players, seed=seed
    )
    game_id, tokens = created["game"]["id"], [t["token"] for t in created["tokens"]]
    accepted = await play([hapi], game_id, tokens, random.Random(2), max_moves=20)
    store = connect(redis_server.url, cluster=False, prefix=history.prefix)
    try:
        events = await store.read(game_id)
    finally:
        await store.close()
    report = verify_log(events, seed=seed)
    assert report.complete, report.to_json()
    assert report.moves == len(accepted)
    assert not verify_log(events, seed="another seed").ok
    spectator = verify_log(read_log(await export(history.url, game_id)))
    assert spectator.ok, spectator.to_json()
    assert not spectator.complete
    seat0 = read_log(await export(history.url, game_id, tokens[0]))
    assert {e.seat for e in seat0 if e.move is not None} <= {0}
    versions = [1, len(events) // 2, len(events) - 1, len(events)]
    views = await states(hapi, game_id, versions, 0, tokens[0])
    assert views == expected_views(events, versions, 0)
