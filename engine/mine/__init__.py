"""TF22 Mine (TF Verlag UG, 2013) for 2–4 players: rules/mine.md.

Where the rules are silent (rules/mine.md Part B §4), the recommended choice is the default and
every real choice is an option (`engine.mine.options`). Decisions made here beyond Part B:

* `choose_colour` is a move: Part A says colours are *chosen* in the order of §2.4 item 8 but
  names no move type; the last colour is given to the start player without a move.
* `swap_cards` with both cells `null` stops swapping early (the seed: "up to 2").
* Set-up swaps only exchange cards; faces, rots and Ranium stay (§2.4 item 7).
* The defender's free action may use either of the defender's crews (2 players), like any of
  his actions; it cannot be a steal, a trap or a secret tunnel (it is a 1-ore action).
* `CrewMoved` is emitted only when a crew changes cells (a delivery from the loader's own cell
  has no move to the loader; a steal won on the attacker's base camp has no move home).
* Colour choice happens after the swaps (seed: "Hiernach"); the symbol piles of standard mode
  are shuffled once all colours are taken (2 players: one pile of 10 per seat).
* Standard mode reshuffles an empty pile at the next reveal (the same as at once, but the
  shuffle happens when a card is needed).
* The re-spawn fallback cell is an inner-ring cell without Ranium (keeps ≤ 1 per cell, §2.7).
* `max_rounds = 0` (no limit) is the only setting not bounded by `INFO.max_game_length`.
"""

from boardstate.engine.mine.rules import RULES

__all__ = ["RULES"]
