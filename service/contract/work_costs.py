"""The measured work of the service's reads and writes, in plain field reads: the weights both
doors price their requests with (GraphQL fields in `schema.field_costs`, REST routes in
`service.http.rest.prices`).

A plain field read is reading an attribute of an object already loaded. Each weight is the
service's CPU time for that work once, divided by the CPU time of a plain field read, as measured
by `bench/field_costs.py` on the service over HTTP (rounded; the table of figures and how they
were taken: docs/security.md, "Cost").
"""

from __future__ import annotations

from boardstate.engine import registry

# Measured by bench/field_costs.py in four runs on the shared 2-core machine: a plain field read
# took 2.9-4.6 us of the service's CPU; each figure below is the CPU of one resolution in that
# run's unit (range over the runs), the price a round figure near the median
# (docs/security.md, "Cost", has the table).
GAME_LOAD = 50
"""A game looked up by id or listed on a page: a Redis read of its version, then the record
cache (measured 45-94)."""
STORE_READ = 60
"""One read of a game's log, or of a webhook's records, from Redis (`events(first: 1)`:
51-87, of which 11 are its plain fields)."""
STATE = 60
"""A seat's or the spectator's view of the current state (measured 42-72)."""
FOLD = 800
"""A past version folded from the nearest snapshot: up to 63 events (measured 676-1109 above
the current view, 818-1446 above the current picture; 180-300 when a checkpoint, every 8
versions, is near, which an attacker need not allow)."""
PICTURE = 1000
"""One SVG picture drawn: the view, the last move's events and the drawing (835-1148)."""
LEGAL_MOVES = 150
"""The legal moves of a seat at one position (TF22 Mine 125-240, the other games 0-120)."""
CHECK_MOVE = 150
"""Every check of a move, nothing written (`validateMove`, 141-160)."""
WRITE = 1500
"""A mutation that appends to a game's log or writes records (`createGame` 1044-1677, an
accepted `submitMove` 1305-1920); mutations run one after another."""
HINT = 20_000
"""A hint searches up to 1 s (measured 260-393 ms of CPU on Trambahn: 63 000-107 000 plain
reads): priced below its work at two fifths of the default cost limit, so that a request holds
one or two, never three; its own time budget and the bot workers bound it further."""
ANALYSIS = 20_000
"""A finished game's analysis (issue 42): the first request starts up to
`BOARDSTATE_ANALYSIS_BUDGET_MS` of search in the background (every later one reads the kept
answer): priced as a hint, two fifths of the default cost limit, so a request holds one or two
analyses, never three; the per-game playout and time budgets and the analysis pool (one game at
a time per process) bound the work itself."""
MAX_SEATS = max(r.info.max_players for r in registry.GAMES.values())
GAME_TYPES = len(registry.GAMES)
MAX_WEBHOOKS = 100
"""`service.features.webhooks.webhook_service.MAX_ENDPOINTS`."""
MAX_DELIVERIES = 100
"""`service.features.webhooks.webhook_service.MAX_DELIVERIES_PAGE`."""
MAX_OPEN_SEEKS = 100
"""The most open seeks one player may hold (`BOARDSTATE_MAX_OPEN_SEEKS` at its highest): what
a list of a player's seeks is priced as."""
RATINGS_PAGE = 100
"""Entries of one leaderboard or rating-history page at most (`features.ratings`)."""
