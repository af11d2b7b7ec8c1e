"""`PlayerFeeds`: the player streams' parts of one service process, built on its store."""

from __future__ import annotations

import dataclasses

from boardstate.service.contract.players.player_inbox import PlayerInbox
from boardstate.service.features.live.stream_limits import StreamLimits
from boardstate.service.features.moves.game_reads import GameReads
from boardstate.service.features.players.fanout import GROUP, FanOut, Inbox
from boardstate.service.features.players.identity import PlayerIdentity
from boardstate.service.features.players.inbox_hub import InboxHub
from boardstate.service.features.players.player_streams import PlayerStreams
from boardstate.service.settings import Settings
from boardstate.service.store import EventStore
from boardstate.service.store.dedicated import dedicated
from boardstate.service.store.players.inbox_store import RedisInbox
from boardstate.service.store.work.feed_group import FeedGroup

READ_CONNECTIONS = 2
"""The inbox waits' client: one blocked `XREAD`, one more while a cancelled read is released."""
BLOCK_MS = 30_000
"""How long one blocking read of the inboxes or the feed group waits (an idle process sends one
command per block; a new entry ends the block at once)."""
SOCKET_TIMEOUT_S = BLOCK_MS / 1000 + 5


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerFeeds:
    """The player's stream and games (`streams`), the `PlayerInbox` port (`inbox`) and the
    `player-fanout` loop (`fanout`)."""

    streams: PlayerStreams
    inbox: Inbox
    fanout: FanOut

    def port(self) -> PlayerInbox:
        """The inbox as the `PlayerInbox` port matchmaking and ratings publish through."""
        return self.inbox

    async def close(self) -> None:
        """Stops the waits and releases the blocking clients."""
        await self.streams.hub.close()
        await self.streams.store.close()
        await self.fanout.group.close()


def build_player_feeds(
    store: EventStore,
    identity: PlayerIdentity,
    games: GameReads,
    streams: StreamLimits,
    settings: Settings,
) -> PlayerFeeds:
    """The parts on `store`'s Redis, with blocking clients of their own."""
    client, prefix = store.outbox.client, store.outbox.prefix
    reader = dedicated(client, READ_CONNECTIONS, SOCKET_TIMEOUT_S)
    inbox = RedisInbox(client, prefix, reader, BLOCK_MS)
    blocking = dedicated(client, READ_CONNECTIONS, SOCKET_TIMEOUT_S)
    group = FeedGroup(client, prefix, GROUP, blocking, BLOCK_MS)
    hub = InboxHub(inbox, BLOCK_MS)
    keepalive = float(settings.sse_keepalive_seconds)
    player_streams = PlayerStreams(identity, inbox, hub, games, streams, keepalive)
    return PlayerFeeds(player_streams, Inbox(inbox), FanOut(inbox, group))
