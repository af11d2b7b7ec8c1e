"""Players' display names (issue 39, item 4; architecture §5e).

A player may choose a display name at creation (`createPlayer(displayName:)`, `POST
/v1/players`) and change it (`updatePlayer(displayName:)`, `PATCH /v1/players/me`); pages,
leaderboards and the seats a player token takes show it instead of the opaque `playerId`.

`check_display_name(raw)` is the one rule both doors apply, in this order:

1. Unicode NFC normalisation (a name typed with combining accents and one typed precomposed
   are the same name);
2. no character of the categories `Cc` (controls: newlines, tabs, escape sequences), `Cf`
   (format characters: the bidirectional overrides and isolates U+202A-U+202E and
   U+2066-U+2069 that make a name read backwards, zero-width spaces), `Cs` (lone surrogates),
   `Co` (private use), `Cn` (unassigned), `Zl` and `Zp` (line and paragraph separators); the
   zero-width joiner U+200D alone is allowed, inside emoji sequences;
3. surrounding white space trimmed and every inner run of white space made one space;
4. 1 to `MAX_DISPLAY_NAME` (32) characters (code points) left.

Anything else is `BAD_NAME` (422), with `details.reason`: `type`, `control`, `empty` or
`length`. Display names are **not unique**: two players may both be "Ann", as two players on
BGA or Discord may share a display name; the `playerId` stays the identity (challenges,
ratings and tokens name it), and a page that must tell two Anns apart shows both.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from boardstate.service.failures import BadName

MAX_DISPLAY_NAME = 32
"""The most characters (Unicode code points, after normalising) a display name may hold."""
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
ALLOWED_FORMAT = frozenset({"\u200d"})
"""Format characters allowed all the same: the zero-width joiner of emoji sequences."""
SPACES = re.compile(r"\s+")


def refused_character(text: str) -> str | None:
    """The first character of `text` a display name may not hold, or None."""
    for char in text:
        if char in ALLOWED_FORMAT:
            continue
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            return char
    return None


def check_display_name(raw: Any) -> str:
    """Returns the display name `raw` becomes (see the module docstring); raises `BadName`."""
    if not isinstance(raw, str):
        raise BadName("a display name is a string", {"reason": "type"})
    name = unicodedata.normalize("NFC", raw)
    bad = refused_character(name)
    if bad is not None:
        raise BadName(
            f"a display name may not hold control or format characters (U+{ord(bad):04X})",
            {"reason": "control", "character": f"U+{ord(bad):04X}"},
        )
    name = SPACES.sub(" ", name).strip()
    if not name:
        raise BadName("a display name needs at least one visible character", {"reason": "empty"})
    if len(name) > MAX_DISPLAY_NAME:
        raise BadName(
            f"a display name holds at most {MAX_DISPLAY_NAME} characters, not {len(name)}",
            {"reason": "length", "max": MAX_DISPLAY_NAME},
        )
    return name
