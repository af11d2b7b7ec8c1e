"""The Tinners' Trail rules object: the decider protocol of `engine.core.rules`.

Rules contract: rules/tinners_trail.md (Part A binding). Where the rules are silent this engine
decides as follows (options where the choice is real, Part A's answer being the default):

* Q3 time-track rows: a token takes the topmost free row of its column (option `track_ties`:
  `last_arrival_first` stacks a newcomer on top instead, Thebes-style). Column 0 is the Order of
  Play: its tokens act first, in this round's starting order; passes fill a separate pass order.
* Q7 prices: round and top/bottom adjustments stack, then clamp (option `price_adjustments`).
* Q8 investments: a pass is not final; a full circuit of consecutive passes ends the phase
  (option `investment_pass: final`). A seat with no legal investment passes automatically.
* Q9 steam pumps: the stack is used at once, one `pump_water` choice per token (or
  `stop_pumping`); nothing else can happen in between. A stack is named by its size.
* Auctions: `build_mine` names the area, then the opener's opening `bid`; seats are clockwise in
  seat order; bids are capped by the bidder's money, which bounds every auction.
* Arsenic: the calciner is offered to the auction winner after the area's dice roll; selling
  with no arsenic is illegal; held arsenic is kept from round to round and scores nothing.
* Ports, railways and miners may go into any eligible area (also unseeded ones and other
  players' mine areas); adits on any free border. Phase 6 is skipped after round 4.
* Phase 6 (B §1.13 as corrected, rules 2.0.0): the opener's roll is an event of the move that
  made it owe the choice; the choice (`open_area`) then names the area, knowing the faces.
* End: VP of investment cubes; a tie goes to the tied seat earliest in round 4's pass order, so
  there is always a single winner.
"""

from __future__ import annotations

import dataclasses

from boardstate.engine.core.rules import GameInfo, GameRules
from boardstate.engine.core.stand_in import StandIn
from boardstate.engine.core.variants import OptionVariant, PlayerCountVariant, Variants
from boardstate.engine.tinners_trail import (
    bots,
    cited,
    decide,
    evolve,
    legal,
    scoring,
    setup,
    turns,
    view,
    view_schema,
)
from boardstate.engine.tinners_trail.components import COMPONENTS, DATA
from boardstate.engine.tinners_trail.events import EVENTS, Event
from boardstate.engine.tinners_trail.moves import MOVES, Move
from boardstate.engine.tinners_trail.options import Options
from boardstate.engine.tinners_trail.state import State
from boardstate.engine.tinners_trail.words import WORDS

MIN_PLAYERS = min(COMPONENTS.players[0], *COMPONENTS.variant_players)
MAX_PLAYERS = max(COMPONENTS.players[1], *COMPONENTS.variant_players)


def max_game_length(players: int = MAX_PLAYERS) -> int:
    """An upper bound on accepted moves, from the component data.

    * Money: start money, a pasty per time point, every ore cube that can ever be on the board
      (printed cubes plus the best tin and copper faces once per area) at the best price, and
      every arsenic cube (one calciner per player: its area and each neighbour) at the best
      market value. No player can ever hold more.
    * Auctions: each places a mine in an area without one and mines never leave, so at most one
      per area; in each, the opener's move, bids that strictly rise and never exceed a bidder's
      money, one pass per seat, and the calciner decision.
    * Other actions cost at least 1 time point (at most 10 per round), a pump action adds one
      move per token and a stop; one pass per player and round; each arsenic process moves the
      limiter left and it cannot pass column 1, so at most 10 per player.
    * Investments: at most 2 cubes on each space of the round's row, with at most a full circuit
      of passes between them and after the last; two areas opened per round.
    """
    c = COMPONENTS
    ore = sum(a.printed_tin + a.printed_copper for a in c.areas)
    ore += len(c.areas) * (max(c.dice["tin"]) + max(c.dice["copper"]))
    degree = max(len(a.neighbours) for a in c.areas)
    arsenic = players * (c.calciner_area + c.calciner_neighbours * degree)
    best_price = max(max(c.prices["tin"]), max(c.prices["copper"]))
    money = players * (c.start_money + c.rounds * c.time_points * c.pasty_income)
    money += ore * best_price + arsenic * max(v for _, v in c.market_spaces)
    auctions = len(c.areas) * (1 + money + players + 1)
    actions = players * c.rounds * (c.time_points * (1 + max(c.pump_stacks) + 1) + 1)
    processes = players * c.time_points
    spaces = c.space_capacity * len(c.investment_costs)
    investments = c.rounds * (spaces + players * (spaces + 1))
    opening = c.rounds * c.new_areas_per_round
    return auctions + actions + processes + investments + opening


INFO = GameInfo(
    id="tinners-trail",
    name="Tinners' Trail",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_version="2.0.0",
    max_game_length=max_game_length(),
)


VARIANTS = Variants(
    printed="Part A A.1: 3–4 players is the printed count of the 2008 edition",
    players=(
        PlayerCountVariant(
            (2, 5),
            "2 or 5 players: the engine also accepts them, option-free; the time track has as "
            "many rows as players and every other rule is unchanged (a variant: the 2008 "
            "edition prints 3–4)",
            "Part A A.1",
        ),
    ),
    options=(
        OptionVariant(
            "arsenic",
            (False,),
            "module",
            "the Arsenic module (printed for the 2021 edition) played with the 2008 rules",
            "Part A A.1, Q13; Part B §1.15",
        ),
        OptionVariant(
            "track_ties",
            ("topmost_free_row",),
            "alternative reading",
            "last_arrival_first: a token entering a column goes on top of those already there "
            "and acts first (Thebes-style), instead of the topmost free row",
            "Part A Q3; Part B §3 Q3",
        ),
        OptionVariant(
            "price_adjustments",
            ("stack",),
            "alternative reading",
            "round_replaces_edge: in rounds 1 and 4 the round adjustment replaces the top/bottom "
            "adjustment instead of stacking with it",
            "Part A Q7; Part B §3 Q7",
        ),
        OptionVariant(
            "investment_pass",
            ("circuit",),
            "alternative reading",
            "final: a pass in the investment phase is final, instead of the phase ending after "
            "a full circuit of passes",
            "Part A Q8; Part B §3 Q8",
        ),
    ),
)


STAND_IN = StandIn(
    prefer=(
        {"type": "pass_bid"},
        {"type": "skip_calciner"},
        {"type": "stop_pumping"},
        {"type": "pass_investment"},
        {"type": "pass"},
    ),
    rule=(
        "B §1.9 A9 and the auction rules: a seat may always pass (drop out of an auction, leave "
        "the time track, invest nothing, leave pump tokens unused); it never bids, builds or "
        "sells"
    ),
)

RULES: GameRules[State, Move, Event] = GameRules(
    info=INFO,
    moves=MOVES,
    events=EVENTS,
    options_type=Options,
    data=DATA,
    cited=cited.CITED,
    new_state=setup.new_state,
    opening=setup.opening,
    is_started=turns.is_started,
    is_finished=turns.is_finished,
    to_act=turns.to_act,
    legal_moves=legal.legal_moves,
    play=decide.play,
    evolve=evolve.evolve,
    view=view.view,
    state_schema=view_schema.schema,
    redact=view.redact,
    outcome=scoring.outcome,
    variants=VARIANTS,
    stand_in=STAND_IN,
    bots=bots.HOOKS,
    words=WORDS,
)
"""Tinners' Trail, 2008 rules, with the Arsenic module as an option (rules/tinners_trail.md).
Player counts outside the printed 3–4 (`COMPONENTS.variant_players`) are offered as variants
(Part A A.1).

Rules 2.0.0 (B §1.13 as corrected): an opener rolls the dice first, then chooses the area knowing
the faces. Rules 1.0.0 had the area chosen before the roll."""

RULES_1_0_0: GameRules[State, Move, Event] = dataclasses.replace(
    RULES,
    info=dataclasses.replace(INFO, rules_version="1.0.0"),
    play=decide.play_rolling_after_choice,
)
"""The rules of games created before 2.0.0 (the area chosen, then the dice rolled), retained so
that their logs replay unchanged (docs/history.md, "Rules versions"); never used for new games."""
