"""The push streams over Server-Sent Events: a game's events, the cross-game feed, and a
player's own stream."""
