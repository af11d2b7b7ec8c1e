"""The event store (architecture §4): one Redis stream per game plus sibling records and an
index."""

from __future__ import annotations

from boardstate.service.failures import AppendUncertain, GameNotFound, StoreUnavailable
from boardstate.service.store.base import (
    AppendOutcome,
    AppendRequest,
    EventStore,
    GameSummary,
    StoredEvent,
)
from boardstate.service.store.client import connect
from boardstate.service.store.codec import CorruptEntry
from boardstate.service.store.index import IndexContended, InvalidCursor
from boardstate.service.store.keys import InvalidGameId, is_valid_game_id
from boardstate.service.store.redis_store import RedisEventStore

__all__ = [
    "AppendOutcome",
    "AppendRequest",
    "AppendUncertain",
    "CorruptEntry",
    "EventStore",
    "GameNotFound",
    "GameSummary",
    "IndexContended",
    "InvalidCursor",
    "InvalidGameId",
    "RedisEventStore",
    "StoreUnavailable",
    "StoredEvent",
    "connect",
    "is_valid_game_id",
]
