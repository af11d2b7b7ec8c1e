"""docs/players.md "Matchmaking" runs: its Python blocks, in order and as written, against a
real server (BASE_URL)."""

from __future__ import annotations

from typing import Any

from tests.api.server import ServiceProcess
from tests.doc_blocks import blocks

HEADINGS = ["Two seeks make a game", "A challenge accepted"]


def test_the_matchmaking_blocks_run(service: ServiceProcess) -> None:
    found = [(title, code) for title, code in blocks("players.md") if title in HEADINGS]
    assert [title for title, _ in found] == HEADINGS
    scope: dict[str, Any] = {"BASE_URL": service.url}
    for _, code in found:
        exec(compile(code, "docs/players.md", "exec"), scope)
