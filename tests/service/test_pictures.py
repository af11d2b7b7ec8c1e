"""Board pictures (service.pictures): every game's picture of known golden positions shows the
expected cards, pieces and scores, parses as SVG, and never shows a spectator what only a seat
may see."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from boardstate.engine.registry import GAMES
from boardstate.service.cli.render_command import scene_of
from boardstate.service.history.log_format import read_log
from boardstate.service.log import record_model
from boardstate.service.pictures import RENDERERS, Scene, last_move, render
from tests.golden.golden import CASES, Case
from tests.service.pictures_support import cards, case, group, parse, positions, strings

LOGS = Path(__file__).resolve().parents[1] / "golden" / "logs"


def test_every_game_has_a_picture() -> None:
    assert set(RENDERERS) == set(GAMES)


@pytest.mark.parametrize("golden", CASES, ids=lambda c: c.path.stem)
def test_every_position_of_every_golden_game_is_a_labelled_svg(golden: Case) -> None:
    for position in positions(golden, every=7):
        for viewer in (None, *range(position.case.players)):
            root = parse(position.svg(viewer))
            for seat in range(position.case.players):
                panel = group(root, f"seat-{seat}")
                assert panel.get("role") == "group"
                assert panel.get("aria-label")
            assert group(root, "last-move").get("aria-label", "").startswith("Last move")


def test_trambahn_opening_shows_each_hand_to_its_owner_only() -> None:
    """trambahn__p2__seed1: seat 1 draws yellow-5, yellow-6, yellow-1, conductor, blue-6,
    green-6 and moves first; both start with 0 points and the display holds three horse trams."""
    opening = next(positions(case("trambahn", 2, 1)))
    own = parse(opening.svg(1))
    hand = ["yellow-5", "yellow-6", "yellow-1", "conductor", "blue-6", "green-6"]
    assert cards(group(own, "hand-1")) == hand
    assert cards(group(own, "hand-0")) == ["hidden"] * 6
    spectator = parse(opening.svg(None))
    assert cards(group(spectator, "hand-1")) == ["hidden"] * 6
    for seat in (0, 1):
        assert "0 points" in group(spectator, f"seat-{seat}").get("aria-label", "")
    assert [group(spectator, f"tram-display-{i}").get("data-tram") for i in range(3)] == [
        "horse"
    ] * 3
    assert "Brian to play" in "".join(group(spectator, "turn-status").itertext())


def test_trambahn_final_scores_are_drawn() -> None:
    last = list(positions(case("trambahn", 2, 1), every=1000))[-1]
    view = last.scene(None).view
    root = parse(last.svg(None))
    for player in view["players"]:
        label = group(root, f"seat-{player['seat']}").get("aria-label", "")
        assert f"{player['total']} points" in label
        for line in player["lines"]:
            assert group(root, f"line-{player['seat']}-{line['id']}") is not None
    assert "Game over" in "".join(group(root, "turn-status").itertext())


def test_tinners_trail_map_shows_every_area_its_cubes_and_mines() -> None:
    position = list(positions(case("tinners-trail", 3, 1), every=20))[3]
    view = position.scene(None).view
    root = parse(position.svg(None))
    assert len(view["areas"]) == 19
    for area in view["areas"]:
        label = group(root, f"area-{area['id']}").get("aria-label", "")
        assert label.startswith(area["name"])
        assert f"tin {area['tin']}, copper {area['copper']}" in label
        if area["mine"] is not None:
            assert f"mine of {('Ada', 'Brian', 'Chloé')[area['mine']]}" in label
    for player in view["players"]:
        label = group(root, f"seat-{player['seat']}").get("aria-label", "")
        assert f"{player['victory_points']} VP" in label
        assert f"£{player['money']}" in label


def test_trekking_display_cards_and_itineraries() -> None:
    position = list(positions(case("trekking", 2, 1), every=10))[2]
    view = position.scene(0).view
    root = parse(position.svg(0))
    for space in view["display"]:
        shown = cards(group(root, f"display-{space['space']}"))
        assert shown == ([space["card"]["id"]] if space["card"] else [])
    for player in view["players"]:
        assert f"{player['score']} points" in group(root, f"seat-{player['seat']}").get(
            "aria-label", ""
        )
    own = view["players"][0]["itineraries"]
    label = group(root, "seat-0").get("aria-label", "")
    assert own is not None
    assert all(i["id"] in label for i in own)


def test_tf22_mine_draws_all_36_cards_loaders_and_crews() -> None:
    position = list(positions(case("tf22-mine", 2, 1), every=5))[2]
    view = position.scene(None).view
    root = parse(position.svg(None))
    for r, c in itertools.product(range(6), range(6)):
        cell = group(root, f"cell-{r}-{c}")
        assert cell.get("data-card") == view["grid"][r][c]["card"]
        assert view["grid"][r][c]["colour"] in cell.get("aria-label", "")
    for loader in view["loaders"]:
        assert group(root, f"loader-{loader['loader']}") is not None
    for crew in view["crews"]:
        assert group(root, f"crew-{crew['colour']}") is not None


def mentions(svg: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", svg) is not None


def derived(view: Mapping[str, Any]) -> set[str]:
    """Card names a picture spells out from public numbers: Trambahn's station cards."""
    players = view.get("players")
    lines = [ln for p in players for ln in p.get("lines", [])] if isinstance(players, list) else []
    return {f"{ln['colour']}-{v}" for ln in lines for v in ln["values"]}


HIDDEN_CASES = [c for c in CASES if c.game in ("trambahn", "trekking")] + [
    case("tf22-mine", 3, 2)  # strategic symbol cards: a pile is seen by its owner
]


@pytest.mark.parametrize("golden", HIDDEN_CASES, ids=lambda c: c.path.stem)
def test_a_spectator_picture_never_shows_what_only_a_seat_sees(golden: Case) -> None:
    """Strings in a seat's view that appear nowhere in the spectator's view (hand cards,
    itineraries, symbol piles) are in that seat's picture and never in the spectator's."""
    shown_somewhere = False
    for position in positions(golden, every=3):
        spectator_scene = position.scene(None)
        public = strings(spectator_scene.view) | strings(list(spectator_scene.last))
        public |= derived(spectator_scene.view)
        spectator = position.svg(None)
        for seat in range(position.case.players):
            secret = strings(position.scene(seat).view) - public
            seat_svg = position.svg(seat)
            leaks = {s for s in secret if mentions(spectator, s)}
            assert leaks == set(), (position.version, seat)
            shown_somewhere |= any(mentions(seat_svg, s) for s in secret)
    assert shown_somewhere


def test_text_is_escaped_and_cut() -> None:
    opening = next(positions(case("trambahn", 2, 1)))
    scene = opening.scene(None)
    evil = ("<script>alert(1)</script>&\"'\x00\x1b" + "x" * 500, "]]><!-- \ud800")
    svg = render(Scene(scene.game_type, scene.version, scene.view, evil, None, scene.last))
    parse(svg)
    assert "<script" not in svg
    assert "x" * 30 not in svg
    assert "&lt;script&gt;" in svg


def test_the_last_move_is_the_trailing_run_of_one_move_id() -> None:
    events = [{"moveId": m, "type": t} for m, t in [(None, "A"), ("m1", "B"), ("m2", "C"),
                                                     ("m2", "D")]]  # fmt: skip
    assert [e["type"] for e in last_move(events)] == ["C", "D"]
    assert last_move([]) == ()
    many = [{"moveId": "m", "type": str(i)} for i in range(40)]
    assert len(last_move(many)) == 12


@pytest.mark.parametrize("log", sorted(LOGS.glob("*.ndjson")), ids=lambda p: p.stem)
def test_every_version_of_every_golden_log_can_be_drawn_for_everyone(log: Path) -> None:
    """Versions inside a move (between its events) included: the view and the picture exist
    for every viewer at every version the API accepts."""
    events = read_log(log.read_bytes())
    record = record_model.start_record("pictures", events[0], "")
    for event in [None, *events[1:]]:
        record = record if event is None else record_model.apply(record, event)
        for viewer in (None, *range(record.players)):
            root = parse(render(scene_of(record, events, viewer, complete=True)))
            assert root.get("aria-labelledby")


def lit(root: ET.Element) -> set[str]:
    return {e.get("id") or e.get("data-card") or "" for e in root.iter() if e.get("data-lit")}


def test_the_last_move_is_highlighted_on_the_board() -> None:
    """What the last move's events name (a line, an area, a crew) carries data-lit="true"."""
    checked = set()
    for game, players, seed in (("trambahn", 2, 1), ("tinners-trail", 3, 1), ("tf22-mine", 2, 1)):
        for position in positions(case(game, players, seed), every=1):
            scene = position.scene(None)
            root = parse(position.svg(None))
            for event in scene.last:
                data, kind = event["data"], event["type"]
                if kind == "StationBuilt":
                    assert f"line-{data['seat']}-{data['line']}" in lit(root)
                elif kind in ("AreaSeeded", "MinerHired", "PortBuilt", "OreMined"):
                    assert f"area-{data['area']}" in lit(root)
                elif kind == "CrewMoved":
                    assert f"crew-{data['crew']}" in lit(root)
                else:
                    continue
                checked.add(kind)
            if not scene.last:
                assert lit(root) == set()
    assert {"StationBuilt", "MinerHired", "CrewMoved"} <= checked
