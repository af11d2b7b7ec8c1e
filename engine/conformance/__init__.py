"""The conformance kit (issue 40): the shared suite every game passes, importable by any game
package so it tests itself with one line, as OpenSpiel tests every game with one suite:

    from boardstate.engine.conformance import check_game
    from connect_four import RULES

    def test_connect_four_conforms() -> None:
        check_game(RULES)

`check_game` plays seeded random and bot playthroughs at every player count and checks, at every
step, the engine contract (`checks`); the first failure raises `ConformanceFailure` naming the
seed, player count and options that reproduce it. `boardstate check-game` prints its report.
Standard library only, like the rest of the engine.
"""

from boardstate.engine.conformance.checks import ConformanceFailure, check_playthrough
from boardstate.engine.conformance.hooks import Hooks
from boardstate.engine.conformance.suite import Report, check_game

__all__ = ["ConformanceFailure", "Hooks", "Report", "check_game", "check_playthrough"]
