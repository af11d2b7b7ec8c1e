"""`boardstate verify` and `boardstate replay` on logs exported by a running service."""

from __future__ import annotations

import json
import random
import subprocess
import tempfile
from pathlib import Path

import pytest

from boardstate.service.history.log_format import read_log, write_log
from tests.api.client import Api
from tests.api.history import export, states
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.api.test_cli import boardstate
from tests.service.tamper import first_index, rehashed, with_data

pytestmark = pytest.mark.redis


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Runs the console script from a folder outside the repository, as a user would; returns
    its exit status and output."""
    return subprocess.run(
        [*boardstate(), *args],
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


async def test_verify_accepts_an_export_and_names_the_first_forged_event(
    service: ServiceProcess, api: Api, tmp_path: Path
) -> None:
    game_id, tokens = await api.new_game()
    await play([api], game_id, tokens, random.Random(21))
    genuine = tmp_path / "game.ndjson"
    genuine.write_bytes(await export(service.url, game_id))
    ok = run("verify", str(genuine))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "OK: the log is verified completely" in ok.stdout
    report = json.loads(run("verify", "--json", str(genuine)).stdout)
    assert report["complete"] is True
    assert report["failure"] is None
    events = read_log(genuine.read_bytes())
    index = first_index(events, "CardsDrawn", after=20)
    cards = list(events[index].data["cards"])
    cards[0] = "red-10" if cards[0] != "red-10" else "blue-10"
    forged = tmp_path / "forged.ndjson"
    forged.write_bytes(write_log(rehashed(with_data(events, index, cards=cards))))
    failed = run("verify", str(forged))
    assert failed.returncode == 1
    assert f"FAILED at event {events[index].version}" in failed.stdout
    dropped = tmp_path / "dropped.ndjson"
    dropped.write_bytes(write_log([*events[:40], *events[41:]]))
    assert "FAILED at event 42" in run("verify", str(dropped)).stdout
    garbage = tmp_path / "garbage.ndjson"
    garbage.write_text("not a log\n")
    assert run("verify", str(garbage)).returncode == 2


async def test_verify_checks_a_running_game_as_far_as_it_can_and_says_so(
    service: ServiceProcess, api: Api, tmp_path: Path
) -> None:
    game_id, tokens = await api.new_game()
    await play([api], game_id, tokens, random.Random(22), max_moves=10)
    spectator = tmp_path / "running.ndjson"
    spectator.write_bytes(await export(service.url, game_id))
    seat = tmp_path / "seat0.ndjson"
    seat.write_bytes(await export(service.url, game_id, tokens[0]))
    for path in (spectator, seat):
        checked = run("verify", str(path))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        assert "NOT checked: stateHashes and random outcomes" in checked.stdout
        assert "the game has not ended" in checked.stdout
        assert run("verify", "--require-seed", str(path)).returncode == 1


async def test_replay_prints_what_the_api_serves_at_any_version(
    service: ServiceProcess, api: Api, tmp_path: Path
) -> None:
    game_id, tokens = await api.new_game()
    await play([api], game_id, tokens, random.Random(23))
    path = tmp_path / "game.ndjson"
    path.write_bytes(await export(service.url, game_id))
    for version in (11, 40):
        shown = run("replay", str(path), "--to", str(version), "--seat", "1")
        assert shown.returncode == 0, shown.stderr
        served = await states(api, game_id, [version], 1)
        assert json.loads(shown.stdout)["view"] == served[version]
    spectator = json.loads(run("replay", str(path), "--spectator").stdout)
    assert spectator["status"] == "FINISHED"
    assert spectator["view"] == (await api.game(game_id, "state"))["state"]
    full = json.loads(run("replay", str(path), "--to", "30").stdout)
    assert full["version"] == 30
    assert "draw_pile" in full["state"]
    assert run("replay", str(path), "--to", "100000").returncode == 1
