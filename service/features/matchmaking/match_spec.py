"""What a seek, a challenge or a rematch asks for (`GameSpec`), and how a match is seated.

A spec is checked in full when it is asked for (the game type, the player count, the options
as the rules parse them, the bots), so a match never fails on its spec later. Seeks are pooled
by `GameSpec.pool`: the hash of everything two seeks must share to be paired (Lichess pairs
seeks of the same variant, clock and mode; here game type, players, options, rated, bots).
Seats are drawn from the match id (`seating`): the same match always gets the same seats, so
whichever replica creates its game creates the same one.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from boardstate.engine import registry
from boardstate.engine.bots.policies import POLICIES
from boardstate.engine.table.options import parse_bots, split_options
from boardstate.service.features.matchmaking.match_failures import BadMatchRequest
from boardstate.service.inputs import json_problem

DEFAULT_BOT_POLICY = "heuristic"
MAX_NAME = 64


@dataclasses.dataclass(frozen=True, slots=True)
class GameSpec:
    """The game a seek or challenge asks for; `bots` seats are filled by `bot_policy` bots."""

    game_type: str
    players: int
    options: Any = None
    rated: bool = False
    bots: int = 0
    bot_policy: str = DEFAULT_BOT_POLICY

    @property
    def humans(self) -> int:
        """The seats people take."""
        return self.players - self.bots

    def checked(self) -> GameSpec:
        """Returns the spec once the rules accept it; raises a typed error otherwise
        (`UNKNOWN_GAME_TYPE`, `BAD_PLAYER_COUNT`, `BAD_OPTIONS`, `BAD_MATCH_REQUEST`)."""
        rules = registry.get(self.game_type)
        rules.check_players(self.players)
        if not 0 <= self.bots < self.players:
            raise BadMatchRequest(f"bots must be 0..{self.players - 1}: one seat at least is human")
        if self.bot_policy not in POLICIES:
            raise BadMatchRequest(f"botPolicy must be one of {list(POLICIES)}")
        if self.options is not None and (problem := json_problem(self.options)) is not None:
            raise BadMatchRequest(f"options: {problem}")
        own, _ = split_options(self.options, parse_bots(self.bot_seats(), self.players))
        rules.parse_options(own)
        return self

    def bot_seats(self, seats: list[int] | None = None) -> list[dict[str, Any]]:
        """The `bots` argument of a create: the given seats (default the last ones)."""
        chosen = seats if seats is not None else list(range(self.humans, self.players))
        return [{"seat": s, "policy": self.bot_policy} for s in chosen]

    def pool(self) -> str:
        """The pool this spec's seeks meet in: a hash of the whole spec, options canonical."""
        canonical = json.dumps(self.wire(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:24]

    def wire(self) -> dict[str, Any]:
        """The spec as stored and sent (`gameType`, `players`, ...)."""
        return {
            "gameType": self.game_type,
            "players": self.players,
            "options": self.options,
            "rated": self.rated,
            "bots": self.bots,
            "botPolicy": self.bot_policy,
        }

    @classmethod
    def of_wire(cls, raw: dict[str, Any]) -> GameSpec:
        return cls(
            str(raw["gameType"]),
            int(raw["players"]),
            raw.get("options"),
            bool(raw.get("rated", False)),
            int(raw.get("bots", 0)),
            str(raw.get("botPolicy", DEFAULT_BOT_POLICY)),
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a match's game: a human (`player_id`, or None for a seat-token holder of a
    rematch) with its `name`, or a bot (`bot`)."""

    player_id: str | None
    name: str
    bot: bool = False
    source: str = ""
    """The seek (or challenge) that brought this human."""
    policy: str | None = None
    """A bot's policy (default: the spec's)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Plan:
    """The game a match becomes: its id (the match id), spec, seats and marks."""

    game_id: str
    kind: str
    spec: GameSpec
    seats: tuple[Seat, ...]
    marks: dict[str, Any]

    def seat_of(self, player_id: str) -> int | None:
        """The seat `player_id` takes (the lowest, if several)."""
        return next((i for i, s in enumerate(self.seats) if s.player_id == player_id), None)

    def create_args(self) -> dict[str, Any]:
        """The keyword arguments of `LobbyService.create_game` for this plan."""
        bots = [
            {"seat": i, "policy": s.policy or self.spec.bot_policy}
            for i, s in enumerate(self.seats)
            if s.bot
        ]
        return {
            "game_type": self.spec.game_type,
            "players": self.spec.players,
            "options": self.spec.options,
            "seed": None,
            "seats": [s.name for s in self.seats if not s.bot],
            "bots": bots or None,
            "player_ids": [None if s.bot else s.player_id for s in self.seats],
            "game_id": self.game_id,
            "marks": self.marks,
        }


def seating(match_id: str, humans: list[Seat], bots: int) -> tuple[Seat, ...]:
    """The humans and `bots` bots in seats drawn from `match_id` (the same every time)."""
    entries = [*humans, *(Seat(None, "bot", bot=True) for _ in range(bots))]
    order = sorted(
        range(len(entries)),
        key=lambda i: hashlib.sha256(f"{match_id}/{i}".encode()).digest(),
    )
    return tuple(entries[i] for i in order)


def plan_of(match_id: str, record: dict[str, Any]) -> Plan:
    """The plan of a match record (`RedisMatchmaking.match`)."""
    kind = str(record["kind"])
    if kind == "seek":
        seeks = [json.loads(s) for s in record["seeks"]]
        spec = GameSpec.of_wire(seeks[0]["spec"])
        humans = [
            Seat(s["playerId"], s.get("name") or s["playerId"], source=s["seekId"]) for s in seeks
        ]
        seats = seating(match_id, humans, spec.bots)
        return Plan(match_id, kind, spec, seats, {"rated": spec.rated})
    if kind == "challenge":
        c = json.loads(record["challenge"])
        spec = GameSpec.of_wire(c["spec"])
        humans = [Seat(p, p, source=c["challengeId"]) for p in [c["from"], *c["to"]]]
        seats = seating(match_id, humans, spec.bots)
        return Plan(match_id, kind, spec, seats, {"rated": spec.rated})
    r = json.loads(record["rematch"])
    spec = GameSpec.of_wire(r["spec"])
    seats = tuple(
        Seat(s.get("playerId"), s["name"], bool(s.get("bot")), policy=s.get("policy"))
        for s in r["seats"]
    )
    return Plan(match_id, kind, spec, seats, {"rated": spec.rated, "rematchOf": r["gameId"]})


def check_name(name: str | None, fallback: str) -> str:
    """A seat name given with a seek (1..64 printable characters), else `fallback`."""
    if name is None:
        return fallback
    clean = name.strip()
    if not clean or len(clean) > MAX_NAME or not clean.isprintable():
        raise BadMatchRequest(f"a name needs 1 to {MAX_NAME} printable characters")
    return clean
