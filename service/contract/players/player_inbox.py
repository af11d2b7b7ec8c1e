"""The per-player inbox port: what a player's own stream delivers (architecture §5e)."""

from __future__ import annotations

from typing import Any, Protocol


class PlayerInbox(Protocol):
    """Appends one event to a player's own stream (`GET /v1/players/me/stream`)."""

    async def publish(self, player_id: str, kind: str, data: dict[str, Any]) -> None:
        """Appends `kind` with `data` to `player_id`'s stream."""
