"""Rewards and itinerary placement (rules/trekking.md 1B.5 step 3, 1B.6; Part A Q-K2, Q-K3,
Q-K5: tokens top-down by colour, World tokens wild, immediate PP and crystals, linked groups)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import BAD_OPTIONS, ILLEGAL_MOVE, MoveError
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.components import COLUMNS, COMPONENTS, Colour, Token
from tests.engine.trekking.fixtures import (
    FULL,
    at_space,
    card_moves,
    cards_where,
    column,
    full_but,
    no_world,
    of_type,
    on_top,
    play,
    refused,
    table,
    take,
    worlds,
)


def _single(colour: str) -> str:
    """A card with exactly one token, of `colour`, no World token and no crystal."""
    found = cards_where(
        lambda c: c.tokens.count(Token(colour)) == 1 and no_world(c) and not c.crystals
    )
    return found[0].id


def _space_with(kind: str) -> tuple[str, str, int]:
    """(itinerary, colour, row) of the first space giving PP or a crystal."""
    for it in COMPONENTS.itineraries.values():
        grid = it.pp if kind == "pp" else it.crystals
        for col, colour in enumerate(COLUMNS):
            for row, value in enumerate(grid[col]):
                if value:
                    return it.id, colour.value, row
    raise AssertionError(kind)


def _placed(events: list[ev.Event]) -> list[tuple[str, str, int | None]]:
    return [(e.token.value, e.column.value, e.row) for e in of_type(events, ev.TokenPlaced)]


@pytest.mark.rules("TK-14")
def test_each_token_goes_on_the_topmost_empty_space_of_its_colour() -> None:
    card = cards_where(lambda c: c.tokens.count(Token.RED) == 2 and no_world(c))[0]
    state = table(2, filled=[(1, 0, 0, 0)], **on_top(card.id))
    after, events = play(state, 0, take(card.id))
    reds = [p for p in _placed(events) if p[0] == "red"]
    assert reds == [("red", "red", 2), ("red", "red", 3)]
    assert after.players[0].filled[column("red")] == 3


@pytest.mark.rules("TK-13", "Q-K2")
def test_the_deck_top_choice_brings_only_the_cards_own_tokens() -> None:
    card = cards_where(lambda c: no_world(c) and not c.crystals)[0]
    state = table(2, **on_top(card.id))
    _, events = play(state, 0, take(card.id))
    assert [Token(t) for t, _, _ in _placed(events)] == list(card.tokens)
    assert not [
        e for e in of_type(events, ev.CrystalsGained) if e.reason is ev.Reason.DISPLAY_SPACE
    ]


@pytest.mark.rules("TK-13", "Q-K2")
@pytest.mark.parametrize(("space", "bonus"), [(1, "red"), (2, "blue"), (3, "yellow"), (4, "green")])
def test_a_display_space_adds_its_experience_token(space: int, bonus: str) -> None:
    card = cards_where(lambda c: no_world(c))[0]
    state = table(2, **at_space(card.id, space))
    _, events = play(state, 0, take(card.id))
    placed = _placed(events)
    assert len(placed) == len(card.tokens) + 1
    assert placed[-1][:2] == (bonus, bonus)
    assert of_type(events, ev.CardTaken)[0].space == space


@pytest.mark.rules("TK-13", "Q-K2")
def test_the_fifth_display_space_adds_a_time_crystal() -> None:
    card = cards_where(lambda c: no_world(c) and not c.crystals)[0]
    state = table(2, filled=[FULL], **at_space(card.id, 5))
    after, events = play(state, 0, take(card.id))
    assert ev.CrystalsGained(0, 1, ev.Reason.DISPLAY_SPACE) in events
    assert after.players[0].crystals == 2


@pytest.mark.rules("TK-25")
def test_the_display_bonuses_follow_the_option_when_one_is_given() -> None:
    card = cards_where(lambda c: no_world(c) and not c.crystals)[0]
    order = ["crystal", "green", "yellow", "blue", "red"]
    state = table(2, filled=[FULL], options={"display_bonuses": order}, **at_space(card.id, 1))
    _, events = play(state, 0, take(card.id))
    assert ev.CrystalsGained(0, 1, ev.Reason.DISPLAY_SPACE) in events
    assert [s["bonus"] for s in RULES.view(state, None)["display"]] == order


@pytest.mark.rules("TK-25")
def test_display_bonuses_must_name_each_bonus_once() -> None:
    with pytest.raises(MoveError) as info:
        RULES.parse_options({"display_bonuses": ["red", "red", "blue", "green", "crystal"]})
    assert info.value.code == BAD_OPTIONS


@pytest.mark.rules("TK-13")
def test_a_cards_crystal_goes_to_the_players_tank() -> None:
    card = cards_where(lambda c: c.crystals == 1 and no_world(c))[0]
    state = table(2, crystals=[0, 0], filled=[FULL], **on_top(card.id))
    after, events = play(state, 0, take(card.id))
    assert ev.CrystalsGained(0, 1, ev.Reason.CARD) in events
    assert after.players[0].crystals == 1


@pytest.mark.rules("TK-13", "Q-K3")
def test_a_one_hour_ancestor_gives_one_pp_and_no_space_bonus() -> None:
    state = table(2, ancestors=["A-01", "A-07"])
    after, events = play(state, 0, take("A-01"))
    assert of_type(events, ev.CardTaken) == [ev.CardTaken(0, "A-01", None, 0)]
    assert ev.PrestigeGained(0, 1, ev.Reason.ANCESTOR) in events
    assert not of_type(events, ev.TokenPlaced)
    assert after.players[0].pp == 1
    assert after.hours[0] == 1
    assert after.ancestors == ("A-07",)


@pytest.mark.rules("TK-13", "Q-K3")
def test_a_two_hour_ancestor_gives_one_world_token() -> None:
    state = table(2, ancestors=["A-01", "A-07"])
    after, events = play(state, 0, take("A-07", world=["yellow"]))
    assert _placed(events) == [("world", "yellow", 1)]
    assert after.hours[0] == 2
    assert after.players[0].filled == (0, 0, 1, 0)


@pytest.mark.rules("TK-14")
@pytest.mark.parametrize("kind", ["pp", "crystal"])
def test_covering_a_reward_space_gains_its_reward_at_once(kind: str) -> None:
    itinerary, colour, row = _space_with(kind)
    layout = COMPONENTS.itineraries[itinerary]
    card = _single(colour)
    state = table(2, itineraries=[itinerary], filled=[full_but(colour, row)], **on_top(card))
    after, events = play(state, 0, take(card))
    placed = of_type(events, ev.TokenPlaced)
    hit = next(e for e in placed if e.row is not None)
    assert (hit.column.value, hit.row) == (colour, row + 1)
    follow = events[events.index(hit) + 1]
    if kind == "pp":
        points = layout.pp[column(colour)][row]
        assert follow == ev.PrestigeGained(0, points, ev.Reason.ITINERARY_SPACE)
    else:
        assert follow == ev.CrystalsGained(0, 1, ev.Reason.ITINERARY_SPACE)
        assert after.players[0].crystals == 2


def _group_setup() -> tuple[str, int, str, tuple[int, ...], int]:
    """(itinerary, group index, colour of the last space, fill, bonus) for a group one token
    short of complete."""
    it = next(iter(COMPONENTS.itineraries.values()))
    index, group = 0, it.groups[0]
    col, row = max(group.spaces, key=lambda s: s[1])
    fill = tuple(row if c == col else 4 for c in range(4))
    return it.id, index, COLUMNS[col].value, fill, group.pp


@pytest.mark.rules("TK-14")
def test_covering_the_last_space_of_a_linked_group_gains_its_bonus_at_once() -> None:
    itinerary, index, colour, fill, bonus = _group_setup()
    card = _single(colour)
    state = table(2, itineraries=[itinerary], filled=[fill], **on_top(card))
    after, events = play(state, 0, take(card))
    assert ev.GroupCompleted(0, index, bonus) in events
    assert index in after.players[0].groups_done


@pytest.mark.rules("TK-14")
def test_a_linked_group_bonus_is_gained_only_once() -> None:
    itinerary, index, colour, fill, _ = _group_setup()
    first, second = cards_where(
        lambda c: c.tokens.count(Token(colour)) == 1 and no_world(c) and not c.crystals, day=1
    )[:2]
    state = table(2, itineraries=[itinerary], filled=[fill], hours=[0, 11], **on_top(first.id))
    state, _ = play(state, 0, take(first.id))
    assert state.space_of(second.id) is not None
    _, events = play(state, 0, take(second.id))
    assert [e.group for e in of_type(events, ev.GroupCompleted)].count(index) == 0


@pytest.mark.rules("Q-K5")
def test_a_token_whose_column_is_full_is_lost() -> None:
    card = _single("blue")
    state = table(2, filled=[full_but("red", 0)], **on_top(card))
    after, events = play(state, 0, take(card))
    assert ("blue", "blue", None) in _placed(events)
    assert after.players[0].filled[column("blue")] == 4


@pytest.mark.rules("TK-15")
def test_a_world_token_goes_to_the_column_the_player_names() -> None:
    card = cards_where(lambda c: worlds(c) == 1 and Token.GREEN not in c.tokens)[0]
    state = table(2, **on_top(card.id))
    after, events = play(state, 0, take(card.id, world=["green"]))
    assert _placed(events)[-1] == ("world", "green", 1)
    assert after.players[0].filled[column("green")] == 1


@pytest.mark.rules("Q-K5")
def test_a_world_token_must_go_to_a_column_with_a_free_space_if_one_exists() -> None:
    card = cards_where(lambda c: worlds(c) == 1)[0]
    state = table(2, filled=[full_but("yellow", 0)], **on_top(card.id))
    error = refused(state, 0, take(card.id, world=["red"]))
    assert error.code == ILLEGAL_MOVE
    assert error.details["rule"] == "world_free_column"


@pytest.mark.rules("TK-15")
def test_a_world_token_is_placed_after_the_cards_coloured_tokens() -> None:
    card = cards_where(lambda c: worlds(c) == 1 and c.tokens.count(Token.RED) == 1)[0]
    assert Token.BLUE not in card.tokens
    fill = (3, 3, 4, 4)
    state = table(2, filled=[fill], **on_top(card.id))
    # The red token fills the last red space first, so the World token must go to blue.
    assert refused(state, 0, take(card.id, world=["red"])).details["rule"] == "world_free_column"
    _, events = play(state, 0, take(card.id, world=["blue"]))
    assert _placed(events)[-1] == ("world", "blue", 4)


@pytest.mark.rules("Q-K5")
def test_a_world_token_may_go_to_any_column_when_all_are_full_and_is_lost() -> None:
    card = cards_where(lambda c: worlds(c) == 1)[0]
    state = table(2, filled=[FULL], **on_top(card.id))
    listed = {m.world_columns for m in card_moves(state, 0) if m.card == card.id}
    assert listed == {(c,) for c in Colour}
    _, events = play(state, 0, take(card.id, world=["red"]))
    assert _placed(events)[-1] == ("world", "red", None)


@pytest.mark.rules("TK-15")
def test_each_world_token_needs_exactly_one_column() -> None:
    card = cards_where(lambda c: worlds(c) == 1)[0]
    plain = cards_where(no_world)[0]
    state = table(2, **on_top(card.id))
    for columns in ([], ["red", "blue"]):
        error = refused(state, 0, take(card.id, world=columns))
        assert error.code == ILLEGAL_MOVE
        assert error.details["rule"] == "world_columns"
    state = table(2, **on_top(plain.id))
    assert refused(state, 0, take(plain.id, world=["red"])).details["rule"] == "world_columns"


@pytest.mark.rules("Q-K12")
def test_crystals_and_tokens_are_unlimited_so_a_crystal_is_gained_beyond_the_retail_twenty() -> (
    None
):
    card = cards_where(lambda c: c.crystals == 1 and no_world(c))[0]
    state = table(2, crystals=[20, 20], filled=[FULL], **on_top(card.id))
    after, events = play(state, 0, take(card.id))
    assert ev.CrystalsGained(0, 1, ev.Reason.CARD) in events
    assert [p.crystals for p in after.players] == [21, 20]
