"""Writes the Trekking Through History content data set (rules/trekking.md Part A), once.

The published components (card list, itineraries, mat tables) are not public (Q-K1, Q-K4), so
this script writes a complete *reconstructed* set into
`engine/trekking/data/trekking-underdog-2022.json`. It is deterministic: every choice is drawn
from `engine.core.rng.Rng` with a fixed key, so re-running it rewrites the same bytes (a test
checks this). Nothing is generated at run time; the engine only reads the committed file.

What is ours and what is a fact:

* The 108 history cards are real events with their real years (BCE negative; `circa` marks the
  conventional dates of prehistoric and ancient events). Each card names the reference article it
  was checked against. A few events and years are the ones reviews quote from the printed cards
  (rules/trekking.md 2B #22). Hours and rewards follow Part A's distribution and are ours.
* Token colours follow the event's theme where the quotas allow: about half of a card's coloured
  tokens are the colour of its theme (Person red, Event blue, Innovation yellow, Progress green);
  the rest even out the colours to equal counts (±1) per day. Ten tokens a day are World tokens.
* The 12 ancestors, the 24 itineraries, the display bonuses and the trek table are Part A's.

Usage: python scripts/trekking_data.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardstate.engine.core.rng import Rng  # noqa: E402

TARGET = ROOT / "engine" / "trekking" / "data" / "trekking-underdog-2022.json"
DATA_ID = "trekking-underdog-2022-reconstructed-1"
COLOURS = ("red", "blue", "yellow", "green")
THEME = {"P": "red", "E": "blue", "I": "yellow", "G": "green"}
NUMERALS = ("I", "II", "III")
SPEC = "rules/trekking.md Part A"
REVIEWS = "rules/trekking.md 2B #22 (ktipp.ch, checkpointgaming.net, spielfreude.blogspot.com)"

Card = tuple[int, str, str, str, bool]
"""(year, title, theme P/E/I/G, reference article, circa)."""

DAY_I: tuple[Card, ...] = (
    (-37000, "Ice Age cave paintings", "I", "Cave painting", True),
    (-9500, "Göbekli Tepe's first enclosures raised", "G", "Göbekli Tepe", True),
    (-7400, "Çatalhöyük settled", "G", "Çatalhöyük", True),
    (-3100, "Narmer unites Upper and Lower Egypt", "P", "Narmer", True),
    (-2560, "Great Pyramid of Giza completed", "I", "Great Pyramid of Giza", True),
    (-1754, "Code of Hammurabi proclaimed", "P", "Code of Hammurabi", True),
    (-776, "First recorded Olympic Games", "E", "Ancient Olympic Games", False),
    (-753, "Traditional founding of Rome", "E", "Founding of Rome", False),
    (-490, "Battle of Marathon", "E", "Battle of Marathon", False),
    (-331, "Battle of Gaugamela", "E", "Battle of Gaugamela", False),
    (-221, "Qin Shi Huang unifies China", "P", "Qin Shi Huang", False),
    (-218, "Hannibal crosses the Alps", "P", "Hannibal's crossing of the Alps", False),
    (79, "Vesuvius buries Pompeii", "E", "Eruption of Mount Vesuvius in 79 AD", False),
    (105, "Cai Lun presents papermaking to the Han court", "I", "Cai Lun", False),
    (476, "Fall of the Western Roman Empire", "E", "Fall of the Western Roman Empire", False),
    (622, "Muhammad's Hijra to Medina", "P", "Hijrah", False),
    (800, "Charlemagne crowned emperor", "P", "Charlemagne", False),
    (1066, "Battle of Hastings", "E", "Battle of Hastings", False),
    (1088, "University of Bologna founded", "G", "University of Bologna", False),
    (1215, "Magna Carta sealed", "G", "Magna Carta", False),
    (1271, "Marco Polo sets out for China", "P", "Marco Polo", False),
    (1347, "Black Death reaches Europe", "E", "Black Death", False),
    (1455, "Gutenberg Bible printed", "I", "Gutenberg Bible", True),
    (1492, "Columbus reaches the Americas", "P", "Voyages of Christopher Columbus", False),
    (1498, "Vasco da Gama reaches India by sea", "P", "Vasco da Gama", False),
    (1517, "Luther's Ninety-five Theses", "P", "Ninety-five Theses", False),
    (1522, "First circumnavigation of the globe completed", "G", "Magellan expedition", False),
    (1543, "Copernicus publishes De revolutionibus", "I", "De revolutionibus", False),
    (1609, "Galileo turns a telescope to the sky", "I", "Galileo Galilei", False),
    (1687, "Newton publishes the Principia", "I", "Principia Mathematica (Newton)", False),
    (1707, "Bach becomes organist at Mühlhausen", "P", "Johann Sebastian Bach", False),
    (1769, "Watt patents the separate condenser", "I", "James Watt", False),
    (1776, "US Declaration of Independence", "G", "Declaration of Independence", False),
    (1789, "Storming of the Bastille", "E", "Storming of the Bastille", False),
    (1859, "Darwin publishes On the Origin of Species", "G", "On the Origin of Species", False),
    (1903, "Wright brothers' first powered flight", "I", "Wright Flyer", False),
)

DAY_II: tuple[Card, ...] = (
    (-3500, "Invention of the wheel", "I", "Wheel", True),
    (-3200, "Cuneiform writing in Sumer", "I", "Cuneiform", True),
    (-2500, "Sarsen stones raised at Stonehenge", "I", "Stonehenge", True),
    (-1279, "Ramesses II becomes pharaoh", "P", "Ramesses II", False),
    (-1046, "The Zhou overthrow the Shang", "E", "Battle of Muye", False),
    (-551, "Birth of Confucius", "P", "Confucius", False),
    (-508, "Cleisthenes founds Athenian democracy", "G", "Cleisthenes", False),
    (-399, "Trial and death of Socrates", "P", "Trial of Socrates", False),
    (-323, "Death of Alexander the Great", "P", "Death of Alexander the Great", False),
    (-240, "Eratosthenes measures the Earth", "I", "Eratosthenes", True),
    (-202, "Battle of Zama", "E", "Battle of Zama", False),
    (-27, "Augustus becomes the first Roman emperor", "P", "Augustus", False),
    (330, "Constantinople dedicated as capital", "G", "Constantinople", False),
    (537, "Hagia Sophia completed", "I", "Hagia Sophia", False),
    (711, "Umayyad conquest of Hispania begins", "E", "Umayyad conquest of Hispania", False),
    (868, "The Diamond Sutra printed", "I", "Diamond Sutra", False),
    (1000, "Leif Erikson reaches Vinland", "P", "Leif Erikson", True),
    (1206, "Genghis Khan proclaimed ruler of the Mongols", "P", "Genghis Khan", False),
    (1368, "Ming dynasty founded", "E", "Ming dynasty", False),
    (1405, "Zheng He's first treasure voyage", "P", "Zheng He", False),
    (1453, "Fall of Constantinople", "E", "Fall of Constantinople", False),
    (1503, "Leonardo begins the Mona Lisa", "P", "Mona Lisa", True),
    (1519, "Cortés lands in Mexico", "E", "Hernán Cortés", False),
    (1588, "Defeat of the Spanish Armada", "E", "Spanish Armada", False),
    (1620, "The Mayflower reaches New England", "G", "Mayflower", False),
    (1648, "Peace of Westphalia", "G", "Peace of Westphalia", False),
    (1752, "Franklin's kite experiment", "I", "Kite experiment", False),
    (1804, "Napoleon crowned emperor", "P", "Coronation of Napoleon", False),
    (1815, "Battle of Waterloo", "E", "Battle of Waterloo", False),
    (1869, "Suez Canal opens", "G", "Suez Canal", False),
    (1876, "Bell patents the telephone", "I", "Alexander Graham Bell", False),
    (1914, "Shots in Sarajevo start the First World War", "E", "Franz Ferdinand", False),
    (1928, "Fleming discovers penicillin", "I", "Penicillin", False),
    (1945, "United Nations founded", "G", "United Nations", False),
    (1969, "Apollo 11 lands on the Moon", "G", "Apollo 11", False),
    (1985, "Live Aid concerts", "E", "Live Aid", False),
)

DAY_III: tuple[Card, ...] = (
    (-70, "Birth of Virgil", "P", "Virgil", False),
    (-44, "Assassination of Julius Caesar", "E", "Assassination of Julius Caesar", False),
    (-31, "Battle of Actium", "E", "Battle of Actium", False),
    (9, "Battle of the Teutoburg Forest", "E", "Battle of the Teutoburg Forest", False),
    (122, "Hadrian's Wall begun", "I", "Hadrian's Wall", False),
    (220, "End of the Han dynasty", "E", "Han dynasty", False),
    (313, "Edict of Milan", "G", "Edict of Milan", False),
    (632, "Death of Muhammad", "P", "Muhammad", False),
    (732, "Battle of Tours", "E", "Battle of Tours", False),
    (793, "Viking raid on Lindisfarne", "E", "Lindisfarne", False),
    (874, "Ingólfr Arnarson settles Iceland", "P", "Settlement of Iceland", False),
    (1054, "East–West Schism", "E", "East–West Schism", False),
    (1096, "The First Crusade sets out", "E", "First Crusade", False),
    (1163, "Notre-Dame de Paris begun", "I", "Notre-Dame de Paris", False),
    (1337, "Hundred Years' War begins", "E", "Hundred Years' War", False),
    (1431, "Joan of Arc burned at Rouen", "P", "Joan of Arc", False),
    (1506, "St Peter's Basilica begun", "I", "St. Peter's Basilica", False),
    (1521, "Fall of Tenochtitlan", "E", "Fall of Tenochtitlan", False),
    (1564, "Birth of William Shakespeare", "P", "William Shakespeare", False),
    (1600, "East India Company chartered", "G", "East India Company", False),
    (1666, "Great Fire of London", "E", "Great Fire of London", False),
    (1703, "Peter the Great founds Saint Petersburg", "P", "Saint Petersburg", False),
    (1776, "Adam Smith publishes The Wealth of Nations", "G", "The Wealth of Nations", False),
    (1796, "Jenner's first smallpox vaccination", "I", "Edward Jenner", False),
    (1825, "Stockton and Darlington Railway opens", "I", "Stockton and Darlington Railway", False),
    (1848, "The Communist Manifesto published", "G", "The Communist Manifesto", False),
    (1865, "Thirteenth Amendment abolishes US slavery", "G", "Thirteenth Amendment", False),
    (1886, "Benz patents the motor car", "I", "Benz Patent-Motorwagen", False),
    (1895, "Röntgen discovers X-rays", "I", "Wilhelm Röntgen", False),
    (1912, "Sinking of the Titanic", "E", "Titanic", False),
    (1917, "Russian Revolution", "E", "Russian Revolution", False),
    (1947, "Independence of India", "G", "Indian Independence Act 1947", False),
    (1953, "First ascent of Mount Everest", "P", "1953 British Mount Everest expedition", False),
    (1961, "Gagarin orbits the Earth", "P", "Yuri Gagarin", False),
    (1989, "Fall of the Berlin Wall", "E", "Fall of the Berlin Wall", False),
    (1994, "Nelson Mandela becomes President of South Africa", "P", "Nelson Mandela", False),
)

DAYS = (DAY_I, DAY_II, DAY_III)
YEAR_RANGES = ((-37000, 1903), (-3500, 1985), (-70, 1994))
QUOTED_BY_REVIEWS = {(-37000, 0), (1903, 0), (1271, 0), (1707, 0), (-3500, 1), (1985, 1), (1994, 2)}
"""(year, day index) of events whose year reviews quote from the printed cards."""

HOURS = {1: 6, 2: 8, 3: 9, 4: 8, 5: 5}
CRYSTAL_VARIANTS = {3: 3, 4: 2, 5: 1}
"""Part A: of the cards of these hours, this many give one token fewer and a crystal."""
WORLD_PER_DAY = 10


def _rng(purpose: str) -> Rng:
    return Rng.for_decision("trekking-data:" + purpose, 0)


def _quotas(day: int, coloured: int) -> dict[str, int]:
    base, extra = divmod(coloured, len(COLOURS))
    # The colours that get one more rotate from day to day.
    favoured = {COLOURS[(day * 2 + i) % len(COLOURS)] for i in range(extra)}
    return {c: base + (1 if c in favoured else 0) for c in COLOURS}


def _day_cards(day: int) -> list[dict[str, Any]]:
    cards = DAYS[day]
    hours = list(_rng(f"hours:{day}").shuffle([h for h, n in HOURS.items() for _ in range(n)]))
    crystal = [False] * len(cards)
    for h, n in CRYSTAL_VARIANTS.items():
        with_h = [i for i, x in enumerate(hours) if x == h]
        for i in _rng(f"crystal:{day}:{h}").sample(with_h, n):
            crystal[i] = True
    tokens = [h - (1 if crystal[i] else 0) for i, h in enumerate(hours)]
    several = [i for i, t in enumerate(tokens) if t >= 2]
    world = set(_rng(f"world:{day}").sample(several, WORLD_PER_DAY))
    coloured = [t - (1 if i in world else 0) for i, t in enumerate(tokens)]
    left = _quotas(day, sum(coloured))
    out = []
    for i, (year, title, theme, article, circa) in enumerate(cards):
        chosen: list[str] = []
        for k in range(coloured[i]):
            colour = THEME[theme]
            if k >= (coloured[i] + 1) // 2 or left[colour] == 0:
                colour = max(COLOURS, key=lambda c: (left[c], -COLOURS.index(c)))
            left[colour] -= 1
            chosen.append(colour)
        chosen.sort(key=COLOURS.index)
        if i in world:
            chosen.append("world")
        out.append(
            {
                "id": f"{NUMERALS[day]}-{i + 1:02d}",
                "day": day + 1,
                "title": title,
                "year": year,
                "circa": circa,
                "hours": hours[i],
                "tokens": chosen,
                "crystals": 1 if crystal[i] else 0,
                "_article": article,
                "_quoted": (year, day) in QUOTED_BY_REVIEWS,
            }
        )
    assert all(v == 0 for v in left.values()), left
    return out


def _card_entry(card: dict[str, Any]) -> dict[str, Any]:
    article = card.pop("_article")
    quoted = card.pop("_quoted")
    source = (
        f"event and year: historical record (Wikipedia, '{article}'); "
        f"hours and rewards: {SPEC} distribution"
    )
    note = "Hours, tokens and crystals are ours (Q-K1)."
    if quoted:
        note = f"Reviews quote a card with this event and year: {REVIEWS}. " + note
    if card["circa"]:
        note += " The year is the conventional approximate date."
    return {"value": card, "provenance": "reconstructed", "source": source, "note": note}


def _cell(rng: Rng, free: list[tuple[int, int]]) -> tuple[int, int]:
    cell = free[rng.below(len(free))]
    free.remove(cell)
    return cell


def _group(rng: Rng, free: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
    size = 2 + rng.below(3)
    cells = [_cell(rng, free)]
    while len(cells) < size:
        col, row = cells[-1]
        steps = [
            (c, r)
            for c in (col - 1, col + 1)
            for r in (row - 1, row, row + 1)
            if (c, r) in free and c not in {x for x, _ in cells}
        ]
        if not steps:
            return None
        cells.append(steps[rng.below(len(steps))])
        free.remove(cells[-1])
    return cells


def _itinerary(rng: Rng, number: int) -> dict[str, Any]:
    while True:
        free = [(c, r) for c in range(4) for r in range(4)]
        rewards: list[dict[str, Any]] = []
        for _ in range(3 + rng.below(3)):
            col, row = _cell(rng, free)
            pp = min(3, 1 + row // 2 + rng.below(2))
            rewards.append({"column": COLOURS[col], "row": row + 1, "pp": pp})
        for _ in range(1 + rng.below(2)):
            col, row = _cell(rng, free)
            rewards.append({"column": COLOURS[col], "row": row + 1, "crystal": 1})
        # Linked groups may share spaces with rewards, not with each other.
        free = [(c, r) for c in range(4) for r in range(4)]
        groups = []
        for _ in range(1 + rng.below(2)):
            cells = _group(rng, free)
            if cells is None:
                break
            spaces = [{"column": COLOURS[c], "row": r + 1} for c, r in sorted(cells)]
            groups.append({"spaces": spaces, "pp": len(cells) + 1 + rng.below(2)})
        else:
            rewards.sort(key=lambda x: (COLOURS.index(x["column"]), x["row"]))
            return {"id": f"IT-{number:02d}", "rewards": rewards, "groups": groups}


def _itineraries() -> list[dict[str, Any]]:
    rng = _rng("itineraries")
    layouts: list[dict[str, Any]] = []
    seen: set[str] = set()
    while len(layouts) < 24:
        layout = _itinerary(rng, len(layouts) + 1)
        key = json.dumps([layout["rewards"], layout["groups"]], sort_keys=True)
        if key not in seen:
            seen.add(key)
            layouts.append(layout)
    return layouts


def _printed(value: Any, source: str, note: str | None = None) -> dict[str, Any]:
    out = {"value": value, "provenance": "printed", "source": source}
    return out | ({"note": note} if note else {})


def _ours(value: Any, source: str, note: str) -> dict[str, Any]:
    return {"value": value, "provenance": "reconstructed", "source": source, "note": note}


def build() -> dict[str, Any]:
    """Returns the whole data document."""
    values: dict[str, Any] = {
        "colours": _printed(
            {"red": "Person", "blue": "Event", "yellow": "Innovation", "green": "Progress"},
            "poeppelkiste.de review (rules/trekking.md 2B #8, #9)",
        ),
        "world_token": _printed(
            "world", "poeppelkiste; thefamilygamers; geekdad (2B #8): a wild 5th token kind"
        ),
        "days": _printed(3, "all sources (rules/trekking.md 2B #19)"),
        "day_year_ranges": _printed(
            [list(r) for r in YEAR_RANGES],
            "ludovox.fr; horstspielt.erf.de (rules/trekking.md 2B #7)",
            "horstspielt gives -37 for Day III's start; Part A uses -70.",
        ),
        "hours_per_day": _printed(12, "clock with 12 hour spaces (2B #16)"),
        "punctuality_bonus": _printed(3, "seed 003 (2B #18)"),
        "minimum_hours": _printed(1, "seed 003; notesfromthefallen; poeppelkiste (2B #17)"),
        "start_crystals": _printed(1, "poeppelkiste; jungundaltspielt; donmeeple (2B #13)"),
        "itineraries_per_player": _printed(4, "geekdad; poeppelkiste; seed 003 (2B #12)"),
        "ancestors_per_player": _printed(3, "geekdad; horstspielt; donmeeple (2B #5)"),
        "display_spaces": _printed(5, "donmeeple; horstspielt (2B #14): 5 spaces + the deck top"),
        "spaces_per_column": _ours(
            4, SPEC, "Itinerary columns of 4 spaces each (Q-K4); layouts are not public."
        ),
        "display_bonuses": _ours(
            ["red", "blue", "yellow", "green", "crystal"],
            f"{SPEC} (Q-K2); the six bonus kinds are printed (2B #15), their order is not",
            "Space 1 (next to the deck) first; the deck top has no bonus. Unverified.",
        ),
        "trek_points": _ours(
            {"1": -3, "2": 1, "3": 3, "4": 6, "5": 9, "6": 13, "7": 17, "8": 21, "9": 25, "10": 30},
            f"{SPEC} (Q-K9); boardseyeview; gameosity (2B #20)",
            "10 cards = 30 and a negative 1-card trek are printed facts; the rest is ours. "
            "Treks longer than 10 score as 10.",
        ),
        "crystal_end_value": _printed(1, "planszsolo.pl (2B #21)"),
        "ancestor_cards": _ours(
            [
                {"id": f"A-{i + 1:02d}", "hours": 1 if i < 6 else 2}
                | ({"pp": 1} if i < 6 else {"tokens": ["world"]})
                for i in range(12)
            ],
            f"{SPEC} (Q-K3); 12 ancestors are printed (2B #5)",
            "Six cost 1 hour and give 1 PP; six cost 2 hours and give 1 World token. No year.",
        ),
        "itineraries": _ours(
            _itineraries(),
            f"{SPEC} (Q-K4); 24 different layouts are printed (2B #12)",
            "Rows count from 1 at the top. Generated by scripts/trekking_data.py with a fixed "
            "seed, within Part A's bounds.",
        ),
    }
    for day in range(3):
        for card in _day_cards(day):
            values[f"card:{card['id']}"] = _card_entry(card)
    return {
        "id": DATA_ID,
        "game": "trekking",
        "edition": "Underdog Games 2022, Game Factory 2023; reconstructed content",
        "generator": "scripts/trekking_data.py",
        "values": values,
    }


def render() -> str:
    """Returns the file's text."""
    return json.dumps(build(), ensure_ascii=False, indent=1) + "\n"


def main() -> None:
    """Writes the file, or with --check fails if the committed file differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = render()
    if args.check:
        if TARGET.read_text(encoding="utf-8") != text:
            sys.exit(f"{TARGET} differs from what the script writes")
        return
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
