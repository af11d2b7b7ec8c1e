"""Stealing Ranium: the fight (rules/mine.md Part B §2.8, §2.10 standard and chance modes;
§4 Q10): symbol-card value minus own Ranium; the attacker takes one and goes home, the
defender earns a free 1-ore action, a tie does nothing."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE, MALFORMED_MOVE, NOT_YOUR_TURN
from boardstate.engine.mine import RULES
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.state import State
from tests.engine.mine.fixtures import (
    crew,
    kinds,
    legal,
    of_type,
    play,
    redacted,
    refused,
    table,
)

W, R = Colour.WHITE, Colour.RED
STEAL = {"type": "steal", "crew": "white", "target": "red"}


def fight(white: str, red: str, *, w: int = 0, r: int = 1) -> tuple[State, list[ev.Event]]:
    """White (seat 0) attacks red (seat 1) on (0,0), with these top cards and Ranium."""
    state = table(
        crews={"W": (0, 0), "R": (0, 0)},
        stock={"W": w, "R": r},
        ranium=[(1, 1), (1, 4)][: 4 - w - r],
        piles=[[white, "white-4"], [red, "red-4"], ["blue-2"], ["yellow-2"]],
    )
    return play(state, 0, STEAL)


@pytest.mark.rules("MN-34")
def test_both_fighters_reveal_the_top_card_of_their_own_pile() -> None:
    _, events = fight("white-5", "red-3")
    assert kinds(events)[:4] == [
        "OreSpent",
        "FightStarted",
        "SymbolCardRevealed",
        "SymbolCardRevealed",
    ]
    assert events[1] == fev.FightStarted(W, R, 0, 1)
    assert of_type(events, fev.SymbolCardRevealed) == [
        fev.SymbolCardRevealed(0, "white-5", fev.Purpose.FIGHT),
        fev.SymbolCardRevealed(1, "red-3", fev.Purpose.FIGHT),
    ]


@pytest.mark.rules("MN-34")
def test_each_score_is_the_card_value_minus_the_fighters_own_ranium() -> None:
    _, events = fight("white-6", "red-5", w=2, r=1)
    assert of_type(events, fev.FightResolved) == [
        fev.FightResolved("white-6", "red-5", 4, 4, fev.Winner.TIE)
    ]


@pytest.mark.rules("MN-35")
def test_a_winning_attacker_takes_one_ranium_and_goes_back_to_its_base_camp() -> None:
    after, events = fight("white-5", "red-3", r=2)
    assert of_type(events, fev.FightResolved)[0].winner is fev.Winner.ATTACKER
    assert kinds(events)[-2:] == ["RaniumStolen", "CrewMoved"]
    assert (crew(after, "W").stock, crew(after, "R").stock) == (1, 1)
    assert crew(after, "W").cell == (2, 2)
    assert crew(after, "R").cell == (0, 0)


@pytest.mark.rules("MN-34")
def test_revealed_cards_are_discarded() -> None:
    after, _ = fight("white-5", "red-3")
    assert after.players[0].pile == ("white-4",)
    assert after.players[0].discard == ("white-5",)
    assert after.players[1].discard == ("red-3",)


@pytest.mark.rules("MN-36")
def test_a_winning_defender_owes_a_free_one_ore_action_and_the_turn_waits() -> None:
    after, events = fight("white-2", "red-6")
    assert events[-1] == fev.FreeActionGranted(seat=1)
    assert RULES.to_act(after) == {1}
    assert refused(after, 0, {"type": "rotate", "cell": [0, 0]}).code == NOT_YOUR_TURN
    moves = legal(after, 1)
    assert moves
    assert all(m["type"] == "free_action" for m in moves)


@pytest.mark.rules("MN-36")
def test_the_free_action_costs_the_active_player_no_ore_and_then_the_turn_goes_on() -> None:
    after, _ = fight("white-2", "red-6")
    free = {"type": "free_action", "rotate": {"cell": [4, 4]}}
    done, events = play(after, 1, free)
    assert kinds(events) == ["FreeActionTaken", "CardTurned"]
    assert events[1] == ev.CardTurned(
        1, (4, 4), ev.Manipulation.ROTATE, done.placement((4, 4)).face, 180
    )
    assert done.ore == 3
    assert RULES.to_act(done) == {0}


@pytest.mark.rules("MN-36")
def test_the_free_action_is_carried_out_with_the_defenders_own_crew() -> None:
    after, _ = fight("white-2", "red-6")
    mine = {"type": "free_action", "collect": None, "move": None}
    assert refused(after, 1, mine).code == MALFORMED_MOVE
    theirs = {"type": "free_action", "collect": {"crew": "white"}}
    assert refused(after, 1, theirs).details["rule"] == "own_crew"


@pytest.mark.rules("MN-36")
def test_the_free_action_cannot_be_a_steal_or_an_action_costing_more_ore() -> None:
    after, _ = fight("white-2", "red-6", w=1)
    steal = {"type": "steal", "crew": "red", "target": "white"}
    error = refused(after, 1, steal)
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "free_action")
    tunnel = {"type": "secret_tunnel", "crew": "red", "to": [0, 1]}
    assert refused(after, 1, tunnel).details["rule"] == "free_action"
    assert all("steal" not in m for m in legal(after, 1))


@pytest.mark.rules("MN-36")
def test_an_unwrapped_action_does_not_answer_the_free_action() -> None:
    after, _ = fight("white-2", "red-6")
    error = refused(after, 1, {"type": "rotate", "cell": [0, 0]})
    assert error.details["rule"] == "pending"


@pytest.mark.rules("MN-36")
def test_a_free_action_names_exactly_one_action() -> None:
    after, _ = fight("white-2", "red-6")
    two = {"type": "free_action", "rotate": {"cell": [0, 0]}, "flip_long": {"cell": [0, 0]}}
    assert refused(after, 1, two).code == MALFORMED_MOVE
    assert refused(after, 1, {"type": "free_action"}).code == MALFORMED_MOVE


@pytest.mark.rules("MN-35")
def test_a_tie_does_nothing() -> None:
    after, events = fight("white-3", "red-4")
    assert of_type(events, fev.FightResolved)[0].winner is fev.Winner.TIE
    assert kinds(events)[-1] == "FightResolved"
    assert (crew(after, "W").stock, crew(after, "R").stock) == (0, 1)
    assert RULES.to_act(after) == {0}


@pytest.mark.rules("MN-37")
def test_an_empty_pile_is_made_anew_from_all_cards_in_a_hidden_order() -> None:
    state = table(
        crews={"W": (0, 0), "R": (0, 0)},
        stock={"R": 1},
        ranium=[(1, 1), (1, 4), (4, 4)],
        piles=[[], ["red-3"], ["blue-2"], ["yellow-2"]],
        discards=[["white-2", "white-3", "white-4", "white-5", "white-6"]],
    )
    after, events = play(state, 0, STEAL)
    shuffled = of_type(events, fev.SymbolPileReshuffled)
    assert len(shuffled) == 1
    assert sorted(c for c in shuffled[0].order if c) == [f"white-{v}" for v in range(2, 7)]
    for viewer in (None, 0, 1):
        assert redacted(shuffled[0], viewer).order == (None,) * 5
    revealed = of_type(events, fev.SymbolCardRevealed)[0]
    assert revealed.card == shuffled[0].order[0]
    assert len(after.players[0].pile) == 4
    assert after.players[0].discard == (revealed.card,)


@pytest.mark.rules("MN-33")
def test_the_defender_must_be_an_opposing_crew_on_the_same_card() -> None:
    elsewhere = table(crews={"W": (0, 0), "R": (0, 1)}, stock={"R": 1})
    error = refused(elsewhere, 0, STEAL)
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "steal_target")
    itself = {"type": "steal", "crew": "white", "target": "white"}
    assert refused(table(stock={"W": 1}), 0, itself).details["rule"] == "steal_target"
    three = table(3, crews={"R": (0, 0)}, stock={"R": 1})
    no_white = {"type": "steal", "crew": "red", "target": "white"}
    assert refused(three, 0, no_white).details["rule"] == "steal_target"


@pytest.mark.rules("MN-33")
def test_the_defender_must_carry_ranium() -> None:
    state = table(crews={"W": (0, 0), "R": (0, 0)})
    error = refused(state, 0, STEAL)
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "steal_ranium")
    assert STEAL not in legal(state, 0)


@pytest.mark.rules("MN-33")
def test_a_steal_is_listed_for_every_opposing_crew_with_ranium_on_the_card() -> None:
    state = table(crews={"W": (0, 0), "R": (0, 0), "B": (0, 0)}, stock={"R": 1, "B": 2})
    steals = [m for m in legal(state, 0) if m["type"] == "steal"]
    assert steals == [STEAL, {"type": "steal", "crew": "white", "target": "blue"}]


@pytest.mark.rules("MN-40")
def test_in_chance_mode_every_reveal_is_a_random_card_of_all_the_owners_cards() -> None:
    seen = set()
    for seed in range(12):
        state = table(
            crews={"W": (0, 0), "R": (0, 0)},
            stock={"R": 1},
            ranium=[(1, 1), (1, 4), (4, 4)],
            options={"symbol_cards": "chance"},
        )
        after, events = play(state, 0, STEAL, seed=seed)
        card = of_type(events, fev.SymbolCardRevealed)[0].card
        seen.add(card)
        assert after.players[0].pile == state.players[0].pile
        assert after.players[0].discard == ()
    assert len(seen) > 2
    assert seen <= {f"white-{v}" for v in range(2, 7)}


@pytest.mark.rules("MN-33")
def test_a_crew_may_not_steal_from_its_partner_crew() -> None:
    state = table(2, crews={"W": (0, 0), "B": (0, 0)}, stock={"B": 1})
    partner = {"type": "steal", "crew": "white", "target": "blue"}
    assert refused(state, 0, partner).details["rule"] == "steal_target"
    assert partner not in legal(state, 0)
