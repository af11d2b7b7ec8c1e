"""submitMove over HTTP: the order of checks, every rejection, idempotency and concurrency."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.api.client import Api
from tests.api.play import play

pytestmark = pytest.mark.redis


async def turn(api: Api, game_id: str) -> tuple[int, int]:
    """Returns (version, seat to act)."""
    game = await api.game(game_id, "version toAct")
    return game["version"], game["toAct"][0]


async def test_a_legal_move_is_accepted_with_its_events(api: Api) -> None:
    game_id, tokens = await api.new_game()
    version, seat = await turn(api, game_id)
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    result = await api.submit(game_id, seat, move, tokens[seat], v=version, id="first-move")
    assert result["__typename"] == "MoveAccepted"
    assert result["dryRun"] is False
    events = result["events"]
    assert [e["version"] for e in events] == list(range(version + 1, result["version"] + 1))
    assert {(e["seat"], e["moveId"]) for e in events} == {(seat, "first-move")}
    assert (await api.game(game_id, "version"))["version"] == result["version"]


async def test_a_move_without_move_id_is_recorded_under_a_generated_one(api: Api) -> None:
    game_id, tokens = await api.new_game()
    _, seat = await turn(api, game_id)
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    result = await api.submit(game_id, seat, move, tokens[seat])
    assert result["events"][0]["moveId"].startswith("srv-")


async def test_rejections_in_the_documented_order(api: Api) -> None:
    game_id, tokens = await api.new_game()
    version, seat = await turn(api, game_id)
    other = 1 - seat
    good = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    cases = [
        ("missing", seat, good, tokens[seat], {}, "GAME_NOT_FOUND"),
        (game_id, 5, good, tokens[seat], {}, "BAD_SEAT"),
        (game_id, seat, good, None, {}, "UNAUTHORIZED"),
        (game_id, seat, good, "not-a-token", {}, "UNAUTHORIZED"),
        (game_id, seat, good, tokens[other], {}, "UNAUTHORIZED"),
        (game_id, seat, good, tokens[seat], {"id": ""}, "MALFORMED_MOVE"),
        (game_id, seat, {"type": "fly"}, tokens[seat], {}, "MALFORMED_MOVE"),
        (game_id, seat, "end_turn", tokens[seat], {}, "MALFORMED_MOVE"),
        (game_id, seat, {"type": "end_turn", "x": 1}, tokens[seat], {}, "MALFORMED_MOVE"),
        (game_id, other, {"type": "end_turn"}, tokens[other], {}, "NOT_YOUR_TURN"),
        (game_id, seat, {"type": "end_turn"}, tokens[seat], {}, "ILLEGAL_MOVE"),
    ]
    for gid, s, move, token, extra, code in cases:
        result = await api.submit(gid, s, move, token, **extra)
        assert result["__typename"] == "Rejected", (code, result)
        assert result["code"] == code, (code, result)
    # Authorization comes before the version check, the version check before the rules.
    stale = await api.submit(game_id, seat, {"type": "fly"}, tokens[other], v=version - 1)
    assert stale["code"] == "UNAUTHORIZED"
    stale = await api.submit(game_id, seat, {"type": "fly"}, tokens[seat], v=version - 1)
    assert stale == {
        "__typename": "VersionConflict",
        "expectedVersion": version - 1,
        "currentVersion": version,
    }
    assert (await api.game(game_id, "version"))["version"] == version


async def test_an_illegal_move_names_the_rule(api: Api) -> None:
    game_id, tokens = await api.new_game()
    _, seat = await turn(api, game_id)
    result = await api.submit(game_id, seat, {"type": "end_turn"}, tokens[seat])
    assert result["code"] == "ILLEGAL_MOVE"
    assert result["details"]["rule"]


async def test_a_token_acts_only_for_its_own_game(api: Api) -> None:
    game_id, tokens = await api.new_game()
    _, other_tokens = await api.new_game()
    _, seat = await turn(api, game_id)
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    result = await api.submit(game_id, seat, move, other_tokens[seat])
    assert result["code"] == "UNAUTHORIZED"


async def test_moves_before_the_game_starts_are_refused(api: Api) -> None:
    game_id = (await api.create(None))["game"]["id"]
    joined = await api.join(game_id, "ann")
    result = await api.submit(game_id, 0, {"type": "end_turn"}, joined["token"])
    assert result["code"] == "GAME_NOT_STARTED"
    unjoined = await api.submit(game_id, 1, {"type": "end_turn"}, joined["token"])
    assert unjoined["code"] == "UNAUTHORIZED"


async def test_a_retried_move_id_returns_the_original_and_appends_nothing(api: Api) -> None:
    game_id, tokens = await api.new_game()
    version, seat = await turn(api, game_id)
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    first = await api.submit(game_id, seat, move, tokens[seat], v=version, id="m-1")
    again = await api.submit(game_id, seat, move, tokens[seat], v=version, id="m-1")
    assert again == first
    other_move = await api.submit(game_id, seat, {"type": "fly"}, tokens[seat], id="m-1")
    assert other_move["code"] == "IDEMPOTENCY_KEY_REUSED"
    assert (await api.game(game_id, "version"))["version"] == first["version"]


async def test_a_rejected_move_id_may_be_used_again(api: Api) -> None:
    game_id, tokens = await api.new_game()
    version, seat = await turn(api, game_id)
    rejected = await api.submit(game_id, seat, {"type": "fly"}, tokens[seat], id="again")
    assert rejected["code"] == "MALFORMED_MOVE"
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    accepted = await api.submit(game_id, seat, move, tokens[seat], v=version, id="again")
    assert accepted["__typename"] == "MoveAccepted"


async def test_concurrent_retries_of_one_move_id_append_once(api: Api, api2: Api) -> None:
    game_id, tokens = await api.new_game()
    version, seat = await turn(api, game_id)
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    results = await asyncio.gather(
        *(c.submit(game_id, seat, move, tokens[seat], id="twin") for c in (api, api2, api))
    )
    assert {r["__typename"] for r in results} == {"MoveAccepted"}
    assert len({r["version"] for r in results}) == 1
    game = await api.game(game_id, "version")
    assert game["version"] == results[0]["version"]
    assert game["version"] - version == len(results[0]["events"])


async def test_two_submits_with_one_expected_version_accept_exactly_one(
    api: Api, api2: Api
) -> None:
    game_id, tokens = await api.new_game()
    version, seat = await turn(api, game_id)
    legal = await api.legal_moves(game_id, seat, tokens[seat])
    results = await asyncio.gather(
        api.submit(game_id, seat, legal[0], tokens[seat], v=version),
        api2.submit(game_id, seat, legal[-1], tokens[seat], v=version),
    )
    kinds = sorted(r["__typename"] for r in results)
    assert kinds == ["MoveAccepted", "VersionConflict"]
    accepted = next(r for r in results if r["__typename"] == "MoveAccepted")
    conflict = next(r for r in results if r["__typename"] == "VersionConflict")
    assert conflict["expectedVersion"] == version
    assert conflict["currentVersion"] == accepted["version"]
    assert (await api.game(game_id, "version"))["version"] == accepted["version"]


async def test_dry_run_and_validate_move_record_nothing(api: Api) -> None:
    game_id, tokens = await api.new_game()
    version, seat = await turn(api, game_id)
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    dry = await api.submit(game_id, seat, move, tokens[seat], dry=True, id="dry")
    assert (dry["__typename"], dry["dryRun"], dry["version"], dry["events"]) == (
        "MoveAccepted",
        True,
        version,
        [],
    )
    query = """query($g: ID!, $s: Int!, $m: JSON!, $v: Int) {
      validateMove(gameId: $g, seat: $s, move: $m, expectedVersion: $v) {
        __typename ... on MoveValid { version } ... on Rejected { code }
        ... on VersionConflict { currentVersion } } }"""
    valid = await api.gql(query, tokens[seat], g=game_id, s=seat, m=move, v=version)
    assert valid["validateMove"] == {"__typename": "MoveValid", "version": version}
    invalid = await api.gql(query, tokens[seat], g=game_id, s=seat, m={"type": "end_turn"})
    assert invalid["validateMove"] == {"__typename": "Rejected", "code": "ILLEGAL_MOVE"}
    stale = await api.gql(query, tokens[seat], g=game_id, s=seat, m=move, v=version - 1)
    assert stale["validateMove"]["__typename"] == "VersionConflict"
    assert (await api.game(game_id, "version"))["version"] == version
    real = await api.submit(game_id, seat, move, tokens[seat], id="dry")
    assert real["__typename"] == "MoveAccepted"
    assert real["dryRun"] is False


async def test_moves_after_the_end_are_refused(api: Api, api2: Api) -> None:
    game_id, tokens = await api.new_game()
    await play([api, api2], game_id, tokens, random.Random(7))
    game = await api.game(game_id, "status toAct result { scores winners }")
    assert game["status"] == "FINISHED"
    assert game["toAct"] == []
    for seat in (0, 1):
        assert await api.legal_moves(game_id, seat, tokens[seat]) == []
        result = await api.submit(game_id, seat, {"type": "end_turn"}, tokens[seat])
        assert result["code"] == "GAME_FINISHED"
