"""Helpers of the history tests: a server that imports, exports, the service's own verifier on an
export, and the expected views (an independent naive fold, not the service's replay)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import httpx
import msgpack

from boardstate.service.history.log_format import read_log
from boardstate.service.history.verify import verify_log
from boardstate.service.log import record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.store import StoredEvent
from tests.api.client import Api

ADMIN_TOKEN = "history-admin-token-0123456789"
SNAPSHOT_EVERY = 16
HISTORY_ENV = {"BOARDSTATE_ADMIN_TOKEN": ADMIN_TOKEN, "BOARDSTATE_SNAPSHOT_EVERY": "16"}


async def import_log(base_url: str, payload: bytes, token: str | None = ADMIN_TOKEN) -> Any:
    """POSTs a log to `/games/import`; returns the response."""
    headers = {"authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(trust_env=False, timeout=60) as http:
        return await http.post(f"{base_url}/games/import", content=payload, headers=headers)


async def imported(base_url: str, payload: bytes) -> str:
    """Imports a log that must verify; returns the game's id (201: new; 200: this log was
    imported before, and the import returns that game)."""
    response = await import_log(base_url, payload)
    assert response.status_code in (200, 201), response.text
    game_id: str = response.json()["gameId"]
    return game_id


async def export(base_url: str, game_id: str, token: str | None = None) -> bytes:
    """Returns `GET /games/{id}/log` as NDJSON (checked equal to the msgpack form)."""
    headers = {"authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(trust_env=False, timeout=60) as http:
        ndjson = await http.get(f"{base_url}/games/{game_id}/log", headers=headers)
        packed = await http.get(f"{base_url}/games/{game_id}/log?format=msgpack", headers=headers)
    assert ndjson.status_code == packed.status_code == 200, ndjson.text
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(packed.content)
    assert read_log(ndjson.content) == read_log(b"".join(msgpack.packb(x) for x in unpacker))
    return ndjson.content


def verified(game_id: str, payload: bytes) -> GameRecord:
    """Checks an export with the service's verifier (`service.history.verify.verify_log`): seed
    commitment, setup and moves re-derived, every stateHash, GameEnded; returns the final fold."""
    report = verify_log(read_log(payload), game_id)
    assert report.complete, report.to_json()
    assert report.record is not None
    return report.record


def expected_views(
    events: list[StoredEvent], versions: Iterable[int], seat: int | None
) -> dict[int, Any]:
    """The views of `seat` (None: spectator) at `versions`, replayed offline in one fold and
    turned into JSON like the API's."""
    wanted = set(versions)
    record = record_model.start_record("expected", events[0], "")
    out: dict[int, Any] = {}

    def view(at: GameRecord) -> Any:
        state = at.state
        if state is None:
            state = at.rules.initial_state(at.players, at.options)
        return json.loads(json.dumps(at.rules.view(state, seat)))

    if 1 in wanted:
        out[1] = view(record)
    for event in events[1:]:
        record = record_model.apply(record, event)
        if record.version in wanted:
            out[record.version] = view(record)
    return out


async def states(
    api: Api, game_id: str, versions: Iterable[int], seat: int | None, token: str | None = None
) -> dict[int, Any]:
    """Returns `state(seat, version)` for each version, in one request (aliases)."""
    wanted = sorted(set(versions))
    seat_arg = "null" if seat is None else str(seat)
    fields = " ".join(f"v{v}: state(seat: {seat_arg}, version: {v})" for v in wanted)
    game = await api.game(game_id, fields, token=token)
    return {v: game[f"v{v}"] for v in wanted}


async def event_page(api: Api, game_id: str, args: str, token: str | None = None) -> Any:
    """Returns one events page with versions, cursors, moves and page info."""
    fields = (
        f"events({args}) {{ totalCount pageInfo {{ hasNextPage hasPreviousPage startCursor "
        "endCursor } edges { cursor node { version type seat moveId data move stateHash } } }"
    )
    return (await api.game(game_id, fields, token=token))["events"]
