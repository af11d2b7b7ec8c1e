"""`boardstate play --url` (issue 17): a game against the service's bots over REST."""

from __future__ import annotations

import subprocess
import tempfile

from tests.api.server import ServiceProcess
from tests.cli_runs import BIN


def test_a_game_is_played_in_the_terminal_against_a_running_service(
    service: ServiceProcess,
) -> None:
    done = subprocess.run(
        [
            str(BIN / "boardstate"),
            "play",
            "trambahn",
            "--bots",
            "random",
            "--url",
            service.url,
        ],
        input="1\n" * 3000,
        cwd=tempfile.gettempdir(),  # a user's folder, not the repository's
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert done.stdout.startswith("game ")
    assert '"winners"' in done.stdout
