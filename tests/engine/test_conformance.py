"""The conformance suite: every game × every player count × every option set it plays, seeded
(style rule 15), run by the conformance kit every game package uses
(`boardstate.engine.conformance`), with this repository's extra checks (the published state
schemas, msgpack). `make test` plays one seed of each option set; `make conformance-deep` plays
`CONFORMANCE_SEEDS` (40 there) of each game and player count, the option sets taken in turn.

Each random seeded playthrough checks: the game ends within its declared maximum length;
`legal_moves` is empty exactly when a seat may not act; every legal move sampled is accepted by
`decide`; folding the events rebuilds the live state; moves and events round-trip through their
wire form and msgpack; views hide what the rules hide and are absolute (a seat's view differs from
the spectator view only where the spectator sees `null`); redaction keeps every event and
its counts; every view matches the game's published state schema; the game's own invariants
hold.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
from typing import Any

import msgpack
import pytest
from jsonschema import Draft202012Validator

from boardstate.engine.conformance import Hooks
from boardstate.engine.conformance import check_playthrough as kit_playthrough
from boardstate.engine.core.driver import Strategy, uniform
from boardstate.engine.core.rules import GameRules
from boardstate.engine.registry import GAMES
from tests.engine.conformance_hooks import HOOKS

DEEP_SEEDS = int(os.environ.get("CONFORMANCE_SEEDS", "0"))
"""Seeds per game and player count in `make conformance-deep`; 0 (`make test`): one per option
set, so every option set is played at every player count."""
CASES = [
    (game_id, players, seed)
    for game_id, rules in sorted(GAMES.items())
    for players in range(rules.info.min_players, rules.info.max_players + 1)
    for seed in range(max(DEEP_SEEDS, len(HOOKS[game_id].option_sets)))
]


def _msgpack_round_trip(wire: dict[str, Any]) -> None:
    assert msgpack.unpackb(msgpack.packb(wire)) == wire


@functools.cache
def _state_validator(game_id: str) -> Draft202012Validator:
    """The validator of a game's published state view schema (`GameRules.state_schema`)."""
    return Draft202012Validator(GAMES[game_id].state_schema())


def _full_hooks(game_id: str, players: int) -> Hooks:
    """The game's hooks plus what this repository checks beyond the kit: every view against the
    published state schema, with one entry per seat under `players`; msgpack wire forms."""
    validator = _state_validator(game_id)

    def check_view(view: dict[str, Any]) -> None:
        validator.validate(view)
        if "players" in view:
            seats = [p.get("seat", i) for i, p in enumerate(view["players"])]
            assert seats == list(range(players))

    return dataclasses.replace(
        HOOKS[game_id], check_view=check_view, check_wire=_msgpack_round_trip
    )


def test_every_registered_game_has_conformance_hooks() -> None:
    assert set(HOOKS) == set(GAMES)


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_random_playthrough_obeys_the_engine_contract(
    game_id: str, players: int, seed: int
) -> None:
    rules = GAMES[game_id]
    sets = HOOKS[game_id].option_sets
    options = rules.parse_options(sets[seed % len(sets)])
    check_playthrough(rules, players, f"conformance-{seed}", options, f"check:{seed}")


def check_playthrough(
    rules: GameRules[Any, Any, Any],
    players: int,
    seed: str,
    options: Any,
    check_seed: str,
    strategy: Strategy = uniform,
) -> None:
    """Plays a seeded game with `strategy` and checks the engine contract at every step (the
    conformance kit's `check_playthrough` with this repository's hooks)."""
    hooks = _full_hooks(rules.info.id, players)
    kit_playthrough(rules, players, seed, options, check_seed, strategy, hooks)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_wire_names_follow_the_convention(game_id: str) -> None:
    # Moves are snake_case actions (architecture §5); events are PascalCase past-tense facts, named
    # like their class and like the service's own GameCreated / SeatJoined / GameEnded.
    rules = GAMES[game_id]
    for name in rules.moves.by_type:
        assert re.fullmatch(r"[a-z]+(_[a-z0-9]+)*", name), name
    for name, cls in rules.events.by_type.items():
        assert name == cls.__name__, name
        assert name not in ("GameCreated", "SeatJoined", "GameEnded"), name


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_reported_bound_holds_for_every_option_set_played_and_null_means_endless(
    game_id: str,
) -> None:
    rules = GAMES[game_id]
    for raw in HOOKS[game_id].option_sets:
        assert rules.max_length(rules.parse_options(raw)) == rules.info.max_game_length
    endless = [v for v in rules.variants.options if v.unbounded]
    assert (rules.max_length() is None) == bool(endless)
    for variant in endless:
        for value in variant.unbounded:
            options = rules.parse_options({variant.option: value})
            assert rules.max_length(options) is None
