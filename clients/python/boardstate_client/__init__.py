"""Boardstate's Python SDK: the generated client (`boardstate_api`) and a thin layer over it.

* `boardstate_api` is generated from the service's OpenAPI document (schema/openapi.json) by
  openapi-python-client: `Client` / `AuthenticatedClient` (a seat or admin token), one module
  per operation under `boardstate_api.api.default` with `sync`, `sync_detailed`, `asyncio` and
  `asyncio_detailed`, and attrs models under `boardstate_api.models`.
* This package adds what a generator cannot know: `submit_move` (one `moveId`, retried until
  answered, so a move lands once), `game_events` / `feed` (SSE resumed with `Last-Event-ID`),
  `ProblemError` (a refusal's typed `code`), and `fold_log` (a game at any version of its
  exported log, folded offline with the service's own engine).
"""

from __future__ import annotations

from boardstate_api import AuthenticatedClient, Client

from boardstate_client.errors import ProblemError, UnexpectedAnswer, unwrap
from boardstate_client.moves import submit_move, submit_move_async
from boardstate_client.offline import OfflineGame, OfflineLogError, fold_log, read_log, walk_log
from boardstate_client.streams import Message, feed, feed_async, game_events, game_events_async

__version__ = "0.1.0"
API_VERSION = "1"
"""The REST API version this SDK was generated from (`info.version` of schema/openapi.json)."""

__all__ = [
    "API_VERSION",
    "AuthenticatedClient",
    "Client",
    "Message",
    "OfflineGame",
    "OfflineLogError",
    "ProblemError",
    "UnexpectedAnswer",
    "feed",
    "feed_async",
    "fold_log",
    "game_events",
    "game_events_async",
    "read_log",
    "submit_move",
    "submit_move_async",
    "unwrap",
    "walk_log",
]
