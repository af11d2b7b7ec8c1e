"""docs/players.md runs: its Python block as written, and its shell blocks in order, in one
shell, against a real service process (the token of the first is used by the second)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator

import httpx
import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.doc_blocks import block, blocks
from tests.redis_support import RedisServer

RATINGS_BLOCKS = ("Rebuild the ratings, then check them",)
"""The ratings' shell blocks, run by tests/service/test_ratings_docs.py on a store of their own."""


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    process = ServiceProcess(redis_server.url, unique_prefix()).start()
    yield process
    process.stop()


def test_the_signing_example_makes_a_token_the_service_would_verify() -> None:
    namespace: dict[str, object] = {}
    exec(compile(block("players.md", "Sign a player token"), "players.md", "exec"), namespace)
    assert isinstance(namespace["token"], str)
    assert namespace["jwks"]["keys"][0]["kid"] == "accounts-2026-12"  # type: ignore[index]


def test_the_shell_walkthrough_makes_a_player_who_joins_a_game(server: ServiceProcess) -> None:
    shells = [s for s in blocks("players.md", "bash") if s[0] not in RATINGS_BLOCKS]
    assert [title for title, _ in shells] == [
        "A new player, and who it is",
        "Join a game as that player",
        "Choose a name, then change it",
        "Refresh the token, then revoke them all",
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", "\n".join(code for _, code in shells)],
        env=env | {"BOARDSTATE_URL": server.url},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    decoder, text, found = json.JSONDecoder(), done.stdout.strip(), []
    while text:
        value, end = decoder.raw_decode(text)
        found.append(value)
        text = text[end:].strip()
    me, joined, renamed, revoked, refused = found
    assert me["playerId"].startswith("p_")
    assert me["displayName"] is None
    assert renamed["displayName"] == "Ann B."
    assert me["issuedByService"] is True
    assert joined["seat"] == 0
    assert revoked["playerId"] == me["playerId"]
    assert revoked["token"].count(".") == 2
    assert (refused["code"], refused["details"]["reason"]) == ("PLAYER_TOKEN_INVALID", "revoked")


def test_the_refresh_and_revoke_documents_run(server: ServiceProcess) -> None:
    (documents,) = [code for _, code in blocks("players.md", "graphql") if "revokePlayer" in code]
    refresh, revoke = documents.strip().splitlines()
    with httpx.Client(base_url=server.url, trust_env=False, timeout=30) as http:
        token = http.post("/v1/players").json()["token"]

        def run(document: str, bearer: str) -> dict[str, object]:
            headers = {"authorization": f"Bearer {bearer}"}
            body = http.post("/graphql", json={"query": document}, headers=headers).json()
            assert "errors" not in body, body
            answer: dict[str, object] = next(iter(body["data"].values()))
            return answer

        fresh = run(refresh, token)
        assert isinstance(fresh["token"], str)
        assert isinstance(fresh["expiresAt"], int)
        done = run(revoke, str(fresh["token"]))
        assert isinstance(done["token"], str)
        assert http.get("/v1/players/me", headers={"authorization": f"Bearer {token}"}).json()[
            "details"
        ] == {"reason": "revoked"}


def test_the_rename_document_runs(server: ServiceProcess) -> None:
    (document,) = [code for _, code in blocks("players.md", "graphql") if "updatePlayer" in code]
    with httpx.Client(base_url=server.url, trust_env=False, timeout=30) as http:
        made = http.post("/v1/players", json={"displayName": "Ann"}).json()
        headers = {"authorization": f"Bearer {made['token']}"}
        body = http.post("/graphql", json={"query": document}, headers=headers).json()
    assert body["data"]["updatePlayer"] == {"playerId": made["playerId"], "displayName": "Ann B."}
