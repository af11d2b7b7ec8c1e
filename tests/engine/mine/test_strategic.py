"""Strategic symbol-card mode (rules/mine.md Part A; Part B §2.10): fighters commit a card
secretly and simultaneously, revealed together; the owner picks among unused cards, which all
come back once used."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE, MALFORMED_MOVE, NOT_YOUR_TURN
from boardstate.engine.mine import RULES
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine.state import State
from tests.engine.mine.fixtures import crew, kinds, legal, of_type, play, redacted, refused, table

STEAL = {"type": "steal", "crew": "white", "target": "red"}


def commit(card: str) -> dict[str, object]:
    return {"type": "commit_symbol_card", "card": card}


def started(
    piles: Sequence[Sequence[str]] | None = None, discards: Sequence[Sequence[str]] = ()
) -> State:
    """White (seat 0) has attacked red (seat 1) on (0,0) in strategic mode."""
    state = table(
        crews={"W": (0, 0), "R": (0, 0)},
        stock={"R": 1},
        ranium=[(1, 1), (1, 4), (4, 4)],
        options={"symbol_cards": "strategic"},
        piles=piles,
        discards=discards,
    )
    after, events = play(state, 0, STEAL)
    assert kinds(events) == ["OreSpent", "FightStarted"]
    return after


@pytest.mark.rules("MN-41")
def test_a_strategic_steal_waits_for_both_fighters_to_commit() -> None:
    state = started()
    assert RULES.to_act(state) == {0, 1}
    assert legal(state, 0) == [commit(f"white-{v}") for v in range(2, 7)]
    assert legal(state, 1) == [commit(f"red-{v}") for v in range(2, 7)]
    assert legal(state, 2) == []


@pytest.mark.rules("MN-47")
def test_a_commitment_is_seen_by_its_owner_only_until_both_are_revealed() -> None:
    state, events = play(started(), 1, commit("red-6"))
    assert events == [fev.SymbolCardCommitted(seat=1, card="red-6")]
    committed = of_type(events, fev.SymbolCardCommitted)[0]
    assert redacted(committed, 1).card == "red-6"
    for viewer in (None, 0, 2):
        assert redacted(committed, viewer).card is None
    pending = RULES.view(state, 1)["pending"]
    assert pending["committed"] == [False, True]
    assert pending["commitments"] == [None, "red-6"]
    assert RULES.view(state, 0)["pending"]["commitments"] == [None, None]
    assert RULES.view(state, None)["pending"]["commitments"] == [None, None]
    assert RULES.to_act(state) == {0}


@pytest.mark.rules("MN-41")
def test_the_second_commitment_reveals_both_and_resolves_the_fight() -> None:
    state, _ = play(started(), 1, commit("red-6"))
    after, events = play(state, 0, commit("white-2"))
    assert kinds(events)[:3] == ["SymbolCardCommitted", "CommitmentsRevealed", "FightResolved"]
    assert events[1] == fev.CommitmentsRevealed(seats=(0, 1), cards=("white-2", "red-6"))
    assert of_type(events, fev.FightResolved)[0].winner is fev.Winner.DEFENDER
    assert after.players[0].discard == ("white-2",)
    assert "white-2" not in after.players[0].pile
    assert RULES.to_act(after) == {1}


@pytest.mark.rules("MN-41")
def test_a_fighter_commits_only_once() -> None:
    state, _ = play(started(), 0, commit("white-6"))
    for again in ("white-5", "white-6"):
        error = refused(state, 0, commit(again))
        assert error.code == NOT_YOUR_TURN
        assert error.details == {
            "seat": 0,
            "toAct": sorted(RULES.to_act(state)),
            "to_act": sorted(RULES.to_act(state)),
        }


@pytest.mark.rules("MN-41")
def test_only_an_unused_own_card_can_be_committed() -> None:
    state = started(
        discards=[["white-6"]], piles=[["white-2"], ["red-2"], ["blue-2"], ["yellow-2"]]
    )
    error = refused(state, 0, commit("white-6"))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "symbol_card")
    assert refused(state, 0, commit("red-2")).details["rule"] == "symbol_card"
    assert refused(state, 0, commit("green-9")).code == MALFORMED_MOVE


@pytest.mark.rules("MN-41")
def test_once_all_cards_are_used_they_all_become_available_again() -> None:
    state = started(
        piles=[["white-4"], ["red-3"], ["blue-2"], ["yellow-2"]],
        discards=[["white-2", "white-3", "white-5", "white-6"]],
    )
    state, _ = play(state, 1, commit("red-3"))
    after, _ = play(state, 0, commit("white-4"))
    assert after.players[0].pile == tuple(f"white-{v}" for v in range(2, 7))
    assert after.players[0].discard == ()


@pytest.mark.rules("MN-47")
def test_the_owner_sees_their_unused_cards_and_others_only_their_count() -> None:
    state = started()
    assert RULES.view(state, 0)["players"][0]["symbol_pile"] == [f"white-{v}" for v in range(2, 7)]
    assert RULES.view(state, 1)["players"][0]["symbol_pile"] is None
    assert RULES.view(state, None)["players"][0]["symbol_pile_count"] == 5


@pytest.mark.rules("MN-41")
def test_committing_outside_a_strategic_fight_is_refused() -> None:
    error = refused(table(options={"symbol_cards": "strategic"}), 0, commit("white-2"))
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "phase")


@pytest.mark.rules("MN-41")
def test_the_active_player_waits_while_the_commitments_are_open() -> None:
    state, _ = play(started(), 0, commit("white-6"))
    assert refused(state, 0, {"type": "rotate", "cell": [0, 0]}).code == NOT_YOUR_TURN
    error = refused(state, 1, {"type": "rotate", "cell": [0, 0]})
    assert error.details["rule"] == "pending"


@pytest.mark.rules("MN-41")
def test_an_attacker_winning_with_a_chosen_card_steals_as_in_standard_mode() -> None:
    state, _ = play(started(), 1, commit("red-2"))
    after, events = play(state, 0, commit("white-6"))
    assert kinds(events)[-2:] == ["RaniumStolen", "CrewMoved"]
    assert crew(after, "W").stock == 1
