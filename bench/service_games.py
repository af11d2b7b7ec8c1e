"""The game phases of the service benchmark: play seeded Trambahn games to the end, create
fresh copies with the same seeds, and replay the recorded moves into them; the bare servers get
the same request bodies."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.service_figures import Load
from bench.service_http import BenchError, Connection, Target, post

GAME_TYPE = "trambahn"
SEATS = ["ann", "bob"]

CREATE = """
mutation($t: ID!, $p: Int!, $seed: String, $seats: [String!]) {
  createGame(gameType: $t, players: $p, seed: $seed, seats: $seats) {
    __typename
    ... on GameCreated { tokens { seat token } game { id version status toAct } }
    ... on Rejected { code message }
  }
}"""
LEGAL = "query($g: ID!, $s: Int!) { game(id: $g) { legalMoves(seat: $s) } }"
SUBMIT = """
mutation($g: ID!, $s: Int!, $m: JSON!, $v: Int) {
  submitMove(gameId: $g, seat: $s, move: $m, expectedVersion: $v) {
    __typename
    ... on MoveAccepted { version events { version type seat data } game { status toAct } }
    ... on Rejected { code message }
    ... on VersionConflict { expectedVersion currentVersion }
  }
}"""
REFERENCE_SUBMIT = """
mutation($g: ID!, $s: Int!, $m: JSON!, $v: Int) {
  submitMove(gameId: $g, seat: $s, move: $m, expectedVersion: $v)
}"""
STATE = "query($g: ID!, $k: Int) { game(id: $g) { version state(version: $k) } }"


REPLAY_ROUTES = {"graphql": "POST /graphql submitMove", "rest": "POST /v1/games/{id}/moves"}
"""The doors a move can come through in the replay phase, by name."""


def submit_body(game_id: str, seat: int, move: Any, version: int) -> dict[str, Any]:
    """Returns the JSON body of a submitMove request."""
    return {"query": SUBMIT, "variables": {"g": game_id, "s": seat, "m": move, "v": version}}


def rest_move_body(seat: int, move: Any, version: int) -> dict[str, Any]:
    """Returns the JSON body of `POST /v1/games/{id}/moves` for the same move."""
    return {"seat": seat, "move": move, "expectedVersion": version}


@dataclass(eq=False)
class Played:
    """One game of the play phase: the moves submitted and what each took."""

    index: int
    seed: str
    moves: list[tuple[int, Any, int]] = field(default_factory=list)
    """(seat, move, expectedVersion) of each accepted move, in order."""
    submit_ms: list[float] = field(default_factory=list)
    game_id: str = ""
    finished: bool = False
    final_version: int = 0


@dataclass(eq=False)
class Replayed:
    """A fresh game with the seed of `source`, and the latency of each move replayed into it."""

    source: Played
    game_id: str
    tokens: list[str]
    submit_ms: list[float] = field(default_factory=list)
    door: str = "graphql"
    """Where the moves go: `graphql` (submitMove) or `rest` (POST /v1/games/{id}/moves)."""


async def create_game(
    conn: Connection, seed: str, game_type: str = GAME_TYPE
) -> tuple[dict[str, Any], list[str]]:
    """Creates a seeded game with every seat filled; returns its game fields and tokens."""
    variables = {"t": game_type, "p": len(SEATS), "seed": seed, "seats": SEATS}
    body, _ = await post(conn, "/graphql", {"query": CREATE, "variables": variables})
    created = body["data"]["createGame"]
    if created["__typename"] != "GameCreated":
        raise BenchError(f"createGame: {created}")
    tokens = [t["token"] for t in sorted(created["tokens"], key=lambda t: t["seat"])]
    return created["game"], tokens


async def play_games(target: Target, load: Load, games: int) -> tuple[list[Played], list[float]]:
    """Phase 1: plays seeded games to the end; returns them and the legalMoves latencies.

    `load` times the submitMove round trips; the legalMoves ones are returned apart.
    """
    pending = list(range(games))
    played: list[Played] = []
    legal_ms: list[float] = []

    async def worker() -> int:
        count = 0
        async with target.connect() as conn:
            while pending and load.open:
                game = Played(index := pending.pop(0), f"bench-{index}")
                played.append(game)
                fields, tokens = await create_game(conn, game.seed)
                game.game_id = fields["id"]
                version, status, to_act = fields["version"], fields["status"], fields["toAct"]
                rnd = random.Random(game.seed)
                while status == "ACTIVE" and load.open:
                    seat = to_act[0]
                    query = {"query": LEGAL, "variables": {"g": game.game_id, "s": seat}}
                    body, ms = await post(conn, "/graphql", query, tokens[seat])
                    legal_ms.append(ms)
                    move = rnd.choice(body["data"]["game"]["legalMoves"])
                    request = submit_body(game.game_id, seat, move, version)
                    body, ms = await post(conn, "/graphql", request, tokens[seat])
                    result = body["data"]["submitMove"]
                    if result["__typename"] != "MoveAccepted":
                        raise BenchError(f"game {game.index}, version {version}: {result}")
                    load.record(ms)
                    count += 1
                    game.moves.append((seat, move, version))
                    game.submit_ms.append(ms)
                    version = result["version"]
                    status, to_act = result["game"]["status"], result["game"]["toAct"]
                game.finished = status == "FINISHED"
                game.final_version = version
        return count

    await load.run(worker)
    return played, legal_ms


async def prepare_replays(
    target: Target, clients: int, games: Sequence[Played], door: str = "graphql"
) -> list[Replayed]:
    """Creates a fresh game with the same seed for each game (not timed, over GraphQL whatever
    the door), in order; its moves will be replayed through `door`."""
    out: dict[int, Replayed] = {}
    queue = list(enumerate(games))

    async def worker() -> None:
        async with target.connect() as conn:
            while queue:
                position, source = queue.pop(0)
                fields, tokens = await create_game(conn, source.seed)
                out[position] = Replayed(source, fields["id"], tokens, door=door)

    await asyncio.gather(*(worker() for _ in range(clients)))
    return [out[i] for i in range(len(games))]


async def submit_next(conn: Connection, game: Replayed) -> float:
    """Submits the next recorded move of `game.source` to `game`; returns the round trip (ms)."""
    seat, move, version = game.source.moves[len(game.submit_ms)]
    if game.door == "rest":
        path = f"/v1/games/{game.game_id}/moves"
        body, ms = await post(
            conn, path, rest_move_body(seat, move, version), game.tokens[seat], expect=201
        )
        if not isinstance(body.get("version"), int) or body["version"] <= version:
            raise BenchError(f"REST replay of game {game.source.index}, version {version}: {body}")
    else:
        request = submit_body(game.game_id, seat, move, version)
        body, ms = await post(conn, "/graphql", request, game.tokens[seat])
        result = body["data"]["submitMove"]
        if result["__typename"] != "MoveAccepted":
            raise BenchError(f"replay of game {game.source.index}, version {version}: {result}")
    game.submit_ms.append(ms)
    return ms


async def replay_moves(
    conn: Connection, game: Replayed, load: Load | None, stop: int | None = None
) -> None:
    """Submits the recorded moves of `game.source` to `game` (up to move `stop`)."""
    stop = len(game.source.moves) if stop is None else stop
    while len(game.submit_ms) < stop:
        if load is not None and not load.open:
            return
        ms = await submit_next(conn, game)
        if load is not None:
            load.record(ms)


async def replay_games(target: Target, load: Load, games: Sequence[Replayed]) -> None:
    """Phase 2: submits every recorded move, `load.clients` games at a time."""
    queue = list(games)

    async def worker() -> int:
        count = 0
        async with target.connect() as conn:
            while queue and load.open:
                game = queue.pop(0)
                await replay_moves(conn, game, load)
                count += len(game.submit_ms)
        return count

    await load.run(worker)


async def bare_load(
    target: Target, path: str, load: Load, bodies: Sequence[dict[str, Any]]
) -> None:
    """Phase 3: POSTs every body to a bare server, `load.clients` requests in flight."""
    queue = iter(bodies)

    async def worker() -> int:
        count = 0
        async with target.connect() as conn:
            for body in queue:
                if not load.open:
                    break
                _, ms = await post(conn, path, body, "bench-bare-token")
                load.record(ms)
                count += 1
        return count

    await load.run(worker)
