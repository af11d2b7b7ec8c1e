"""`boardstate sdk-types`: the SDKs' per-game types of the games a running service serves."""
