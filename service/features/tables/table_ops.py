"""The table's operations (architecture §5c): resign, leave, takeback, and the admin's.

Each checks in the order of a move (the game, the seat and its token, then the game's state),
builds its lifecycle events (`service.log.lifecycle`) and appends them conditionally
(`table_writes.commit`); a lost race reloads and checks again. Afterwards the steward settles
the game, so a stand-in whose turn it now is moves at once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from boardstate.engine.core.errors import GameFinished, GameNotStarted
from boardstate.service.failures import (
    AlreadyLeft,
    BadSeat,
    GameNotFound,
    NoTakebackRequested,
    StoreUnavailable,
    Unauthorized,
)
from boardstate.service.features.moves import game_bounds
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.moves.seat_access import authorize
from boardstate.service.features.tables import table_writes, takebacks
from boardstate.service.features.tables.steward import Steward
from boardstate.service.inputs import echo
from boardstate.service.log import endings, lifecycle, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft
from boardstate.service.runtime.seat_tokens import (
    admin_needed,
    admin_token_matches,
    new_token,
    token_hash,
)
from boardstate.service.settings import Settings
from boardstate.service.store import StoredEvent

Built = tuple[GameRecord, list[StoredEvent]]
ATTEMPTS = 3


def _active(record: GameRecord) -> None:
    if record.result is not None:
        raise GameFinished("the game is over")
    if record.state is None:
        raise GameNotStarted("the game has not started")


def _in_play(record: GameRecord, seat: int) -> None:
    _active(record)
    if record.table.is_out(seat):
        raise AlreadyLeft(f"seat {seat} has left the game already", {"seat": seat})


def _events(record: GameRecord, drafts: list[Draft], tag: str) -> Built:
    at = record_model.now_iso()
    return record_model.extend(record, drafts, f"{tag}-{record.version + 1}", at)


def _ending(built: Built, cause: str) -> Built:
    after, events = built
    ended = endings.forced_end(after, cause)
    if ended is None:
        return built
    after, more = record_model.extend(after, [ended], None, record_model.now_iso())
    return after, events + more


class TableOps:
    """Resignations, departures, takebacks and admin actions on games."""

    def __init__(self, loader: GameLoader, steward: Steward, settings: Settings) -> None:
        self.loader = loader
        self.steward = steward
        self.admin_token = settings.admin_token
        self.seat_changes = settings.open_seat_changes
        """Joins and leaves an OPEN game may record, per seat (`game_bounds.check_leave`)."""

    async def _run(
        self,
        game_id: str,
        build: Callable[[GameRecord], Awaitable[Built]],
        *,
        seat: int | None = None,
        tokens: tuple[tuple[int, str], ...] = (),
        mode: str = "add",
    ) -> GameRecord:
        for _ in range(ATTEMPTS):
            record = await self.loader.load(game_id)
            if record is None:
                raise GameNotFound(f"no game {echo(game_id)}")
            after, events = await build(record)
            if await table_writes.commit(
                self.loader, record, after, events, seat=seat, tokens=tokens, mode=mode
            ):
                settled = await self.steward.settle(game_id)
                return settled or after
        raise StoreUnavailable(f"game {game_id} kept changing; nothing recorded, retry")

    async def _seat(self, record: GameRecord, seat: int, token: str | None) -> None:
        await authorize(self.loader, record, seat, token)

    def _admin(self, token: str | None) -> None:
        if not admin_token_matches(self.admin_token, token):
            raise Unauthorized(admin_needed("this needs", self.admin_token))

    # -- seats --------------------------------------------------------------------------
    async def resign(self, game_id: str, seat: int, token: str | None) -> GameRecord:
        """The seat concedes (architecture §5c): it ranks last; a stand-in plays its turns."""

        async def build(record: GameRecord) -> Built:
            await self._seat(record, seat, token)
            _in_play(record, seat)
            return _ending(
                _events(record, [Draft(lifecycle.RESIGNED, {}, seat)], "resign"), "resignation"
            )

        return await self._run(game_id, build)

    async def leave(self, game_id: str, seat: int, token: str | None) -> GameRecord:
        """Before the start the seat is free again (its token stops working); after it,
        leaving is resigning."""
        record = await self.loader.load(game_id)
        if record is not None and record.state is not None:
            return await self.resign(game_id, seat, token)

        async def build(record: GameRecord) -> Built:
            await self._seat(record, seat, token)
            if record.state is not None:
                raise GameNotStarted("the game started meanwhile: resign instead")
            game_bounds.check_leave(record, self.seat_changes)
            return _events(record, [Draft(lifecycle.SEAT_LEFT, {}, seat)], "leave")

        return await self._run(game_id, build, seat=seat, mode="remove")

    # -- takebacks ------------------------------------------------------------------------
    async def request_takeback(self, game_id: str, seat: int, token: str | None) -> GameRecord:
        """Asks to take back the seat's last move; with nobody to ask it is taken back."""

        async def build(record: GameRecord) -> Built:
            await self._seat(record, seat, token)
            _in_play(record, seat)
            mark = takebacks.target(record, seat)
            since = await self.loader.store.read(
                game_id, after=mark.version, limit=record.version - mark.version
            )
            takebacks.check_since(record, mark, since)
            data = {"toVersion": mark.version}
            drafts = [Draft(lifecycle.TAKEBACK_REQUESTED, data, seat)]
            built = _events(record, drafts, "takeback")
            if built[0].table.answerers(record.players):
                return built
            after, events = built
            more = _events(after, [Draft(lifecycle.TAKEN_BACK, data, seat)], "taken-back")
            return more[0], events + more[1]

        return await self._run(game_id, build)

    async def answer_takeback(
        self, game_id: str, seat: int, token: str | None, accept: bool
    ) -> GameRecord:
        """Accepts or declines the pending takeback; the last acceptance takes it back."""

        async def build(record: GameRecord) -> Built:
            await self._seat(record, seat, token)
            _active(record)
            pending = record.table.takeback
            asked = record.table.answerers(record.players)
            if pending is None or seat not in asked or seat in pending.accepted:
                raise NoTakebackRequested(
                    f"seat {seat} has no takeback request to answer", {"seat": seat}
                )
            answer = Draft(lifecycle.TAKEBACK_ANSWERED, {"accept": accept}, seat)
            after, events = _events(record, [answer], "answer")
            if not accept or [s for s in asked if s not in (*pending.accepted, seat)]:
                return after, events
            data = {"toVersion": pending.to_version}
            done = Draft(lifecycle.TAKEN_BACK, data, pending.seat)
            more = _events(after, [done], "taken-back")
            return more[0], events + more[1]

        return await self._run(game_id, build)

    # -- admin ----------------------------------------------------------------------------
    async def abort(self, game_id: str, token: str | None) -> GameRecord:
        """Ends the game ABANDONED (admin)."""
        self._admin(token)

        async def build(record: GameRecord) -> Built:
            _active(record)
            return record_model.extend(
                record, [endings.aborted(record, "admin")], None, record_model.now_iso()
            )

        return await self._run(game_id, build)

    async def reissue_token(
        self, game_id: str, seat: int, token: str | None
    ) -> tuple[GameRecord, str]:
        """Gives the seat a new token; the old one stops working at once (admin)."""
        self._admin(token)
        fresh = new_token()

        async def build(record: GameRecord) -> Built:
            await self._check_seat(record, seat)
            if record.result is not None:
                raise GameFinished("the game is over: its log takes nothing after GameEnded")
            drafts = [Draft(lifecycle.SEAT_TOKEN_REISSUED, {}, seat)]
            return _events(record, drafts, "reissue")

        tokens = ((seat, token_hash(fresh)),)
        record = await self._run(game_id, build, tokens=tokens, mode="replace")
        return record, fresh

    async def seat_stand_in(
        self, game_id: str, seat: int, token: str | None, policy: str = "stand-in"
    ) -> GameRecord:
        """Puts the stand-in in the seat for the rest of the game (admin)."""
        self._admin(token)

        async def build(record: GameRecord) -> Built:
            await self._check_seat(record, seat)
            _active(record)
            if record.table.stood_in(seat):
                raise AlreadyLeft(f"seat {seat} is played by a stand-in already", {"seat": seat})
            drafts = [Draft(lifecycle.STAND_IN_SEATED, {"policy": policy}, seat)]
            return _events(record, drafts, "stand-in-seated")

        return await self._run(game_id, build)

    async def _check_seat(self, record: GameRecord, seat: int) -> None:
        if not 0 <= seat < record.players:
            raise BadSeat(f"seat must be 0..{record.players - 1}, not {seat}")
        if record.seats[seat] is None:
            raise GameNotStarted(f"seat {seat} is empty")
