"""Every legal move and every event of seeded random playthroughs, of every game and player
count, has a description for people (issue 29): non-empty, and no developer text in it (no
`None`, `null`, JSON braces or brackets), for every viewer's redacted event too; in English and
in German (issue 39, item 6), whose words never fall back to English ones."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from boardstate.engine.core.describe import GERMAN, LANGUAGES, Words, fallback
from boardstate.engine.core.driver import Opening, playthrough
from boardstate.engine.core.rules import GameRules
from boardstate.engine.registry import GAMES
from boardstate.engine.table.options_schema import published_options_schema
from tests.engine.conformance_hooks import HOOKS

SEEDS = 3
CASES = [
    (game_id, players, seed)
    for game_id, rules in sorted(GAMES.items())
    for players in range(rules.info.min_players, rules.info.max_players + 1)
    for seed in range(SEEDS)
]
DEVELOPER_TEXT = re.compile(r"None|null|[{}\[\]]")
ENGLISH_TEXT = re.compile(r"\b(seat|hidden|nothing|turn|game over|won)\b", re.IGNORECASE)
"""English the generic part or a phrase would say; never in a German description."""


def check(text: str, what: Any, language: str = "en") -> None:
    assert text.strip(), what
    assert not DEVELOPER_TEXT.search(text), (text, what)
    assert text[0] == text[0].upper(), text
    if language == "de":
        assert not ENGLISH_TEXT.search(text), (text, what)


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_every_legal_move_and_every_event_is_described_in_words(
    game_id: str, players: int, seed: int
) -> None:
    rules: GameRules[Any, Any, Any] = GAMES[game_id]
    sets = HOOKS[game_id].option_sets
    options = rules.parse_options(sets[seed % len(sets)])
    for item in playthrough(rules, players, f"words-{seed}", options):
        for event in item.events:
            for viewer in [None, *range(players)]:
                for language in LANGUAGES:
                    said = rules.describe_event(rules.redact(event, viewer), language)
                    check(said, event, language)
        if not isinstance(item, Opening):
            for move in item.legal:
                for language in LANGUAGES:
                    check(rules.describe_move(move, language), move, language)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_move_and_event_type_has_its_own_phrase(game_id: str, language: str) -> None:
    words = GAMES[game_id].words.in_language(language)
    assert words.tongue.code == language
    for name in [*GAMES[game_id].moves.by_type, *GAMES[game_id].events.by_type]:
        assert name in words.phrases, name


def test_a_language_a_game_lacks_is_english() -> None:
    words = GAMES["trambahn"].words
    assert words.in_language("fr") is words
    assert words.in_language("de").tongue is GERMAN


def test_a_type_without_a_phrase_falls_back_to_its_fields_in_words() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class LinesMerged:
        seat: int
        lines: tuple[int, ...]
        new_line: bool
        card: str | None

    text = Words().describe(LinesMerged(1, (2, 3), True, None))
    assert text == "Seat 1: lines merged: lines 2 and 3; new line"
    assert fallback(LinesMerged(0, (), False, None), "LinesMerged") == "seat 0: lines merged"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_has_a_title_and_description_in_every_language(game_id: str) -> None:
    properties = published_options_schema(GAMES[game_id])["properties"]
    assert properties
    for name, schema in properties.items():
        assert schema["title"].strip(), name
        assert schema["description"].strip(), name
        german = schema["x-translations"]["de"]
        assert german["title"].strip(), name
        assert german["title"] != schema["title"] or name == "clock", name
        assert german["description"] != schema["description"], name
