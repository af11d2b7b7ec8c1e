"""Golden playthrough transcripts (style rule 16): one seeded random game per file.

A file starts with the game's info, then for each move: the version, the seat, every legal move,
the move applied, the events it produced (unredacted wire form, one per line) and the parts of
the spectator view that changed, one top-level key (or player) per line. Regenerate with `make golden`; reviewing the diff
is reviewing a rules change.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from boardstate.engine.core.driver import Opening, playthrough
from boardstate.engine.core.rules import GameRules
from boardstate.engine.registry import GAMES

DIRECTORY = Path(__file__).parent / "playthroughs"


@dataclasses.dataclass(frozen=True)
class Case:
    """One golden file: game, player count, seed and options."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def path(self) -> Path:
        """Where the transcript is stored."""
        return DIRECTORY / f"{self.game}__p{self.players}__seed{self.seed}.txt"


CASES = (
    Case("trambahn", 2, 1),
    Case("trambahn", 2, 2),
    Case("trambahn", 2, 3, {"money_halving": "ceil", "display_refill": "after_each_purchase"}),
    Case("tinners-trail", 3, 1),
    Case("tinners-trail", 4, 2),
    Case("tinners-trail", 3, 3, {"arsenic": True}),
    Case("tinners-trail", 4, 4, {"arsenic": True}),
    Case("tf22-mine", 2, 1, {"max_rounds": 2}),
    Case("tf22-mine", 3, 2, {"max_rounds": 2, "symbol_cards": "strategic", "setup_swaps": 0}),
    Case(
        "tf22-mine", 4, 3, {"max_rounds": 1, "symbol_cards": "chance", "require_open_edges": False}
    ),
    Case("trekking", 2, 1),
    Case("trekking", 3, 2, {"equal_years": "break", "tie_break": "shared"}),
    Case("trekking", 4, 3, {"display_bonuses": ["crystal", "green", "yellow", "blue", "red"]}),
)


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _view_lines(rules: GameRules[Any, Any, Any], state: Any, shown: dict[str, str]) -> list[str]:
    """Returns the spectator view's lines that changed since the last call (updates `shown`)."""
    lines = []
    for key, value in rules.view(state, None).items():
        items = (
            [(f"players[{i}]", p) for i, p in enumerate(value)]
            if key == "players"
            else [(key, value)]
        )
        for name, part in items:
            text = f"# {name}: {_j(part)}"
            if shown.get(name) != text:
                shown[name] = text
                lines.append(text)
    return lines


def transcript(case: Case) -> str:
    """Returns the transcript of `case`."""
    rules = GAMES[case.game]
    options = rules.parse_options(case.options)
    info = rules.info
    out = [
        f"game: {info.id} ({info.name}), rules {info.rules_version}, data {rules.data.id}",
        f"players: {case.players}, seed: {case.seed}, options: {_j(rules.options_to_wire(options))}",
    ]
    shown: dict[str, str] = {}
    for item in playthrough(rules, case.players, f"golden-{case.seed}", options):
        if isinstance(item, Opening):
            out.append("## Setup")
            out += [f"event {_j(rules.events.encode(e))}" for e in item.events]
            out += _view_lines(rules, item.state, shown)
            continue
        out.append(f"## Move {item.number} (version {item.version}), seat {item.seat}")
        out += [f"legal {_j(rules.moves.encode(m))}" for m in item.legal]
        out.append(f"apply {_j(rules.moves.encode(item.move))}")
        out += [f"event {_j(rules.events.encode(e))}" for e in item.events]
        out += _view_lines(rules, item.after, shown)
        state = item.after
    outcome = rules.outcome(state)
    assert outcome is not None
    out.append(f"## Outcome scores={list(outcome.scores)} winners={list(outcome.winners)}")
    return "\n".join(out) + "\n"
