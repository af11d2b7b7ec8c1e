"""Error details are camelCase on both doors (issue 39, item 7): `NOT_YOUR_TURN` names the seats
that may act as `toAct`, with the old `to_act` beside it for one release (docs/api.md)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

SUBMIT = """mutation($g: ID!, $s: Int!, $m: JSON!) { submitMove(gameId: $g, seat: $s, move: $m) {
  __typename ... on Rejected { code details } } }"""


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, unique_prefix()) as process:
        yield process


def test_not_your_turn_names_the_seats_to_act_in_camel_case_on_both_doors(
    server: ServiceProcess,
) -> None:
    with httpx.Client(base_url=server.url, trust_env=False) as http:
        body = {"gameType": "trambahn", "players": 2, "seats": ["ann", "bob"]}
        created = http.post("/v1/games", json=body).json()
        acting = created["game"]["toAct"][0]
        other = 1 - acting
        token = created["tokens"][other]["token"]
        auth = {"authorization": f"Bearer {token}"}
        move = {"type": "end_turn"}
        rest = http.post(
            f"/v1/games/{created['game']['id']}/moves",
            json={"seat": other, "move": move},
            headers=auth,
        ).json()
        variables = {"g": created["game"]["id"], "s": other, "m": move}
        graphql = http.post(
            "/graphql", json={"query": SUBMIT, "variables": variables}, headers=auth
        ).json()["data"]["submitMove"]
    assert rest["code"] == graphql["code"] == "NOT_YOUR_TURN"
    expected = {"seat": other, "toAct": [acting], "to_act": [acting]}
    assert rest["details"] == expected
    assert graphql["details"] == expected
