"""A corpus of long, deep and odd-Unicode inputs sent into every argument of every GraphQL
query and mutation (and the arguments of `Game`'s fields), and into every HTTP route: never a
5xx, never an internal error; always a typed error (or a success), as JSON.

The operations are read from `schema/schema.graphql`, so a new argument is covered at once.
"""

from __future__ import annotations

import collections
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import graphql
import httpx
import pytest

from tests.adversarial.conftest import ADMIN_TOKEN
from tests.adversarial.shapes import CREATE, assert_typed
from tests.api.server import ServiceProcess

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("adversarial-corpus")]

REPO = Path(__file__).resolve().parents[2]
SDL = graphql.build_schema((REPO / "schema" / "schema.graphql").read_text(encoding="utf-8"))


def nested(levels: int, leaf: Any = 1) -> Any:
    value = leaf
    for _ in range(levels):
        value = {"a": [value]}
    return value


CORPUS: dict[str, Any] = {
    "long-100k": "x" * 100_000,
    "long-2m": "y" * 2_000_000,  # over the body limit: 413
    "long-unicode": "🎲" * 20_000,
    "many-items": ["name"] * 20_000,
    "deep-20": nested(20),
    "deep-40": nested(40),  # over the body depth limit: 400
    "deep-move": nested(20, {"type": "draw"}),
    "wide-object": {f"k{i}": i for i in range(5000)},
    "lone-surrogate": "\ud800",
    "surrogate-in-key": {"type": "draw", "\udfff": 1},
    "nul": "a\x00b",
    "arabic-digits": "٣٣",
    "superscript": "²",
    "rtl-override": "\u202egnp.exe",
    "bom": "\ufeffid",
    "combining": "a\u0301" * 100,
    "newlines": "a\r\nb\nc",
    "braces": "{x}",
    "percent": "%00%ff",
    "big-int": 2**63,
    "huge-int": 10**200,
    "negative": -1,
    "float": 1e308,
    "empty": "",
    "spaces": "   ",
    "null": None,
    "bool": True,
    "empty-list": [],
}
DEFAULTS = {
    "gameType": '"trambahn"',
    "players": "2",
    "name": '"Ann"',
    "seat": "0",
    "move": '{type: "draw"}',
    "version": "1",
    "dryRun": "false",
    "exact": "false",
    "accept": "true",
    "policy": '"stand-in"',
    "url": '"http://example.com/hook"',
    "events": '["turn.changed"]',
    "webhookId": '"wh_x"',
    "deliveryId": '"dlv_x"',
    "clearGameTypes": "false",
    "rated": "false",
    "bots": "0",
    "botPolicy": '"random"',
    "playerId": '"p_x"',
    "seekId": '"sk_x"',
    "challengeId": '"ch_x"',
    "invite": '["p_x"]',
}
STATUSES: collections.Counter[int] = collections.Counter()


def _operations(game_id: str) -> Iterator[tuple[str, str, str]]:
    """(label, document with `$v` in one argument, type of `$v`) for every argument."""
    defaults = {**DEFAULTS, "id": f'"{game_id}"', "gameId": f'"{game_id}"'}
    roots: list[tuple[str, graphql.GraphQLObjectType, str]] = [
        ("query", SDL.query_type, ""),  # type: ignore[list-item]
        ("mutation", SDL.mutation_type, ""),  # type: ignore[list-item]
    ]
    game_type = SDL.get_type("Game")
    assert isinstance(game_type, graphql.GraphQLObjectType)
    roots.append(("query", game_type, f'game(id: "{game_id}")'))
    for kind, root, wrapper in roots:
        for name, field in root.fields.items():
            for target, arg in field.args.items():
                args = [f"{target}: $v"]
                for other, other_arg in field.args.items():
                    if other != target and graphql.is_non_null_type(other_arg.type):
                        args.append(f"{other}: {defaults[other]}")
                selection = "__typename" if not _is_leaf(field.type) else ""
                inner = f"{name}({', '.join(args)})" + (f" {{ {selection} }}" if selection else "")
                body = f"{wrapper} {{ {inner} }}" if wrapper else inner
                document = f"{kind}($v: {arg.type}) {{ {body} }}"
                yield f"{root.name}.{name}.{target}", document, str(arg.type)


def _is_leaf(tp: graphql.GraphQLOutputType) -> bool:
    return graphql.is_leaf_type(graphql.get_named_type(tp))


@pytest.fixture(scope="module")
def game(service: ServiceProcess) -> Iterator[tuple[str, str]]:
    with httpx.Client(base_url=service.url, timeout=30, trust_env=False) as client:
        variables = {"players": 2, "seats": ["Ann", "Bob"]}
        created = client.post("/graphql", json={"query": CREATE, "variables": variables}).json()
    result = created["data"]["createGame"]
    yield result["game"]["id"], result["tokens"][0]["token"]
    print(f"corpus: {sum(STATUSES.values())} requests, by status {dict(sorted(STATUSES.items()))}")


def _post_json(client: httpx.Client, path: str, payload: Any, **headers: str) -> httpx.Response:
    # ensure_ascii keeps lone surrogates as escapes, so they reach the server's parser
    body = json.dumps(payload).encode("ascii")
    return client.post(path, content=body, headers={"content-type": "application/json", **headers})


@pytest.mark.parametrize("item", CORPUS)
def test_every_graphql_argument_takes_the_corpus(
    service: ServiceProcess, game: tuple[str, str], item: str
) -> None:
    game_id, token = game
    value = CORPUS[item]
    auth = {"authorization": f"Bearer {token}"}
    with httpx.Client(base_url=service.url, timeout=60, trust_env=False) as client:
        for label, document, _ in _operations(game_id):
            response = _post_json(
                client, "/graphql", {"query": document, "variables": {"v": value}}, **auth
            )
            STATUSES[response.status_code] += 1
            body = assert_typed(response)
            assert body, label


@pytest.mark.parametrize("item", CORPUS)
def test_every_http_route_takes_the_corpus(service: ServiceProcess, item: str) -> None:
    value = CORPUS[item]
    text = value if isinstance(value, str) else json.dumps(value)
    path_part = quote(text[:2000].encode("utf-8", "surrogatepass"), safe="")
    admin = {"authorization": f"Bearer {ADMIN_TOKEN}"}
    with httpx.Client(base_url=service.url, timeout=60, trust_env=False) as client:
        line = {
            "version": value,
            "type": value,
            "v": 1,
            "seat": None,
            "moveId": value,
            "data": {"x": value},
            "at": "",
            "stateHash": "",
        }
        responses = [
            client.get(f"/games/{path_part}/log"),
            client.get(
                f"/games/{path_part}/log", headers={"authorization": f"Bearer x{path_part[:2000]}"}
            ),
            client.get(
                "/graphql",
                params={
                    "query": "query($v: String) { games(player: $v) { totalCount } }",
                    "variables": json.dumps({"v": value})[:2000],
                },
            ),
            _post_json(client, "/games/import", line, **admin),
            _post_json(client, "/games/import", value, **admin),
            _post_json(client, "/graphql", value),
            client.get("/healthz", params={"x": path_part}),
            client.get("/readyz", params={"x": path_part}),
        ]
        for response in responses:
            STATUSES[response.status_code] += 1
            assert response.status_code < 500, (response.request.url, response.text[:300])
            if response.status_code >= 400 and response.status_code != 404:
                assert_typed(response)
