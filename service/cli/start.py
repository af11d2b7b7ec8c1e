"""The `boardstate` console script's first step: find the installed games before anything else.

Every command stands on the registry of games (`engine.registry`), found from the installed
packages' entry points when it is first imported. A package that cannot be served (two claims
of one game id, a declaration failing its checks, an entry point that does not import) stops
every command here, as pytest stops on a broken plugin: one line naming the package,
`boardstate <command>: GAME_PACKAGE_REFUSED: …`, exit status 4 (the data is not what it should
be), never a traceback and never a service that serves some games and not others.
"""

from __future__ import annotations

import re
import sys

from boardstate.engine.registration import GameRegistrationError

GAME_PACKAGE_REFUSED = "GAME_PACKAGE_REFUSED"
REFUSED_STATUS = 4


def main() -> int:
    """Loads the installed games and their pictures, then runs the command."""
    try:
        from boardstate.engine import registry  # noqa: F401
        from boardstate.service import pictures  # noqa: F401
    except GameRegistrationError as exc:
        named = len(sys.argv) > 1 and re.fullmatch(r"[a-z][a-z-]*", sys.argv[1])
        command = sys.argv[1] if named else "start"
        print(f"boardstate {command}: {GAME_PACKAGE_REFUSED}: {exc}", file=sys.stderr)
        raise SystemExit(REFUSED_STATUS) from None
    from boardstate.service.cli.main import main as run

    return run()
