"""`boardstate play --url` (issue 17): a game against the service's bots over REST."""

from __future__ import annotations

import subprocess
import sys

from tests.api.server import ServiceProcess


def test_a_game_is_played_in_the_terminal_against_a_running_service(
    service: ServiceProcess,
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "boardstate.service.cli.main",
            "play",
            "trambahn",
            "--bots",
            "random",
            "--url",
            service.url,
        ],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert done.stdout.startswith("game ")
    assert '"winners"' in done.stdout
