"""Tinners' Trail's moves and events in German (issue 39, item 6), with the words of the German
play reports rules/tinners-trail.md quotes: Mine, Zinn, Kupfer, Hafen, Bergmann, Eisenbahn,
Dampfpumpen, Pasteten; areas keep the names the map prints, money is in pounds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.describe import GERMAN, Namer, Words
from boardstate.engine.core.describe_de import anzahl, gewinnt, liste, plaetze, punkte
from boardstate.engine.tinners_trail.components import COMPONENTS

METALS = {"tin": "Zinn", "copper": "Kupfer"}


def gebiet(number: int) -> str:
    """An area by the name the map prints."""
    if 1 <= number <= len(COMPONENTS.areas):
        return COMPONENTS.area(number).name
    return f"Gebiet {number}"


def pounds(amount: int) -> str:
    return f"£{amount}"


def wuerfel(removals: Sequence[tuple[int, int]], what: str) -> str:
    """(area, count) pairs: "3 Wasserwürfel (1 aus St Just und 2 aus Camborne)"."""
    if not removals:
        return f"keine {what}würfel"
    parts = [f"{count} aus {gebiet(where)}" for where, count in removals]
    total = sum(count for _, count in removals)
    return f"{anzahl(total, what + 'würfel', what + 'würfel')} ({liste(parts)})"


def auslage(shown: Any) -> str:
    """The developments on the display: "1 Hafen, 2 Bergleute und ein Dampfpumpenstapel"."""
    parts = [
        anzahl(count, one, many)
        for count, one, many in (
            (shown.ports, "Hafen", "Häfen"),
            (shown.miners, "Bergmann", "Bergleute"),
            (shown.adits, "Stollen", "Stollen"),
            (shown.railways, "Eisenbahn", "Eisenbahnen"),
        )
        if count
    ]
    parts += [f"einen Dampfpumpenstapel mit {tokens}" for tokens in shown.pumps if tokens]
    return liste(parts)


def _investment(column: int) -> str:
    costs = COMPONENTS.investment_costs
    return f"die Investition für {pounds(costs[column - 1])}" if 1 <= column <= len(costs) else ""


def _open_area(move: Any, n: Namer) -> str:
    rolled = f" und {liste([str(d) for d in move.dice])} würfeln" if move.dice else ""
    return f"{n['area']} zur Besiedlung öffnen{rolled}"


def _erz(item: Any) -> str:
    return f"{item.tin} Zinn und {item.copper} Kupfer"


def _mine(item: Any, n: Namer) -> str:
    if hasattr(item, "seat"):
        return f"{n['seat']} fördert {_erz(item)} in {n['area']}"
    return f"{_erz(item)} in {n['area']} fördern"


OPTIONEN = {
    "arsenic": (
        "Arsen-Modul",
        "Mit dem Arsen-Modul der Ausgabe von 2021 spielen: Röstanlagen, Arsenwürfel und ihr "
        "Verkauf.",
    ),
    "track_ties": (
        "Gleichstand auf der Zeitleiste",
        "Wohin ein Marker auf einem besetzten Feld der Zeitleiste kommt: in die oberste freie "
        "Reihe oder oben auf die anderen (er ist zuerst dran).",
    ),
    "price_adjustments": (
        "Preisanpassungen",
        "Ob in Runde 1 und 4 die Anpassung der Runde zur oberen/unteren Anpassung hinzukommt oder "
        "sie ersetzt.",
    ),
    "investment_pass": (
        "Passen bei Investitionen",
        "Ob ein Passen in der Investitionsphase später im Umlauf noch Investitionen erlaubt oder "
        "endgültig ist.",
    ),
}
"""Each `createGame` option's title and description in German."""


WORTE = Words(
    tongue=GERMAN,
    options=OPTIONEN,
    names={
        "area": gebiet,
        "areas": lambda ns: liste([gebiet(n) for n in ns]),
        "amount": pounds,
        "price": pounds,
        "income": pounds,
        "cost": pounds,
        "money": pounds,
        "order": plaetze,
        "seats": plaetze,
        "removed": auslage,
        "placed": auslage,
        "water_removed": lambda r: wuerfel(r, "Wasser"),
        "removals": lambda r: wuerfel(r, "Wasser"),
        "arsenic": lambda r: wuerfel(r, "Arsen"),
        "dice": lambda d: liste([str(x) for x in d]),
        "metal": lambda m: METALS.get(str(m), str(m)),
    },
    phrases={
        "build_mine": "eine Mine in {area} bauen (versteigern)",
        "bid": "{amount} bieten",
        "pass_bid": "bei der Versteigerung passen",
        "build_calciner": "eine Röstanlage an der neuen Mine bauen",
        "skip_calciner": "keine Röstanlage bauen",
        "mine_ore": _mine,
        "build_port": "einen Hafen in {area} bauen",
        "hire_miner": "einen Bergmann in {area} anheuern",
        "build_adit": "einen Stollen zwischen {areas} bauen",
        "build_railway": "eine Eisenbahn in {area} bauen",
        "improve_steam_pumps": "den Dampfpumpenstapel mit {stack} nehmen",
        "pump_water": "Wasser aus {area} pumpen",
        "stop_pumping": "mit dem Pumpen aufhören",
        "sell_pasties": "Pasteten verkaufen",
        "pass": "für den Rest der Runde passen",
        "process_arsenic": "Arsen in {area} verarbeiten",
        "sell_arsenic": "Arsen verkaufen",
        "invest": lambda m, _: f"{_investment(m.column) or 'eine Investition'} tätigen",
        "pass_investment": "in dieser Runde nicht mehr investieren",
        "open_area": _open_area,
        "GameSetUp": "das Spiel ist aufgebaut: Reihenfolge {order}, je {money}",
        "AreaSeeded": lambda e, n: (
            f"{n['area']} erhält {e.printed_tin} Zinn und {e.printed_copper} Kupfer "
            f"(Würfel {n['dice']})"
        ),
        "RoundStarted": "Runde {round} beginnt; Reihenfolge {order}",
        "PriceSet": "der Preis für {metal} ist {price} (Würfel {dice})",
        "DisplayRefreshed": "die Entwicklungstabelle zeigt {placed} (entfernt: {removed})",
        "ActionPhaseEnded": "die Aktionen sind vorbei; die neue Reihenfolge ist {order}",
        "OreSold": lambda e, n: f"{n['seat']} verkauft {_erz(e)} für {n['income']}",
        "InvestmentsStarted": "die Investitionen der Runde {round} beginnen",
        "Invested": "{seat} investiert {cost} für {vp} Punkte",
        "InvestmentPassed": lambda e, n: (
            f"{n['seat']} investiert nicht mehr" + (" (kein Geld mehr)" if e.automatic else "")
        ),
        "InvestmentsEnded": "die Investitionen sind vorbei",
        "OpeningStarted": "{seats} öffnen neue Gebiete",
        "OpeningDiceRolled": "{seat} würfelt {dice}",
        "RoundEnded": "Runde {round} endet",
        "GameOver": lambda e, _: f"Spielende: {punkte(e.scores)}; {gewinnt(e.winners)}",
        "TimeSpent": lambda e, n: (
            f"{n['seat']} verbraucht {anzahl(e.steps, 'Zeitpunkt', 'Zeitpunkte')}"
        ),
        "AuctionOpened": "{seat} versteigert eine Mine in {area}",
        "BidMade": "{seat} bietet {amount}",
        "BidPassed": "{seat} passt bei der Versteigerung",
        "AuctionWon": "{seat} ersteigert die Mine in {area} für {price}",
        "CalcinerBuilt": "{seat} baut eine Röstanlage in {area} und fügt {arsenic} hinzu",
        "CalcinerSkipped": "{seat} baut keine Röstanlage",
        "OreMined": _mine,
        "PortBuilt": "{seat} baut einen Hafen in {area}",
        "MinerHired": "{seat} heuert einen Bergmann in {area} an",
        "AditBuilt": "{seat} baut einen Stollen zwischen {areas} und entfernt {water_removed}",
        "RailwayBuilt": "{seat} baut eine Eisenbahn in {area} und entfernt {water_removed}",
        "SteamPumpsTaken": "{seat} nimmt einen Dampfpumpenstapel mit {tokens}",
        "WaterPumped": "{seat} pumpt Wasser aus {area}",
        "PumpingEnded": "{seat} hört mit dem Pumpen auf und hat {removals} entfernt",
        "PastiesSold": "{seat} verkauft Pasteten für {income}",
        "Passed": "{seat} passt (Position {place} in der neuen Reihenfolge)",
        "ArsenicProcessed": "{seat} verarbeitet Arsen in {area}",
        "ArsenicSold": "{seat} verkauft Arsen für {income}",
    },
)
