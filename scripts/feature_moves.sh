#!/bin/sh
# The codemod moves of issue 28's feature step (items 1 and 2), in order (scripts/move_module.py):
# `service/games/` split into feature packages under `service/features/` (moves, tables, lobby,
# bots, live, webhooks, views), the shared run-time parts in `service/runtime/`, the service
# object in `service/composition.py`, and the CLI commands beside the CLI in `service/cli/`.
# Replay on a branch made before the step, then take the step's hand edits (package docstrings,
# the layering test's order, `SEAT_POLICIES` moved from bots to tables, `service/games/__init__.py`
# removed, docstring lines the longer names pushed past 100 characters re-wrapped (ruff E501), the
# mixins made features that `service.composition` builds).
#
# Each name is given relative to `boardstate.service` and joined below, so that a later move
# (which rewrites every dotted name in .sh files too) leaves this record as it was written.
set -eu
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
move() { "$PY" scripts/move_module.py "boardstate.service.$1" "boardstate.service.$2"; }

main() {
    # The CLI becomes a package; its commands live beside it.
    move cli cli.main
    move games.bots_command cli.bots_command
    move games.render_command cli.render_command
    move games.terminal_play cli.terminal_play
    # What every feature stands on.
    move games.callers runtime.callers
    move games.seat_tokens runtime.seat_tokens
    move games.store_failures runtime.store_failures
    move games.offload runtime.offload
    move games.stopping runtime.stopping
    # Features, one package each (the lowest first).
    mkdir -p service/features
    [ -f service/features/__init__.py ] ||
        printf '"""%s"""\n' 'The features of the service, one package each.' \
            >service/features/__init__.py
    move games.read_models features.views.read_models
    move games.table_views features.views.table_views
    move games.view_checks features.views.view_checks
    move games.board_pictures features.views.board_pictures
    move games.referee features.moves.referee
    move games.loader features.moves.loader
    move games.checkpoints features.moves.checkpoints
    move games.snapshot_writer features.moves.snapshot_writer
    move games.due_work features.moves.due_work
    move games.game_bounds features.moves.game_bounds
    move games.table_ops features.tables.table_ops
    move games.table_service features.tables.table_service
    move games.table_writes features.tables.table_writes
    move games.takebacks features.tables.takebacks
    move games.steward features.tables.steward
    move games.lobby features.lobby.seating
    move games.lobby_service features.lobby.lobby_service
    move games.admission features.lobby.admission
    move games.archive features.lobby.forks
    move games.expiry features.lobby.expiry
    move games.bot_memory features.bots.bot_memory
    move games.bot_queue features.bots.bot_queue
    move games.bot_service features.bots.bot_service
    move games.bot_worker features.bots.bot_worker
    move games.hints features.bots.hints
    move games.thinking features.bots.thinking
    move games.live_events features.live.live_events
    move games.event_streams features.live.event_streams
    move games.slot_streams features.live.slot_streams
    move games.stream_limits features.live.stream_limits
    move games.webhook_post features.webhooks.webhook_post
    move games.webhook_resolver features.webhooks.webhook_resolver
    move games.webhook_sender features.webhooks.webhook_sender
    move games.webhook_service features.webhooks.webhook_service
    move games.webhook_targets features.webhooks.webhook_targets
    move games.relay features.webhooks.relay
    move games.feed features.webhooks.feed
    move games.feed_positions features.webhooks.feed_positions
    # The service object, built from the features (the branch moved it to `wiring/` first,
    # then to this one module when the mixins became the features it composes).
    move games.game_service composition
    "$PY" -m ruff check --fix --quiet . || true
    "$PY" -m ruff format --quiet .
}

main "$@"
