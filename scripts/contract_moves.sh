#!/bin/sh
# The codemod moves of issue 28's contract step, in order (scripts/move_module.py). Replay them
# on a branch made before the step, then take the step's hand edits: the split modules
# (context, events, game_types, field_costs, points of the GraphQL package) move whole to the
# contract here, and their GraphQL halves move back to schema/ by hand.
#
# Each name is given as "<layer> <rest>" and joined below, so that a later move (which rewrites
# every dotted name in .sh files too) leaves this record as it was written.
set -eu
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
move() { "$PY" scripts/move_module.py "boardstate.$1.$2" "boardstate.$3.$4"; }

main() {
    move schema codes service contract.codes
    move schema cursors service contract.cursors
    move schema webhook_ports service contract.webhook_ports
    move schema ports service contract.ports
    move schema arguments service contract.arguments
    move schema announcements service contract.announcements
    move schema service_events service contract.service_events
    move schema context service contract.tokens
    move schema events service contract.paging
    move schema game_types service contract.type_facts
    move schema field_costs service contract.work_costs
    move schema points service contract.points
    "$PY" -m ruff check --fix --quiet . || true
    "$PY" -m ruff format --quiet .
}

main "$@"
