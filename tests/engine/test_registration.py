"""Games are found through the `boardstate.games` entry points of installed distributions
(issue 40), and a package that cannot be served is refused by name, as pytest refuses a broken
plugin. The distributions here are real ones as `pip` leaves them (a `.dist-info` folder with
`METADATA` and `entry_points.txt` beside the module) in a folder of the test's."""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from boardstate.engine import registry
from boardstate.engine.registration import GROUP, GameRegistrationError, discover
from tests.cli_runs import boardstate, environment

TINY = """
import dataclasses
from typing import ClassVar
from boardstate.engine.core.rules import GameInfo, GameRules, Outcome
from boardstate.engine.core.wire import WireCodec

@dataclasses.dataclass(frozen=True, slots=True)
class Go:
    TYPE: ClassVar[str] = "go"

@dataclasses.dataclass(frozen=True, slots=True)
class {event}:
    TYPE: ClassVar[str] = "{event}"

RULES = GameRules(
    info=GameInfo(id="{game}", name="Tiny", min_players={least}, max_players=2,
                  rules_version="1.0.0", max_game_length=1),
    moves=WireCodec([Go]), events=WireCodec([{event}]),
    new_state=lambda players, options: False, to_act=lambda s: frozenset() if s else {{0}},
    legal_moves=lambda s, seat: () if s or seat else (Go(),),
    play=lambda out, seat, move, rng: out.emit({event}()), evolve=lambda s, e: True,
    outcome=lambda s: Outcome((1, 0), (0,)) if s else None,
)
"""


def install(site: Path, package: str, entry_points: dict[str, str], **modules: str) -> Path:
    """Writes distribution `package` 1.2.3 with these entry points and modules into `site`."""
    info = site / f"{package.replace('-', '_')}-1.2.3.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.2.3\n")
    lines = [f"[{GROUP}]", *(f"{name} = {value}" for name, value in entry_points.items())]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    for module, source in modules.items():
        (site / f"{module}.py").write_text(source)
    return site


def everything(site: Path) -> list[metadata.EntryPoint]:
    """The entry points of this environment plus those of the distributions in `site` (found
    already when `site` is on `sys.path`, as for a package whose module is imported)."""
    if str(site) in sys.path:
        return list(metadata.entry_points(group=GROUP))
    extra = [
        entry
        for dist in metadata.distributions(path=[str(site)])
        for entry in dist.entry_points.select(group=GROUP)
    ]
    return [*metadata.entry_points(group=GROUP), *extra]


def tiny(game: str, event: str = "Went", least: int = 1) -> str:
    return TINY.format(game=game, event=event, least=least)


def test_the_four_games_and_the_older_rules_come_from_the_boardstate_distribution() -> None:
    assert sorted(registry.GAMES) == ["tf22-mine", "tinners-trail", "trambahn", "trekking"]
    assert {s.package for s in registry.SOURCES.values()} == {"boardstate"}
    assert [(r.info.id, r.info.rules_version) for r in registry.RETAINED] == [
        ("tinners-trail", "1.0.0")
    ]


def test_an_installed_package_adds_its_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    install(tmp_path, "tiny-game", {"tiny": "tiny_game_a:RULES"}, tiny_game_a=tiny("tiny"))
    found = discover(everything(tmp_path))
    assert sorted(found.games) == ["tf22-mine", "tinners-trail", "tiny", "trambahn", "trekking"]
    assert str(found.sources["tiny"]) == "tiny-game 1.2.3 (tiny_game_a:RULES)"


def test_two_claims_of_one_game_id_are_refused_naming_both_packages(tmp_path: Path) -> None:
    install(tmp_path, "my-trambahn", {"trambahn": "boardstate.engine.trambahn:RULES"})
    with pytest.raises(GameRegistrationError) as refused:
        discover(everything(tmp_path))
    message = str(refused.value)
    assert "'trambahn' is claimed twice" in message
    assert "boardstate" in message
    assert "my-trambahn 1.2.3" in message


@pytest.mark.parametrize(
    ("name", "source", "problem"),
    [
        ("tiny", tiny("tiny", least=3), "players 3–2 is not a range from 1"),
        ("tiny", tiny("tiny", event="GameEnded"), "'GameEnded' is one the service writes"),
        ("other", tiny("tiny"), "named 'other' but declares 'tiny'"),
        ("tiny", "RULES = 42\n", "expected a GameRules declaration, got int"),
        ("tiny", "import no_such_module\n", "failed to load: ModuleNotFoundError"),
    ],
)
def test_a_declaration_failing_its_checks_is_refused_naming_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, source: str, problem: str
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    module = f"bad_{abs(hash((name, source)))}"
    install(tmp_path, "bad-game", {name: f"{module}:RULES"}, **{module: source})
    with pytest.raises(GameRegistrationError) as refused:
        discover(everything(tmp_path))
    assert f"bad-game 1.2.3 ({module}:RULES)" in str(refused.value)
    assert problem in str(refused.value)


def test_older_rules_need_the_current_game_and_another_version(tmp_path: Path) -> None:
    install(tmp_path, "old-trekking", {"trekking@9.9.9": "boardstate.engine.trekking:RULES"})
    with pytest.raises(GameRegistrationError) as refused:
        discover(everything(tmp_path))
    assert "named 'trekking@9.9.9' but declares 'trekking@" in str(refused.value)
    site = tmp_path / "again"
    install(
        site, "old-again", {"tinners-trail@1.0.0": "boardstate.engine.tinners_trail:RULES_1_0_0"}
    )
    with pytest.raises(GameRegistrationError, match="claimed twice"):
        discover(everything(site))


def test_the_service_does_not_start_with_a_game_claimed_twice(tmp_path: Path) -> None:
    site = install(
        tmp_path / "site", "my-trambahn", {"trambahn": "boardstate.engine.trambahn:RULES"}
    )
    env = environment(None, "bs-registration", PYTHONPATH=str(site))
    ran = boardstate(tmp_path, env, "serve", "--port", "1")
    line = ran.failed_with("GAME_PACKAGE_REFUSED", 4)
    assert "my-trambahn 1.2.3" in line
    assert ran.stdout == ""


def test_the_built_in_games_a_copy_serves_are_the_ones_pyproject_declares() -> None:
    declared = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    games = declared["project"]["entry-points"]["boardstate.games"]
    prefix = "boardstate.engine."
    assert {k: v.removeprefix(prefix) for k, v in games.items()} == registry.BUILT_IN


REPO = Path(__file__).resolve().parents[2]
