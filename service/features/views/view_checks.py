"""The checks of a view (`state`, `boardSvg`) without the view: what a conditional request
(`If-None-Match`) needs before it may answer 304 Not Modified.

A view at a version is immutable: `state` of one seat (or the spectator) at version k is the
same whenever it is asked for, so its ETag is the version it is served at; only the checks can
change the answer (a seat's token; a version outside 1..current). `GameReads.check_view`
(`service.features.moves.game_reads`) runs those checks in the order `state` runs them and
returns the version served (`served_version`), without folding a past version.
"""

from __future__ import annotations

from boardstate.service.contract.codes import BAD_VERSION, ApiError


def served_version(current: int, version: int | None) -> int:
    """Returns the version a view is served at; `BAD_VERSION` outside 1..`current`."""
    if version is None:
        return current
    if not 1 <= version <= current:
        raise ApiError(BAD_VERSION, f"version must be 1..{current}, not {version}")
    return version
