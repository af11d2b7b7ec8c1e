"""The rules TF22 Mine cites when it refuses a move (rules/mine.md Part A, Part B §2.4–§2.11).

`illegal(rule, message)` builds the `IllegalMove` whose `details["rule"]` is a key of
`RULES_CITED`; `malformed` covers values the wire types cannot check (unknown symbol cards,
a `free_action` naming no or several actions).
"""

from __future__ import annotations

from boardstate.engine.core.cited import Citations
from boardstate.engine.core.echo import echo
from boardstate.engine.core.errors import MalformedMove
from boardstate.engine.mine.components import COMPONENTS
from boardstate.engine.mine.geometry import on_grid

RULES_CITED = {
    "phase": "§2.4: set-up (swaps, then colours) comes before play; each move has its phase",
    "pending": "Part A: while a decision of another kind is pending, only it may be answered",
    "swap_ring_cards": "§2.4 item 7: only the 32 ring cards may be swapped, two different ones",
    "colour_free": "§2.4 item 8 / §2.11: choose a colour in play that nobody has taken",
    "ore": "§2.5: an action may only be started if its cost is at most the ore left",
    "own_crew": "§2.5 item 3: crew actions act on the active player's own crew(s)",
    "move_network": "§2.6 item 4: the target lies in the crew's tunnel network",
    "move_somewhere": "§4 Q15: a move goes to another cell",
    "change_type": "§2.6 item 5 / Q4: one step onto an adjacent card of another type",
    "change_type_openings": "§2.6 item 5 / Q4: the openings of both cards must meet",
    "collect": "§2.6 item 6: a Ranium must lie on the crew's card",
    "steal_target": "§2.8 item 1: the defender is an opposing crew on the same card",
    "steal_ranium": "§2.6 item 7: the defender must hold at least one Ranium",
    "loader_blocked": "§2.6 item 8: loaders never share a position or jump each other",
    "deliver_stock": "§2.6 item 9: deliver 1 or 2 units, at most what the crew carries",
    "deliver_reach": "§2.6 item 9: the loader's cell is the crew's cell or in its network",
    "deliver_opening": "§2.6 item 9 / Q7: the loader's cell must open towards the loader",
    "trap_target": "§2.9: the trap needs at least one opposing crew on the crew's card",
    "trap_type": "§2.9: trapped crews go to one other card of this card's current type",
    "tunnel_type": "§2.9: the secret tunnel leads to another card of the same current type",
    "tunnel_ranium": "§2.9: the secret tunnel's target holds no Ranium",
    "free_action": "§2.8 item 4 / Q10: the free action is any 1-ore action except a steal",
    "symbol_card": "§2.10: strategic mode reveals one of your own unused symbol cards",
    "respawn_card": "§2.10: only strategic mode names the symbol card of a re-spawn",
    "respawn_symbol": "§2.7: the Ranium goes onto an empty card showing the revealed symbol",
    "respawn_fallback": "§2.7: with no such card, onto an inner-ring card without Ranium",
    "forfeit_ore": "§2.5: all 4 ore must be spent (unless the option allow_forfeit_ore is on)",
}


CITED = Citations(RULES_CITED)
illegal = CITED.illegal


def check_symbol_card(card: str) -> None:
    """Raises `MalformedMove` unless `card` is a symbol-card id (`"<colour>-<2..6>"`)."""
    if card not in COMPONENTS.all_symbol_cards:
        raise MalformedMove(
            f"unknown symbol card {echo(card)}: expected '<colour>-<value>', e.g. 'red-4'",
            {"card": card},
        )


def check_cell(cell: tuple[int, int]) -> None:
    """Raises `MalformedMove` unless `cell` lies in the 6×6 mine (for moves built in code)."""
    if not on_grid(cell):
        raise MalformedMove(f"cell {list(cell)} is outside the mine (rows, cols 0..5)")


def check_loader(loader: int) -> None:
    """Raises `MalformedMove` unless `loader` names one of the loaders (0, 1, 2)."""
    if not 0 <= loader < COMPONENTS.loaders:
        raise MalformedMove(f"unknown loader {loader}: loaders are 0..{COMPONENTS.loaders - 1}")
