"""Seeded randomness whose outcomes are returned as data, to be recorded in events (architecture
§4).

The RNG for the decision at version `n` of a game is derived from the game's secret seed and `n`:
`key = SHA-256("boardstate-rng-v1" || 0x00 || seed-bytes || 0x00 || ascii(n))`. The stream is
HMAC-SHA256(key, counter) for counter = 0, 1, 2, … as 8-byte big-endian integers, read as one
long big-endian bit string. `below(n)` takes the fewest whole bytes that hold `n - 1`, masks them
to `n - 1`'s bit length and rejects values `>= n` (no modulo bias); `shuffle` is Fisher–Yates from
the last position down, swapping position `i` with `below(i + 1)`.

Nothing here uses the `random` module, whose algorithms may change between Python releases: the
same seed and version give the same outcomes on every Python version, on every platform, and in any
other language that implements the three paragraphs above. `decide` gets an `Rng`, draws, and
writes what it drew into its events; `evolve` never draws.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_DOMAIN = b"boardstate-rng-v1"


class Rng:
    """A deterministic random stream; see the module docstring for the exact algorithm."""

    __slots__ = ("_buffer", "_counter", "_key")

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._counter = 0
        self._buffer = b""

    @classmethod
    def for_decision(cls, seed: str, version: int) -> Rng:
        """Returns the RNG for the decision taken at `version` of a game with `seed`."""
        material = b"\x00".join((_DOMAIN, seed.encode("utf-8"), str(version).encode("ascii")))
        return cls(hashlib.sha256(material).digest())

    @property
    def drawn(self) -> bool:
        """Whether anything random was drawn from this stream yet."""
        return self._counter > 0

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            block = hmac.new(self._key, self._counter.to_bytes(8, "big"), hashlib.sha256).digest()
            self._counter += 1
            self._buffer += block
        taken, self._buffer = self._buffer[:count], self._buffer[count:]
        return taken

    def below(self, n: int) -> int:
        """Returns a uniform integer in `[0, n)`."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        mask = (1 << bits) - 1
        width = (bits + 7) // 8
        while True:
            value = int.from_bytes(self._take(width), "big") & mask
            if value < n:
                return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """Returns `items` in a uniformly random order."""
        order = list(items)
        for i in range(len(order) - 1, 0, -1):
            j = self.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return tuple(order)

    def choice(self, items: Sequence[T]) -> T:
        """Returns one element of `items`, uniformly."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> tuple[T, ...]:
        """Returns `k` distinct positions' elements of `items` in random order."""
        if not 0 <= k <= len(items):
            raise ValueError(f"sample of {k} from {len(items)} items")
        return self.shuffle(items)[:k]

    def roll(self, dice: int, sides: int = 6) -> tuple[int, ...]:
        """Returns the faces of `dice` fair dice with `sides` sides (1-based)."""
        return tuple(self.below(sides) + 1 for _ in range(dice))
