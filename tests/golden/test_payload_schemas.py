"""Typed payloads (issue 19): every event, legal move and applied move of every golden
playthrough, and every state (for every viewer) and every event (the engine's and the
service's own) of every golden log, validates against its game type's published JSON Schemas
(`eventSchema`, `moveSchema`, `stateSchema`), with `jsonschema`, a validator we did not write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from boardstate.engine import registry
from boardstate.engine.core.payloads import event_schema, event_types
from boardstate.service.contract.service_events import SERVICE_EVENT_TYPES, delivered_event_schema
from boardstate.service.history.log_format import read_log
from boardstate.service.log import record_model
from tests.golden.logs import LOG_CASES, LogCase

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
    validated: set[str] = set()
    for line in lines:
        kind, _, rest = line.partition(" ")
        if kind == "event":
            wire = json.loads(rest)
            assert wire["type"] in event_types(rules)
            kind_of = wire.pop("type")
            events.validate({"type": kind_of, "data": wire})
        elif kind in ("legal", "apply"):
            move = rest[rest.index("{") :]
            if move not in validated:  # the same move text again: the same outcome
                moves.validate(json.loads(move))
                validated.add(move)
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


@pytest.mark.parametrize("case", LOG_CASES, ids=lambda c: c.game)
def test_every_state_and_event_of_a_golden_log_matches_the_published_schemas(
    case: LogCase,
) -> None:
    log = read_log(case.path.read_bytes())
    record = record_model.start_record("g", log[0], str(log[-1].data["seed"]))
    rules = record.rules
    Draft202012Validator.check_schema(rules.state_schema())
    states = Draft202012Validator(rules.state_schema())
    events = Draft202012Validator(delivered_event_schema(rules))
    events.validate({"type": log[0].type, "data": log[0].data})
    viewed = 0
    # A view equal to one validated already (a game without hidden information shows every
    # viewer the same) is not validated again: the outcome would be the same.
    validated: set[str] = set()
    for event in log[1:]:
        events.validate({"type": event.type, "data": event.data})
        record = record_model.apply(record, event)
        if record.state is None:
            continue
        for viewer in [None, *range(record.players)]:
            view = rules.view(record.state, viewer)
            text = json.dumps(view, sort_keys=True)
            if text not in validated:
                states.validate(view)
                validated.add(text)
            viewed += 1
    assert viewed > len(log)


def test_a_state_schema_refuses_a_view_with_a_key_added_dropped_or_of_another_type() -> None:
    log = read_log(LOG_CASES[0].path.read_bytes())
    record = record_model.fold(record_model.start_record("g", log[0], "s"), log[1:])
    rules = record.rules
    states = Draft202012Validator(rules.state_schema())
    view = rules.view(record.state, 0)
    assert states.is_valid(view)
    key = sorted(view)[0]
    assert not states.is_valid(view | {"surprise": 1})
    assert not states.is_valid({k: v for k, v in view.items() if k != key})
    assert not states.is_valid(view | {key: object.__name__})


def test_every_registered_game_publishes_a_state_schema_and_service_events() -> None:
    for rules in registry.GAMES.values():
        schema = rules.state_schema()
        assert schema["type"] == "object"
        assert schema["additionalProperties"] is False
        kinds = {p["properties"]["type"]["const"] for p in delivered_event_schema(rules)["oneOf"]}
        assert kinds == set(event_types(rules)) | set(SERVICE_EVENT_TYPES)
