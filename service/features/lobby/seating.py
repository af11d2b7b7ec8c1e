"""Creating games and taking seats (architecture §4, §5).

Each `SeatJoined` is appended by the same atomic append that stores that seat's token hash, so a
taken seat is refused atomically. The append that fills the last seat also carries the setup
events (drawn with `Rng.for_decision(seed, v)`, v = the version before them) and sets the
status to ACTIVE. `createGame(seats:)` writes the creation, every `SeatJoined`, the setup events
and all seat token hashes in one atomic create: the game exists complete, or not at all.
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

import structlog

from boardstate.engine import registry
from boardstate.engine.core.errors import BadOptions, BadPlayerCount, GameFinished
from boardstate.engine.table.options import parse_bots, split_options
from boardstate.service.failures import BadSeat, BadSeed, GameFull, GameNotFound, SeatTaken
from boardstate.service.features.lobby.admission import Admission, creator_of
from boardstate.service.features.lobby.memberships import NOBODY, Word, check_kept
from boardstate.service.features.lobby.rated import check_join, created_fields
from boardstate.service.features.lobby.seat_names import (
    check_name,
    check_player_id,
    checked_player_ids,
)
from boardstate.service.features.moves import game_bounds
from boardstate.service.features.moves.loader import SEED_FIELD, GameLoader
from boardstate.service.features.views.event_words import bot_name
from boardstate.service.inputs import echo, json_problem, text_problem
from boardstate.service.log import idle_tables, record_model
from boardstate.service.log.announce import announcements, encoded
from boardstate.service.log.event_builder import created_event, seat_events
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.seat_tokens import new_token, token_hash
from boardstate.service.settings import Settings
from boardstate.service.store import AppendRequest, StoredEvent

log = structlog.get_logger("boardstate.lobby")

MAX_SEED_BYTES = 256
OPEN_TTL_FIELD = "openTtlMs"
"""Meta field: the create script expires every key of an OPEN game after this many ms."""
CREATOR_FIELD = "creator"
"""Meta field: who created the game (`admission.creator_of`), for the bot workers' fairness."""


class _Conflict(Exception):
    """Another append won the race; reload and try again."""


class Lobby:
    """createGame and joinGame."""

    def __init__(
        self, loader: GameLoader, settings: Settings, admission: Admission | None = None
    ) -> None:
        self.loader = loader
        self.settings = settings
        self.admission = admission or Admission(loader.store, settings)

    def seed(self, seed: str | None) -> tuple[str, bool]:
        """Returns the seed of a new game and whether the client chose it; raises `BadSeed`."""
        if seed is None:
            return secrets.token_hex(32), False
        if not self.settings.allow_client_seeds:
            raise BadSeed(
                "this server does not accept client seeds (BOARDSTATE_ALLOW_CLIENT_SEEDS=0)"
            )
        if text_problem(seed, MAX_SEED_BYTES) or len(seed.encode("utf-8")) > MAX_SEED_BYTES:
            raise BadSeed(f"a seed may have at most {MAX_SEED_BYTES} UTF-8 bytes (valid Unicode)")
        return seed, True

    async def create(
        self,
        game_type: str,
        players: int,
        options: Any,
        seed: str | None,
        names: list[str] | None,
        bots: Any = None,
        player_ids: list[str | None] | None = None,
        rated: bool = False,
        game_id: str | None = None,
        marks: dict[str, Any] | None = None,
        members: list[bool] | None = None,
    ) -> tuple[GameRecord, list[tuple[int, str]]]:
        """Creates a game and its human seats' tokens (`rated`: `lobby.rated`; `marks`: seeks';
        `members`: which `player_ids` are memberships, `lobby.memberships`; none without)."""
        rules = registry.get(game_type)
        rules.check_players(players)
        for what, value in (("options", options), ("bots", bots)):
            if value is not None and (problem := json_problem(value)) is not None:
                raise BadOptions(f"{what}: {problem}")
        own, table = split_options(options, parse_bots(bots, players))
        parsed = rules.parse_options(own)
        humans = players - len(table.bots)
        if names is not None and len(names) != humans:
            raise BadPlayerCount(f"seats lists {len(names)} names for {humans} seats not bots")
        given = iter([check_name(n) for n in names or []])
        seated = [
            (s, bot_name(b.policy, s)) if (b := table.bot(s)) else (s, next(given, None))
            for s in range(players)
        ]
        secret, by_client = self.seed(seed)
        game_id, at = game_id or secrets.token_urlsafe(12), record_model.now_iso()
        wire = idle_tables.table_wire(table, self.settings.idle_timeouts)  # with the idle rule's K
        extra: dict[str, Any] = ({"table": wire} if wire else {}) | (marks or {})
        if player_ids is not None:
            extra["playerIds"] = checked_player_ids(player_ids, players)
            flags = list(members or ())
            extra["members"] = [i < len(flags) and flags[i] for i in range(players)]
        per_pair = self.settings.rated_games_per_pair
        extra |= created_fields(rated, by_client, table, player_ids, names is not None, per_pair)
        first = created_event(rules, players, parsed, secret, by_client, at, extra or None)
        record = record_model.start_record(game_id, first, secret)
        first = dataclasses.replace(first, state_hash=record.state_hash())
        rest: list[StoredEvent] = []
        for seat, name in seated:
            if name is not None:
                record, events, _ = seat_events(record, seat, name, at)
                rest += events
        record, tokens = await self.store_new(record, [first, *rest], by_client)
        log.info("game_created", game_type=game_type, players=players, seats=len(tokens))
        return record, tokens

    async def store_new(
        self, record: GameRecord, events: list[StoredEvent], by_client: bool
    ) -> tuple[GameRecord, list[tuple[int, str]]]:
        """Stores a new game's first events with a fresh token for every filled seat, in one
        atomic create; returns the game and the tokens. A game over a bound is refused first
        (`game_bounds.check_new`), then the caller's create rate and quotas (`Admission`). An OPEN
        game expires with all its keys after `open_game_ttl_seconds` unless it starts
        (`OPEN_TTL_FIELD`, read by the create script; the append that starts it persists it)."""
        game_id = record.game_id
        game_bounds.check_new(record, self.settings.max_bot_budget_ms)
        reserved = await self.admission.admit(game_id, record.status, bool(record.setup.bots))
        try:
            return await self._store_new(record, events, by_client)
        except BaseException:
            await self.admission.release(reserved, game_id)
            raise

    async def _store_new(
        self, record: GameRecord, events: list[StoredEvent], by_client: bool
    ) -> tuple[GameRecord, list[tuple[int, str]]]:
        game_id = record.game_id
        meta = {
            "gameType": record.rules.info.id,
            "players": str(record.players),
            "status": record.status,
            "createdAt": str(record.created["createdAt"]),
            "seededByClient": "1" if by_client else "0",
            SEED_FIELD: record.seed,
        }
        if (creator := creator_of()) is not None:
            meta[CREATOR_FIELD] = creator
        ttl = self.settings.open_game_ttl_seconds
        if record.status == "OPEN" and ttl > 0:
            meta[OPEN_TTL_FIELD] = str(ttl * 1000)
        tokens = [
            (seat, new_token())
            for seat, name in enumerate(record.seats)
            if name and record.setup.bot(seat) is None
        ]
        hashes = [(seat, token_hash(token)) for seat, token in tokens]
        # One atomic step: the game exists with every seat filled, or not at all.
        created = await self.loader.store.create(
            game_id,
            events[0],
            meta,
            rest=events[1:],
            seat_tokens=hashes,
            announcements=encoded(announcements(None, record, events)),
        )
        if not created:
            raise RuntimeError(f"game id {game_id} exists already")
        structlog.contextvars.bind_contextvars(game_id=game_id)
        self.loader.remember(record)
        for seat, hashed in hashes:
            self.loader.seat_tokens.remember(game_id, seat, hashed)
        await self.loader.index(record)
        return record, tokens

    async def join(
        self,
        game_id: str,
        name: str,
        seat: int | None,
        player_id: str | None = None,
        word: Word = NOBODY,
    ) -> tuple[GameRecord, int, str]:
        """Takes `seat` (or the lowest free one) with `player_id`, a membership on the joiner's
        `word` (a seat kept for a member takes only that member: `memberships.check_kept`);
        returns the game, seat and token."""
        clean, player_id = check_name(name), check_player_id(player_id)
        structlog.contextvars.bind_contextvars(game_id=game_id)
        for _ in range(64):
            record = await self.loader.load(game_id)
            if record is None:
                raise GameNotFound(f"no game {echo(game_id)}")
            free = [i for i, taken in enumerate(record.seats) if taken is None]
            if not free:
                raise GameFull(f"every seat of game {game_id} is taken")
            target = free[0] if seat is None else seat
            if not 0 <= target < record.players:
                raise BadSeat(f"seat must be 0..{record.players - 1}, not {target}")
            if target not in free:
                raise SeatTaken(f"seat {target} of game {game_id} is taken")
            check_kept(target, record.member_ids[target], player_id, word)
            check_join(record, target, player_id)
            member = word.vouches(player_id)
            try:
                record, token = await self._take_seat(record, target, clean, player_id, member)
            except _Conflict:
                continue
            return record, target, token
        raise RuntimeError(f"game {game_id}: could not take a seat after 64 attempts")

    async def _take_seat(
        self, record: GameRecord, seat: int, name: str, player_id: str | None, member: bool
    ) -> tuple[GameRecord, str]:
        token, at = new_token(), record_model.now_iso()
        after, events, status = seat_events(record, seat, name, at, player_id, member)
        meta = None if status is None else {"status": status}
        request = AppendRequest(
            record.version,
            events,
            seat_tokens=((seat, token_hash(token)),),
            meta=meta,
            announcements=encoded(announcements(record, after, events)),
        )
        result = await self.loader.store.append(record.game_id, request)
        if result.seat_taken:
            raise SeatTaken(f"seat {seat} of game {record.game_id} is taken")
        if result.ended:
            raise GameFinished(f"game {record.game_id} has ended")
        if not result.appended:
            raise _Conflict
        log.info("seat_joined", seat=seat, version=after.version)
        self.loader.remember(after)
        self.loader.seat_tokens.remember(record.game_id, seat, token_hash(token))
        await self.loader.index(after)  # the new player's name is indexed too
        return after, token
