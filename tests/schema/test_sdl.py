"""The committed SDL equals the schema, and the contract names of architecture §5 are in it."""

from __future__ import annotations

from pathlib import Path

from strawberry.printer import print_schema

from boardstate.schema.root import schema

SDL_FILE = Path(__file__).resolve().parents[2] / "schema" / "schema.graphql"


def test_committed_sdl_equals_the_printed_schema() -> None:
    assert SDL_FILE.read_text(encoding="utf-8") == print_schema(schema) + "\n", (
        "schema/schema.graphql is stale: run `python scripts/export_schema.py`"
    )


def test_the_contract_operations_and_types_exist() -> None:
    sdl = print_schema(schema)
    for line in (
        "scalar JSON",
        "gameTypes: [GameType!]!",
        "game(id: ID!): Game",
        "union CreateGameResult = GameCreated | Rejected",
        "union JoinGameResult = SeatJoined | Rejected",
        "union SubmitMoveResult = MoveAccepted | Rejected | VersionConflict",
        "legalMoves(seat: Int!): [JSON!]!",
        "gameEvents(gameId: ID!, afterVersion: Int = null, withState: Boolean! = false): Event!",
        "enum GameStatus",
        "optionsSchema: JSON!",
        "moveSchema: JSON!",
        "provenance: JSON!",
    ):
        assert line in sdl, line


def test_mutation_arguments_match_the_contract() -> None:
    sdl = print_schema(schema)
    assert (
        "createGame(gameType: ID!, players: Int!, options: JSON = null, seed: String = null, "
        "seats: [String!] = null, bots: [BotSeatInput!] = null, playerIds: [String] = null, "
        "rated: Boolean! = false): CreateGameResult!"
    ) in sdl
    assert (
        "input BotSeatInput {\n  seat: Int!\n  policy: String!\n  budgetMs: Int! = 1000\n}" in sdl
    )
    assert (
        "joinGame(gameId: ID!, name: String!, seat: Int = null, playerId: String = null): "
        "JoinGameResult!"
    ) in sdl
    assert (
        "submitMove(gameId: ID!, seat: Int!, move: JSON!, expectedVersion: Int = null, "
        "moveId: String = null, dryRun: Boolean! = false): SubmitMoveResult!"
    ) in sdl
