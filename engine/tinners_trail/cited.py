"""The rules an illegal Tinners' Trail move can break: ids (`details["rule"]`) and their text."""

from __future__ import annotations

from boardstate.engine.core.cited import Citations

RULES_CITED = {
    "phase": "B §1.5: each phase and sub-phase takes only its own moves",
    "must_pass": "B §1.8: a token in the final column must pass",
    "time": "B §1.8: an action may not move the token beyond the final column",
    "display": "B §1.9: a development is taken from the developments display",
    "area_has_mine": "B §1.9 A1: a mine is built in an area without a mine",
    "no_mines_left": "B §1.2: each player has 6 mines",
    "opener_money": "Part A Q5: the opener must be able to pay the £1 opening bid",
    "minimum_bid": "B §1.10: the opening bid is at least £1",
    "raise": "B §1.10: a raise is strictly higher than the current bid",
    "bid_money": "Part A A.5: money never goes negative, so a bid is at most your money",
    "opener_bids": "B §1.10: the opener opens with a bid; only the others may pass",
    "own_mine": "B §1.9 A2: ore is taken from one of your own mines",
    "at_least_one_cube": "Part A A.5: mining takes at least one cube",
    "ore_in_area": "B §1.9 A2: only the tin and copper in the area can be taken",
    "capacity": "B §1.9: at most the mine's capacity (2 + railway + port + miners)",
    "mining_money": "B §1.9 A2, Part A A.5: each cube costs the area's water and must be paid",
    "coastal": "B §1.9 A3: a port goes into an area bordering the sea",
    "one_port": "Part A Q10: at most one port per area",
    "adit_border": "B §1.9 A5: an adit sits on the border between two adjacent areas",
    "one_adit": "B §1.9 A5: one adit per border",
    "one_railway": "B §1.9 A6, Part A Q10: one railway per area",
    "pump_stack": "B §1.9 A7: a pump stack is taken from the display",
    "pump_water": "B §1.9 A7: a pump token removes a water cube from an area that has one",
    "arsenic_module": "Part A A.1: arsenic actions need the option `arsenic: true`",
    "calciner_needed": "B §1.15: processing and selling arsenic need your calciner",
    "arsenic_in_mine": "B §1.15: process takes 1 arsenic cube from one of your mines",
    "limiter": "B §1.15: the limiter may not move above the column of your marker",
    "arsenic_to_sell": "B §1.15: sell arsenic sells the cubes you hold (at least one)",
    "investment_cubes": "B §1.12: each player has 12 investment cubes",
    "space_full": "B §1.12: an investment space holds at most 2 cubes",
    "investment_money": "B §1.12, Part A A.5: the space's cost is paid; money never goes negative",
    "area_seeded": "B §1.13: a new area is one that has not been seeded",
    "opening_dice": "B §1.13: the opener first rolls; the cubes placed are the faces rolled",
}

CITED = Citations(RULES_CITED)
illegal = CITED.illegal
