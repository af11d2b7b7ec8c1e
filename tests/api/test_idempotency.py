"""Move ids are scoped to (game, seat) and bound to the move they were accepted for (architecture §5)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.client import Api

pytestmark = pytest.mark.redis


async def turn(api: Api, game_id: str) -> tuple[int, int]:
    game = await api.game(game_id, "version toAct")
    return game["version"], game["toAct"][0]


async def first_legal(api: Api, game_id: str, seat: int, token: str) -> Any:
    return (await api.legal_moves(game_id, seat, token))[0]


async def test_two_seats_using_the_same_move_id_both_get_recorded(api: Api) -> None:
    game_id, tokens = await api.new_game()
    version, first_seat = await turn(api, game_id)
    move = await first_legal(api, game_id, first_seat, tokens[first_seat])
    mine = await api.submit(game_id, first_seat, move, tokens[first_seat], v=version, id="same")
    assert mine["__typename"] == "MoveAccepted"
    version, seat = await turn(api, game_id)
    while seat == first_seat:  # finish the first seat's turn under generated ids
        move = await first_legal(api, game_id, seat, tokens[seat])
        assert (await api.submit(game_id, seat, move, tokens[seat]))["__typename"] == "MoveAccepted"
        version, seat = await turn(api, game_id)
    move = await first_legal(api, game_id, seat, tokens[seat])
    theirs = await api.submit(game_id, seat, move, tokens[seat], v=version, id="same")
    assert theirs["__typename"] == "MoveAccepted", theirs
    assert theirs["version"] > version
    assert {(e["seat"], e["moveId"]) for e in theirs["events"]} == {(seat, "same")}
    assert (await api.game(game_id, "version"))["version"] == theirs["version"]


async def test_the_same_move_id_with_another_move_is_refused_and_appends_nothing(
    api: Api,
) -> None:
    game_id, tokens = await api.new_game()
    _, seat = await turn(api, game_id)
    moves = await api.legal_moves(game_id, seat, tokens[seat])
    assert len(moves) > 1
    first = await api.submit(game_id, seat, moves[0], tokens[seat], id="k")
    assert first["__typename"] == "MoveAccepted"
    after = (await api.game(game_id, "version"))["version"]
    for move in (moves[1], {"type": "fly"}):
        reused = await api.submit(game_id, seat, move, tokens[seat], id="k")
        assert reused["__typename"] == "Rejected"
        assert reused["code"] == "IDEMPOTENCY_KEY_REUSED"
        assert reused["details"]["moveId"] == "k"
    assert (await api.game(game_id, "version"))["version"] == after
    # The same submission is still the original one.
    again = await api.submit(game_id, seat, moves[0], tokens[seat], id="k")
    assert again == first


async def test_a_retry_with_another_expected_version_is_refused(api: Api) -> None:
    game_id, tokens = await api.new_game()
    version, seat = await turn(api, game_id)
    move = await first_legal(api, game_id, seat, tokens[seat])
    first = await api.submit(game_id, seat, move, tokens[seat], v=version, id="ev")
    assert first["__typename"] == "MoveAccepted"
    for other in (version - 1, first["version"], None):
        kwargs = {} if other is None else {"v": other}
        reused = await api.submit(game_id, seat, move, tokens[seat], id="ev", **kwargs)
        assert reused["__typename"] == "Rejected", (other, reused)
        assert reused["code"] == "IDEMPOTENCY_KEY_REUSED"
    assert await api.submit(game_id, seat, move, tokens[seat], v=version, id="ev") == first
    assert (await api.game(game_id, "version"))["version"] == first["version"]


async def test_a_move_id_must_be_printable(api: Api) -> None:
    game_id, tokens = await api.new_game()
    version, seat = await turn(api, game_id)
    move = await first_legal(api, game_id, seat, tokens[seat])
    for bad in ("", "x" * 129, "line\nbreak", "nul\x00"):
        result = await api.submit(game_id, seat, move, tokens[seat], id=bad)
        assert result["code"] == "MALFORMED_MOVE", (bad, result)
    assert (await api.game(game_id, "version"))["version"] == version
