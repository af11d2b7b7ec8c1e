"""Forking a finished game at any move boundary (analysis, "what if", teaching).

A fork is an ordinary game whose log begins with its source's history: a new `GameCreated`
(same game type, rules version, data set, options and seats; a fresh seed commitment; and
`data.forkedFrom = {gameId, version, seeds, exact}`), then the source's events 2..version
copied verbatim except their `stateHash`, which is recomputed with the fork's seed. From that
version on the fork draws from its own, fresh secret seed, committed in its `GameCreated`, for
every random outcome. `seeds` lists `{seed, before}` pairs: the decision at version n < before
used that (already revealed) seed, so the copied history stays verifiable.

The source is finished, so its whole log is public: a fork of a position that holds anything a
spectator was not shown (a hand, a shuffled deck whose order fixes later draws) would let its
players read what the others hold and what comes next. `first_hidden` finds such a position
with the rules' own redaction: some event up to the fork's version is not what the spectator
sees of it. Such forks are refused (`FORK_REVEALS_HIDDEN`) unless the operator asks for an
exact copy; the fork then says so (`forkedFrom.exact: true`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from boardstate.service.failures import BadVersion
from boardstate.service.log import record_model
from boardstate.service.log.event_builder import created_event
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import SERVICE_EVENTS
from boardstate.service.store import StoredEvent


def boundary_problem(events: Sequence[StoredEvent], state: GameRecord, version: int) -> str | None:
    """Returns why a game cannot be forked at `version` (None when it can).

    `events` are the source's events 1..version+1; `state` is the source at `version`.
    """
    if state.state is None:
        return f"version {version} is before every seat was filled and the game set up"
    if state.rules.outcome(state.state) is not None:
        return f"the game is already over at version {version}"
    last, following = events[version - 1], events[version]
    if following.move_id == last.move_id and following.move is None:
        return (
            f"version {version} is inside a move (or the setup): fork after the last "
            "event of a move"
        )
    return None


def first_hidden(source: GameRecord, events: Sequence[StoredEvent], version: int) -> int | None:
    """Returns the version of the first event up to `version` that the rules redact for a
    spectator (hidden information a fork's players would know), or None."""
    rules = source.rules
    for event in events[:version]:
        if event.type in SERVICE_EVENTS:
            continue
        decoded = record_model.decode_engine_event(rules, event)
        if rules.redact(decoded, None) != decoded:
            return event.version
    return None


def seed_schedule(source: GameRecord, version: int) -> list[dict[str, Any]]:
    """Returns the `{seed, before}` pairs that cover decisions before `version` in a fork."""
    out: list[dict[str, Any]] = []
    fork = source.created.get("forkedFrom")
    previous = 0
    for part in fork["seeds"] if isinstance(fork, dict) else ():
        if previous >= version:
            break
        previous = min(int(part["before"]), version)
        out.append({"seed": str(part["seed"]), "before": previous})
    if previous < version:
        out.append({"seed": source.seed, "before": version})
    return out


def fork_log(
    source: GameRecord,
    at_version: GameRecord,
    events: Sequence[StoredEvent],
    version: int,
    seed: str,
    by_client: bool,
    game_id: str,
    exact: bool = False,
) -> tuple[GameRecord, list[StoredEvent]]:
    """Returns the fork's record and its first events (see the module docstring).

    Raises `BadVersion` when `version` is not a move boundary of an unfinished position.
    """
    problem = boundary_problem(events, at_version, version)
    if problem is not None:
        raise BadVersion(problem, {"version": version})
    at = record_model.now_iso()
    origin = {
        "gameId": source.game_id,
        "version": version,
        "seeds": seed_schedule(source, version),
        "exact": exact,
    }
    first = created_event(
        source.rules,
        source.players,
        source.options,
        seed,
        by_client,
        at,
        {"forkedFrom": origin},
    )
    record = record_model.start_record(game_id, first, seed)
    out = [dataclasses.replace(first, state_hash=record.state_hash())]
    for event in events[1:version]:
        record = record_model.apply(record, event)
        out.append(dataclasses.replace(event, state_hash=record.state_hash()))
    return record, out
