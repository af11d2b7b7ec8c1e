"""The display-name rule (issue 39, item 4; `service.features.players.display_names`)."""

from __future__ import annotations

import pytest

from boardstate.service.failures import BadName
from boardstate.service.features.players.display_names import MAX_DISPLAY_NAME, check_display_name


def test_a_name_of_exactly_the_bound_is_kept_and_one_more_is_refused() -> None:
    assert check_display_name("é" * MAX_DISPLAY_NAME) == "é" * MAX_DISPLAY_NAME
    assert check_display_name("e\u0301" * MAX_DISPLAY_NAME) == "é" * MAX_DISPLAY_NAME  # NFC first
    with pytest.raises(BadName) as refused:
        check_display_name("é" * (MAX_DISPLAY_NAME + 1))
    assert refused.value.details == {"reason": "length", "max": MAX_DISPLAY_NAME}


@pytest.mark.parametrize("name", ["\u202eAnn", "An\u200cn", "Ann\ufeff", "Ann\U000e0001", "\ue000"])
def test_format_private_and_tag_characters_are_refused(name: str) -> None:
    with pytest.raises(BadName) as refused:
        check_display_name(name)
    assert refused.value.details["reason"] == "control"


def test_inner_white_space_becomes_one_space_and_scripts_are_kept() -> None:
    assert check_display_name(" 山田\u3000 太郎 ") == "山田 太郎"
    assert check_display_name("Zoë  O'Brien-Łukasz") == "Zoë O'Brien-Łukasz"
    assert check_display_name("مريم") == "مريم"  # right-to-left letters are letters
