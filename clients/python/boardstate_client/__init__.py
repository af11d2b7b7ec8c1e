"""Boardstate's Python SDK: the generated client (`boardstate_api`) and a thin layer over it.

* `boardstate_api` is generated from the service's OpenAPI document (schema/openapi.json) by
  openapi-python-client: `Client` / `AuthenticatedClient` (a seat or admin token), one module
  per operation under `boardstate_api.api.default` with `sync`, `sync_detailed`, `asyncio` and
  `asyncio_detailed`, and attrs models under `boardstate_api.models`.
* This package adds what a generator cannot know: `connect` (a client whose every call retries
  `RATE_LIMITED` after `Retry-After`, and store unavailability where repeating is safe),
  per-game types (`boardstate_client.games.<game>`: `legal_moves`/`get_state` typed by
  `GameType`), `wait_for_turn` and `play` (following the game's stream, no polling),
  `submit_move` (one `moveId`, retried until
  answered, so a move lands once), `game_events` / `feed` (SSE resumed with `Last-Event-ID`),
  `ProblemError` (a refusal's typed `code`), and `fold_log` (a game at any version of its
  exported log, folded offline with the service's own engine), and `CommandSocket` /
  `AsyncCommandSocket` (moves and pushes on the command socket `/v1/socket`, docs/socket.md).
"""

from __future__ import annotations

from boardstate_api import AuthenticatedClient, Client

from boardstate_client.client import connect
from boardstate_client.errors import ProblemError, UnexpectedAnswer, unwrap
from boardstate_client.moves import submit_move, submit_move_async
from boardstate_client.offline import OfflineGame, OfflineLogError, fold_log, read_log, walk_log
from boardstate_client.retry import DEFAULT_RETRY, RetryInfo, RetryingTransport, RetryPolicy
from boardstate_client.socket import AsyncCommandSocket, CommandSocket
from boardstate_client.streams import (
    Message,
    feed,
    feed_async,
    game_events,
    game_events_async,
    player_events,
    player_events_async,
)
from boardstate_client.turns import Turn, play, wait_for_turn
from boardstate_client.turns_async import (
    get_game_async,
    get_state_async,
    legal_moves_async,
    play_async,
    wait_for_turn_async,
)
from boardstate_client.typed import (
    GameType,
    Header,
    Legal,
    Viewed,
    get_game,
    get_state,
    legal_moves,
)

__version__ = "0.1.0"
API_VERSION = "1"
"""The REST API version this SDK was generated from (`info.version` of schema/openapi.json)."""

__all__ = [
    "API_VERSION",
    "DEFAULT_RETRY",
    "AsyncCommandSocket",
    "AuthenticatedClient",
    "Client",
    "CommandSocket",
    "GameType",
    "Header",
    "Legal",
    "Message",
    "OfflineGame",
    "OfflineLogError",
    "ProblemError",
    "RetryInfo",
    "RetryPolicy",
    "RetryingTransport",
    "Turn",
    "UnexpectedAnswer",
    "Viewed",
    "connect",
    "feed",
    "feed_async",
    "fold_log",
    "game_events",
    "game_events_async",
    "get_game",
    "get_game_async",
    "get_state",
    "get_state_async",
    "legal_moves",
    "legal_moves_async",
    "play",
    "play_async",
    "player_events",
    "player_events_async",
    "read_log",
    "submit_move",
    "submit_move_async",
    "unwrap",
    "wait_for_turn",
    "wait_for_turn_async",
    "walk_log",
]
