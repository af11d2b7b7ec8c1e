"""Ratings on two real replicas sharing one Redis (issue 30, item 4; issue 37): rated games
rated once (a resignation, a timeout forfeit, a three-player game played to its end with a
resignation, a bot seat beside a human: each once every human seat has moved), abandoned and
unrated games not at all, nor games ended before a seat moved (a resignation at once, a timeout,
a seat whose only moves were the stand-in's after its timeouts; the three-player game's seat
that resigned at once is left out); both doors read the same values, provisional ratings marked
and left off the leaderboard; one pair's sixth rated game in a day is held, the next day's
counts; `boardstate ratings rebuild` equals the live values with these rules, also from nothing.

Time moves by writing the replicas' shared time file (`tests.api.table_clock`), never by
sleeping for the clock."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import redis.asyncio as aioredis

from boardstate.service.features.ratings.pairs import pair_field
from boardstate.service.store.keys import RatingKeys
from tests.api.client import Api, GraphQLErrors
from tests.api.ratings_feed import until_handled
from tests.api.rest_client import Rest
from tests.api.server import REPO, ServiceProcess, unique_prefix
from tests.api.table_clock import ADMIN, Clock, table_env
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

CREATE = """
mutation($t: ID!, $p: Int!, $s: [String!], $ids: [String], $o: JSON, $seed: String) {
  createGame(gameType: $t, players: $p, seats: $s, playerIds: $ids, options: $o, seed: $seed,
             rated: true) {
    __typename
    ... on GameCreated { game { id rated } tokens { seat token } }
    ... on Rejected { code message }
  }
}"""
BOARD = """query($t: ID!, $n: Int, $a: String) {
  leaderboard(gameType: $t, first: $n, after: $a) {
    gameType totalCount nextCursor
    entries { gameType playerId rating mu sigma games rank provisional }
  }
}"""
RATINGS = """query($p: String!) {
  playerRatings(playerId: $p) {
    gameType playerId rating mu sigma games rank provisional displayName
  }
}"""
HISTORY = """query($p: String!, $t: ID!) {
  ratingHistory(playerId: $p, gameType: $t) {
    totalCount
    entries { gameId endedAt seat place players rating change mu sigma games provisional }
  }
}"""


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def replicas(redis_server: RedisServer, clock: Clock) -> Iterator[list[ServiceProcess]]:
    prefix = unique_prefix()
    env = table_env(clock) | {"BOARDSTATE_WEBHOOK_POLL_MS": "50"}
    a, b = ServiceProcess.start_together(
        ServiceProcess(redis_server.url, prefix, env), ServiceProcess(redis_server.url, prefix, env)
    )
    yield [a, b]
    a.stop()
    b.stop()


@pytest.fixture
async def rest(replicas: list[ServiceProcess]) -> AsyncIterator[list[Rest]]:
    clients = [Rest(r.url) for r in replicas]
    yield clients
    for c in clients:
        await c.close()


async def create(rest: Rest, game_type: str, seats: list[str], ids: list[Any], **more: Any) -> Any:
    body = {"gameType": game_type, "players": len(ids), "seats": seats, "playerIds": ids}
    created = await rest.ok("POST", "/games", ADMIN, json=body | {"rated": True} | more)
    return created["game"]["id"], {t["seat"]: t["token"] for t in created["tokens"]}


async def wait_status(rest: Rest, game_id: str, status: str) -> Any:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        game = await rest.ok("GET", f"/games/{game_id}")
        if game["status"] == status:
            return game
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game_id} is not {status}")


async def each_moves(rest: list[Rest], game_id: str, tokens: dict[int, str]) -> Any:
    """Plays (the first legal move of the human seat to act; bots move by themselves) until
    every seat in `tokens` has made a move of its own; returns the game."""
    moved: set[int] = set()
    for n in range(400):
        game = await rest[n % 2].ok("GET", f"/games/{game_id}")
        assert game["status"] == "ACTIVE", game
        if moved >= set(tokens):
            return game
        humans = [s for s in game["toAct"] if s in tokens and not game["seats"][s]["standIn"]]
        if not humans:
            await asyncio.sleep(0.02)
            continue
        seat = humans[0]
        path = f"/games/{game_id}/legal-moves?seat={seat}"
        moves = (await rest[n % 2].ok("GET", path, tokens[seat]))["moves"]
        body = {"seat": seat, "move": moves[0], "expectedVersion": game["version"]}
        await rest[n % 2].ok("POST", f"/games/{game_id}/moves", tokens[seat], json=body)
        moved.add(seat)
    raise AssertionError(f"game {game_id}: not every seat moved")


async def moves_while_to_act(rest: Rest, game_id: str, seat: int, token: str) -> Any:
    """The seat plays while it is to act; returns the game then."""
    for _ in range(100):
        game = await rest.ok("GET", f"/games/{game_id}")
        if game["status"] != "ACTIVE" or seat not in game["toAct"]:
            return game
        moves = (await rest.ok("GET", f"/games/{game_id}/legal-moves?seat={seat}", token))["moves"]
        body = {"seat": seat, "move": moves[0], "expectedVersion": game["version"]}
        await rest.ok("POST", f"/games/{game_id}/moves", token, json=body)
    raise AssertionError(f"seat {seat} of game {game_id} never stopped acting")


async def play_to_end(rest: list[Rest], game_id: str, tokens: dict[int, str]) -> Any:
    for n in range(3000):
        game = await rest[n % 2].ok("GET", f"/games/{game_id}")
        if game["status"] != "ACTIVE":
            return game
        humans = [s for s in game["toAct"] if not game["seats"][s]["standIn"]]
        if not humans:
            await asyncio.sleep(0.02)
            continue
        seat = humans[0]
        path = f"/games/{game_id}/legal-moves?seat={seat}"
        moves = (await rest[n % 2].ok("GET", path, tokens[seat]))["moves"]
        body = {"seat": seat, "move": moves[len(moves) // 2], "expectedVersion": game["version"]}
        await rest[n % 2].request("POST", f"/games/{game_id}/moves", tokens[seat], json=body)
    raise AssertionError("the game did not end")


async def games_of(rest: Rest, player: str) -> dict[str, int]:
    found = await rest.ok("GET", f"/players/{player}/ratings")
    return {r["gameType"]: r["games"] for r in found["ratings"]}


async def until_rated(rest: Rest, expected: dict[str, dict[str, int]]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if all([await games_of(rest, p) == want for p, want in expected.items()]):
            return
        await asyncio.sleep(0.1)
    raise AssertionError({p: await games_of(rest, p) for p in expected})


def rebuild(server: ServiceProcess, *flags: str) -> tuple[int, list[dict[str, Any]]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env |= {"REDIS_URL": server.redis_url, "BOARDSTATE_KEY_PREFIX": server.prefix}
    env |= {"PYTHONPATH": str(REPO), "BOARDSTATE_LOG_LEVEL": "WARNING"}
    command = [sys.executable, "-m", "boardstate.service.cli.main", "ratings", "rebuild", *flags]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return done.returncode, lines


async def stored(server: ServiceProcess) -> dict[str, Any]:
    """Every rating key of the two game types played, read raw."""
    client = aioredis.from_url(server.redis_url)
    try:
        found: dict[str, Any] = {}
        for game_type in ("trambahn", "trekking"):
            keys = RatingKeys.of(game_type, server.prefix)
            players = await client.hgetall(keys.players)
            found[f"{game_type}:players"] = players
            found[f"{game_type}:board"] = await client.zrange(keys.board, 0, -1, withscores=True)
            for player in players:
                history = keys.history(player.decode() if isinstance(player, bytes) else player)
                found[f"{game_type}:{player!r}"] = await client.lrange(history, 0, -1)
            found[f"{game_type}:applied"] = await client.hgetall(keys.applied)
            found[f"{game_type}:pairs"] = await client.hgetall(keys.pairs)
        return found
    finally:
        await client.aclose()


async def test_rated_games_are_rated_once_and_the_rebuild_equals_the_live_ratings(
    rest: list[Rest], replicas: list[ServiceProcess], clock: Clock
) -> None:
    api = Api(replicas[1].url)
    forfeit = {"clock": {"perMoveSeconds": 5, "onTimeout": "forfeit"}}
    # a timeout forfeit (GraphQL door) once both moved, whose clock runs out at the end
    clocked = await api.gql(
        CREATE, ADMIN, t="trambahn", p=2, s=["bob", "cy"], ids=["p-bob", "p-cy"], o=forfeit
    )
    timed_out = clocked["createGame"]["game"]["id"]
    assert clocked["createGame"]["game"]["rated"] is True
    clocked_tokens = {t["seat"]: t["token"] for t in clocked["createGame"]["tokens"]}
    await each_moves(rest, timed_out, clocked_tokens)
    # a resignation once both moved: the other seat wins
    resigned, tokens = await create(rest[0], "trambahn", ["ann", "bob"], ["p-ann", "p-bob"])
    await each_moves(rest, resigned, tokens)
    await rest[1].ok("POST", f"/games/{resigned}/seats/0/resign", tokens[0])
    # three players; one resigns before it moved (left out), the others play to the end
    trek, trek_tokens = await create(
        rest[1], "trekking", ["ann", "bob", "cy"], ["p-ann", "p-bob", "p-cy"]
    )
    await rest[0].ok("POST", f"/games/{trek}/seats/2/resign", trek_tokens[2])
    assert (await play_to_end(rest, trek, trek_tokens))["status"] == "FINISHED"
    # a human and a bot: the bot is rated as its policy
    bots = [{"seat": 1, "policy": "random", "budgetMs": 50}]
    botted, bot_tokens = await create(rest[0], "trambahn", ["dee"], ["p-dee", None], bots=bots)
    await each_moves(rest, botted, bot_tokens)
    await rest[0].ok("POST", f"/games/{botted}/seats/0/resign", bot_tokens[0])
    # before both moved: a resignation at once, a timeout, the stand-in's moves only
    at_once, at_once_tokens = await create(rest[1], "trambahn", ["ann", "cy"], ["p-ann", "p-cy"])
    await rest[0].ok("POST", f"/games/{at_once}/seats/1/resign", at_once_tokens[1])
    idle, _ = await create(rest[0], "trambahn", ["cy", "dee"], ["p-cy", "p-dee"], options=forfeit)
    stood = {"clock": {"perMoveSeconds": 5, "onTimeout": "stand-in"}}
    stand_in, stand_in_tokens = await create(
        rest[1], "trambahn", ["ann", "dee"], ["p-ann", "p-dee"], options=stood
    )
    await moves_while_to_act(rest[1], stand_in, 0, stand_in_tokens[0])  # dee is to act now
    # abandoned (an admin's abort) and unrated: neither counts
    aborted, _ = await create(rest[1], "trambahn", ["ann", "cy"], ["p-ann", "p-cy"])
    await rest[1].ok("POST", f"/games/{aborted}/abort", ADMIN)
    unrated = await rest[0].ok(
        "POST",
        "/games",
        json={
            "gameType": "trambahn",
            "players": 2,
            "seats": ["a", "b"],
            "playerIds": ["p-ann", "p-bob"],
        },
    )
    unrated_id, unrated_token = unrated["game"]["id"], unrated["tokens"][0]["token"]
    assert unrated["game"]["rated"] is False
    assert (await rest[1].ok("GET", f"/games/{resigned}"))["rated"] is True
    await rest[0].ok("POST", f"/games/{unrated_id}/seats/0/resign", unrated_token)
    clock.advance(30)
    ended = await wait_status(rest[0], timed_out, "FINISHED")
    assert ended["result"]["details"]["endedBy"] == "timeout"
    assert (await wait_status(rest[1], idle, "FINISHED"))["result"]["details"]["endedBy"] == (
        "timeout"
    )
    for _ in range(600):  # the stand-in played dee's timed-out move; then dee resigns
        game = await rest[1].ok("GET", f"/games/{stand_in}")
        if game["seats"][1]["timeouts"]:
            break
        await asyncio.sleep(0.05)
    assert game["seats"][1]["timeouts"] == 1
    await rest[1].ok("POST", f"/games/{stand_in}/seats/1/resign", stand_in_tokens[1])

    await until_rated(
        rest[1],
        {
            "p-ann": {"trambahn": 1, "trekking": 1},
            "p-bob": {"trambahn": 2, "trekking": 1},
            "p-cy": {"trambahn": 1},
            "p-dee": {"trambahn": 1},
            "bot:random": {"trambahn": 1},
        },
    )
    unrated_ends = [at_once, idle, stand_in, aborted, unrated_id]
    await until_handled(replicas[0].redis_url, replicas[0].prefix, unrated_ends)
    raw = await stored(replicas[0])
    assert set(raw["trambahn:applied"]) == {g.encode() for g in (timed_out, resigned, botted)}
    assert set(raw["trekking:applied"]) == {trek.encode()}
    assert len(raw["trambahn:pairs"]) == 3  # bob-cy, ann-bob, dee-bot:random
    bob = await rest[0].ok("GET", "/players/p-bob/ratings/trambahn/history")
    assert bob["total"] == 2
    assert {e["gameId"] for e in bob["entries"]} == {resigned, timed_out}
    first = next(e for e in bob["entries"] if e["gameId"] == resigned)
    assert (first["place"], first["players"], first["provisional"]) == (1, 2, True)
    assert first["change"] > 0
    ann = await rest[1].ok("GET", "/players/p-ann/ratings/trekking/history")
    assert ann["entries"][0]["place"] in (1, 2)
    assert ann["entries"][0]["players"] == 2  # cy never moved: rated among the two others
    assert (await games_of(rest[1], "p-cy")) == {"trambahn": 1}
    dee = await rest[0].ok("GET", "/players/p-dee/ratings/trambahn/history")
    assert dee["entries"][0]["place"] == 2
    assert dee["entries"][0]["change"] < 0

    # both doors read the same values; every rating is provisional: nobody on the leaderboards
    for game_type in ("trambahn", "trekking"):
        board = await rest[0].ok("GET", f"/ratings/{game_type}/leaderboard")
        assert (board["entries"], board["total"], board["nextCursor"]) == ([], 0, None)
        graph = (await api.gql(BOARD, t=game_type, n=10))["leaderboard"]
        assert (graph["entries"], graph["totalCount"]) == ([], 0)
    mine = (await api.gql(RATINGS, p="p-bob"))["playerRatings"]
    assert mine == (await rest[0].ok("GET", "/players/p-bob/ratings"))["ratings"]
    assert [(r["provisional"], r["rank"]) for r in mine] == [(True, None), (True, None)]
    history = (await api.gql(HISTORY, p="p-bob", t="trambahn"))["ratingHistory"]
    assert history["entries"] == bob["entries"]
    await api.close()

    # the rebuild equals the live ratings, writes them unchanged, and rebuilds them from nothing
    status, report = rebuild(replicas[0], "--check")
    assert status == 0, report
    assert all(r["equal"] for r in report)
    assert rebuild(replicas[1])[0] == 0
    assert await stored(replicas[0]) == raw
    client = aioredis.from_url(replicas[0].redis_url)
    for game_type in ("trambahn", "trekking"):
        keys = RatingKeys.of(game_type, replicas[0].prefix)
        await client.delete(keys.players, keys.board, keys.applied, keys.pairs)
    await client.aclose()
    assert rebuild(replicas[0], "--check")[0] == 1
    assert rebuild(replicas[0])[0] == 0
    again = await stored(replicas[0])
    for key, value in raw.items():
        if not key.endswith(":applied"):  # games of no common player may change places
            assert again[key] == value, key


async def test_one_pair_counts_five_rated_games_a_day_on_two_replicas(
    rest: list[Rest], replicas: list[ServiceProcess], clock: Clock
) -> None:
    games = []
    for n in range(7):
        if n == 6:
            clock.advance(25 * 3600)  # the next day (of the games' end times)
        game_id, tokens = await create(rest[n % 2], "trambahn", ["eve", "fay"], ["p-eve", "p-fay"])
        await each_moves(rest, game_id, tokens)
        await rest[(n + 1) % 2].ok("POST", f"/games/{game_id}/seats/1/resign", tokens[1])
        games.append(game_id)
    await until_rated(rest[0], {"p-eve": {"trambahn": 6}, "p-fay": {"trambahn": 6}})
    await until_handled(replicas[0].redis_url, replicas[0].prefix, games)
    eve = await rest[1].ok("GET", "/players/p-eve/ratings/trambahn/history")
    assert [e["gameId"] for e in eve["entries"]] == [games[6], *games[4::-1]]  # the 6th: held
    keys = RatingKeys.of("trambahn", replicas[0].prefix)
    client = aioredis.from_url(replicas[0].redis_url)
    try:
        assert await client.hexists(keys.applied, games[5])  # applied once, moving nothing
        record: Any = await client.hget(keys.pairs, pair_field("p-eve", "p-fay"))
        assert len(json.loads(record)) == 6  # the counted games' end times of the last 48 h
    finally:
        await client.aclose()
    status, report = rebuild(replicas[1], "--check", "--game-type", "trambahn")
    assert status == 0, report


async def test_a_rated_game_needs_player_ids_and_the_servers_seed(rest: list[Rest]) -> None:
    api = Api(rest[0].http.base_url.__str__().rstrip("/"))
    try:
        seeded = await api.gql(
            CREATE, ADMIN, t="trambahn", p=2, s=["a", "b"], ids=["x", "y"], seed="s"
        )
        assert seeded["createGame"]["code"] == "BAD_SEED"
        anonymous = await api.gql(CREATE, ADMIN, t="trambahn", p=2, s=["a", "b"], ids=["x", None])
        assert anonymous["createGame"]["code"] == "BAD_NAME"
        twice = await api.gql(CREATE, ADMIN, t="trambahn", p=2, s=["a", "b"], ids=["x", "x"])
        assert twice["createGame"]["code"] == "BAD_NAME"
        with pytest.raises(GraphQLErrors) as unknown:
            await api.gql(BOARD, t="chess")
        assert unknown.value.errors[0]["extensions"]["code"] == "UNKNOWN_GAME_TYPE"
    finally:
        await api.close()
    body = {"gameType": "trambahn", "players": 2, "rated": True, "playerIds": ["x", None]}
    created = await rest[0].ok("POST", "/games", ADMIN, json=body)
    game_id = created["game"]["id"]
    refused = await rest[1].request(
        "POST", f"/games/{game_id}/seats", ADMIN, json={"name": "cy", "seat": 1}
    )
    assert refused.status_code == 422
    assert refused.json()["code"] == "BAD_NAME"
    taken = await rest[1].request(
        "POST", f"/games/{game_id}/seats", ADMIN, json={"name": "cy", "seat": 1, "playerId": "x"}
    )
    assert taken.json()["code"] == "BAD_NAME"
    joined = await rest[1].ok(
        "POST", f"/games/{game_id}/seats", ADMIN, json={"name": "cy", "seat": 1, "playerId": "z"}
    )
    assert joined["seat"] == 1
    unknown_type = await rest[0].request("GET", "/ratings/chess/leaderboard")
    assert unknown_type.status_code == 404
    bad_cursor = await rest[0].request("GET", "/ratings/trambahn/leaderboard?cursor=zz")
    assert bad_cursor.json()["code"] == "BAD_CURSOR"


async def test_only_a_player_or_the_integrator_puts_a_player_id_in_a_rated_seat(
    rest: list[Rest],
) -> None:
    ann = await rest[0].ok("POST", "/players")
    bob = await rest[1].ok("POST", "/players")
    body = {"gameType": "trambahn", "players": 2, "rated": True}
    # anonymous: nobody's word for these ids (a creator holds every seat token it fills)
    strangers = await rest[0].request(
        "POST", "/games", json=body | {"seats": ["a", "b"], "playerIds": ["x", "y"]}
    )
    assert strangers.status_code == 401
    assert strangers.json()["code"] == "UNAUTHORIZED"
    # a player seats itself with its own token; another seat waits for its player
    mine = {"playerIds": [ann["playerId"], None]}
    created = await rest[0].ok("POST", "/games", ann["token"], json=body | mine)
    game_id = created["game"]["id"]
    seated = await rest[0].ok("POST", f"/games/{game_id}/seats", ann["token"], json={"name": "a"})
    assert seated["seat"] == 0
    anonymous = await rest[1].request(
        "POST", f"/games/{game_id}/seats", json={"name": "x", "playerId": bob["playerId"]}
    )
    assert anonymous.json()["code"] == "UNAUTHORIZED"
    joined = await rest[1].ok("POST", f"/games/{game_id}/seats", bob["token"], json={"name": "bob"})
    assert joined["seat"] == 1
    # a seat kept for one player is not another's
    kept = await rest[0].ok("POST", "/games", ADMIN, json=body | {"playerIds": ["p-1", "p-2"]})
    other = await rest[1].request(
        "POST", f"/games/{kept['game']['id']}/seats", bob["token"], json={"name": "b", "seat": 0}
    )
    assert other.json()["code"] == "BAD_NAME"


async def test_seeks_compare_the_players_ratings(rest: list[Rest]) -> None:
    ann, bob, cy = [await rest[0].ok("POST", "/players") for _ in range(3)]
    ids = [ann["playerId"], bob["playerId"]]
    game_id, tokens = await create(rest[0], "trambahn", ["ann", "bob"], ids)
    await each_moves(rest, game_id, tokens)
    await rest[1].ok("POST", f"/games/{game_id}/seats/0/resign", tokens[0])
    await until_rated(rest[0], {ann["playerId"]: {"trambahn": 1}, bob["playerId"]: {"trambahn": 1}})
    rated = {
        p["playerId"]: (await rest[1].ok("GET", f"/players/{p['playerId']}/ratings"))["ratings"]
        for p in (ann, bob)
    }
    assert rated[ann["playerId"]][0]["rating"] < 1500 < rated[bob["playerId"]][0]["rating"]
    body = {"gameType": "trambahn", "players": 2, "options": {"clock": {"perMoveSeconds": 77}}}
    # bob takes only players rated below 1500: the newcomer cy (1500) is not one, ann is
    low = await rest[0].ok("POST", "/seeks", bob["token"], json=body | {"ratingMax": 1499})
    assert low["status"] == "open"
    assert (await rest[1].ok("POST", "/seeks", cy["token"], json=body))["status"] == "open"
    matched = await rest[1].ok("POST", "/seeks", ann["token"], json=body)
    assert matched["status"] == "matched"
    assert (await rest[0].ok("GET", f"/seeks/{low['seekId']}", bob["token"]))["status"] == "matched"
