"""Typed reads per game type: `GameType[Move, StateView, Event]` (each generated module under
`boardstate_client.games` has one, `GAME`) makes `legal_moves` answer that game's moves and
`get_state` its state view, as `TypedDict`s generated from the JSON Schemas the service
publishes (`GET /v1/game-types`). The game's header (`Header`: version, status, seats to act)
is what decides whose turn it is."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Generic, TypeVar, cast
from urllib.parse import quote

from boardstate_api import AuthenticatedClient, Client

from boardstate_client.streams import refusal

M = TypeVar("M")
S = TypeVar("S")
E = TypeVar("E")
OVER = frozenset({"FINISHED", "ABANDONED"})


@dataclasses.dataclass(frozen=True, slots=True)
class GameType(Generic[M, S, E]):
    """A game type id with its move (`M`), state view (`S`) and event (`E`) types."""

    id: str


@dataclasses.dataclass(frozen=True, slots=True)
class Legal(Generic[M]):
    """A seat's legal moves at `version` (empty when it is not to act)."""

    version: int
    moves: list[M]


@dataclasses.dataclass(frozen=True, slots=True)
class Viewed(Generic[S]):
    """A state view (a seat's, or a spectator's) at `version`."""

    version: int
    state: S


@dataclasses.dataclass(frozen=True, slots=True)
class Header:
    """What decides whose turn it is: a game's `version`, `status` and the seats `to_act`."""

    version: int
    status: str
    to_act: tuple[int, ...]

    @classmethod
    def of(cls, game: Mapping[str, Any]) -> Header:
        """The header of a game as the service sends it (`GameOut`, or a move's `game`)."""
        return cls(int(game["version"]), str(game["status"]), tuple(game["toAct"]))

    @property
    def over(self) -> bool:
        return self.status in OVER

    def to_move(self, seat: int) -> bool:
        """Whether `seat` is to act (the game is `ACTIVE` and `to_act` holds it)."""
        return self.status == "ACTIVE" and seat in self.to_act


def read_json(
    client: Client | AuthenticatedClient, path: str, params: Mapping[str, Any] | None = None
) -> Any:
    """GETs `path` (retried as the client's transport says); a refusal raises `ProblemError`."""
    answer = client.get_httpx_client().get(path, params=params)
    if answer.status_code >= 400:
        raise refusal(answer.status_code, answer.content)
    return answer.json()


def game_path(game_id: str, tail: str = "") -> str:
    return f"/v1/games/{quote(game_id, safe='')}{tail}"


def get_game(client: Client | AuthenticatedClient, game_id: str) -> dict[str, Any]:
    """The game (`GameOut` as JSON: `header = Header.of(game)`)."""
    return cast(dict[str, Any], read_json(client, game_path(game_id)))


def legal_moves(
    client: Client | AuthenticatedClient, game: GameType[M, S, E], game_id: str, seat: int
) -> Legal[M]:
    """`seat`'s legal moves (its token, or an admin's), typed for the game type."""
    body = read_json(client, game_path(game_id, "/legal-moves"), {"seat": seat})
    return Legal(int(body["version"]), cast(list[M], body["moves"]))


def get_state(
    client: Client | AuthenticatedClient,
    game: GameType[M, S, E],
    game_id: str,
    seat: int | None = None,
) -> Viewed[S]:
    """The state as `seat` sees it (a spectator's view without a seat), typed."""
    params = {} if seat is None else {"seat": seat}
    body = read_json(client, game_path(game_id, "/state"), params)
    return Viewed(int(body["version"]), cast(S, body["state"]))
