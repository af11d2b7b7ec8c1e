"""Announcements: the lifecycle notifications an append makes (issue 19, architecture §5d).

`announcements(before, after, events)` says what other services learn from one atomic append:
`game.created`, `game.started`, `turn.changed` (a decision is owed at this version: who must act
now, `toAct`, with `owed`: the kinds of move each of them may make, and `deadlines`: when each of
those seats runs out of time, empty without a clock; made when the seats to act change, and, in
a game with a player's membership on a seat, by every append that leaves it waiting on a seat,
so a player that moves several times in a row hears of each decision on its stream; issue 39),
`takeback.requested` (`seat` asks to
take back to `toVersion`), `seat.timed_out` and `game.ended`. They are written into the game's
outbox in the same atomic step as the events (`service.store.append.lua`), so nothing is
announced that was not recorded and nothing recorded goes unannounced; the relay
(`service.features.webhooks.relay`) moves them on to the cross-game feed and the webhook queues.

An announcement is the JSON body a webhook receives (Standard Webhooks' `{type, timestamp,
data}`) plus its `id` (`msg_<game>_<version>_<n>`: stable, so a re-sent or duplicated delivery
carries the same `webhook-id`). `data` always holds `gameId`, `gameType`, `version`, `status`,
`toAct` and `seats` (`[{seat, name, playerId, member}]`: `playerId` is the opaque id attached
at creation, `createGame(playerIds:)`, or at a join; `member` says whether it is the player's
membership or only a name, `GameRecord.member_ids`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from boardstate.service.log import clocks
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.lifecycle import TAKEBACK_REQUESTED, TIMED_OUT
from boardstate.service.store.base import StoredEvent

GAME_CREATED = "game.created"
GAME_STARTED = "game.started"
TURN_CHANGED = "turn.changed"
SEAT_TIMED_OUT = "seat.timed_out"
GAME_ENDED = "game.ended"
TAKEBACK_ASKED = "takeback.requested"
EVENT_NAMES = (GAME_CREATED, GAME_STARTED, TURN_CHANGED, SEAT_TIMED_OUT, GAME_ENDED, TAKEBACK_ASKED)
"""Every announcement type, in the order one append makes them."""


def player_ids(record: GameRecord) -> list[str | None]:
    """The integrator's opaque player id of each seat (None where none was attached)."""
    return list(record.player_ids or (None,) * record.players)


def _common(record: GameRecord) -> dict[str, Any]:
    ids, members = player_ids(record), record.member_ids
    return {
        "gameId": record.game_id,
        "gameType": record.rules.info.id,
        "version": record.version,
        "status": record.status,
        "toAct": list(record.to_act),
        "seats": [
            {"seat": i, "name": name, "playerId": ids[i], "member": members[i] is not None}
            for i, name in enumerate(record.seats)
        ],
    }


def deadlines(record: GameRecord) -> list[dict[str, Any]]:
    """When each seat that must act runs out of time (`[{seat, at}]`; none without a clock)."""
    clock = record.clock
    if clock is None:
        return []
    return [
        {"seat": s, "at": at} for s, _, at in clocks.due_times(record.table, clock, record.to_act)
    ]


def owed(record: GameRecord) -> list[dict[str, Any]]:
    """What each seat that must act owes: `[{seat, moves}]`, `moves` the distinct `type`s of its
    legal moves, sorted (a seat the rules list no move for owes `[]`)."""
    rules, out = record.rules, []
    for seat in record.to_act:
        legal = rules.legal_moves(record.state, seat)
        kinds = {str(rules.moves.encode(m).get("type")) for m in legal}
        out.append({"seat": seat, "moves": sorted(kinds)})
    return out


def announcements(
    before: GameRecord | None, after: GameRecord, events: Sequence[StoredEvent]
) -> list[dict[str, Any]]:
    """The announcements of the append that took `before` (None: a create) to `after`."""
    made: list[tuple[str, dict[str, Any]]] = []
    if before is None:
        made.append((GAME_CREATED, {}))
    started = after.status != "OPEN" and (before is None or before.status == "OPEN")
    if started and after.state is not None:
        made.append((GAME_STARTED, {}))
    for event in events:
        if event.type == TIMED_OUT and event.seat is not None:
            made.append((SEAT_TIMED_OUT, {"seat": event.seat}))
        if event.type == TAKEBACK_REQUESTED and event.seat is not None:
            to_version = int(event.data.get("toVersion", 0))
            made.append((TAKEBACK_ASKED, {"seat": event.seat, "toVersion": to_version}))
    acting_before = () if before is None else before.to_act
    changed = started or after.to_act != acting_before
    owed_again = bool(after.to_act) and any(after.member_ids)  # a player's stream hears each
    if after.status == "ACTIVE" and (changed or owed_again):
        made.append((TURN_CHANGED, {"owed": owed(after), "deadlines": deadlines(after)}))
    if after.result is not None and (before is None or before.result is None):
        result = after.result
        made.append((GAME_ENDED, {"winners": list(result.winners), "scores": list(result.scores)}))
    if not made:
        return []
    at = events[-1].at if events else ""
    common = _common(after)
    return [
        {
            "id": f"msg_{after.game_id}_{after.version}_{n}",
            "type": kind,
            "timestamp": at,
            "data": {**common, **extra},
        }
        for n, (kind, extra) in enumerate(made)
    ]


def encoded(items: Sequence[dict[str, Any]]) -> tuple[bytes, ...]:
    """The announcements as the outbox stores them (compact JSON)."""
    return tuple(json.dumps(a, separators=(",", ":")).encode() for a in items)


def outbox(
    before: GameRecord | None, after: GameRecord, events: Sequence[StoredEvent]
) -> tuple[bytes, ...]:
    """The announcements of an append (`announcements`) as the outbox stores them (`encoded`)."""
    return encoded(announcements(before, after, events))
