"""What the verifier checks of the table's events (resignations, timeouts, aborts).

Lifecycle events fold like any other (their stateHash is checked by the fold). After one that
leaves at most one seat in play, the log must end with the `GameEnded` that
`service.log.endings.forced_end` gives; after a `TimedOut` that leaves nobody at the table (the
idle rule of a game whose `GameCreated` records `table.idleTimeouts`:
`service.log.idle_tables`), with the one `endings.idle` gives; an abort's `GameEnded` must be
the one `endings.aborted` gives, and nothing may follow any of them. A `GameEnded` anywhere
else (an idle end too early, say) is neither the rules' nor an abort's, and fails.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardstate.service.history.integrity import apply_checked
from boardstate.service.history.rederive import Mismatch, compare
from boardstate.service.log import endings, lifecycle
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.store import StoredEvent

CAUSES = {lifecycle.RESIGNED: "resignation", lifecycle.TIMED_OUT: "timeout"}


def ended(record: GameRecord, events: Sequence[StoredEvent], i: int) -> tuple[GameRecord, int]:
    """After a lifecycle event (`events[i - 1]`): checks a forced end if one is due."""
    cause = CAUSES.get(events[i - 1].type)
    if cause is None or record.result is not None:
        return record, i
    if cause == "timeout":
        draft = endings.after_timeout(record)
    else:
        draft = endings.forced_end(record, cause)
    if draft is None:
        return record, i
    why = "at most one seat is left in play"
    if draft.data["details"]["endedBy"] == "idle":
        why = "every seat at the table has timed out idleTimeouts times in a row"
    if i >= len(events) or events[i].type != GAME_ENDED:
        version = events[min(i, len(events) - 1)].version
        raise Mismatch(version, f"{why}, but GameEnded does not follow")
    compare([draft], [events[i]], "the end of the game after it was left")
    record = apply_checked(record, events[i])
    if i + 1 < len(events):
        raise Mismatch(events[i + 1].version, "an event follows GameEnded")
    return record, i + 1


def check_abort(record: GameRecord, event: StoredEvent) -> None:
    """A `GameEnded` where the rules do not end the game must be an admin's abort, or the
    service's event limit: `endedBy: limit` with the `eventLimit` it names reached by the log
    (the limit is the server's policy, like an abort; the log proves it was reached)."""
    details = event.data.get("details")
    details = details if isinstance(details, dict) else {}
    if event.data.get("status") == "ABANDONED" and details.get("endedBy") == "limit":
        limit = details.get("eventLimit")
        if type(limit) is not int or record.version < limit:
            raise Mismatch(event.version, f"an event limit of {limit!r} that the log never reached")
        compare([endings.limited(record, limit)], [event], "the end at the event limit")
        return
    by = details.get("abortedBy")
    if event.data.get("status") != "ABANDONED" or not isinstance(by, str):
        raise Mismatch(event.version, "GameEnded where neither the rules nor the table end it")
    compare([endings.aborted(record, by)], [event], "the abort")
