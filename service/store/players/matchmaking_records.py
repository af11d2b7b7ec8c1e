"""What the matchmaking scripts are given (`service.store.players.matchmaking_store`): a seek with
its places in the pool's index, a challenge with its list entries, and the caps they are counted
against (`holds`: `<kind>\\n<holder>\\n<id>`, kinds `sa` seeks of an address, `cm` challenges a
player made, `cr` challenges a player received, `ca` challenges made from an address)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from boardstate.service.store import codec
from boardstate.service.store.players import seek_index

NO_LIMIT = 1 << 30


@dataclasses.dataclass(frozen=True, slots=True)
class Caps:
    """The most one holder may hold open (`NO_LIMIT`: not counted)."""

    seeks_per_address: int = NO_LIMIT
    challenges_made: int = NO_LIMIT
    challenges_received: int = NO_LIMIT
    challenges_per_address: int = NO_LIMIT


UNCOUNTED = Caps()


@dataclasses.dataclass(frozen=True, slots=True)
class ChallengeRow:
    """One open challenge of a list: its position (the cursor), record and who accepted."""

    position: str
    challenge: dict[str, Any]
    accepted: list[str]


def hold(kind: str, holder: str, item: str = "") -> str:
    """A member of `holds`."""
    return f"{kind}\n{holder}\n{item}"


def held(kind: str, holder: str) -> tuple[str, str]:
    """The lex range of `holder`'s members of `kind` in `holds`."""
    return "[" + hold(kind, holder), "(" + f"{kind}\n{holder}\x0b"


def listed(player: str, challenge: dict[str, Any]) -> str:
    """The member listing `challenge` under `player` in `invites` (oldest first)."""
    return f"{player}\n{int(challenge['createdAt']):015d}|{challenge['challengeId']}"


def seek_arguments(
    seek: dict[str, Any],
    pool: str,
    needed: int,
    limit: int,
    match_id: str,
    address: str | None,
    caps: Caps,
) -> list[Any]:
    """The `SEEK` script's arguments after the shared ones (`seek_scripts.SEEK`): the seek
    as stored, with its rating point, range, owner and hold; the lists it searches; its entries
    in the index."""
    player, seek_id = seek["playerId"], seek["seekId"]
    rating = seek_index.point(float(seek["rating"]))
    first, last = seek_index.span(seek.get("min"), seek.get("max"))
    stored = {k: v for k, v in seek.items() if k != "member"}
    stored |= {
        "point": rating,
        "first": first,
        "last": last,
        "owner": f"{player}\n{seek_id}",
    }
    if address is not None:
        stored["hold"] = hold("sa", address, seek_id)
    lo, hi = held("sa", address or "")
    return [
        seek_id,
        json.dumps(stored, separators=(",", ":")),
        f"[{player}\n",
        f"({player}\x0b",
        needed,
        limit,
        seek["expiresAt"],
        match_id,
        json.dumps(seek_index.lists(pool, rating, first, last)),
        lo,
        hi,
        "" if address is None else caps.seeks_per_address,
        json.dumps(seek_index.entries(pool, rating, first, last, seek["createdAt"], seek_id)),
    ]


def offer_arguments(challenge: dict[str, Any], address: str | None, caps: Caps) -> list[Any]:
    """The `CHALLENGE` script's arguments (`offer_scripts.CHALLENGE`): the challenge with its
    list entries and holds, and the caps each holder is checked against."""
    challenger, invited = challenge["from"], list(challenge["to"])
    holds = [hold("cm", challenger, challenge["challengeId"])]
    holds += [hold("cr", p, challenge["challengeId"]) for p in invited]
    checks: list[list[Any]] = [[*held("cm", challenger), caps.challenges_made, "made"]]
    checks += [[*held("cr", p), caps.challenges_received, f"invited|{p}"] for p in invited]
    if address is not None:
        holds.append(hold("ca", address, challenge["challengeId"]))
        checks.append([*held("ca", address), caps.challenges_per_address, "address"])
    stored = dict(challenge)
    stored["listed"] = [listed(p, challenge) for p in [challenger, *invited]]
    stored["holds"] = holds
    return [
        challenge["challengeId"],
        json.dumps(stored, separators=(",", ":")),
        challenge["expiresAt"],
        json.dumps(checks),
    ]


def challenge_rows(raw: list[Any]) -> list[ChallengeRow]:
    """The rows of a `LIST_CHALLENGES` reply: (member, challenge JSON, accepted JSON) triples."""
    rows = []
    for i in range(0, len(raw), 3):
        position = codec.as_text(raw[i]).split("\n", 1)[1]
        accepted = codec.as_text(raw[i + 2])
        taken = json.loads(accepted) if accepted else []
        rows.append(ChallengeRow(position, json.loads(codec.as_text(raw[i + 1])), taken or []))
    return rows
