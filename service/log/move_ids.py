"""Move ids (architecture §5): what a valid one is, and the fingerprint recorded with an accepted
one.

A `moveId` has 1 to `MAX_MOVE_ID_LENGTH` characters, all printable (no control characters,
no line or paragraph separators); the same rule holds for `submitMove` and for imported logs.
Ids are scoped to (game, seat). The record of an accepted id carries `fingerprint(...)`: the
lowercase hex SHA-256 of the canonical JSON of `{"move": <the move's canonical wire form>,
"expectedVersion": <int or null>}`, so a retry is the same submission exactly when its
fingerprint is equal. A move that does not parse is fingerprinted as submitted (it can never
equal an accepted move's).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rules import GameRules

MAX_MOVE_ID_LENGTH = 128


def move_id_problem(move_id: str) -> str | None:
    """Returns why `move_id` is not a valid move id, or None."""
    if not 1 <= len(move_id) <= MAX_MOVE_ID_LENGTH:
        return f"moveId must have 1 to {MAX_MOVE_ID_LENGTH} characters"
    if not move_id.isprintable():
        return "moveId must hold printable characters only"
    return None


def canonical_move(rules: GameRules[Any, Any, Any], move: Any) -> Mapping[str, Any] | None:
    """Returns the canonical wire form of a submitted move, or None when it does not parse."""
    try:
        wire: Mapping[str, Any] = rules.moves.encode(rules.parse_move(move))
    except MoveError:
        return None
    return wire


def fingerprint(rules: GameRules[Any, Any, Any], move: Any, expected: int | None) -> str:
    """Returns the fingerprint of a submission (see the module docstring)."""
    wire = canonical_move(rules, move)
    return canonical_fingerprint({"unparsed": move} if wire is None else wire, expected)


def canonical_fingerprint(wire: Mapping[str, Any], expected: int | None) -> str:
    """`fingerprint` of a move already in its canonical wire form (as `decide` returns it), so
    an accepted move is not parsed a second time."""
    body = {"move": wire, "expectedVersion": expected}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
