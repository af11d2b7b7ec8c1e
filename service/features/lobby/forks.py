"""Games made from other games' logs: forks of finished games and imported exports."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Sequence
from datetime import datetime

import structlog

from boardstate.service.failures import (
    BadVersion,
    ForkRevealsHidden,
    GameNotFinished,
    GameNotFound,
    LogConflict,
    LogUnverified,
)
from boardstate.service.features.lobby.seating import Lobby
from boardstate.service.features.moves.loader import SEED_FIELD, GameLoader
from boardstate.service.history import forking, import_identity
from boardstate.service.history.verify import verify_log
from boardstate.service.history.verify_report import Report
from boardstate.service.inputs import echo
from boardstate.service.log import record_model
from boardstate.service.log.announce import announcements, encoded
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.offload import off_loop
from boardstate.service.store import StoredEvent

log = structlog.get_logger("boardstate.archive")
DIGEST_FIELD = "importDigest"
"""The meta field of an imported game: its log's `import_identity.content_digest`."""


def refusal(report: Report) -> str:
    """Says why an uploaded log is refused: its first failure, or that its game has not ended."""
    failure = report.failure
    if failure is not None:
        return f"event {failure.version}: {failure.message}"
    return "only finished games can be imported (the seed must be revealed)"


class Archive:
    """`forkGame` and `POST /games/import`."""

    def __init__(self, loader: GameLoader, lobby: Lobby) -> None:
        self.loader = loader
        self.lobby = lobby

    async def fork(
        self, game_id: str, version: int, seed: str | None, exact: bool = False
    ) -> tuple[GameRecord, list[tuple[int, str]]]:
        """Creates a fork of a finished game at `version`; returns it and every seat's token.

        Raises `ForkRevealsHidden` for a position with hidden information unless `exact` (the
        caller checked the operator's token). The fold and the copy run off the event loop.
        """
        source = await self.loader.load(game_id)
        if source is None:
            raise GameNotFound(f"no game {echo(game_id)}")
        if source.status != "FINISHED":
            raise GameNotFinished(f"game {game_id} is not finished; only finished games fork")
        if not 1 <= version < source.version:
            raise BadVersion(f"version must be 1..{source.version - 1}, not {version}")
        secret, by_client = self.lobby.seed(seed)
        at_version = await self.loader.at_version(source, version)
        events = await self.loader.store.read(game_id, limit=version + 1)
        new_id = secrets.token_urlsafe(12)
        record, stored = await off_loop(
            forking.fork_log, source, at_version, events, version, secret, by_client, new_id, exact
        )
        hidden = await off_loop(forking.first_hidden, source, events, version)
        if hidden is not None and not exact:
            raise ForkRevealsHidden(
                f"event {hidden} holds information hidden from spectators (a hand, a deck's "
                "order): a fork at this position would reveal it to its players; only the "
                "operator may fork it, as an exact copy (exact: true with the admin token)",
                {"version": version, "hiddenAt": hidden},
            )
        record, tokens = await self.lobby.store_new(record, stored, by_client)
        log.info("game_forked", source=game_id, version=version, game_id=new_id)
        return record, tokens

    async def import_log(
        self, events: Sequence[StoredEvent], now: datetime | None = None
    ) -> tuple[GameRecord, bool]:
        """Verifies an exported finished log completely and stores it as a new, imported game;
        returns it and whether it was imported before (the same log: idempotent).

        The id is derived from the log's game (`import_identity`): the same log again returns
        the stored game, another log of the same game raises `LogConflict`. Raises
        `LogUnverified` (naming the first event that does not hold) unless it verifies.
        """
        new_id, digest = await off_loop(import_identity.identify, events)
        existing = await self._imported(new_id, digest)
        if existing is not None:
            return existing, True
        report = await off_loop(verify_log, events, new_id, None, now)
        if not (report.complete and report.finished) or report.record is None:
            raise LogUnverified(refusal(report))
        record = dataclasses.replace(report.record, imported=True)
        meta = {
            "gameType": record.rules.info.id,
            "players": str(record.players),
            "status": record.status,
            "createdAt": str(record.created["createdAt"]),
            "seededByClient": "1",  # not drawn here, whatever the log claims
            SEED_FIELD: record.seed,
            "imported": "1",
            "importedAt": record_model.now_iso(),
            DIGEST_FIELD: digest,
        }
        store = self.loader.store
        told = encoded(announcements(None, record, events))
        if not await store.create(new_id, events[0], meta, rest=events[1:], announcements=told):
            existing = await self._imported(new_id, digest)  # a concurrent import of it won
            if existing is None:
                raise LogConflict(new_id)
            return existing, True
        log.info("game_imported", game_id=new_id, version=record.version)
        self.loader.remember(record)
        await self.loader.index(record)
        return record, False

    async def _imported(self, game_id: str, digest: str) -> GameRecord | None:
        """The game stored under an import's id when it holds this very log; None when there
        is none; raises `LogConflict` when it holds another log of the same game."""
        meta = await self.loader.store.meta(game_id)
        if meta is None:
            return None
        if meta.get(DIGEST_FIELD) != digest:
            raise LogConflict(game_id)
        record = await self.loader.load(game_id)
        if record is None:
            raise LogConflict(game_id)
        return record
