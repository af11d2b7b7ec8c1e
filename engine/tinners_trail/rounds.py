"""The round around the action phase (rules/tinners_trail.md B §1.5–§1.7, §1.11–§1.14).

Phase 1 ore prices (all three dice, the round and top/bottom adjustments stacking, then
clamped: Part A Q7); phase 2 the developments display (leftovers removed, the round's schedule
placed, pump spaces filled left to right); phase 4 ore sales; phase 5 external investments (this
round's row only, one per turn in the new order of play until a full circuit of passes: Q8);
phase 6 opening two new areas (the first, then the second player rolls the dice and, knowing the
faces, chooses the area: rules 2.0.0; under rules 1.0.0 the area was chosen first); phase 7
housekeeping; the end of the game after round 4. Phase 6 is skipped after round 4, where it
could change nothing (B §1.5). A seat that has no legal investment passes automatically.
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail import moves as mv
from boardstate.engine.tinners_trail.board import investable_columns, investor
from boardstate.engine.tinners_trail.cited import illegal
from boardstate.engine.tinners_trail.components import COMPONENTS, DIE_KINDS, METALS
from boardstate.engine.tinners_trail.options import PriceAdjustments
from boardstate.engine.tinners_trail.scoring import final_scores, winners
from boardstate.engine.tinners_trail.state import Display, Phase, State


def roll(rng: Rng) -> tuple[int, int, int]:
    """Rolls the water, copper and tin dice."""
    water, copper, tin = (rng.choice(COMPONENTS.dice[kind]) for kind in DIE_KINDS)
    return water, copper, tin


def price_adjustment(state: State, metal: str) -> int:
    """B §1.6: +1 in round 1, −1 in round 4; −1 after a top-row marker, +1 after a bottom one."""
    by_round = COMPONENTS.round_adjust.get(state.round, 0)
    last = state.tin_row if metal == "tin" else state.copper_row
    edge = 0
    if last == COMPONENTS.top_row:
        edge = COMPONENTS.top_adjust
    elif last == 0:
        edge = COMPONENTS.bottom_adjust
    replaces = state.options.price_adjustments is PriceAdjustments.ROUND_REPLACES_EDGE
    return by_round if by_round and replaces else by_round + edge


def set_price(out: Emitter, rng: Rng, metal: str) -> None:
    """Rolls all three dice for `metal`, adjusts and clamps the total; that row is the price."""
    dice = roll(rng)
    adjustment = price_adjustment(out.state, metal)
    row = max(0, min(COMPONENTS.top_row, sum(dice) + adjustment))
    price = COMPONENTS.prices[metal][row]
    out.emit(ev.PriceSet("tin" if metal == "tin" else "copper", dice, adjustment, row, price))


def refresh_display(out: Emitter) -> None:
    """B §1.7: remove the leftovers, place the round's developments, fill pump spaces 1..r."""
    state: State = out.state
    plan = COMPONENTS.schedule[state.round - 1]
    stacks = COMPONENTS.pump_stacks
    placed = Display(
        ports=plan.ports,
        miners=plan.miners,
        adits=plan.adits,
        railways=plan.railways,
        pumps=tuple(size if i < plan.pump_spaces else 0 for i, size in enumerate(stacks)),
    )
    out.emit(ev.DisplayRefreshed(removed=state.display, placed=placed))


def start_round(out: Emitter, rng: Rng, number: int, order: tuple[int, ...]) -> None:
    """Phases 1 and 2, then the action phase begins."""
    out.emit(ev.RoundStarted(number, order))
    for metal in METALS:
        set_price(out, rng, metal)
    refresh_display(out)


def end_actions(out: Emitter, rng: Rng) -> None:
    """Everyone passed: the pass order becomes the Order of Play; ore is sold; phase 5 starts."""
    state: State = out.state
    out.emit(ev.ActionPhaseEnded(order=state.pass_order))
    tin, copper = state.price("tin"), state.price("copper")
    for seat in out.state.order:
        player = out.state.players[seat]
        if player.tin or player.copper:
            income = player.tin * tin + player.copper * copper
            out.emit(ev.OreSold(seat, player.tin, player.copper, income))
    out.emit(ev.InvestmentsStarted(out.state.round))
    continue_investments(out, rng)


def continue_investments(out: Emitter, rng: Rng) -> None:
    """Skips seats without a legal investment; ends phase 5 after a full circuit of passes."""
    while True:
        seat = investor(out.state)
        if seat is None:
            out.emit(ev.InvestmentsEnded())
            after_investments(out, rng)
            return
        if investable_columns(out.state, seat):
            return
        out.emit(ev.InvestmentPassed(seat, automatic=True))


def investment(out: Emitter, seat: int, move: mv.Invest | mv.PassInvestment, rng: Rng) -> None:
    """Phase 5: one investment (or a pass) per turn."""
    state: State = out.state
    if isinstance(move, mv.PassInvestment):
        out.emit(ev.InvestmentPassed(seat, automatic=False))
        continue_investments(out, rng)
        return
    player = state.players[seat]
    cost = COMPONENTS.investment_costs[move.column - 1]
    if player.cubes_left <= 0:
        raise illegal("investment_cubes", "you have no investment cube left")
    if len(state.investments[state.round - 1][move.column - 1]) >= COMPONENTS.space_capacity:
        raise illegal("space_full", f"column {move.column} of round {state.round} is full")
    if player.money < cost:
        raise illegal(
            "investment_money", f"column {move.column} costs £{cost}; you have £{player.money}"
        )
    vp = COMPONENTS.investment_vp[state.round - 1][move.column - 1]
    out.emit(ev.Invested(seat, state.round, move.column, cost, vp))
    continue_investments(out, rng)


def after_investments(out: Emitter, rng: Rng) -> None:
    """Phase 6 (not after the last round), or the end of the game."""
    state: State = out.state
    if state.round == COMPONENTS.rounds:
        scores = final_scores(state)
        out.emit(ev.GameOver(scores, state.order, winners(scores, state.order)))
        return
    unseeded = sum(1 for a in state.areas if not a.seeded)
    count = min(COMPONENTS.new_areas_per_round, unseeded, len(state.order))
    if count:
        out.emit(ev.OpeningStarted(state.order[:count]))
        return
    end_round(out, rng)


def roll_for_opener(out: Emitter, rng: Rng) -> None:
    """Phase 6 (rules 2.0.0): the next opener rolls first, so that it chooses knowing the faces."""
    state: State = out.state
    if state.phase is Phase.OPENING and state.openers and state.opening_dice is None:
        out.emit(ev.OpeningDiceRolled(state.openers[0], roll(rng)))


def open_area(out: Emitter, seat: int, move: mv.OpenArea, rng: Rng) -> None:
    """Phase 6: the opener puts the rolled faces' cubes into an unseeded area of its choice
    (rules 1.0.0: the faces are rolled now, after the choice)."""
    state: State = out.state
    if state.area(move.area).seeded:
        raise illegal("area_seeded", f"area {move.area} has already been seeded")
    if move.dice is not None and move.dice != state.opening_dice:
        rolled = "no faces yet" if state.opening_dice is None else list(state.opening_dice)
        raise illegal("opening_dice", f"the faces rolled are {rolled}, not {list(move.dice)}")
    dice = roll(rng) if state.opening_dice is None else state.opening_dice
    out.emit(ev.AreaSeeded(move.area, dice, 0, 0, ev.SeedReason.OPENED, seat))
    if not out.state.openers:
        end_round(out, rng)


def end_round(out: Emitter, rng: Rng) -> None:
    """Phase 7: housekeeping; the next round starts in the new Order of Play."""
    state: State = out.state
    out.emit(ev.RoundEnded(state.round))
    start_round(out, rng, state.round + 1, out.state.order)
