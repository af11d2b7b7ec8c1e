"""TF22 Mine's moves and events in words (`engine.core.describe`): cells by row and column
counted from the top left (1–6), crews by colour, symbol cards by colour, value and symbol,
loaders by number (1–3); hidden symbol cards counted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.describe import Namer, Words, listing, plural, scores, seat, seats
from boardstate.engine.mine.components import COMPONENTS
from boardstate.engine.mine.words_de import WORTE


def cell(at: Sequence[int]) -> str:
    return f"row {at[0] + 1}, column {at[1] + 1}"


def symbol_card(code: str) -> str:
    """`red-4` as "red 4 (square)"."""
    colour, _, value = code.rpartition("-")
    if not value.isdigit() or int(value) not in COMPONENTS.symbols:
        return "a symbol card"
    return f"{colour} {value} ({COMPONENTS.symbols[int(value)].value})"


def symbol_cards(codes: Sequence[str | None]) -> str:
    hidden = sum(1 for c in codes if c is None)
    named = [symbol_card(c) for c in codes if c is not None]
    return listing(named + ([plural(hidden, "hidden symbol card")] if hidden else []))


def crew(colour: Any) -> str:
    return f"the {colour.value} crew"


def loader(number: int) -> str:
    return f"loader {number + 1}"


_MANIPULATIONS = {"rotate": "rotates", "flip_long": "flips (long side)", "flip_short": "flips"}
_REASONS = {
    "move": "moves",
    "change_type": "changes tunnel",
    "secret_tunnel": "takes a secret tunnel",
    "transporter_trap": "springs a transporter trap",
    "to_loader": "goes to the loader",
    "back_to_base": "goes back to base",
}


def _swap(move: Any, n: Namer) -> str:
    if move.a is None or move.b is None:
        return "stop swapping cards"
    return f"swap the cards at {n['a']} and {n['b']}"


def _free(move: Any, _: Namer) -> str:
    chosen = [WORDS.describe(action) for action in move.actions()]
    return "free action: " + listing([c[:1].lower() + c[1:] for c in chosen])


def _placed(item: Any, n: Namer) -> str:
    who = f"{n['seat']} places" if hasattr(item, "seat") else "place"
    with_card = f", with {symbol_card(item.card)}" if getattr(item, "card", None) else ""
    return f"{who} a Ranium at {n['cell']}{with_card}"


def _fight(event: Any, n: Namer) -> str:
    winner = {"attacker": "the attacker wins", "defender": "the defender wins"}
    outcome = winner.get(event.winner.value, "a tie")
    return (
        f"fight: {symbol_card(event.attacker_card)} ({event.attacker_score}) against "
        f"{symbol_card(event.defender_card)} ({event.defender_score}); {outcome}"
    )


def _over(event: Any, _: Namer) -> str:
    points = scores(event.points)
    return f"game over ({event.reason.replace('_', ' ')}): {points}; {seats(event.winners)} won"


OPTIONS = {
    "require_open_edges": (
        "Open edges to move",
        "Whether a crew moves only between cards whose tunnel openings meet.",
    ),
    "change_type_needs_open_edges": (
        "Open edges to change tunnel",
        "Whether changing to the other tunnel needs openings that meet.",
    ),
    "loader_needs_opening": (
        "Opening towards the loader",
        "Whether the delivering cell must open towards the loader.",
    ),
    "allow_forfeit_ore": (
        "Give up ore",
        "House rule: a player may give up the rest of the turn's ore.",
    ),
    "setup_swaps": (
        "Swaps at setup",
        "How many pairs of ring cards the start player may swap before the game.",
    ),
    "symbol_cards": (
        "Symbol cards",
        "How fight cards are drawn: from the face-down pile, by chance from all five, or chosen in"
        " secret.",
    ),
    "centre": (
        "Centre colours",
        "The colours of the four centre cards, clockwise from the top left.",
    ),
    "loaders": (
        "Loader positions",
        "Where the three loaders start on the outer ring.",
    ),
    "max_rounds": (
        "Round limit",
        "House rule: the game also ends on points after this many rounds (0: no limit, the printed"
        " game).",
    ),
}
"""Each `createGame` option's title and description (`Words.options`)."""


WORDS = Words(
    options=OPTIONS,
    names={
        "cell": cell,
        "to": cell,
        "a": cell,
        "b": cell,
        "crew": crew,
        "target": crew,
        "victim": crew,
        "attacker": crew,
        "defender": crew,
        "colour": lambda c: c.value,
        "loader": loader,
        "card": symbol_card,
        "cards": symbol_cards,
        "seats": seats,
        "attacker_seat": seat,
        "defender_seat": seat,
        "way": lambda w: "forward" if w.value == "forward" else "back",
        "manipulation": lambda m: _MANIPULATIONS.get(m.value, m.value),
        "reason": lambda r: _REASONS.get(r.value, r.value.replace("_", " ")),
    },
    missing={"card": "a hidden symbol card"},
    phrases={
        "swap_cards": _swap,
        "choose_colour": "choose the {colour} crew",
        "rotate": "rotate the card at {cell}",
        "flip_long": "flip the card at {cell} along its long side",
        "flip_short": "flip the card at {cell}",
        "move": "move {crew} to {to}",
        "change_type": "move {crew} into the other tunnel at {to}",
        "collect": "collect Ranium with {crew}",
        "steal": "steal Ranium from {target} with {crew}",
        "move_loader": "move {loader} {way}",
        "deliver": "deliver {units} Ranium from {crew} to {loader}",
        "transporter_trap": "use a transporter trap to send {crew} to {to}",
        "secret_tunnel": "take a secret tunnel with {crew} to {to}",
        "forfeit_ore": "give up the remaining ore",
        "commit_symbol_card": "choose {card} for the fight",
        "place_ranium": _placed,
        "free_action": _free,
        "OreSpent": "{seat} spends {ore} ore",
        "OreForfeited": "{seat} gives up {ore} ore",
        "CardTurned": "{seat} {manipulation} the card at {cell}",
        "CrewMoved": "{crew} {reason} to {to}",
        "RaniumCollected": "{crew} collects Ranium at {cell}",
        "LoaderMoved": lambda e, n: f"{n['loader']} moves to dock {e.position + 1}",
        "RaniumDelivered": "{seat} delivers {units} Ranium with {crew} to {loader} "
        "for {points} points",
        "RespawnStarted": "{seat} must place {units} delivered Ranium again",
        "RaniumPlaced": _placed,
        "GameOver": _over,
        "FightStarted": "{attacker} ({attacker_seat}) attacks {defender} ({defender_seat})",
        "SymbolPileReshuffled": "{seat}'s symbol cards are reshuffled",
        "SymbolCardRevealed": "{seat} reveals {card} for the {purpose}",
        "SymbolCardCommitted": "{seat} chooses {card}",
        "CommitmentsRevealed": "the chosen cards are revealed: {cards}",
        "FightResolved": _fight,
        "RaniumStolen": "{crew} steals Ranium from {victim}",
        "FreeActionGranted": "{seat} wins a free action",
        "FreeActionTaken": "{seat} takes the free action",
        "CrewPlaced": "{crew} starts at {cell}",
        "MineLaidOut": lambda e, _: (
            f"the mine is laid out: {len(e.grid)} cards, "
            f"{plural(len(e.crews), 'crew')} and {len(e.ranium)} Ranium"
        ),
        "StartPlayerChosen": "{seat} starts",
        "CardsSwapped": "{seat} swaps the cards at {a} and {b}",
        "ColourChoiceStarted": lambda e, _: f"the crews are chosen in the order {seats(e.order)}",
        "ColourChosen": "{seat} takes the {colour} crew",
        "SymbolPilesShuffled": lambda e, _: f"{plural(len(e.piles), 'symbol pile')} are shuffled",
        "TurnStarted": "{seat}'s turn in round {round}",
    },
    translations={"de": WORTE},
)
