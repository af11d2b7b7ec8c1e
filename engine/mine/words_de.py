"""TF22 Mine's moves and events in German, the words of the German rules summary
rules/tf22-mine.md quotes (issue 39, item 6): Minenkarten, Stollen, Ranium, Erz, Raumlader,
Symbolkarten, Kampf, Transporterfalle; cells by row and column from the top left (1–6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.describe import GERMAN, Namer, Words
from boardstate.engine.core.describe_de import (
    anzahl,
    benannte,
    farbe,
    gewinnt,
    liste,
    plaetze,
    platz,
    punkte,
)
from boardstate.engine.mine.components import COMPONENTS

SYMBOLS = {
    "circle": "Kreis",
    "triangle": "Dreieck",
    "square": "Quadrat",
    "star": "Stern",
    "hexagon": "Sechseck",
}
TURNS = {"rotate": "dreht", "flip_long": "wendet (Längsseite)", "flip_short": "wendet"}
REASONS = {
    "move": "zieht",
    "change_type": "wechselt den Stollen",
    "secret_tunnel": "nimmt einen Geheimgang",
    "transporter_trap": "löst eine Transporterfalle aus",
    "to_loader": "geht zum Raumlader",
    "back_to_base": "geht zurück ins Basislager",
}
ENDS = {"three_points": "drei Punkte erreicht", "max_rounds": "letzte Runde gespielt"}
PURPOSES = {"fight": "den Kampf", "respawn": "das Neuplatzieren"}


def feld(at: Sequence[int]) -> str:
    return f"Reihe {at[0] + 1}, Spalte {at[1] + 1}"


def symbolkarte(code: str) -> str:
    """`red-4` as "rot 4 (Quadrat)"."""
    colour, _, value = code.rpartition("-")
    if not value.isdigit() or int(value) not in COMPONENTS.symbols:
        return "eine Symbolkarte"
    symbol = COMPONENTS.symbols[int(value)].value
    return f"{farbe(colour)} {value} ({SYMBOLS.get(symbol, symbol)})"


def symbolkarten(codes: Sequence[str | None]) -> str:
    return benannte(codes, symbolkarte, "verdeckte Symbolkarte", "verdeckte Symbolkarten")


def crew(colour: Any) -> str:
    return f"die {farbe(colour.value)}e Crew"


def raumlader(number: int) -> str:
    return f"Raumlader {number + 1}"


def _swap(move: Any, n: Namer) -> str:
    if move.a is None or move.b is None:
        return "keine Karten mehr vertauschen"
    return f"die Karten bei {n['a']} und {n['b']} vertauschen"


def _free(move: Any, _: Namer) -> str:
    chosen = [WORTE.describe(action) for action in move.actions()]
    return "freie Aktion: " + liste(chosen)


def _placed(item: Any, n: Namer) -> str:
    with_card = f", mit {symbolkarte(item.card)}" if getattr(item, "card", None) else ""
    if hasattr(item, "seat"):
        return f"{n['seat']} legt ein Ranium auf {n['cell']}{with_card}"
    return f"ein Ranium auf {n['cell']} legen{with_card}"


def _fight(event: Any, n: Namer) -> str:
    winner = {"attacker": "der Angreifer gewinnt", "defender": "der Verteidiger gewinnt"}
    outcome = winner.get(event.winner.value, "unentschieden")
    return (
        f"Kampf: {symbolkarte(event.attacker_card)} ({event.attacker_score}) gegen "
        f"{symbolkarte(event.defender_card)} ({event.defender_score}); {outcome}"
    )


def _over(event: Any, _: Namer) -> str:
    why = ENDS.get(event.reason, event.reason.replace("_", " "))
    return f"Spielende ({why}): {punkte(event.points)}; {gewinnt(event.winners)}"


OPTIONEN = {
    "require_open_edges": (
        "Offene Kanten zum Ziehen",
        "Ob eine Crew nur zwischen Minenkarten zieht, deren Stollenöffnungen aneinanderstoßen.",
    ),
    "change_type_needs_open_edges": (
        "Offene Kanten zum Stollenwechsel",
        "Ob der Wechsel in den anderen Stollen aneinanderstoßende Öffnungen braucht.",
    ),
    "loader_needs_opening": (
        "Öffnung zum Raumlader",
        "Ob die übergebende Karte zum Raumlader hin offen sein muss.",
    ),
    "allow_forfeit_ore": (
        "Erz abgeben",
        "Hausregel: ein Spieler darf das restliche Erz des Zuges abgeben.",
    ),
    "setup_swaps": (
        "Tausche beim Aufbau",
        "Wie viele Paare von Ringkarten der Startspieler vor dem Spiel vertauschen darf.",
    ),
    "symbol_cards": (
        "Symbolkarten",
        "Wie Kampfkarten gezogen werden: vom verdeckten Stapel, zufällig aus allen fünf oder "
        "geheim gewählt.",
    ),
    "centre": (
        "Farben der Mitte",
        "Die Farben der vier Karten in der Mitte, im Uhrzeigersinn von oben links.",
    ),
    "loaders": (
        "Startplätze der Raumlader",
        "Wo die drei Raumlader auf dem Außenring beginnen.",
    ),
    "max_rounds": (
        "Rundenlimit",
        "Hausregel: das Spiel endet auch nach so vielen Runden nach Punkten (0: kein Limit, wie "
        "gedruckt).",
    ),
}
"""Each `createGame` option's title and description in German."""


WORTE = Words(
    tongue=GERMAN,
    options=OPTIONEN,
    names={
        "cell": feld,
        "to": feld,
        "a": feld,
        "b": feld,
        "crew": crew,
        "target": crew,
        "victim": crew,
        "attacker": crew,
        "defender": crew,
        "colour": lambda c: farbe(c.value),
        "loader": raumlader,
        "card": symbolkarte,
        "cards": symbolkarten,
        "seats": plaetze,
        "attacker_seat": platz,
        "defender_seat": platz,
        "way": lambda w: "vorwärts" if w.value == "forward" else "rückwärts",
        "manipulation": lambda m: TURNS.get(m.value, m.value),
        "reason": lambda r: REASONS.get(r.value, r.value.replace("_", " ")),
        "purpose": lambda p: PURPOSES.get(p.value, p.value),
    },
    missing={"card": "eine verdeckte Symbolkarte"},
    phrases={
        "swap_cards": _swap,
        "choose_colour": "die {colour}e Crew wählen",
        "rotate": "die Minenkarte bei {cell} drehen",
        "flip_long": "die Minenkarte bei {cell} über die Längsseite wenden",
        "flip_short": "die Minenkarte bei {cell} über die Kurzseite wenden",
        "move": "{crew} nach {to} ziehen",
        "change_type": "{crew} bei {to} in den anderen Stollen ziehen",
        "collect": "Ranium mit {crew} einsammeln",
        "steal": "mit {crew} Ranium von {target} stehlen",
        "move_loader": "{loader} {way} bewegen",
        "deliver": "{units} Ranium von {crew} an {loader} übergeben",
        "transporter_trap": "{crew} mit einer Transporterfalle nach {to} schicken",
        "secret_tunnel": "mit {crew} einen Geheimgang nach {to} nehmen",
        "forfeit_ore": "das restliche Erz abgeben",
        "commit_symbol_card": "{card} für den Kampf wählen",
        "place_ranium": _placed,
        "free_action": _free,
        "OreSpent": "{seat} setzt {ore} Erz ein",
        "OreForfeited": "{seat} gibt {ore} Erz ab",
        "CardTurned": "{seat} {manipulation} die Minenkarte bei {cell}",
        "CrewMoved": "{crew} {reason} nach {to}",
        "RaniumCollected": "{crew} sammelt Ranium bei {cell} ein",
        "LoaderMoved": lambda e, n: f"{n['loader']} fährt an Andockplatz {e.position + 1}",
        "RaniumDelivered": "{seat} übergibt {units} Ranium mit {crew} an {loader} "
        "für {points} Punkte",
        "RespawnStarted": "{seat} muss {units} übergebene Ranium neu platzieren",
        "RaniumPlaced": _placed,
        "GameOver": _over,
        "FightStarted": "{attacker} ({attacker_seat}) greift {defender} ({defender_seat}) an",
        "SymbolPileReshuffled": "die Symbolkarten von {seat} werden neu gemischt",
        "SymbolCardRevealed": "{seat} deckt {card} für {purpose} auf",
        "SymbolCardCommitted": "{seat} wählt {card}",
        "CommitmentsRevealed": "die gewählten Karten werden aufgedeckt: {cards}",
        "FightResolved": _fight,
        "RaniumStolen": "{crew} stiehlt Ranium von {victim}",
        "FreeActionGranted": "{seat} gewinnt eine freie Aktion",
        "FreeActionTaken": "{seat} nimmt die freie Aktion",
        "CrewPlaced": "{crew} beginnt bei {cell}",
        "MineLaidOut": lambda e, _: (
            f"die Mine wird ausgelegt: {len(e.grid)} Minenkarten, "
            f"{anzahl(len(e.crews), 'Crew', 'Crews')} und {len(e.ranium)} Ranium"
        ),
        "StartPlayerChosen": "{seat} ist Startspieler",
        "CardsSwapped": "{seat} vertauscht die Karten bei {a} und {b}",
        "ColourChoiceStarted": lambda e, _: (
            f"die Crews werden in der Reihenfolge {plaetze(e.order)} gewählt"
        ),
        "ColourChosen": "{seat} nimmt die {colour}e Crew",
        "SymbolPilesShuffled": lambda e, _: (
            f"{anzahl(len(e.piles), 'Symbolstapel wird', 'Symbolstapel werden')} gemischt"
        ),
        "TurnStarted": "{seat} ist in Runde {round} am Zug",
    },
)
