"""The index entry Redis keeps of an archived game (`bs:{<gameId>}:archived`): where its
object is, what it hashes to, and the summary lists and dumps need without fetching it.

Since format 2 it also keeps the length of the log (`packing.unpack` then decompresses not one
byte more) and the seats' token hashes (SHA-256, 32 bytes each, as Redis kept them), so a seat
token of an archived game is accepted where it was before (streams, rematch; writes still meet
`GAME_FINISHED`). Entries of format 1 have neither (their tokens are lost).

msgpack with one-letter keys; `MAX_BYTES` (640) is the target, which a game of five players
with names of ordinary length and five seat tokens stays under (tests/archive/test_packing.py,
tests/archive/test_bounded_reads.py); a game of two seats takes about 400."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import msgpack

from boardstate.service.store import StoredEvent

FORMAT = 2
MAX_BYTES = 640


@dataclasses.dataclass(frozen=True, slots=True)
class IndexEntry:
    """One archived game."""

    name: str
    """Its object's name (`service.features.archive.packing.object_name`)."""
    digest: str
    game_type: str
    status: str
    """`FINISHED` or `ABANDONED`."""
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    players: tuple[str, ...]
    created_at: str
    ended_at: str
    version: int
    """The number of events of its log."""
    size: int
    """The object's size in bytes (compressed)."""
    log_bytes: int | None = None
    """The length of its log, uncompressed (None: an entry of format 1)."""
    token_hashes: tuple[str | None, ...] | None = None
    """Each seat's token hash (hex; None: no token), or None (an entry of format 1)."""

    def encode(self) -> bytes:
        packed: bytes = msgpack.packb(
            {
                "f": FORMAT,
                "o": self.name,
                "d": self.digest,
                "t": self.game_type,
                "s": self.status,
                "w": list(self.winners),
                "r": list(self.scores),
                "p": list(self.players),
                "c": self.created_at,
                "e": self.ended_at,
                "v": self.version,
                "n": self.size,
                "l": self.log_bytes,
                "k": None if self.token_hashes is None else [_raw(h) for h in self.token_hashes],
            },
            use_bin_type=True,
        )
        return packed

    @classmethod
    def decode(cls, payload: bytes) -> IndexEntry:
        raw: Mapping[str, Any] = msgpack.unpackb(payload, raw=False)
        return cls(
            str(raw["o"]),
            str(raw["d"]),
            str(raw["t"]),
            str(raw["s"]),
            tuple(int(w) for w in raw["w"]),
            tuple(float(s) for s in raw["r"]),
            tuple(str(p) for p in raw["p"]),
            str(raw["c"]),
            str(raw["e"]),
            int(raw["v"]),
            int(raw["n"]),
            None if raw.get("l") is None else int(raw["l"]),
            None if raw.get("k") is None else tuple(_hex(h) for h in raw["k"]),
        )


def _raw(token_hash: str | None) -> bytes | None:
    return None if token_hash is None else bytes.fromhex(token_hash)


def _hex(raw: Any) -> str | None:
    return None if raw is None else bytes(raw).hex()


def entry_of(
    name: str,
    digest: str,
    size: int,
    events: Sequence[StoredEvent],
    players: Sequence[str],
    log_bytes: int | None = None,
    token_hashes: Mapping[int, str] | None = None,
) -> IndexEntry:
    """Returns the entry of a finished game's complete log (`token_hashes`: by seat, as the
    game's `:tokens` hash keeps them)."""
    created, ended = events[0], events[-1]
    return IndexEntry(
        name=name,
        digest=digest,
        game_type=str(created.data.get("gameType", "?")),
        status=str(ended.data.get("status", "FINISHED")),
        winners=tuple(int(w) for w in ended.data.get("winners", ())),
        scores=tuple(float(s) for s in ended.data.get("scores", ())),
        players=tuple(players),
        created_at=created.at,
        ended_at=ended.at,
        version=len(events),
        size=size,
        log_bytes=log_bytes,
        token_hashes=None if token_hashes is None else _by_seat(token_hashes, created.data),
    )


def _by_seat(hashes: Mapping[int, str], created: Mapping[str, Any]) -> tuple[str | None, ...]:
    seats = max([int(created.get("players", 0)), *(seat + 1 for seat in hashes)])
    return tuple(hashes.get(seat) for seat in range(seats))
