"""An archived game's object: its export log (`service.history.log_format`, NDJSON), compressed
with zstd, named by the SHA-256 of the uncompressed log (pure functions, no I/O).

The name, `<gameType>/<yyyy>/<mm>/<gameId>.<sha256>.jsonl.zst` (year and month of its end),
makes the object tamper-evident: `unpack` refuses bytes that do not hash to their name, then
the verifier replays them (stateHash chain, seed reveal, every move re-derived). The digest is
of the log, not of the compressed bytes, so another compressor or level gives the same name.
Why zstd rather than gzip: at its default level it compresses these logs smaller than gzip -9
and decompresses several times faster (every read of an archived game pays it), and its
frames carry their content size and a checksum (`write_checksum`), a second guard.

An object is untrusted input until it verifies (zstd's documentation on untrusted frames): it is
decompressed as a stream, whatever size its frame declares (a 32 KB frame may declare, and
inflate to, a gigabyte), into a buffer of the length its log must have: the one its writer
recorded (`Packed.log_bytes`, kept in the index entry; a longer log cannot hash to its name),
else the length a first pass measures while hashing, keeping nothing, up to `MAX_LOG_BYTES`
(`inflated`). Frames whose window is larger than `MAX_WINDOW` are refused before anything is
allocated for them, and nothing is parsed before the log hashes to its name.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import re
from collections.abc import Sequence
from urllib.parse import quote

import zstandard

from boardstate.engine import registry
from boardstate.service.failures import BadLog
from boardstate.service.history.log_format import read_log, write_log
from boardstate.service.history.verify import verify_log
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.store import StoredEvent

LEVEL = 10
"""zstd's level (the golden logs, 51-195 KB, compress 4.2-4.8x: a 179-event Trambahn game's
51,453 bytes to 10,838)."""
MAX_LOG_BYTES = 64 * 1024 * 1024
"""The largest log `unpack` decompresses when the length of the log is not known (an index
entry written before it was recorded); the archiver archives no longer log."""
MAX_WINDOW = 8 * 1024 * 1024
"""The largest zstd window accepted (RFC 8878 asks decoders to support 8 MB; `LEVEL` uses 4 MB
at most)."""
CHUNK = 1024 * 1024
"""Bytes decompressed at a time."""
SUFFIX = ".jsonl.zst"
_NAME = re.compile(r"(?P<game_type>[^/]+)/\d{4}/\d{2}/(?P<game>[^/]+)\.(?P<digest>[0-9a-f]{64})")


class ArchiveUnverified(Exception):
    """An archived object does not hash to its name, does not decode, or does not verify."""


class ArchiveTooLarge(ArchiveUnverified):
    """An archived log is longer than `MAX_LOG_BYTES`, the most this process decompresses, or
    its object is over the object store's limit: it cannot be verified here."""


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


def unpack(name: str, data: bytes, log_bytes: int | None = None) -> list[StoredEvent]:
    """Returns the events of an archived object, checked against its name; raises
    `ArchiveUnverified`, or `ArchiveTooLarge` for a log over `MAX_LOG_BYTES`. `log_bytes`: the
    length of its log, when known (then a longer one is `ArchiveUnverified`, and nothing past
    it is decompressed)."""
    found = _NAME.fullmatch(name.removesuffix(SUFFIX))
    if found is None or not name.endswith(SUFFIX):
        raise ArchiveUnverified(f"{name}: not an archive object name")
    log = inflated(name, data, log_bytes, found["digest"])
    try:
        return read_log(log)
    except BadLog as exc:
        raise ArchiveUnverified(f"{name}: not a game log: {exc}") from None


def inflated(name: str, data: bytes, log_bytes: int | None, digest: str) -> bytes:
    """Returns the log `data` decompresses to (every frame), which hashes to `digest`; raises
    `ArchiveUnverified`, or `ArchiveTooLarge` past `MAX_LOG_BYTES`.

    The log is decompressed into a buffer of exactly `log_bytes`, whatever the frames declare,
    and a byte more is refused. Its length unknown, a first pass hashes and measures it without
    keeping it (one `CHUNK` at a time, at most `MAX_LOG_BYTES`): a bomb costs that much work,
    never that much memory, and only a log that hashes to its name is kept."""
    if log_bytes is None:
        log_bytes = _measured(name, data, digest)
    if log_bytes > MAX_LOG_BYTES:
        raise ArchiveTooLarge(f"{name}: a log of {log_bytes} bytes, over {MAX_LOG_BYTES}")
    log, filled = bytearray(log_bytes), 0
    try:
        with _reader(data) as reader, memoryview(log) as view:
            while filled < log_bytes and (read := reader.readinto(view[filled:][:CHUNK])):
                filled += read
            longer = reader.read(1)
    except zstandard.ZstdError as exc:
        raise ArchiveUnverified(f"{name}: does not decompress: {exc}") from None
    if filled != log_bytes or longer:
        raise ArchiveUnverified(f"{name}: its log is not {log_bytes} bytes long, as recorded")
    if hashlib.sha256(log).hexdigest() != digest:
        raise ArchiveUnverified(f"{name}: its log does not hash to its name")
    return bytes(log)


def _measured(name: str, data: bytes, digest: str) -> int:
    """Returns the length of the log `data` decompresses to, checked against `digest`."""
    hasher, length = hashlib.sha256(), 0
    try:
        with _reader(data) as reader:
            while chunk := reader.read(CHUNK):
                length += len(chunk)
                if length > MAX_LOG_BYTES:
                    raise ArchiveTooLarge(f"{name}: inflates past {MAX_LOG_BYTES} bytes")
                hasher.update(chunk)
    except zstandard.ZstdError as exc:
        raise ArchiveUnverified(f"{name}: does not decompress: {exc}") from None
    if hasher.hexdigest() != digest:
        raise ArchiveUnverified(f"{name}: its log does not hash to its name")
    return length


def _reader(data: bytes) -> zstandard.ZstdDecompressionReader:
    decompressor = zstandard.ZstdDecompressor(max_window_size=MAX_WINDOW)
    return decompressor.stream_reader(io.BytesIO(data), read_across_frames=True)


def verified(
    game_id: str, name: str, data: bytes, log_bytes: int | None = None
) -> list[StoredEvent]:
    """Returns the events of an archived object after `unpack` and the verifier (the whole log:
    stateHash chain, seed reveal, every move re-derived); raises `ArchiveUnverified` or
    `ArchiveTooLarge`. A game whose type no installed package serves is checked against its
    name's hash only (the verifier needs its rules): its raw log stays exportable, and every
    read that needs the rules refuses it (`GAME_TYPE_NOT_INSTALLED`) until the package is back."""
    events = unpack(name, data, log_bytes)
    if events and str(events[0].data.get("gameType")) not in registry.GAMES:
        return events
    report = verify_log(events, game_id)
    failure = report.failure
    if failure is not None:
        raise ArchiveUnverified(f"{name}: event {failure.version}: {failure.message}")
    if not report.complete or not report.finished:
        raise ArchiveUnverified(f"{name}: the log does not reveal its seed (it has not ended)")
    return events
