"""Scoring (Fahrt) at a terminal (rules/trambahn.md 1A.5; VP table Q-T1)."""

from __future__ import annotations

import dataclasses

import pytest

from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import Colour
from tests.engine.trambahn.fixtures import board, line, of_type, play, table

RED_WAITING = {"red": ["red-1", "red-2", "conductor"]}


@pytest.mark.rules("TB-11")
def test_a_scoring_counts_every_line_of_that_colour_with_a_tram_for_both_players() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        lines=[
            [line("red", 1, 3, 7, tram="steam", id=1), line("red", 8, tram="horse", id=2)],
            [line("red", 5, 9, tram="electric", id=1)],
        ],
    )
    after, events = play(state, 0, board("red-3"))
    fahrt = of_type(events, ev.FahrtScored)[0]
    assert fahrt.lines == (
        ev.LineScore(seat=0, line=1, points=(1 + 1 + 2) * 3),
        ev.LineScore(seat=0, line=2, points=3 * 2),
        ev.LineScore(seat=1, line=1, points=(2 + 3) * 4),
    )
    assert fahrt.points == (18, 20)
    assert [p.fahrten for p in after.players] == [(18,), (20,)]


@pytest.mark.rules("TB-11")
def test_the_rulebook_example_red_line_with_vp_1_1_2_3_and_a_steam_tram_scores_21() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        lines=[[line("red", 2, 4, 6, 9, tram="steam")]],
    )
    after, _ = play(state, 0, board("red-3"))
    assert after.players[0].fahrten == (21,)


@pytest.mark.rules("TB-11")
@pytest.mark.parametrize(("tram", "points"), [("horse", 2), ("steam", 3), ("electric", 4)])
def test_a_line_scores_its_vp_sum_times_its_trams_multiplier(tram: str, points: int) -> None:
    state = table(
        hands=[("red-3", "blue-5")], terminals=RED_WAITING, lines=[[line("red", 1, tram=tram)]]
    )
    after, _ = play(state, 0, board("red-3"))
    assert after.players[0].fahrten == (points,)


@pytest.mark.rules("Q-T1")
@pytest.mark.parametrize(
    ("value", "vp"),
    [(1, 1), (2, 1), (3, 1), (4, 1), (5, 2), (6, 2), (7, 2), (8, 3), (9, 3), (10, 3)],
)
def test_the_vp_figure_of_a_station_card_follows_the_reconstructed_table(
    value: int, vp: int
) -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        lines=[[line("red", value, tram="horse")]],
    )
    after, _ = play(state, 0, board("red-3"))
    assert after.players[0].fahrten == (vp * 2,)


@pytest.mark.rules("TB-11")
def test_conductors_add_no_victory_points() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        lines=[[line("red", 5, conductors=3, tram="horse")]],
    )
    after, _ = play(state, 0, board("red-3"))
    assert after.players[0].fahrten == (2 * 2,)


@pytest.mark.rules("TB-11")
def test_lines_of_other_colours_do_not_score() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        lines=[[line("blue", 8, 9, tram="electric", id=1), line("red", 1, tram="horse", id=2)]],
    )
    after, events = play(state, 0, board("red-3"))
    assert of_type(events, ev.FahrtScored)[0].lines == (ev.LineScore(seat=0, line=2, points=2),)
    assert after.players[0].fahrten == (2,)


@pytest.mark.rules("TB-11")
def test_a_line_without_a_tram_does_not_score() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        lines=[[line("red", 8, 9, id=1), line("red", 1, tram="horse", id=2)]],
    )
    after, events = play(state, 0, board("red-3"))
    assert of_type(events, ev.FahrtScored)[0].lines == (ev.LineScore(seat=0, line=2, points=2),)
    assert after.players[0].fahrten == (2,)


@pytest.mark.rules("TB-11")
def test_passengers_belong_to_nobody_so_the_placing_player_gets_nothing_for_them() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        lines=[[], [line("red", 1, tram="horse")]],
    )
    after, events = play(state, 0, board("red-3"))
    assert of_type(events, ev.FahrtScored)[0].points == (0, 2)
    assert [p.fahrten for p in after.players] == [(0,), (2,)]


@pytest.mark.rules("TB-12")
def test_scorings_are_numbered_in_sequence_in_the_fahrt_columns() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        fahrten=[(4, 0, 6, 2), (0, 8, 0, 0)],
        lines=[[line("red", 1, tram="horse")]],
    )
    after, events = play(state, 0, board("red-3"))
    assert of_type(events, ev.FahrtScored)[0].number == 5
    assert after.scorings == 5
    assert [p.fahrten for p in after.players] == [(4, 0, 6, 2, 2), (0, 8, 0, 0, 0)]


@pytest.mark.rules("TB-11")
def test_lines_are_kept_after_a_scoring_and_score_again_later() -> None:
    red = line("red", 5, 7, tram="steam")
    state = table(hands=[("red-3", "red-4", "blue-5")], terminals=RED_WAITING, lines=[[red]])
    after, _ = play(state, 0, board("red-3"))
    assert after.players[0].lines == (red,)
    again = dataclasses.replace(after, step=state.step, terminals=state.terminals)
    later, _ = play(again, 0, board("red-4"))
    assert later.players[0].fahrten == (12, 12)
    assert later.scorings == 2


@pytest.mark.rules("TB-10")
def test_a_scoring_of_one_colour_leaves_the_other_terminals_waiting() -> None:
    state = table(
        hands=[("red-3", "blue-5")], terminals={**RED_WAITING, "green": ["green-4", "conductor"]}
    )
    after, _ = play(state, 0, board("red-3"))
    assert after.terminal(Colour.GREEN) == ("green-4", "conductor")
    assert after.terminal(Colour.RED) == ()
