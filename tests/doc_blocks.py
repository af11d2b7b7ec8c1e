"""The fenced code blocks of a document in docs/ (for the tests that run them): each block with
the `#### ` heading above it, in the document's order."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)


def blocks(doc: str, language: str = "python") -> list[tuple[str, str]]:
    """Returns `(heading, code)` for every block of `language` in `docs/<doc>`."""
    text = (DOCS / doc).read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        if match[1] == language:
            headings = re.findall(r"^#### (.*)$", text[: match.start()], re.M)
            found.append((headings[-1] if headings else "", match[2]))
    return found


def block(doc: str, heading: str) -> str:
    """Returns the one block under the `#### ` heading `heading`."""
    (code,) = [code for title, code in blocks(doc) if title == heading]
    return code
