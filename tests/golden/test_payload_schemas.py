"""Typed payloads (issue 19): every event, legal move and applied move of every golden
playthrough validates against its game type's published JSON Schemas (`eventSchema`,
`moveSchema`), with `jsonschema`, a validator we did not write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from boardstate.engine import registry
from boardstate.engine.core.payloads import event_schema, event_types

PLAYTHROUGHS = sorted((Path(__file__).parent / "playthroughs").glob("*.txt"))


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_every_event_and_move_of_a_playthrough_matches_the_published_schemas(path: Path) -> None:
    lines = path.read_text().splitlines()
    game_type = lines[0].split()[1]
    rules = registry.get(game_type)
    Draft202012Validator.check_schema(event_schema(rules))
    events = Draft202012Validator(event_schema(rules))
    moves = Draft202012Validator(rules.moves.json_schema(game_type))
    counted = {"event": 0, "legal": 0, "apply": 0}
    for line in lines:
        kind, _, rest = line.partition(" ")
        if kind == "event":
            wire = json.loads(rest)
            assert wire["type"] in event_types(rules)
            kind_of = wire.pop("type")
            events.validate({"type": kind_of, "data": wire})
        elif kind in ("legal", "apply"):
            moves.validate(json.loads(rest[rest.index("{") :]))
        else:
            continue
        counted[kind] += 1
    assert all(counted.values()), counted


def test_a_schema_refuses_an_event_with_a_field_of_another_type() -> None:
    rules = registry.get("trambahn")
    events = Draft202012Validator(event_schema(rules))
    assert events.is_valid({"type": "StartPlayerChosen", "data": {"seat": 1}})
    assert not events.is_valid({"type": "StartPlayerChosen", "data": {"seat": "one"}})
    assert not events.is_valid({"type": "StartPlayerChosen", "data": {}})
    assert not events.is_valid({"type": "NoSuchEvent", "data": {"seat": 1}})
