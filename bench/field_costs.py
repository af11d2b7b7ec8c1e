"""What one GraphQL field costs the service, as a ratio to a plain field read: the measurements
behind the weights of `service.contract.work_costs` (docs/security.md, "Cost").

    .venv/bin/python -m bench.field_costs [--reps 8]

Starts a private Redis and one service process (`tests.api.server.ServiceProcess`: no rate
limits, no cost limit, no answer size limit), creates 100 running games (25 of each type, 12
random moves each) and 100 finished ones (one game of each type played to its end with random
moves, imported 25 times), then sends each probe query `--reps` times and reads the service's
CPU time (user + system, `/proc/<pid>/stat`) around it. A probe selects the field K times under
aliases on every game of a page (or K times on one game); its cost per field is the CPU above
the same query without the field, divided by the fields resolved. The unit is the plain field
read (`Game.version`, 29 aliases on 100 games, ten times the repetitions). Cold probes (a past
version nobody folded yet) run once, on a restarted process whose record cache the base query
has filled. Mutations: K aliases in one request (`createGame`), or one accepted move per request
(`submitMove`), above an empty request's CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
from pathlib import Path
from typing import Any

import httpx

from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

ADMIN = "field-costs-admin-token-0123456789"
PLAYERS = {"tf22-mine": 3, "tinners-trail": 3, "trambahn": 2, "trekking": 3}
ENV = {
    "BOARDSTATE_ADMIN_TOKEN": ADMIN,
    "BOARDSTATE_MAX_COST": "1000000000",
    "BOARDSTATE_MAX_RESPONSE_BYTES": "0",
}
CREATE = """mutation($t: ID!, $p: Int!, $seats: [String!]) {
  createGame(gameType: $t, players: $p, seats: $seats) {
    ... on GameCreated { game { id } tokens { seat token } } } }"""
SUBMIT = """mutation($g: ID!, $s: Int!, $m: JSON!, $v: Int) {
  submitMove(gameId: $g, seat: $s, move: $m, expectedVersion: $v) { __typename } }"""
TURN = "query($g: ID!) { game(id: $g) { version status toAct } }"
LEGAL = "query($g: ID!, $s: Int!) { game(id: $g) { legalMoves(seat: $s) } }"
K = 29


def cpu(pid: int) -> float:
    """The process's CPU seconds (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Probe:
    """Sends queries to one service process and measures its CPU per query."""

    def __init__(self, service: ServiceProcess) -> None:
        self.service = service
        self.http = httpx.AsyncClient(base_url=service.url, timeout=600, trust_env=False)

    async def gql(self, query: str, token: str | None = None, **variables: Any) -> Any:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        body = {"query": query, "variables": variables}
        answer = (await self.http.post("/graphql", json=body, headers=headers)).json()
        assert not answer.get("errors"), answer["errors"][:1]
        return answer["data"]

    async def cpu_per_query(self, query: str, reps: int, token: str | None = None) -> float:
        assert self.service._process is not None
        pid = self.service._process.pid
        await self.gql(query, token)  # caches warm, except what a cold probe measures
        before = cpu(pid)
        for _ in range(reps):
            await self.gql(query, token)
        return (cpu(pid) - before) / reps

    async def cpu_once(self, query: str, token: str | None = None) -> float:
        assert self.service._process is not None
        pid = self.service._process.pid
        before = cpu(pid)
        await self.gql(query, token)
        return cpu(pid) - before

    async def close(self) -> None:
        await self.http.aclose()


async def play(probe: Probe, game_id: str, tokens: dict[int, str], moves: int) -> None:
    rnd = random.Random(game_id)
    for _ in range(moves):
        game = (await probe.gql(TURN, g=game_id))["game"]
        if game["status"] != "ACTIVE" or not game["toAct"]:
            return
        seat = game["toAct"][0]
        legal = (await probe.gql(LEGAL, tokens[seat], g=game_id, s=seat))["game"]["legalMoves"]
        await probe.gql(SUBMIT, tokens[seat], g=game_id, s=seat, m=rnd.choice(legal))


async def create(probe: Probe, game_type: str) -> tuple[str, dict[int, str]]:
    players = PLAYERS[game_type]
    seats = [f"p{i}" for i in range(players)]
    made = (await probe.gql(CREATE, t=game_type, p=players, seats=seats))["createGame"]
    return made["game"]["id"], {t["seat"]: t["token"] for t in made["tokens"]}


async def setup(probe: Probe) -> dict[str, tuple[str, dict[int, str]]]:
    """Creates the games; returns one running game of each type with its tokens."""
    running: dict[str, tuple[str, dict[int, str]]] = {}
    for i in range(100):
        game_type = sorted(PLAYERS)[i % 4]
        game_id, tokens = await create(probe, game_type)
        await play(probe, game_id, tokens, 12)
        running.setdefault(game_type, (game_id, tokens))
    for game_type in sorted(PLAYERS):
        game_id, tokens = await create(probe, game_type)
        await play(probe, game_id, tokens, 5000)
        log = (await probe.http.get(f"/games/{game_id}/log")).content
        headers = {"authorization": f"Bearer {ADMIN}", "content-type": "application/x-ndjson"}
        for _ in range(25):
            done = await probe.http.post("/games/import", content=log, headers=headers)
            assert done.status_code == 201, done.text
        events = log.count(b"\n")
        print(f"{game_type}: finished after {events} events")
    return running


def page(status: str, fields: str) -> str:
    return f"{{ games(first: 100, status: {status}) {{ edges {{ node {{ id {fields} }} }} }} }}"


def aliased(field: str, count: int = K) -> str:
    return " ".join(f"a{i}: {field}" for i in range(count))


async def mutations(
    probe: Probe, running: dict[str, tuple[str, dict[int, str]]], reps: int, rows: list[Any]
) -> None:
    """The root fields that write (and `validateMove`, `suggestMove`), K per request."""
    empty = await probe.cpu_per_query("{ __typename }", reps)
    game_id, tokens = running["trambahn"]
    game = (await probe.gql(TURN, g=game_id))["game"]
    seat = game["toAct"][0]
    move = (await probe.gql(LEGAL, tokens[seat], g=game_id, s=seat))["game"]["legalMoves"][0]
    literal = json_literal(move)
    check = f'validateMove(gameId: "{game_id}", seat: {seat}, move: {literal}) {{ __typename }}'
    spent = await probe.cpu_per_query("{ " + aliased(check) + " }", reps, tokens[seat])
    rows.append(("Query.validateMove", (spent - empty) / K))
    create = 'createGame(gameType: "trambahn", players: 2, seats: ["a", "b"]) { __typename }'
    spent = await probe.cpu_per_query("mutation { " + aliased(create, 10) + " }", reps)
    rows.append(("Mutation.createGame", (spent - empty) / 10))
    moves = 0
    spent = 0.0
    for game_id, tokens in running.values():
        for _ in range(10):
            game = (await probe.gql(TURN, g=game_id))["game"]
            if game["status"] != "ACTIVE":
                break
            seat = game["toAct"][0]
            legal = (await probe.gql(LEGAL, tokens[seat], g=game_id, s=seat))["game"]
            submit = (
                f'mutation {{ submitMove(gameId: "{game_id}", seat: {seat}, '
                f"move: {json_literal(legal['legalMoves'][0])}) {{ __typename }} }}"
            )
            spent += await probe.cpu_once(submit, tokens[seat]) - empty
            moves += 1
    rows.append(("Mutation.submitMove (one accepted move)", spent / max(moves, 1)))
    hinted = (
        'mutation { createGame(gameType: "trambahn", players: 2, seats: ["a", "b"], '
        "options: {hints: true}) { ... on GameCreated { game { id toAct } tokens { token } } } }"
    )
    made = (await probe.gql(hinted))["createGame"]
    seat = made["game"]["toAct"][0]
    hint = f'{{ game(id: "{made["game"]["id"]}") {{ suggestMove(seat: {seat}) }} }}'
    spent = await probe.cpu_per_query(hint, 2, made["tokens"][seat]["token"])
    rows.append(("Game.suggestMove (trambahn)", spent - empty))


def json_literal(value: Any) -> str:
    """A JSON value as a GraphQL literal (object keys unquoted)."""
    if isinstance(value, dict):
        inner = ", ".join(f"{k}: {json_literal(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, list):
        return "[" + ", ".join(json_literal(v) for v in value) + "]"
    return json.dumps(value)


def one_game(game_id: str, fields: str) -> str:
    return f'{{ game(id: "{game_id}") {{ id {fields} }} }}'


def game_types(fields: str) -> str:
    return "{ " + aliased(f"gameTypes {{ {fields} }}") + " }"


async def measure(reps: int) -> None:
    with RedisServer() as redis_server, ServiceProcess(redis_server.url, env=ENV) as service:
        probe = Probe(service)
        running = await setup(probe)
        rows: list[tuple[str, float]] = []

        async def over_page(
            label: str, status: str, field: str, count: int = K, times: int = reps
        ) -> None:
            base = await probe.cpu_per_query(page(status, ""), times)
            spent = await probe.cpu_per_query(page(status, aliased(field, count)), times)
            rows.append((label, (spent - base) / (100 * count)))

        # The unit is small (about 9 ms per query): ten times the repetitions.
        await over_page("Game.version (the unit)", "ACTIVE", "version", times=10 * reps)
        await over_page("Game.seats { name }", "ACTIVE", "seats { name }", 10)
        await over_page("Game.state", "ACTIVE", "state", 5)
        await over_page("Game.state(version: 8k-1), warm", "FINISHED", "state(version: 55)", 3)
        await over_page("Game.boardSvg", "ACTIVE", "boardSvg", 3)
        past = "boardSvg(version: 55)"
        await over_page("Game.boardSvg(version: 8k-1), warm", "FINISHED", past, 3)
        for first in (1, 100):
            node = "edges { node { version type seat moveId data at stateHash move } }"
            await over_page(
                f"Game.events(first: {first}) {{ 8 fields }}",
                "FINISHED",
                f"events(first: {first}) {{ {node} }}",
                1,
            )
        await over_page("Game.result", "FINISHED", "result { scores winners details }", 10)
        base = await probe.cpu_per_query(page("ACTIVE", "").replace("100", "1"), reps)
        full = await probe.cpu_per_query(page("ACTIVE", ""), reps)
        rows.append(("Query.games, per game on a page", (full - base) / 99))
        ids = [g for g, _ in running.values()]
        lookups = " ".join(f'g{i}: game(id: "{ids[i % 4]}") {{ id }}' for i in range(K))
        spent = await probe.cpu_per_query("{ " + lookups + " }", reps)
        empty = await probe.cpu_per_query("{ __typename }", reps)
        rows.append(("Query.game(id:)", (spent - empty) / K))
        for game_type, (game_id, tokens) in running.items():
            game = (await probe.gql(TURN, g=game_id))["game"]
            if game["status"] != "ACTIVE":
                continue
            seat = game["toAct"][0]
            field = aliased(f"legalMoves(seat: {seat})")
            base = await probe.cpu_per_query(one_game(game_id, ""), reps, tokens[seat])
            spent = await probe.cpu_per_query(one_game(game_id, field), reps, tokens[seat])
            rows.append((f"Game.legalMoves ({game_type})", (spent - base) / K))
        base = await probe.cpu_per_query(game_types("id"), reps)
        schemas = ("optionsSchema", "moveSchema", "eventSchema", "stateSchema")
        for field in (*schemas, "variants", "provenance"):
            spent = await probe.cpu_per_query(game_types(f"id {field}"), reps)
            rows.append((f"GameType.{field}", (spent - base) / (K * 4)))
        await mutations(probe, running, reps, rows)
        await probe.close()
        for version in (63,):
            for field in ("state", "boardSvg"):
                service.stop()
                service.start()
                probe = Probe(service)
                base = await probe.cpu_per_query(page("FINISHED", ""), 1)
                query = page("FINISHED", f"{field}(version: {version})")
                pid = service._process.pid if service._process else 0
                before = cpu(pid)
                await probe.gql(query)
                rows.append((f"Game.{field}(version: {version}), cold", cpu(pid) - before - base))
                rows[-1] = (rows[-1][0], rows[-1][1] / 100)
                await probe.close()
        unit = rows[0][1]
        print(f"\n{'field':48} {'CPU per field':>14} {'ratio':>8}")
        for label, seconds in rows:
            print(f"{label:48} {seconds * 1e6:11.1f} us {seconds / unit:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=8)
    asyncio.run(measure(parser.parse_args().reps))


if __name__ == "__main__":
    main()
