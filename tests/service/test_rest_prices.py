"""Each REST route is charged the points of the GraphQL query asking for the same data
(`service.http.rest.prices`), so both doors cost the same for the same work; every route of the
REST door has a price; the points formula is GitHub's (cost / 100 rounded up, at least 1)."""

from __future__ import annotations

import pytest
from graphql import parse
from starlette.routing import Mount, Route, WebSocketRoute

from boardstate.schema.complexity import measure
from boardstate.schema.root import schema
from boardstate.service.contract.points import points
from boardstate.service.http.rest import prices as rest_prices
from boardstate.service.http.rest.declared import PRICES
from boardstate.service.http.rest.v1 import V1_ROUTES

GAME = """id gameType { id } status version players
 seats { index name joined out resigned standIn timeouts } toAct createdAt seededByClient
 rulesVersion dataSet seedCommitment seed imported forkedFrom { gameId version }
 result { scores winners details } maxGameLength takeback { seat toVersion accepted waitingFor }
 clock { onTimeout perMoveSeconds initialSeconds incrementSeconds deadline
         seats { seat remainingMs deadline } }"""
EVENT = "version type seat moveId data at stateHash move describe"
TYPE = """id name minPlayers maxPlayers rulesVersion maxGameLength playerCounts { __typename }
 variants botPolicies optionsSchema moveSchema eventTypes serviceEventTypes eventSchema
 stateSchema provenance"""
HOOK = "id url events gameTypes paused pausedReason createdAt queued"
DELIVERY = "id messageId type gameId status attempts lastStatus lastError nextAttemptAt createdAt"
DELIVERY += " deliveredAt"
TABLE = f"... on TableUpdated {{ version game {{ {GAME} }} }}"
JOINED = f"... on SeatJoined {{ seat token game {{ {GAME} }} }}"
SEAT = 'gameId: "g", seat: 0'
GAMES = f"edges {{ node {{ {GAME} }} }} pageInfo {{ endCursor hasNextPage }} totalCount"
RATING = "gameType playerId rating mu sigma games rank provisional"
CHANGE = "gameId endedAt seat place players rating change mu sigma games provisional"
EVENTS = f"edges {{ node {{ {EVENT} }} }} pageInfo {{ hasNextPage }}"
SEEK = """seekId playerId gameType players options rated bots ratingMin ratingMax status
 createdAt expiresAt gameId seat"""
SEEK_ON = f"... on Seek {{ {SEEK} }}"
CHALLENGE = """challengeId challenger invited accepted gameType players options rated bots status
 createdAt expiresAt declinedBy gameId seats"""
CHALLENGE_ON = f"... on Challenge {{ {CHALLENGE} }}"
CHALLENGES = f"edges {{ node {{ {CHALLENGE} }} }} pageInfo {{ endCursor hasNextPage }} totalCount"

# (method, path, query string) -> the GraphQL document asking for the same data.
EQUIVALENTS: dict[tuple[str, str, str], str] = {
    ("GET", "/v1/game-types", ""): f"{{ gameTypes {{ {TYPE} }} }}",
    ("GET", "/v1/game-types/trambahn", ""): f'{{ gameType(id: "trambahn") {{ {TYPE} }} }}',
    ("GET", "/v1/games", ""): f"{{ games {{ {GAMES} }} }}",
    (
        "GET",
        "/v1/games",
        "limit=20&status=OPEN",
    ): f"{{ games(first: 20, status: OPEN) {{ {GAMES} }} }}",
    ("GET", "/v1/games", "limit=5000"): f"{{ games(first: 5000) {{ {GAMES} }} }}",
    ("POST", "/v1/games", ""): (
        'mutation { createGame(gameType: "t", players: 2) { ... on GameCreated { '
        f"game {{ {GAME} }} tokens {{ seat token }} }} }} }}"
    ),
    ("GET", "/v1/games/g", ""): f'{{ game(id: "g") {{ {GAME} }} }}',
    ("POST", "/v1/games/g/fork", ""): (
        'mutation { forkGame(gameId: "g", version: 3) { ... on GameCreated { '
        f"game {{ {GAME} }} tokens {{ seat token }} }} }} }}"
    ),
    (
        "POST",
        "/v1/games/g/seats",
        "",
    ): f'mutation {{ joinGame(gameId: "g", name: "n") {{ {JOINED} }} }}',
    ("GET", "/v1/games/g/state", "seat=0"): '{ game(id: "g") { version state(seat: 0) } }',
    ("GET", "/v1/games/g/state", "version=3"): '{ game(id: "g") { version state(version: 3) } }',
    ("GET", "/v1/games/g/board.svg", ""): '{ game(id: "g") { boardSvg } }',
    ("GET", "/v1/games/g/board.svg", "seat=1&version=9"): (
        '{ game(id: "g") { boardSvg(seat: 1, version: 9) } }'
    ),
    (
        "GET",
        "/v1/games/g/legal-moves",
        "seat=0",
    ): '{ game(id: "g") { version legalMoves(seat: 0) } }',
    ("POST", "/v1/games/g/moves", ""): (
        f"mutation {{ submitMove({SEAT}, move: {{}}) {{ ... on MoveAccepted {{ "
        f"version events {{ {EVENT} }} game {{ {GAME} }} dryRun }} }} }}"
    ),
    ("GET", "/v1/games/g/events", ""): f'{{ game(id: "g") {{ version events {{ {EVENTS} }} }} }}',
    ("GET", "/v1/games/g/events", "afterVersion=7&limit=30"): (
        f'{{ game(id: "g") {{ version events(first: 30, afterVersion: 7) {{ {EVENTS} }} }} }}'
    ),
    (
        "GET",
        "/v1/games/g/events/stream",
        "",
    ): f'subscription {{ gameEvents(gameId: "g") {{ {EVENT} }} }}',
    (
        "GET",
        "/v1/games/g/log",
        "",
    ): f'{{ game(id: "g") {{ version events(first: 0) {{ {EVENTS} }} }} }}',
    ("DELETE", "/v1/games/g/seats/0", ""): f"mutation {{ leaveGame({SEAT}) {{ {TABLE} }} }}",
    ("POST", "/v1/games/g/seats/0/resign", ""): f"mutation {{ resign({SEAT}) {{ {TABLE} }} }}",
    (
        "POST",
        "/v1/games/g/seats/0/takeback",
        "",
    ): f"mutation {{ requestTakeback({SEAT}) {{ {TABLE} }} }}",
    ("POST", "/v1/games/g/seats/0/takeback/answer", ""): (
        f"mutation {{ answerTakeback({SEAT}, accept: true) {{ {TABLE} }} }}"
    ),
    (
        "POST",
        "/v1/games/g/seats/0/token",
        "",
    ): f"mutation {{ reissueSeatToken({SEAT}) {{ {JOINED} }} }}",
    (
        "POST",
        "/v1/games/g/seats/0/stand-in",
        "",
    ): f"mutation {{ replaceSeat({SEAT}) {{ {TABLE} }} }}",
    ("POST", "/v1/games/g/abort", ""): f'mutation {{ abortGame(gameId: "g") {{ {TABLE} }} }}',
    (
        "GET",
        "/v1/games/g/suggested-move",
        "seat=0",
    ): '{ game(id: "g") { version suggestMove(seat: 0) } }',
    ("GET", "/v1/games/g/analysis", ""): '{ game(id: "g") { version analysis } }',
    ("GET", "/v1/webhooks", ""): f"{{ webhooks {{ {HOOK} }} }}",
    ("POST", "/v1/webhooks", ""): (
        f'mutation {{ createWebhook(url: "u", events: []) {{ ... on WebhookCreated {{ secret webhook {{ {HOOK} }} }} }} }}'
    ),
    ("GET", "/v1/webhooks/w", ""): f'{{ webhook(id: "w") {{ {HOOK} }} }}',
    ("PATCH", "/v1/webhooks/w", ""): (
        f'mutation {{ updateWebhook(id: "w") {{ ... on WebhookUpdated {{ webhook {{ {HOOK} }} }} }} }}'
    ),
    (
        "DELETE",
        "/v1/webhooks/w",
        "",
    ): 'mutation { deleteWebhook(id: "w") { ... on WebhookDeleted { id } } }',
    (
        "GET",
        "/v1/webhooks/w/deliveries",
        "",
    ): f'{{ webhook(id: "w") {{ deliveries {{ {DELIVERY} }} }} }}',
    (
        "GET",
        "/v1/webhooks/w/deliveries",
        "first=0",
    ): f'{{ webhook(id: "w") {{ deliveries {{ {DELIVERY} }} }} }}',
    ("GET", "/v1/webhooks/w/deliveries", "first=500"): (
        f'{{ webhook(id: "w") {{ deliveries(first: 100) {{ {DELIVERY} }} }} }}'
    ),
    ("POST", "/v1/webhooks/w/deliveries/d/resend", ""): (
        'mutation { resendWebhookDelivery(webhookId: "w", deliveryId: "d") { '
        f"... on DeliveryQueued {{ delivery {{ {DELIVERY} }} }} }} }}"
    ),
    ("GET", "/v1/feed/stream", ""): "subscription { feed { position id type timestamp data } }",
    (
        "POST",
        "/v1/seeks",
        "",
    ): f'mutation {{ createSeek(gameType: "t", players: 2) {{ {SEEK_ON} }} }}',
    ("GET", "/v1/seeks", ""): f"{{ seeks {{ {SEEK} }} }}",
    ("GET", "/v1/seeks/s", ""): f'{{ seek(seekId: "s") {{ {SEEK} }} }}',
    ("DELETE", "/v1/seeks/s", ""): f'mutation {{ cancelSeek(seekId: "s") {{ {SEEK_ON} }} }}',
    ("POST", "/v1/challenges", ""): (
        f'mutation {{ createChallenge(invite: ["b"], gameType: "t", players: 2) {{ {CHALLENGE_ON} }} }}'
    ),
    ("GET", "/v1/challenges", ""): f"{{ challenges {{ {CHALLENGES} }} }}",
    ("GET", "/v1/challenges", "limit=5"): f"{{ challenges(first: 5) {{ {CHALLENGES} }} }}",
    ("GET", "/v1/challenges", "limit=500"): f"{{ challenges(first: 100) {{ {CHALLENGES} }} }}",
    ("GET", "/v1/challenges/c", ""): f'{{ challenge(challengeId: "c") {{ {CHALLENGE} }} }}',
    **{
        ("POST", f"/v1/challenges/c/{answer}", ""): (
            f'mutation {{ {answer}Challenge(challengeId: "c") {{ {CHALLENGE_ON} }} }}'
        )
        for answer in ("accept", "decline", "cancel")
    },
    ("POST", "/v1/games/g/rematch", ""): (
        'mutation { rematch(gameId: "g") { ... on Rematch { rematchOf status asked waitingFor '
        "gameId seat token } } }"
    ),
    ("GET", "/v1/ratings/trambahn/leaderboard", ""): (
        f'{{ leaderboard(gameType: "trambahn") {{ gameType totalCount nextCursor entries {{ {RATING} }} }} }}'
    ),
    ("GET", "/v1/players/p/ratings", ""): f'{{ playerRatings(playerId: "p") {{ {RATING} }} }}',
    ("GET", "/v1/players/p/ratings/trambahn/history", ""): (
        f'{{ ratingHistory(playerId: "p", gameType: "trambahn") {{ gameType playerId totalCount '
        f"nextCursor entries {{ {CHANGE} }} }} }}"
    ),
}


def graphql_points(document: str) -> int:
    return points(measure(schema._schema, parse(document), 100).cost)


def rest(method: str, path: str, query: str, headers: tuple[tuple[bytes, bytes], ...] = ()) -> int:
    scope = {"method": method, "path": path, "query_string": query.encode(), "headers": headers}
    return PRICES.rest_points(scope, 100, 50_000)


@pytest.mark.parametrize(("method", "path", "query"), list(EQUIVALENTS))
def test_a_route_costs_what_graphql_charges_for_the_same_data(
    method: str, path: str, query: str
) -> None:
    assert rest(method, path, query) == graphql_points(EQUIVALENTS[(method, path, query)])


def test_the_points_are_cost_over_100_rounded_up_at_least_1() -> None:
    assert [points(c) for c in (0, 1, 100, 101, 1585, 50_000)] == [1, 1, 1, 2, 16, 500]
    assert points(None) == 1


def test_every_rest_route_has_a_price() -> None:
    def templates(routes: list[object]) -> list[tuple[str, str]]:
        found = []
        for route in routes:
            if isinstance(route, Route) and not route.path.startswith("/v1/docs"):
                for method in sorted(route.methods or ()):
                    if method != "HEAD" and route.path != "/v1/openapi.json":
                        found.append((method, route.path))
            # The command socket prices each message as its REST twin (docs/socket.md).
            assert isinstance(route, Route | Mount | WebSocketRoute)
        return found

    for method, path in templates(list(V1_ROUTES)):
        concrete = "/".join("x" if p.startswith("{") else p for p in path.split("/"))
        assert PRICES.price_of(method, concrete) is not None, (method, path)


def test_a_log_export_costs_the_event_pages_that_read_it() -> None:
    def page(size: int) -> int:
        text = f'{{ game(id: "g") {{ version events(first: {size}) {{ {EVENTS} }} }} }}'
        return measure(schema._schema, parse(text), 100).cost

    for events in (0, 1, 100, 795, 20_000):
        sizes = [100] * (events // 100) + ([events % 100] if events % 100 else [])
        read = points(sum(page(size) for size in sizes)) if sizes else 0
        before = rest("GET", "/v1/games/g/log", "")
        charged = before + max(0, rest_prices.export_points(events, 100))
        assert charged == max(before, read), events


def test_an_import_costs_by_its_size_at_most_the_largest_query() -> None:
    def imported(size: int | None) -> int:
        headers = () if size is None else ((b"content-length", str(size).encode()),)
        return rest("POST", "/games/import", "", headers)

    assert imported(0) == 15
    assert imported(195_364) == 15 + 191  # the TF22 Mine golden log: 795 events
    assert imported(10 * 1024 * 1024) == imported(None) == 500
    for path in ("/v1/games/import", "/v1/games/verify"):  # the /v1 twin, a verification
        sized = [
            rest("POST", path, "", ((b"content-length", str(n).encode()),)) for n in (0, 195_364)
        ]
        assert sized[1] - sized[0] == 191
        assert rest("POST", path, "") == 500


def test_other_paths_cost_one_point() -> None:
    for method, path in [("GET", "/"), ("GET", "/games/g"), ("GET", "/v1/openapi.json")]:
        assert rest(method, path, "") == 1
    assert PRICES.price_of("GET", "/v1/games/g/seats") is None
