"""Players' display names on both doors (issue 39, item 4; docs/players.md, "Display names").

A display name is chosen at creation and changed later (REST `POST /v1/players`, `PATCH
/v1/players/me`; GraphQL `createPlayer(displayName:)`, `updatePlayer`), read back by `me` on
either door, and names the player's seats in games matchmaking makes (a challenge names seats
by playerId only). Bad names (too long, control characters, bidi overrides, zero-width
characters, empty or blank, not a string) are refused with a typed `BAD_NAME` on both doors,
and a refused rename changes nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from tests.api.client import Api
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

CREATE = """mutation($n: String) { createPlayer(displayName: $n) { __typename
  ... on PlayerToken { playerId token displayName } ... on Rejected { code details } } }"""
UPDATE = """mutation($n: String!) { updatePlayer(displayName: $n) { __typename
  ... on Player { playerId displayName } ... on Rejected { code details } } }"""
ME = "query { me { playerId displayName } }"

BAD = {
    "too long": "x" * 33,
    "newline": "Ann\nBob",
    "escape": "Ann\x1b[31m",
    "nul": "Ann\x00",
    "tab": "\tAnn",
    "right-to-left override": "Ann\u202egnp.exe",
    "isolate": "\u2066Ann\u2069",
    "zero-width space": "An\u200bn",
    "empty": "",
    "blank": " \u3000 \u00a0 ",
    "line separator": "Ann\u2028",
}
REASONS = {"too long": "length", "empty": "empty", "blank": "empty"}


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, unique_prefix()) as process:
        yield process


@pytest.fixture
async def doors(server: ServiceProcess) -> AsyncIterator[tuple[Rest, Api]]:
    rest, api = Rest(server.url), Api(server.url)
    yield rest, api
    await rest.close()
    await api.close()


async def test_a_name_chosen_at_creation_is_normalised_and_changed_on_both_doors(
    doors: tuple[Rest, Api],
) -> None:
    rest, api = doors
    made = await rest.ok("POST", "/players", json={"displayName": "  Rene\u0301e   Dupont "})
    assert made["displayName"] == "Ren\u00e9e Dupont"  # NFC, trimmed, inner run one space
    token = made["token"]
    assert (await rest.ok("GET", "/players/me", token))["displayName"] == "Ren\u00e9e Dupont"
    renamed = await rest.ok("PATCH", "/players/me", token, json={"displayName": "🧑‍🚀 Ann"})
    assert renamed["displayName"] == "🧑‍🚀 Ann"  # the joiner of an emoji sequence stays
    assert (await api.gql(ME, token))["me"]["displayName"] == "🧑‍🚀 Ann"
    plain = await rest.ok("POST", "/players")  # no body: no name yet
    assert plain["displayName"] is None
    created = (await api.gql(CREATE, None, n="Bob"))["createPlayer"]
    assert (created["__typename"], created["displayName"]) == ("PlayerToken", "Bob")
    updated = (await api.gql(UPDATE, created["token"], n=" Bobby "))["updatePlayer"]
    assert updated == {
        "__typename": "Player",
        "playerId": created["playerId"],
        "displayName": "Bobby",
    }
    again = await rest.ok("GET", "/players/me", created["token"])
    assert again["displayName"] == "Bobby"
    twin = (await api.gql(CREATE, None, n="Bobby"))["createPlayer"]
    assert twin["displayName"] == "Bobby"  # names are not unique: the playerId is the identity
    assert twin["playerId"] != created["playerId"]


@pytest.mark.parametrize("why", list(BAD))
async def test_a_bad_name_is_refused_with_bad_name_on_both_doors_and_changes_nothing(
    doors: tuple[Rest, Api], why: str
) -> None:
    rest, api = doors
    name = BAD[why]
    reason = REASONS.get(why, "control")
    refused = await rest.request("POST", "/players", json={"displayName": name})
    assert (refused.status_code, refused.json()["code"]) == (422, "BAD_NAME"), why
    assert refused.json()["details"]["reason"] == reason
    answer = (await api.gql(CREATE, None, n=name))["createPlayer"]
    assert (answer["__typename"], answer["code"]) == ("Rejected", "BAD_NAME"), why
    assert answer["details"]["reason"] == reason
    token = (await rest.ok("POST", "/players", json={"displayName": "Kept"}))["token"]
    patched = await rest.request("PATCH", "/players/me", token, json={"displayName": name})
    assert (patched.status_code, patched.json()["code"]) == (422, "BAD_NAME"), why
    updated = (await api.gql(UPDATE, token, n=name))["updatePlayer"]
    assert (updated["__typename"], updated["code"]) == ("Rejected", "BAD_NAME"), why
    assert (await rest.ok("GET", "/players/me", token))["displayName"] == "Kept"


async def test_names_that_are_no_string_or_need_a_token_get_typed_refusals(
    doors: tuple[Rest, Api],
) -> None:
    rest, api = doors
    for body in ({"displayName": 7}, {"displayName": ["Ann"]}, {"name": "Ann"}):
        answer = await rest.request("POST", "/players", json=body)
        assert (answer.status_code, answer.json()["code"]) == (400, "BAD_REQUEST"), body
    unnamed = await rest.request("PATCH", "/players/me", json={"displayName": "Ann"})
    assert (unnamed.status_code, unnamed.json()["code"]) == (401, "PLAYER_TOKEN_REQUIRED")
    anonymous = (await api.gql(UPDATE, None, n="Ann"))["updatePlayer"]
    assert (anonymous["__typename"], anonymous["code"]) == ("Rejected", "PLAYER_TOKEN_REQUIRED")
    body = await api.raw(CREATE.replace("String", "Int"), None, n=7)
    assert body["errors"]  # GraphQL's own type check


async def test_a_challenge_names_its_seats_by_the_players_display_names(
    doors: tuple[Rest, Api],
) -> None:
    rest, _ = doors
    ann = await rest.ok("POST", "/players", json={"displayName": "Ann"})
    bob = await rest.ok("POST", "/players")  # no name: the seat keeps the playerId
    body: dict[str, Any] = {"invite": [bob["playerId"]], "gameType": "trambahn", "players": 2}
    challenge = await rest.ok("POST", "/challenges", ann["token"], json=body)
    path = f"/challenges/{challenge['challengeId']}/accept"
    accepted = await rest.ok("POST", path, bob["token"])
    game = await rest.game(accepted["gameId"])
    ann_seat, bob_seat = accepted["seats"]  # in [challenger, *invited] order
    names = {s["index"]: s["name"] for s in game["seats"]}
    assert (names[ann_seat], names[bob_seat]) == ("Ann", bob["playerId"])


RATINGS = """query($p: String!) { playerRatings(playerId: $p) { playerId displayName } }"""


async def test_a_players_ratings_carry_its_display_name_on_both_doors(
    doors: tuple[Rest, Api],
) -> None:
    rest, api = doors
    ann = await rest.ok("POST", "/players", json={"displayName": "Ann"})
    bob = await rest.ok("POST", "/players", json={"displayName": "Bob"})
    created = await rest.ok(
        "POST", "/games", json={"gameType": "trambahn", "players": 2, "rated": True}
    )
    game_id = created["game"]["id"]
    seats = {}
    for who in (ann, bob):
        joined = await rest.ok("POST", f"/games/{game_id}/seats", who["token"], json={"name": "x"})
        seats[joined["seat"]] = who
    moved: set[int] = set()
    while len(moved) < 2:  # a game rates only seats that moved
        seat = (await rest.game(game_id))["toAct"][0]
        moves = await rest.legal_moves(game_id, seat, seats[seat]["token"])
        assert (await rest.move(game_id, seat, moves[0], seats[seat]["token"])).status_code == 201
        moved.add(seat)
    ann_seat = next(s for s, who in seats.items() if who is ann)
    await rest.ok("POST", f"/games/{game_id}/seats/{ann_seat}/resign", ann["token"])
    path = f"/players/{ann['playerId']}/ratings"
    for _ in range(120):
        found = (await rest.ok("GET", path))["ratings"]
        if found:
            break
        await asyncio.sleep(0.5)
    assert [r["displayName"] for r in found] == ["Ann"]
    answer = (await api.gql(RATINGS, None, p=ann["playerId"]))["playerRatings"]
    assert answer == [{"playerId": ann["playerId"], "displayName": "Ann"}]
