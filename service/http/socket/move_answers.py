"""The socket's answers to a `move` (`service.http.socket.messages`): REST's bodies with the
message's `type` and `id`, and `replayed` when its `moveId` was already recorded (REST answers
200 instead of 201)."""

from __future__ import annotations

from boardstate.service.contract.ports import AcceptedMove
from boardstate.service.http.rest.games.minimal import MoveMinimalOut, minimal_out
from boardstate.service.http.rest.games.models import MoveAcceptedOut, event_out, game_out


class Accepted(MoveAcceptedOut, tag="accepted", tag_field="type"):
    """A move's answer: REST's `MoveAccepted`."""

    id: str
    replayed: bool


class AcceptedMinimal(MoveMinimalOut, tag="acceptedMinimal", tag_field="type"):
    """A move's answer when it asked for `minimal`: REST's `MoveMinimal` (version, events,
    header; no `game`)."""

    id: str
    replayed: bool


def accepted(
    message_id: str, move: AcceptedMove, seat: int, minimal: bool
) -> Accepted | AcceptedMinimal:
    """The answer of a move: the body REST answers, with the message's `id`."""
    if minimal:
        short = minimal_out(move, seat)
        return AcceptedMinimal(
            short.version, short.events, short.header, short.dry_run, message_id, move.replayed
        )
    events = [event_out(e) for e in move.events]
    return Accepted(
        move.version, events, game_out(move.game), move.dry_run, message_id, move.replayed
    )
