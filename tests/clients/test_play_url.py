"""`boardstate play GAME --url` (issue 29) plays a whole game (Trekking's, about 40 moves) on a
real service whose per-token rate limit it meets: it follows the game's stream instead of
polling, waits out `429` after `Retry-After`, reads the state view the service serves and stops
when the game is finished."""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator

import pytest

from boardstate.service.cli.terminal_play import play_online
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.timeout(600)]


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_RATE_LIMITS": "1", "BOARDSTATE_RATE_LIMIT_TOKEN": "5/second"}
    with ServiceProcess(redis_server.url, unique_prefix(), env) as process:
        yield process


def test_play_url_plays_trekking_to_its_end_against_a_bot(limited: ServiceProcess) -> None:
    args = argparse.Namespace(
        game="trekking", players=None, seat=0, bots="heuristic", seed=None, url=limited.url
    )
    out = io.StringIO()
    assert play_online(args, lambda: "1\n", out) == 0
    text = out.getvalue()
    assert text.startswith("game ")
    assert "\nfinished: " in text
