"""Views and event redaction (rules/trambahn.md Part A, hidden information; 1A.10)."""

from __future__ import annotations

import dataclasses

import pytest

from boardstate.engine.core.replay import start
from boardstate.engine.core.rng import Rng
from boardstate.engine.trambahn import RULES
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import Colour, TramKind
from boardstate.engine.trambahn.options import Options
from boardstate.engine.trambahn.state import State
from tests.engine.trambahn.fixtures import cards, line, table

VIEWERS = [0, 1, None]
HANDS = [("red-3", "blue-5"), ("green-7", "conductor", "yellow-1")]


def scene() -> State:
    return table(
        hands=HANDS,
        money=[("red-1", "red-2"), ("blue-9",)],
        draw=["green-1", "green-2", "green-3"],
        discard=["yellow-4"],
        terminals={"red": ["red-8"]},
        lines=[[line("red", 1, 5, tram="steam")], []],
        fahrten=[(6,), (0,)],
    )


@pytest.mark.rules("TB-26")
def test_a_hand_is_seen_only_by_its_owner() -> None:
    state = table(hands=HANDS)
    assert [p["hand"] for p in RULES.view(state, 0)["players"]] == [["red-3", "blue-5"], None]
    assert [p["hand"] for p in RULES.view(state, 1)["players"]] == [None, list(HANDS[1])]
    assert [p["hand"] for p in RULES.view(state, None)["players"]] == [None, None]


@pytest.mark.rules("TB-26")
def test_hand_sizes_and_money_counts_are_public() -> None:
    state = table(hands=HANDS, money=[4, 9])
    for viewer in VIEWERS:
        players = RULES.view(state, viewer)["players"]
        assert [(p["hand_count"], p["money_count"]) for p in players] == [(2, 4), (3, 9)]


@pytest.mark.rules("TB-26")
def test_two_states_differing_only_in_the_other_players_hand_give_the_same_view() -> None:
    state = table(hands=HANDS)
    other = dataclasses.replace(
        state, players=(state.players[0], dataclasses.replace(state.players[1], hand=cards(3)))
    )
    assert RULES.view(state, 0) == RULES.view(other, 0)
    assert RULES.view(state, None) == RULES.view(other, None)
    assert RULES.view(state, 1) != RULES.view(other, 1)


@pytest.mark.rules("TB-26")
@pytest.mark.parametrize("viewer", VIEWERS)
def test_money_faces_are_seen_by_nobody(viewer: int | None) -> None:
    state = table(money=[("red-1", "red-2"), ("blue-9",)])
    players = (
        dataclasses.replace(state.players[0], money=("green-4", "yellow-10")),
        dataclasses.replace(state.players[1], money=("conductor",)),
    )
    assert RULES.view(state, viewer) == RULES.view(
        dataclasses.replace(state, players=players), viewer
    )


@pytest.mark.rules("TB-26")
@pytest.mark.parametrize("viewer", VIEWERS)
def test_the_draw_pile_order_is_seen_by_nobody_but_its_size_is_public(viewer: int | None) -> None:
    state = table(draw=["green-1", "green-2", "green-3"])
    shuffled = dataclasses.replace(state, draw_pile=("green-3", "blue-1", "green-2"))
    assert RULES.view(state, viewer) == RULES.view(shuffled, viewer)
    assert RULES.view(state, viewer)["draw_pile_count"] == 3


@pytest.mark.rules("TB-26")
def test_terminals_discard_pile_lines_trams_and_scores_are_public() -> None:
    seen = RULES.view(scene(), None)
    assert seen["terminals"] == {"blue": [], "red": ["red-8"], "green": [], "yellow": []}
    assert seen["discard_pile"] == ["yellow-4"]
    assert seen["tram_display"] == ["horse", "horse", "horse"]
    assert seen["players"][0]["lines"][0] == {
        "id": 1,
        "colour": "red",
        "values": [1, 5],
        "conductors": 0,
        "length": 2,
        "closed": False,
        "tram": "steam",
        "extra_tour_done": False,
        "vp": 1 + 2,
        "points": (1 + 2) * 3,
    }
    assert [(p["fahrten"], p["total"]) for p in seen["players"]] == [([6], 6), ([0], 0)]


@pytest.mark.rules("TB-26")
def test_a_finished_game_shows_no_active_seat() -> None:
    state = dataclasses.replace(table(), finished=True, end_reason="no_cards")
    seen = RULES.view(state, 0)
    assert (seen["active_seat"], seen["finished"], seen["end_reason"]) == (None, True, "no_cards")


@pytest.mark.rules("TB-26")
def test_drawn_cards_are_hidden_from_the_other_seat_and_spectators() -> None:
    drawn = ev.CardsDrawn(seat=0, cards=("red-3", "blue-5"))
    assert RULES.redact(drawn, 0) == drawn
    assert RULES.redact(drawn, 1) == ev.CardsDrawn(seat=0, cards=(None, None))
    assert RULES.redact(drawn, None) == ev.CardsDrawn(seat=0, cards=(None, None))


@pytest.mark.rules("TB-26")
def test_an_income_card_is_hidden_from_the_other_seat_and_spectators() -> None:
    taken = ev.IncomeTaken(seat=1, card="red-3")
    assert RULES.redact(taken, 1) == taken
    assert RULES.redact(taken, 0) == ev.IncomeTaken(seat=1, card=None)
    assert RULES.redact(taken, None) == ev.IncomeTaken(seat=1, card=None)


@pytest.mark.rules("TB-26")
@pytest.mark.parametrize("viewer", VIEWERS)
def test_shuffles_dealt_money_and_halved_money_are_hidden_from_everyone(viewer: int | None) -> None:
    hidden: list[tuple[ev.Event, ev.Event]] = [
        (ev.DeckShuffled(order=("red-3", "conductor")), ev.DeckShuffled(order=(None, None))),
        (ev.DiscardsReshuffled(order=("red-3",)), ev.DiscardsReshuffled(order=(None,))),
        (
            ev.MoneyDealt(seat=0, cards=("red-3", "red-4")),
            ev.MoneyDealt(seat=0, cards=(None, None)),
        ),
        (ev.MoneyHalved(seat=1, cards=("blue-2",)), ev.MoneyHalved(seat=1, cards=(None,))),
    ]
    assert [RULES.redact(event, viewer) for event, _ in hidden] == [r for _, r in hidden]


@pytest.mark.rules("TB-26")
@pytest.mark.parametrize("viewer", VIEWERS)
def test_public_events_are_not_redacted(viewer: int | None) -> None:
    public: list[ev.Event] = [
        ev.PassengerBoarded(seat=0, card="red-3", terminal=Colour.RED),
        ev.StationBuilt(seat=1, card="blue-4", line=2, new_line=True),
        ev.TramBought(seat=0, tram=TramKind.HORSE, line=1, paid=("red-1",) * 5),
        ev.LinesDismantled(seat=1, lines=(3,), cards=("conductor", "red-2")),
        ev.FahrtScored(
            number=1, colour=Colour.RED, points=(0, 0), lines=(), discarded=("red-1",) * 4
        ),
    ]
    assert [RULES.redact(event, viewer) for event in public] == public


@pytest.mark.rules("TB-26")
def test_redacting_the_set_up_keeps_every_count_and_shows_a_seat_only_its_own_hand() -> None:
    _, events = start(RULES, 2, Options(), Rng.for_decision("views", 0))
    redacted = [RULES.redact(e, 1) for e in events]
    hands = {e.seat: e.cards for e in redacted if isinstance(e, ev.CardsDrawn)}
    assert hands[0] == (None,) * 6
    assert len(hands[1]) == 6
    assert None not in hands[1]
    dealt = [e.cards for e in redacted if isinstance(e, ev.MoneyDealt)]
    assert sorted((len(c), set(c)) for c in dealt) == [(12, {None}), (15, {None})]
    assert RULES.events.encode(redacted[0]) == {"type": "DeckShuffled", "order": [None] * 120}
