#!/bin/sh
# The codemod moves of issue 38's layout step (item 2), in order (scripts/move_module.py): the
# HTTP side by door (edge with its connection protocol, REST by resource, GraphQL, the push
# streams, the command socket, OpenAPI, the pages); a feature's settings and errors in the
# feature; the store and the contract in sub-packages of at most 15 modules.
#
# Each name is given relative to `boardstate.service` and joined below, so that a later move
# (which rewrites every dotted name in .sh files too) leaves this record as it was written.
set -eu
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
move() { "$PY" scripts/move_module.py "boardstate.service.$1" "boardstate.service.$2"; }

main() {
    # The edge: what every request crosses, before any door.
    move http.edge http.edge.edge
    move http.limits http.edge.limits
    move http.rate_limits http.edge.rate_limits
    move http.charges http.edge.charges
    move http.player_gate http.edge.player_gate
    move http.hot_routes http.edge.hot_routes
    move http.shutdown http.edge.shutdown
    move http.loop_lag http.edge.loop_lag
    move http.problems http.edge.problems
    # The connection protocol under the edge: uvicorn's HTTP/1.1 protocols, guarded.
    move http.protocols http.edge.protocol.protocols
    move http.connection_guard http.edge.protocol.connection_guard
    move http.connection_limits http.edge.protocol.connection_limits
    move http.connection_settings http.edge.protocol.connection_caps
    move http.corked http.edge.protocol.corked
    move http.guard_answers http.edge.protocol.guard_answers
    move http.guarded_h11 http.edge.protocol.guarded_h11
    move http.guarded_parts http.edge.protocol.guarded_parts
    move http.head_guard http.edge.protocol.head_guard
    move http.head_meter http.edge.protocol.head_meter
    move http.pending_bytes http.edge.protocol.pending_bytes
    move header_settings http.edge.protocol.header_settings
    # REST: what every route shares, then one package per resource (declarations, handlers and
    # bodies side by side).
    move http.api_route http.rest.route
    move http.api_routes http.rest.declared
    move http.v1_routes http.rest.v1
    move http.rest_common http.rest.common
    move http.rest_base http.rest.base
    move http.rest_prices http.rest.prices
    move http.openapi_values http.rest.values
    move http.api_games http.rest.games.routes
    move http.api_game_types http.rest.games.type_routes
    move http.rest_api http.rest.games.handlers
    move http.rest_models http.rest.games.models
    move http.rest_game_types http.rest.games.game_types
    move http.api_table http.rest.table.routes
    move http.rest_table http.rest.table.handlers
    move http.rest_table_models http.rest.table.models
    move http.api_history http.rest.history.routes
    move http.rest_history http.rest.history.handlers
    move http.rest_history_models http.rest.history.models
    move http.log_import http.rest.history.log_import
    move http.api_players http.rest.players.routes
    move http.rest_players http.rest.players.handlers
    move http.api_player_stream http.rest.players.stream_routes
    move http.rest_my_games http.rest.players.my_games
    move http.api_ratings http.rest.players.rating_routes
    move http.rest_ratings http.rest.players.ratings
    move http.api_matchmaking http.rest.matchmaking.routes
    move http.rest_matchmaking http.rest.matchmaking.handlers
    move http.rest_match_models http.rest.matchmaking.models
    move http.api_webhooks http.rest.webhooks.routes
    move http.rest_webhooks http.rest.webhooks.handlers
    move http.api_dumps http.rest.dumps.routes
    move http.rest_dumps http.rest.dumps.handlers
    # GraphQL: strawberry's app on /graphql and its two subscription transports.
    move http.graphql_app http.graphql.app
    move http.graphql_ws http.graphql.ws
    move http.graphql_sse http.graphql.sse
    # The push streams over Server-Sent Events.
    move http.sse http.streams.game_stream
    move http.feed_sse http.streams.feed_stream
    move http.player_sse http.streams.player_stream
    move http.rest_stream_models http.streams.stream_models
    # The command socket.
    move http.command_socket http.socket.endpoint
    move http.socket_messages http.socket.messages
    move http.socket_subscriptions http.socket.subscriptions
    # The OpenAPI document.
    move http.openapi_doc http.openapi.document
    move http.openapi_operations http.openapi.operations
    move http.openapi_budget http.openapi.budget
    move http.openapi_caching http.openapi.caching
    move http.openapi_examples http.openapi.examples
    move http.openapi_pictures http.openapi.pictures
    move http.openapi_stream http.openapi.stream
    move http.openapi_webhooks http.openapi.webhooks
    # The pages for people.
    move http.pages http.pages.pages
    move http.api_docs http.pages.api_docs
    move http.graphiql http.pages.graphiql
    move http.vendored http.pages.vendored
    # A feature's settings and errors in the feature; player identity is the runtime's.
    move identity_settings runtime.identity_settings
    move player_failures runtime.player_failures
    move matchmaking_settings features.matchmaking.matchmaking_settings
    move webhook_failures features.webhooks.webhook_failures
    move workers cli.workers
    # The store: the game log at its root, the rest by what it serves.
    move store.inbox_store store.players.inbox_store
    move store.player_keys store.players.player_keys
    move store.signing_keys store.players.signing_keys
    move store.known_players store.players.known_players
    move store.rating_store store.players.rating_store
    move store.rating_scripts store.players.rating_scripts
    move store.matchmaking_store store.players.matchmaking_store
    move store.matchmaking_records store.players.matchmaking_records
    move store.matchmaking_scripts store.players.matchmaking_scripts
    move store.seek_index store.players.seek_index
    move store.seek_scripts store.players.seek_scripts
    move store.offer_scripts store.players.offer_scripts
    move store.token_state store.players.token_state
    move store.outbox store.work.outbox
    move store.feed_group store.work.feed_group
    move store.webhook_store store.work.webhook_store
    move store.bot_jobs store.work.bot_jobs
    move store.deadlines store.work.deadlines
    move archive_limits store.archive.archive_settings
    move store.objects store.archive.objects
    move store.objects_s3 store.archive.objects_s3
    move store.archive_entries store.archive.archive_entries
    move store.archived_logs store.archive.archived_logs
    move store.archive_place store.archive.archive_place
    move store.object_reads store.archive.object_reads
    move store.rate_limiter store.limits.rate_limiter
    move store.points_budget store.limits.points_budget
    move store.creator_games store.limits.creator_games
    # The contract: the players' part (players, matchmaking, ratings) in a package of its own.
    move contract.player_codes contract.players.player_codes
    move contract.player_event_schema contract.players.player_event_schema
    move contract.player_inbox contract.players.player_inbox
    move contract.player_ports contract.players.player_ports
    move contract.player_stream_ports contract.players.player_stream_ports
    move contract.match_codes contract.players.match_codes
    move contract.match_ports contract.players.match_ports
    move contract.rating_ports contract.players.rating_ports
    # The contract: the webhooks' and the feed's announcements and port.
    move contract.announcements contract.webhooks.announcements
    move contract.webhook_ports contract.webhooks.webhook_ports
}

main "$@"
