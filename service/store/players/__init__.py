"""The players' Redis families: their own streams and games, token state and signing keys,
known players, ratings and matchmaking (keys in `player_keys`)."""
