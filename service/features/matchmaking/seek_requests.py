"""What a seek asks for, checked, fingerprinted and stored (`Seeks`, issue 37).

* `check_key`: an idempotency key has 1 to `MAX_KEY_LENGTH` printable characters (the
  `Idempotency-Key` header's schema says so too): `BAD_INPUT` otherwise, on both doors;
* `check_range`: `ratingMin`/`ratingMax` within `RATING_FLOOR`..`RATING_CEILING`, not upside
  down, holding a whole rating (ratings are compared as whole points, `store.seek_index`):
  `BAD_MATCH_REQUEST` otherwise;
* `seek_fingerprint`: what a key names, compared when the key comes again;
* `view_of`: a seek as the doors answer it.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from boardstate.service.contract.codes import BAD_INPUT, ApiError
from boardstate.service.contract.players.match_ports import SeekView
from boardstate.service.features.matchmaking.match_failures import BadMatchRequest
from boardstate.service.features.matchmaking.match_spec import GameSpec
from boardstate.service.store.players.seek_index import RATING_CEILING, RATING_FLOOR, span

MAX_KEY_LENGTH = 128
"""Characters of an idempotency key (the `Idempotency-Key` header's schema says the same)."""


def check_key(key: str | None) -> None:
    """Refuses an idempotency key that is not 1 to `MAX_KEY_LENGTH` printable characters
    (`BAD_INPUT`: HTTP 400, a GraphQL error)."""
    if key is not None and not (1 <= len(key) <= MAX_KEY_LENGTH and key.isprintable()):
        raise ApiError(
            BAD_INPUT,
            f"idempotencyKey: 1 to {MAX_KEY_LENGTH} printable characters (got {len(key)})",
            {"field": "idempotencyKey", "limit": MAX_KEY_LENGTH},
        )


def check_range(rating_min: float | None, rating_max: float | None) -> None:
    """Refuses a rating range outside `RATING_FLOOR`..`RATING_CEILING`, upside down, or holding
    no whole rating (`BAD_MATCH_REQUEST`)."""
    for name, bound in (("ratingMin", rating_min), ("ratingMax", rating_max)):
        if bound is not None and not (
            math.isfinite(bound) and RATING_FLOOR <= bound <= RATING_CEILING
        ):
            raise BadMatchRequest(
                f"{name} must be within {RATING_FLOOR:g}..{RATING_CEILING:g}",
                {"field": name, "min": RATING_FLOOR, "max": RATING_CEILING},
            )
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise BadMatchRequest("ratingMin must not exceed ratingMax")
    first, last = span(rating_min, rating_max)
    if first > last:
        raise BadMatchRequest("ratingMin..ratingMax holds no whole rating")


def seek_fingerprint(
    spec: GameSpec, rating_min: float | None, rating_max: float | None, ttl: int, name: str
) -> str:
    """The lowercase hex SHA-256 of the canonical JSON of what a seek asks for (the spec, its
    options canonical, the range, the life and the name), as a move's (`log.move_ids`): a
    retry under the same key is the same seek exactly when its fingerprint is equal."""
    body: dict[str, Any] = {"spec": spec.wire(), "ratingMin": rating_min}
    body |= {"ratingMax": rating_max, "ttlSeconds": ttl, "name": name}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def view_of(
    seek: dict[str, Any], status: str, game_id: str | None = None, seat: int | None = None
) -> SeekView:
    """The view of a stored seek."""
    spec = GameSpec.of_wire(seek["spec"])
    return SeekView(
        seek_id=str(seek["seekId"]),
        player_id=str(seek["playerId"]),
        game_type=spec.game_type,
        players=spec.players,
        options=spec.options,
        rated=spec.rated,
        bots=spec.bots,
        rating_min=seek.get("min"),
        rating_max=seek.get("max"),
        status=status,
        created_at=int(seek["createdAt"]),
        expires_at=int(seek["expiresAt"]),
        game_id=game_id,
        seat=seat,
    )
