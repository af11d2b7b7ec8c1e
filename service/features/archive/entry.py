"""The index entry Redis keeps of an archived game (`bs:{<gameId>}:archived`): where its
object is, what it hashes to, and the summary lists and dumps need without fetching it.

msgpack with one-letter keys; `MAX_BYTES` (512) is the target, which a game of four players
with names of ordinary length stays well under (tests/archive/test_archive_entry.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import msgpack

from boardstate.service.store import StoredEvent

FORMAT = 1
MAX_BYTES = 512


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
        )


def entry_of(
    name: str, digest: str, size: int, events: Sequence[StoredEvent], players: Sequence[str]
) -> IndexEntry:
    """Returns the entry of a finished game's complete log."""
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
    )
