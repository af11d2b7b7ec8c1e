"""Component data files: provenance on every value, hashing, validation errors."""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine.core.data import DataFileError, parse_data_set
from boardstate.engine.registry import GAMES


def _doc(**entry: Any) -> dict[str, Any]:
    base = {"value": 1, "provenance": "printed", "source": "box"}
    return {"id": "x", "values": {"a": base | entry}}


def test_every_value_of_every_game_data_set_is_printed_or_reconstructed() -> None:
    for rules in GAMES.values():
        meta = rules.data.metadata()
        assert meta["dataSet"] == rules.data.id
        assert len(meta["contentHash"]) == 64
        for name, prov in meta["values"].items():
            assert prov["provenance"] in ("printed", "reconstructed"), name
            assert prov["source"], name


def test_the_content_hash_changes_with_any_value() -> None:
    assert (
        parse_data_set(_doc(), "t").content_hash != parse_data_set(_doc(value=2), "t").content_hash
    )
    assert parse_data_set(_doc(), "t").content_hash == parse_data_set(_doc(), "t").content_hash


@pytest.mark.parametrize(
    ("doc", "fragment"),
    [
        ([], "needs an object"),
        ({"id": "x"}, "non-empty 'values'"),
        ({"id": "x", "values": {"a": 3}}, "needs a 'value'"),
        (_doc(provenance="guessed"), "provenance must be one of"),
        (_doc(source=""), "needs a 'source'"),
    ],
)
def test_malformed_data_files_are_rejected_with_the_reason(doc: Any, fragment: str) -> None:
    with pytest.raises(DataFileError) as info:
        parse_data_set(doc, "t")
    assert fragment in str(info.value)
