"""The pure record model of a game's log: folding, stored-event encoding, stateHash, upcasting."""
