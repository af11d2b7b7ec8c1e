"""The raw log of a game whose type no installed package serves (issue 40, "uninstalled games
are safe"): `GET /v1/games/{id}/log` still exports an ended game's log exactly as stored, with
no rules needed (an ended game's export is complete: nothing is redacted), so an operator can
take it elsewhere or keep it until the package is installed again. A running game's export is
redacted for its viewer, which needs the rules: it stays `GAME_TYPE_NOT_INSTALLED`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from starlette.responses import Response, StreamingResponse

from boardstate.service.composition import Service
from boardstate.service.contract.codes import ApiError
from boardstate.service.history.log_format import msgpack_line, ndjson_line
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.runtime.store_failures import store_errors

PAGE = 500


async def raw_log(service: Service, game_id: str, as_msgpack: bool, refusal: ApiError) -> Response:
    """The stored log of an ended game, unchanged; else raises the refusal (503)."""
    with store_errors():
        version = await service.store.version(game_id)
        last = await service.store.read(game_id, after=version - 1, limit=1) if version else []
    if not last or last[-1].type != GAME_ENDED:
        raise refusal

    async def lines() -> AsyncIterator[bytes]:
        done = 0
        while done < version:
            with store_errors():
                batch = await service.store.read(game_id, after=done, limit=PAGE)
            if not batch:
                return
            for event in batch:
                line = event.to_export()
                yield msgpack_line(line) if as_msgpack else ndjson_line(line)
            done = batch[-1].version

    media = "application/msgpack" if as_msgpack else "application/x-ndjson"
    headers = {"x-game-version": str(version), "vary": "Accept"}
    return StreamingResponse(lines(), media_type=media, headers=headers)
