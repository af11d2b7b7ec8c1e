"""An archived game's object: its export log (`service.history.log_format`, NDJSON), compressed
with zstd, named by the SHA-256 of the uncompressed log (pure functions, no I/O).

The name, `<gameType>/<yyyy>/<mm>/<gameId>.<sha256>.jsonl.zst` (year and month of its end),
makes the object tamper-evident: `unpack` refuses bytes that do not hash to their name, then
the verifier replays them (stateHash chain, seed reveal, every move re-derived). The digest is
of the log, not of the compressed bytes, so another compressor or level gives the same name.
Why zstd rather than gzip: at its default level it compresses these logs smaller than gzip -9
and decompresses several times faster (every read of an archived game pays it), and its
frames carry their content size and a checksum (`write_checksum`), a second guard.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Sequence
from urllib.parse import quote

import zstandard

from boardstate.service.failures import BadLog
from boardstate.service.history.log_format import read_log, write_log
from boardstate.service.history.verify import verify_log
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.store import StoredEvent

LEVEL = 10
"""zstd's level (the golden logs, 51-195 KB, compress 4.2-4.8x: a 179-event Trambahn game's
51,453 bytes to 10,838)."""
MAX_LOG_BYTES = 64 * 1024 * 1024
"""The largest log `unpack` decompresses (a bound against a decompression bomb)."""
SUFFIX = ".jsonl.zst"
_NAME = re.compile(r"(?P<game_type>[^/]+)/\d{4}/\d{2}/(?P<game>[^/]+)\.(?P<digest>[0-9a-f]{64})")


class ArchiveUnverified(Exception):
    """An archived object does not hash to its name, does not decode, or does not verify."""


@dataclasses.dataclass(frozen=True, slots=True)
class Packed:
    """One game's object, ready to write."""

    name: str
    digest: str
    """SHA-256 of the uncompressed log (hex)."""
    data: bytes
    """The compressed log."""
    log_bytes: int


def object_name(game_type: str, ended_at: str, game_id: str, digest: str) -> str:
    """Returns the object name of a game's log (`ended_at`: ISO-8601, its `GameEnded.at`)."""
    return f"{game_type}/{ended_at[:4]}/{ended_at[5:7]}/{quote(game_id, safe='')}.{digest}{SUFFIX}"


def pack(game_id: str, game_type: str, events: Sequence[StoredEvent]) -> Packed:
    """Returns the object of a finished game's complete log; raises `ValueError` if the log
    does not end with `GameEnded`."""
    if not events or events[-1].type != GAME_ENDED:
        raise ValueError(f"game {game_id} has not ended: only finished games are archived")
    log = write_log(events)
    digest = hashlib.sha256(log).hexdigest()
    compressor = zstandard.ZstdCompressor(level=LEVEL, write_checksum=True)
    name = object_name(game_type, events[-1].at, game_id, digest)
    return Packed(name, digest, compressor.compress(log), len(log))


def unpack(name: str, data: bytes) -> list[StoredEvent]:
    """Returns the events of an archived object, checked against its name; raises
    `ArchiveUnverified`."""
    found = _NAME.fullmatch(name.removesuffix(SUFFIX))
    if found is None or not name.endswith(SUFFIX):
        raise ArchiveUnverified(f"{name}: not an archive object name")
    try:
        log = zstandard.ZstdDecompressor().decompress(data, max_output_size=MAX_LOG_BYTES)
    except zstandard.ZstdError as exc:
        raise ArchiveUnverified(f"{name}: does not decompress: {exc}") from None
    if hashlib.sha256(log).hexdigest() != found["digest"]:
        raise ArchiveUnverified(f"{name}: its log does not hash to its name")
    try:
        return read_log(log)
    except BadLog as exc:
        raise ArchiveUnverified(f"{name}: not a game log: {exc}") from None


def verified(game_id: str, name: str, data: bytes) -> list[StoredEvent]:
    """Returns the events of an archived object after `unpack` and the verifier (the whole log:
    stateHash chain, seed reveal, every move re-derived); raises `ArchiveUnverified`."""
    events = unpack(name, data)
    report = verify_log(events, game_id)
    failure = report.failure
    if failure is not None:
        raise ArchiveUnverified(f"{name}: event {failure.version}: {failure.message}")
    if not report.complete or not report.finished:
        raise ArchiveUnverified(f"{name}: the log does not reveal its seed (it has not ended)")
    return events
