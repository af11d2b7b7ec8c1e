"""A turn: `choose_card` (rules/trekking.md 1B.5–1B.7; Part A).

1. Choose one of the six display choices (spaces 1..5, or the deck's face-up top card, space 0)
   or an ancestor from the shared pool.
2. Pay: each crystal spent lowers the cost by 1 hour, never below 1 hour; the watch advances,
   at most to 12; landing exactly on 12 gains the punctuality bonus (3 PP). Payment comes
   first, so crystals gained this turn cannot pay for it.
3. Rewards: the card's tokens and crystals plus the display space's bonus (none for the deck
   top and for ancestors); a 1-hour ancestor gives 1 PP. Tokens go onto today's itinerary
   (`placement`), with their immediate PP, crystals and linked-group bonuses.
4. Trek: a history card continues the open trek if its year is later than the reference year
   (equal years too, Q-K7, option `equal_years`) or the trek holds no dated card; otherwise the
   open trek is closed and the card starts a new one. An ancestor always joins the open trek.
5. Refill (history cards only): the cards between the deck and the emptied space shift one
   space away from the deck and space 1 takes the deck's top card, revealing the next one; an
   empty deck leaves space 1 empty, so the display shrinks (Q-K6).
"""

from __future__ import annotations

from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import MalformedMove
from boardstate.engine.core.replay import Emitter
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking import moves as mv
from boardstate.engine.trekking.cited import illegal
from boardstate.engine.trekking.component_types import Card, HistoryCard
from boardstate.engine.trekking.components import COMPONENTS, Bonus, Colour
from boardstate.engine.trekking.days import settle
from boardstate.engine.trekking.options import EqualYears
from boardstate.engine.trekking.placement import (
    fill,
    first_bad_world_column,
    forced_tokens,
    place,
    world_count,
)
from boardstate.engine.trekking.state import Phase, PlayerState, State


def space_bonus(state: State, space: int | None) -> Bonus | None:
    """The bonus of display space `space` (1..5); none for the deck top (0) or an ancestor."""
    return None if not space else state.bonuses()[space - 1]


def continues_trek(state: State, player: PlayerState, card: Card) -> bool:
    """Whether `card` joins the open trek rather than closing it (1B.7, Q-K7)."""
    reference = player.reference_year
    if not isinstance(card, HistoryCard) or reference is None:
        return True
    if state.options.equal_years is EqualYears.CONTINUE:
        return card.year >= reference
    return card.year > reference


def _locate(state: State, card_id: str) -> tuple[Card, int | None]:
    """The chosen card and its space (0 = deck top, `None` = ancestor); raises if it is
    unknown (malformed), if turns have not begun, or if the card is not available."""
    if card_id not in COMPONENTS.cards and card_id not in COMPONENTS.ancestors:
        raise MalformedMove(
            f"unknown card {echo(card_id)}: expected a history card 'I-01'..'III-36' or an "
            "ancestor 'A-01'..'A-12'",
            {"card": card_id},
        )
    if state.phase is not Phase.TURNS:
        raise illegal("itinerary_first", "choose today's itinerary before taking a card")
    card = COMPONENTS.card(card_id)
    if isinstance(card, HistoryCard):
        space = state.space_of(card_id)
        if space is None:
            raise illegal(
                "card_available", f"{card_id} is neither in the display nor the deck's top card"
            )
        return card, space
    if card_id not in state.ancestors:
        raise illegal("card_available", f"ancestor {card_id} is not in the pool")
    return card, None


def _rewards(
    out: Emitter, seat: int, card: Card, space: int | None, columns: tuple[Colour, ...]
) -> None:
    """Step 3: the card's and the space's rewards; tokens onto today's itinerary."""
    state: State = out.state
    player = state.players[seat]
    bonus = space_bonus(state, space)
    if isinstance(card, HistoryCard):
        if card.crystals:
            out.emit(ev.CrystalsGained(seat, card.crystals, ev.Reason.CARD))
    elif card.pp:
        out.emit(ev.PrestigeGained(seat, card.pp, ev.Reason.ANCESTOR))
    if bonus is Bonus.CRYSTAL:
        out.emit(ev.CrystalsGained(seat, 1, ev.Reason.DISPLAY_SPACE))
    assert player.itinerary is not None
    tokens = forced_tokens(card, bonus)
    for placed in place(player.itinerary, player.filled, player.groups_done, tokens, columns):
        row = None if placed.row is None else placed.row + 1
        out.emit(ev.TokenPlaced(seat, placed.token, placed.column, row))
        if placed.pp:
            out.emit(ev.PrestigeGained(seat, placed.pp, ev.Reason.ITINERARY_SPACE))
        if placed.crystals:
            out.emit(ev.CrystalsGained(seat, placed.crystals, ev.Reason.ITINERARY_SPACE))
        for index, points in placed.groups:
            out.emit(ev.GroupCompleted(seat, index, points))


def _check_payment(player: PlayerState, card: Card, crystals: int) -> None:
    if crystals > player.crystals:
        raise illegal(
            "crystals_held",
            f"you hold {player.crystals} crystals, not {crystals}",
            held=player.crystals,
        )
    if card.hours - crystals < COMPONENTS.minimum_hours:
        raise illegal(
            "crystal_floor",
            f"{card.id} costs {card.hours}h: at most {card.hours - COMPONENTS.minimum_hours} "
            "crystals",
            hours=card.hours,
        )


def _check_world(
    state: State, player: PlayerState, card: Card, space: int | None, move: mv.ChooseCard
) -> None:
    count = world_count(card)
    if len(move.world_columns) != count:
        raise illegal(
            "world_columns",
            f"{card.id} brings {count} World token(s); name {count} column(s), "
            f"not {len(move.world_columns)}",
            expected=count,
        )
    after = fill(player.filled, forced_tokens(card, space_bonus(state, space)))
    bad = first_bad_world_column(after, move.world_columns)
    if bad is not None:
        index, colour = bad
        raise illegal(
            "world_free_column",
            f"World token {index + 1} cannot go to the full {colour.value} column",
            token=index,
        )


def choose_card(out: Emitter, seat: int, move: mv.ChooseCard) -> None:
    """One whole turn (steps 1–5), then `settle` (watches without a card, end of the day)."""
    state: State = out.state
    card, space = _locate(state, move.card)
    player = state.players[seat]
    _check_payment(player, card, move.crystals)
    _check_world(state, player, card, space, move)
    out.emit(ev.CardTaken(seat, card.id, space, move.crystals))
    hours = card.hours - move.crystals
    position = min(COMPONENTS.hours_per_day, player.hours + hours)
    out.emit(ev.WatchMoved(seat, hours, position, ev.Why.CARD))
    if player.hours + hours == COMPONENTS.hours_per_day:
        out.emit(ev.PrestigeGained(seat, COMPONENTS.punctuality_bonus, ev.Reason.PUNCTUALITY))
    _rewards(out, seat, card, space, move.world_columns)
    closed = not continues_trek(state, out.state.players[seat], card)
    out.emit(ev.CardAddedToTrek(seat, card.id, closed))
    if space is not None:
        out.emit(ev.DisplayRefilled(space, _new_top(out.state, space)))
    settle(out)


def _new_top(state: State, space: int) -> str | None:
    """The deck's face-up card after the refill of `space` (the card after the one moved)."""
    deck = state.deck
    index = 0 if space == 0 else 1
    return deck[index] if len(deck) > index else None
