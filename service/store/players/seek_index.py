"""Where a seek sits in its pool's index, and where a new seek looks for partners (issue 37).

Two seeks may be paired when each seeker's rating is inside the other's range. Before, a seek
looked at the 256 oldest seeks of its pool and checked each: 260 seeks nobody could take (a
`ratingMin` above every rating) hid every later seek of that pool. Now the pool is indexed by
both halves of compatibility, so every seek a new seek reads is one it may take:

* ratings are compared as whole points (`point`: rounded, clamped to 0..`TOP`); a range is
  the whole points it holds (`span`);
* a segment tree over the points (heap numbering: node 1 is 0..`TOP`, node n has the children
  2n and 2n + 1, leaf `LEAVES + p` is the point p) cuts a range into at most 2 x `BITS` nodes
  that cover it exactly (`cover`), and every point lies in the `BITS` + 1 nodes of its `path`;
* a seek is stored once per node covering its range (`entries`): a member
  `<pool>|<node>|<rating>|<created ms>|<seek id>` of one sorted set, read by lexicographic
  range, so the members of one node are in rating order;
* a new seek of rating r and range [a, b] reads, in each node on the path of r, the members
  rated inside [a, b] (`lists`: upwards from r, and downwards below it, so the nearest ratings
  come first). Each one is rated inside [a, b] (the lexicographic range) and takes r (its
  node holds r and lies inside its range): compatible. Conversely every compatible seek is in
  one of those ranges (exactly one of its nodes holds r). So the first seek a list yields is
  one the new seek may take, and if any seek may be taken, some list yields one.

A seek takes at most 2 x `BITS` members (one with no bounds 1), and a search reads 2 x (`BITS`
+ 1) ranges.
"""

from __future__ import annotations

import math

BITS = 12
LEAVES = 1 << BITS
"""Rating points 0..4095 (a rating outside counts as the nearest)."""
TOP = LEAVES - 1
RATING_FLOOR = 0.0
RATING_CEILING = 4000.0
"""The bounds `ratingMin` and `ratingMax` must keep to (docs/security.md, "Matchmaking")."""


def point(rating: float) -> int:
    """The whole point a rating is compared as (rounded half up, clamped to 0..`TOP`)."""
    if not math.isfinite(rating):
        return 0 if rating < 0 else TOP
    return min(TOP, max(0, math.floor(rating + 0.5)))


def span(low: float | None, high: float | None) -> tuple[int, int]:
    """The whole points inside `low..high` (None: unbounded); empty when first > second."""
    first = 0 if low is None else max(0, math.ceil(low))
    last = TOP if high is None else min(TOP, math.floor(high))
    return first, last


def cover(first: int, last: int) -> list[int]:
    """The nodes whose points are exactly `first..last`, disjoint, left to right."""
    left, right, out = first + LEAVES, last + LEAVES + 1, []
    tail: list[int] = []
    while left < right:
        if left & 1:
            out.append(left)
            left += 1
        if right & 1:
            right -= 1
            tail.append(right)
        left >>= 1
        right >>= 1
    return out + tail[::-1]


def path(at: int) -> list[int]:
    """The nodes holding the point `at`, root first."""
    node, nodes = at + LEAVES, []
    while node:
        nodes.append(node)
        node >>= 1
    return nodes[::-1]


def points_of(node: int) -> tuple[int, int]:
    """The first and last point of `node`."""
    depth = node.bit_length() - 1
    width = LEAVES >> depth
    first = (node - (1 << depth)) * width
    return first, first + width - 1


def prefix(pool: str, node: int) -> str:
    """The members' prefix of `node` in `pool`."""
    return f"{pool}|{node:04d}|"


def entries(pool: str, rating: int, first: int, last: int, created: int, seek_id: str) -> list[str]:
    """The members of one seek (rated `rating`, taking `first..last`)."""
    tail = f"{rating:04d}|{created:015d}|{seek_id}"
    return [prefix(pool, node) + tail for node in cover(first, last)]


def lists(pool: str, rating: int, first: int, last: int) -> list[list[str]]:
    """The ranges a seek rated `rating` taking `first..last` reads, each `[from, to, order]`
    (lexicographic bounds; order `up` reads from `from` to `to`, `down` the other way): in each
    node holding `rating`, the members rated `max(first, rating)..last` upwards and
    `first..min(last, rating - 1)` downwards."""
    found = []
    for node in path(rating):
        head = prefix(pool, node)
        low, high = max(first, rating), last
        if low <= high:
            found.append([f"[{head}{low:04d}|", f"({head}{high + 1:04d}|", "up"])
        low, high = first, min(last, rating - 1)
        if low <= high:
            found.append([f"({head}{high + 1:04d}|", f"[{head}{low:04d}|", "down"])
    return found
