"""Hidden information stays hidden on every path: state, events, legalMoves, subscription, log.

Trambahn: a hand is seen only by its owner; the deck order and money faces by nobody, until
the game has ended (then the log and events are complete).
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import msgpack
import pytest

from tests.api.client import Api, GraphQLErrors, subscription
from tests.api.play import play
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

EVENTS = "events { edges { node { version type seat data } } }"
SETUP_EVENTS = 11


def draws(events: list[dict[str, Any]]) -> dict[int, list[Any]]:
    """Returns the cards of every `cards_drawn` event by drawing seat (all draws joined)."""
    out: dict[int, list[Any]] = {0: [], 1: []}
    for event in events:
        if event["type"] == "CardsDrawn":
            out[event["data"]["seat"]] += event["data"]["cards"]
    return out


def hidden(cards: list[Any]) -> bool:
    return bool(cards) and all(card is None for card in cards)


def visible(cards: list[Any]) -> bool:
    return bool(cards) and all(isinstance(card, str) for card in cards)


def assert_redacted_for(events: list[dict[str, Any]], viewer: int | None) -> None:
    by_seat = draws(events)
    for seat, cards in by_seat.items():
        assert (visible if seat == viewer else hidden)(cards), (seat, viewer, cards)
    for event in events:
        if event["type"] in ("DeckShuffled", "MoneyDealt"):
            key = "order" if event["type"] == "DeckShuffled" else "cards"
            assert hidden(event["data"][key]), event


def assert_complete(events: list[dict[str, Any]]) -> None:
    for seat_cards in draws(events).values():
        assert visible(seat_cards)
    shuffled = next(e for e in events if e["type"] == "DeckShuffled")
    assert visible(shuffled["data"]["order"])


@pytest.mark.rules("TB-26")
async def test_state_views_show_a_hand_to_its_owner_only(api: Api) -> None:
    game_id, tokens = await api.new_game()
    spectator = (await api.game(game_id, "state"))["state"]
    assert [p["hand"] for p in spectator["players"]] == [None, None]
    with_token = (await api.game(game_id, "state", token=tokens[0]))["state"]
    assert with_token == spectator
    for seat in (0, 1):
        view = (await api.game(game_id, f"state(seat: {seat})", token=tokens[seat]))["state"]
        assert len(view["players"][seat]["hand"]) == 6
        assert view["players"][1 - seat]["hand"] is None
        assert {**view, "players": None} == {**spectator, "players": None}
    for token in (None, tokens[1], "forged"):
        with pytest.raises(GraphQLErrors) as caught:
            await api.game(game_id, "state(seat: 0)", token=token)
        assert caught.value.codes == ["UNAUTHORIZED"]


async def test_legal_moves_need_the_seats_token_and_use_only_its_own_cards(api: Api) -> None:
    game_id, tokens = await api.new_game()
    seat = (await api.game(game_id, "toAct"))["toAct"][0]
    for token in (tokens[1 - seat], "forged"):
        with pytest.raises(GraphQLErrors) as caught:
            await api.legal_moves(game_id, seat, token)
        assert caught.value.codes == ["UNAUTHORIZED"]
    hand = (await api.game(game_id, f"state(seat: {seat})", token=tokens[seat]))["state"]
    own = set(hand["players"][seat]["hand"])
    moves = await api.legal_moves(game_id, seat, tokens[seat])
    cards = {p["card"] for m in moves if m["type"] == "board_passengers" for p in m["passengers"]}
    assert cards
    assert cards <= own
    assert await api.legal_moves(game_id, 1 - seat, tokens[1 - seat]) == []


async def test_events_are_redacted_for_the_caller(api: Api) -> None:
    game_id, tokens = await api.new_game()

    async def events(token: str | None, seat: int | None = None) -> list[dict[str, Any]]:
        selection = EVENTS if seat is None else EVENTS.replace("events", f"events(seat: {seat})")
        game = await api.game(game_id, selection, token=token)
        return [edge["node"] for edge in game["events"]["edges"]]

    spectator = await events(None)
    assert len(spectator) == SETUP_EVENTS
    assert [e["version"] for e in spectator] == list(range(1, SETUP_EVENTS + 1))
    assert_redacted_for(spectator, None)
    assert_redacted_for(await events("forged"), None)
    for seat in (0, 1):
        assert_redacted_for(await events(tokens[seat]), seat)
        assert_redacted_for(await events(tokens[seat], seat), seat)
    with pytest.raises(GraphQLErrors) as caught:
        await events(tokens[0], 1)
    assert caught.value.codes == ["UNAUTHORIZED"]


async def test_subscriptions_are_redacted_for_the_connection_token(
    api: Api, service: ServiceProcess
) -> None:
    game_id, tokens = await api.new_game()
    payloads: list[tuple[dict[str, Any], int | None]] = [
        ({}, None),
        ({"Authorization": f"Bearer {tokens[0]}"}, 0),
        ({"token": tokens[1]}, 1),
    ]
    for payload, viewer in payloads:
        async with subscription(service.ws_url, game_id, after=0, payload=payload) as feed:
            assert_redacted_for(await feed.take(SETUP_EVENTS), viewer)
    # a token that is no seat's is refused, never read as a spectator (as on every door:
    # tests/adversarial/test_stream_tokens.py)
    forged = {"token": "forged"}
    async with subscription(service.ws_url, game_id, after=0, payload=forged) as feed:
        with pytest.raises(GraphQLErrors) as raised:
            await feed.next()
    assert raised.value.errors[0]["extensions"]["code"] == "UNAUTHORIZED"


async def read_log(service: ServiceProcess, game_id: str, token: str | None = None) -> list[Any]:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(trust_env=False) as http:
        ndjson = await http.get(f"{service.url}/games/{game_id}/log", headers=headers)
        packed = await http.get(
            f"{service.url}/games/{game_id}/log",
            headers=headers | {"accept": "application/msgpack"},
        )
    assert ndjson.status_code == packed.status_code == 200
    assert ndjson.headers["content-type"].startswith("application/x-ndjson")
    assert packed.headers["content-type"].startswith("application/msgpack")
    lines = [json.loads(line) for line in ndjson.text.splitlines()]
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(packed.content)
    assert list(unpacker) == lines
    return lines


async def test_the_log_export_is_redacted_while_running_and_complete_after(
    api: Api, api2: Api, service: ServiceProcess
) -> None:
    game_id, tokens = await api.new_game()
    spectator = await read_log(service, game_id)
    assert set(spectator[0]) == {
        "version",
        "type",
        "v",
        "seat",
        "moveId",
        "data",
        "at",
        "stateHash",
    }
    assert_redacted_for(spectator, None)
    assert_redacted_for(await read_log(service, game_id, tokens[1]), 1)
    await play([api, api2], game_id, tokens, random.Random(11))
    finished = await read_log(service, game_id)
    assert_complete(finished)
    assert finished[-1]["type"] == "GameEnded"
    game = await api.game(game_id, EVENTS.replace("events", "events(first: 100)"))
    assert_complete([edge["node"] for edge in game["events"]["edges"]])


async def test_an_unknown_game_has_no_log(service: ServiceProcess) -> None:
    async with httpx.AsyncClient(trust_env=False) as http:
        response = await http.get(f"{service.url}/games/nope/log")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "GAME_NOT_FOUND"
