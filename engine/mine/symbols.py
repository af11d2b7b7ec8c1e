"""Symbol cards (rules/mine.md Part B §2.10, §2.4 item 9; Part A hidden information).

* `standard`: a face-down pile per seat; a reveal takes the top card to the discard; an empty
  pile is made anew from all the seat's cards, shuffled, at the next reveal (seed).
* `chance`: a reveal is a uniformly random card out of all the seat's cards; nothing is used up.
* `strategic`: the owner picks an unused card; once all are used, all are available again.

With 2 players each seat's pile merges both its colours' cards (§2.11).
"""

from __future__ import annotations

from boardstate.engine.core.cards import remove_one
from boardstate.engine.core.records import replace
from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine.components import COMPONENTS
from boardstate.engine.mine.options import SymbolMode
from boardstate.engine.mine.state import Player


def own_cards(player: Player) -> tuple[str, ...]:
    """Returns every symbol card of the seat's colours, sorted."""
    return tuple(sorted(c for colour in player.colours for c in COMPONENTS.symbol_cards(colour)))


def after_reveal(mode: SymbolMode, player: Player, card: str) -> Player:
    """Returns the seat's pile and discard after revealing `card` (for `evolve`)."""
    if mode is SymbolMode.CHANCE:
        return player
    pile = remove_one(player.pile, card)
    if mode is SymbolMode.STRATEGIC and not pile:
        # §2.10: once all cards are used they all become available again.
        return replace(player, pile=own_cards(player), discard=())
    return replace(player, pile=pile, discard=(*player.discard, card))


def reveal(out: Emitter, seat: int, purpose: fev.Purpose, rng: Rng) -> str:
    """Reveals `seat`'s next card in standard or chance mode; returns it."""
    player: Player = out.state.players[seat]
    if out.state.options.symbol_cards is SymbolMode.CHANCE:
        card = rng.choice(own_cards(player))
    else:
        if not player.pile:
            out.emit(fev.SymbolPileReshuffled(seat, order=rng.shuffle(own_cards(player))))
            player = out.state.players[seat]
        card = player.pile[0]
    out.emit(fev.SymbolCardRevealed(seat=seat, card=card, purpose=purpose))
    return card
