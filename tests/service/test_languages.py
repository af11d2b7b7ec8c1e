"""`Accept-Language` negotiation (issue 39, item 6; RFC 9110 §12.5.4), without a server: ranges
by primary subtag, q-values, `*`, `q=0`, malformed ranges skipped, the bounds (a header over
256 characters or 16 ranges is ignored), English by default. The doors: tests/api."""

from __future__ import annotations

import pytest

from boardstate.service.contract.languages import MAX_HEADER, MAX_RANGES, asked, negotiate


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("de", "de"),
        ("DE-at", "de"),
        ("en-GB, de;q=0.9", "en"),
        ("de;q=0.5, en;q=0.5", "de"),  # a tie: the earlier range
        ("fr, it;q=0.8", "en"),
        ("fr, *;q=0.1", "en"),
        ("*", "en"),
        ("*;q=0.4, en;q=0.3", "de"),  # `*` stands for German only: English is named
        ("de;q=0, *", "en"),
        ("en;q=0, de;q=0", "en"),  # everything refused: the default still answers
        ("de;q=2", "en"),  # a weight over 1 is malformed: skipped
        ("de;q=0.1234", "en"),  # four decimals: malformed
        ("d3, de-1;q=0.5", "de"),  # a bad primary tag skipped, a digit subtag kept
        ("de;level=1", "en"),  # a parameter other than q: skipped
        (" , ,de", "de"),
    ],
)
def test_the_language_negotiated(header: str | None, language: str) -> None:
    assert negotiate(header) == language


def test_a_header_beyond_the_bounds_is_ignored() -> None:
    at_most = "de," + "x" * (MAX_HEADER - 3)
    assert len(at_most) == MAX_HEADER
    assert negotiate(at_most) == "de"
    assert negotiate(at_most + "x") == "en"
    ranges = ["de"] + ["fr"] * (MAX_RANGES - 1)
    assert negotiate(", ".join(ranges)) == "de"
    assert negotiate(", ".join([*ranges, "fr"])) == "en"


def test_every_accept_language_field_of_a_request_counts_as_one_list() -> None:
    headers = [(b"host", b"x"), (b"accept-language", b"fr"), (b"Accept-Language", b"de;q=0.5")]
    assert asked(headers) == "de"
    assert asked([(b"host", b"x")]) == "en"
