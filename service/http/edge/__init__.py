"""The edge: what every HTTP request and websocket crosses before any door (architecture §2):
the cross-cutting ASGI layer (`edge`), body and message limits, rate limits, the points budget,
the player-token gate, the hot lanes, graceful shutdown, and REST's problem answers; the
connection protocol below them is `protocol/`."""
