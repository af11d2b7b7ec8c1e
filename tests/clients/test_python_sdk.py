"""The Python SDK (clients/python, issue 19) against a real service on real Redis: the generated
client plays whole games, sync and async; `submit_move` lands a move once when its answer is
lost on the wire; `game_events` follows a game across a restart of its replica without losing or
repeating an event; an exported log folds offline to the service's own state view; a player's
stream ends in the typed 401 once its token is revoked (issue 37)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from collections.abc import Callable, Iterator

import httpx
import pytest
from boardstate_api import AuthenticatedClient, Client
from boardstate_api.api.default import (
    create_game,
    export_log,
    get_game,
    get_legal_moves,
    get_state,
    list_events,
)
from boardstate_api.models.create_game_in import CreateGameIn
from boardstate_api.models.game_out_status import GameOutStatus
from boardstate_api.models.move_minimal_out import MoveMinimalOut
from boardstate_api.models.problem_out_code import ProblemOutCode
from boardstate_client import (
    Message,
    ProblemError,
    feed,
    fold_log,
    game_events,
    game_events_async,
    player_events,
    read_log,
    submit_move,
    submit_move_async,
    unwrap,
)

from tests.api.server import ServiceProcess, unique_prefix
from tests.clients.lossy_proxy import LossyProxy
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, unique_prefix()) as process:
        yield process


def new_game(url: str, game_type: str, players: int) -> tuple[str, list[AuthenticatedClient]]:
    body = CreateGameIn(
        game_type=game_type, players=players, seats=[f"p{i}" for i in range(players)]
    )
    created = unwrap(create_game.sync_detailed(client=Client(url), body=body))
    seats = sorted(created.tokens, key=lambda t: t.seat)
    return created.game.id, [AuthenticatedClient(url, token=t.token) for t in seats]


def test_the_sync_client_plays_a_whole_game_and_its_log_folds_offline_to_the_same_view(
    server: ServiceProcess,
) -> None:
    game_id, seats = new_game(server.url, "trambahn", 2)
    spectator = Client(server.url)
    rnd, moves = random.Random(1), 0
    while (game := unwrap(get_game.sync_detailed(game_id, client=spectator))).status == (
        GameOutStatus.ACTIVE
    ):
        seat = game.to_act[0]
        legal = unwrap(get_legal_moves.sync_detailed(game_id, client=seats[seat], seat=seat))
        move = rnd.choice(legal.moves).to_dict()
        accepted = submit_move(seats[seat], game_id, seat, move, expected_version=game.version)
        assert accepted.version > game.version
        moves += 1
    assert game.status == GameOutStatus.FINISHED
    assert moves > 20
    with pytest.raises(ProblemError) as refused:
        submit_move(seats[0], game_id, 0, {"type": "pass"})
    assert refused.value.code == ProblemOutCode.GAME_FINISHED
    exported = export_log.sync_detailed(game_id, client=spectator)
    assert exported.status_code == 200
    offline = fold_log(read_log(exported.content))
    assert offline.version == game.version
    served = unwrap(get_state.sync_detailed(game_id, client=spectator))
    assert offline.view(None) == served.state.to_dict()
    own = unwrap(get_state.sync_detailed(game_id, client=seats[1], seat=1))
    assert offline.view(1) == own.state.to_dict()
    assert fold_log(read_log(exported.content), 5).version == 5


async def test_the_async_client_plays_a_whole_game_while_following_its_events(
    server: ServiceProcess,
) -> None:
    game_id, seats = new_game(server.url, "trekking", 2)
    spectator = Client(server.url)
    seen: list[int] = []

    async def follow() -> None:
        async for message in game_events_async(spectator, game_id):
            seen.append(int(message.data["version"]))

    follower = asyncio.create_task(follow())
    rnd = random.Random(2)
    while True:
        game = unwrap(await get_game.asyncio_detailed(game_id, client=spectator))
        if game.status != GameOutStatus.ACTIVE:
            break
        seat = game.to_act[0]
        legal = await get_legal_moves.asyncio_detailed(game_id, client=seats[seat], seat=seat)
        move = rnd.choice(unwrap(legal).moves).to_dict()
        await submit_move_async(seats[seat], game_id, seat, move)
    async with asyncio.timeout(20):
        await follower  # the stream ends after GameEnded
    assert game.status == GameOutStatus.FINISHED
    assert seen == list(range(1, game.version + 1))


async def test_a_move_whose_answer_is_lost_is_sent_again_and_lands_once(
    server: ServiceProcess,
) -> None:
    game_id, seats = new_game(server.url, "trambahn", 2)
    spectator = Client(server.url)
    game = unwrap(get_game.sync_detailed(game_id, client=spectator))
    seat = game.to_act[0]
    legal = unwrap(get_legal_moves.sync_detailed(game_id, client=seats[seat], seat=seat))
    async with LossyProxy(server.port, drop_answers=1) as proxy:
        through = AuthenticatedClient(proxy.url, token=seats[seat].token)
        accepted = await submit_move_async(
            through, game_id, seat, legal.moves[0].to_dict(), move_id="sdk-retry-1"
        )
        assert proxy.connections == 2  # the first answer was lost, the same id sent again
    after = unwrap(get_game.sync_detailed(game_id, client=spectator))
    assert accepted.version == after.version
    page = unwrap(list_events.sync_detailed(game_id, client=spectator))
    firsts = [e for e in page.items if e.move_id is not None and e.version > game.version]
    assert {e.move_id for e in firsts} == {"sdk-retry-1"}
    assert firsts[-1].version == after.version  # one move's events, recorded once


def test_the_event_stream_resumes_across_a_restart_of_its_replica(
    redis_server: RedisServer,
) -> None:
    with ServiceProcess(redis_server.url, unique_prefix()) as replica:
        game_id, seats = new_game(replica.url, "trambahn", 2)
        seen: list[int] = []
        half = threading.Event()

        def follow() -> None:
            for message in game_events(Client(replica.url), game_id):
                seen.append(int(message.data["version"]))
                if len(seen) >= 20:
                    half.set()

        follower = threading.Thread(target=follow, daemon=True)
        follower.start()
        play(replica.url, game_id, seats, until=lambda version: version >= 30)
        assert half.wait(20)
        replica.restart()  # SIGTERM: `event: shutdown`, then connection refused for a while
        play(replica.url, game_id, seats, until=lambda version: False)
        follower.join(30)
        assert not follower.is_alive()
        final = unwrap(get_game.sync_detailed(game_id, client=Client(replica.url)))
        assert seen == list(range(1, final.version + 1))


def play(
    url: str, game_id: str, seats: list[AuthenticatedClient], until: Callable[[int], bool]
) -> None:
    """Plays random moves until the game ends or `until(version)`."""
    rnd = random.Random(3)
    spectator = Client(url)
    while (game := unwrap(get_game.sync_detailed(game_id, client=spectator))).status == (
        GameOutStatus.ACTIVE
    ) and not until(game.version):
        seat = game.to_act[0]
        legal = unwrap(get_legal_moves.sync_detailed(game_id, client=seats[seat], seat=seat))
        with contextlib.suppress(ProblemError):
            submit_move(seats[seat], game_id, seat, rnd.choice(legal.moves).to_dict())


ADMIN = "admin-token-for-sdk-feed-tests"


def test_the_feed_reads_on_past_each_streams_catch_up_limit(redis_server: RedisServer) -> None:
    """A stream reads at most 10 announcements to catch up, then says where to resume; the SDK
    opens the next stream there by itself and yields the announcements only, each once."""
    env = {
        "BOARDSTATE_ADMIN_TOKEN": ADMIN,
        "BOARDSTATE_WEBHOOK_POLL_MS": "50",
        "BOARDSTATE_FEED_MAX_CATCH_UP": "10",
    }
    with ServiceProcess(redis_server.url, unique_prefix(), env) as server:
        games = {new_game(server.url, "trambahn", 2)[0] for _ in range(9)}
        admin = AuthenticatedClient(server.url, token=ADMIN)
        seen: list[Message] = []
        for message in feed(admin, after="0"):  # 3 announcements a game, 27 in all
            seen.append(message)
            if len(seen) == 27:
                break
        assert len(seen) == 27  # read in three streams at least
        assert {m.event for m in seen} == {"game.created", "game.started", "turn.changed"}
        assert {m.data["data"]["gameId"] for m in seen} == games
        ids = [m.id for m in seen]
        assert len(set(ids)) == len(ids)


def follow_until_refused(player: AuthenticatedClient, opened: threading.Event) -> None:
    """Reads the player's stream (telling `opened` at its first event) until it raises."""
    for _ in player_events(player, after="0"):
        opened.set()


def test_a_players_stream_raises_the_typed_401_once_its_token_is_revoked(
    server: ServiceProcess,
) -> None:
    """The server closes a player stream whose token was revoked (it re-checks every 15 s); the
    SDK reconnects, as after any cut, and raises the 401 it then gets."""
    made = httpx.post(f"{server.url}/v1/players", timeout=30).json()
    player = AuthenticatedClient(server.url, token=made["token"])
    body = {"gameType": "trambahn", "players": 2, "seats": ["me", "you"]}
    body["playerIds"] = [made["playerId"], None]  # a game of its own: its stream tells of it
    mine = {"authorization": f"Bearer {made['token']}"}
    assert httpx.post(f"{server.url}/v1/games", json=body, headers=mine).status_code == 201
    opened = threading.Event()

    def revoke() -> None:
        opened.wait(60)
        answer = httpx.post(f"{server.url}/v1/players/me/tokens/revoke", headers=mine)
        assert answer.status_code == 200, answer.text

    thread = threading.Thread(target=revoke)
    thread.start()
    try:
        with pytest.raises(ProblemError) as refused:
            follow_until_refused(player, opened)
    finally:
        opened.set()
        thread.join()
    assert refused.value.problem.code == ProblemOutCode.PLAYER_TOKEN_INVALID


def test_a_move_asked_minimal_answers_the_header_without_the_game(server: ServiceProcess) -> None:
    game_id, seats = new_game(server.url, "trambahn", 2)
    game = unwrap(get_game.sync_detailed(game_id, client=Client(server.url)))
    seat = game.to_act[0]
    legal = unwrap(get_legal_moves.sync_detailed(game_id, client=seats[seat], seat=seat))
    short = submit_move(seats[seat], game_id, seat, legal.moves[0].to_dict(), minimal=True)
    assert isinstance(short, MoveMinimalOut)
    after = unwrap(get_game.sync_detailed(game_id, client=Client(server.url)))
    assert short.version == short.header.version == after.version
    assert short.header.to_act == after.to_act
    assert [e.version for e in short.events][-1] == after.version
