"""The minimal answer to a move (issue 41, item 4): what the mover needs, not the whole game.

A client that plays from the answers alone needs the version after its move, its own events and
who acts next; the full `game` (seats, standings, clock, options, ...) is what a page needs once,
not on every move. `Prefer: return=minimal` (RFC 7240 §4.2) on `POST /v1/games/{id}/moves` and
`"minimal": true` on the command socket's `move` answer `MoveMinimal`: `version`, `events`
(redacted for the mover, as in the full answer), `header` (the game just after the move, exactly
the header a streamed event carries: version, status, toAct, deadlines, result) and `dryRun`.
REST says `Preference-Applied: return=minimal` and `Vary: Prefer`; without the preference (or
with `return=representation`) the answer is the full `MoveAccepted`, as before.

The move is checked and recorded exactly as without the preference: only the answer is shorter.
"""

from __future__ import annotations

from boardstate.service.contract.ports import AcceptedMove
from boardstate.service.features.live.stream_headers import header_of
from boardstate.service.http.rest.base import Out
from boardstate.service.http.rest.games.models import EventOut, event_out
from boardstate.service.http.streams.stream_models import HeaderOut, header_out

MINIMAL = "return=minimal"
"""The preference (and the `Preference-Applied` value) that asks for the minimal answer."""
PREFER_BYTES = 1024
"""A longer `Prefer` header is not read for preferences (it asks for the full answer)."""


class MoveMinimalOut(Out):
    """The version after the move, its events (redacted for the mover) and the game's `header`
    just after it (as a streamed event's): the answer to `Prefer: return=minimal`."""

    version: int
    events: list[EventOut]
    header: HeaderOut
    dry_run: bool


def prefers_minimal(values: list[str]) -> bool:
    """Whether `Prefer` header values ask for `return=minimal` (RFC 7240: comma-separated
    preferences, names case-insensitive, optional quotes and `;` parameters ignored); the last
    `return` preference wins, an unknown one is ignored."""
    wanted = False
    for value in values:
        if len(value) > PREFER_BYTES:
            continue
        for preference in value.split(","):
            token = preference.split(";", 1)[0].strip()
            name, _, given = token.partition("=")
            if name.strip().lower() == "return":
                choice = given.strip().strip('"').lower()
                if choice in ("minimal", "representation"):
                    wanted = choice == "minimal"
    return wanted


def minimal_out(accepted: AcceptedMove, seat: int) -> MoveMinimalOut:
    """The minimal answer of an accepted (or dry-run) move of `seat`."""
    view = accepted.game
    header = header_of(view.handle, seat, with_state=False)
    events = [event_out(e) for e in accepted.events]
    return MoveMinimalOut(accepted.version, events, header_out(header), accepted.dry_run)
