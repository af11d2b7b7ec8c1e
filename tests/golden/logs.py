"""Golden exported logs (architecture §1, PLATFORM_ANCHORS §8.10): one finished game per game type.

Each file is what `GET /games/{id}/log` returns for a finished game: NDJSON, one event per line,
complete (every move and the seed). It is written by `service.log.event_builder.play_offline`, the same
code the service writes through, from a fixed seed and timestamp, so regenerating it is
deterministic; `scripts/regenerate_golden.py` rewrites them (reviewing the diff is reviewing a
change of the log format or of the rules). Third-party SDKs can use them as a conformance kit.

`legacy/` holds logs written by earlier versions of the service. They are never regenerated:
they must keep verifying and replaying (docs/history.md, "Rules versions").
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from boardstate.engine.registry import GAMES
from boardstate.service.history.log_format import write_log
from boardstate.service.log.event_builder import play_offline

LOG_DIRECTORY = Path(__file__).parent / "logs"
LEGACY_DIRECTORY = LOG_DIRECTORY / "legacy"
NAMES = ("Ada", "Brian", "Chen", "Dana", "Emil")


@dataclasses.dataclass(frozen=True)
class LogCase:
    """One golden log: game type, player count and seed."""

    game: str
    players: int
    seed: str

    @property
    def path(self) -> Path:
        """Where the log is stored."""
        return LOG_DIRECTORY / f"{self.game}__p{self.players}__{self.seed}.ndjson"


LOG_CASES = tuple(
    LogCase(game, rules.info.min_players, "golden-log-1") for game, rules in sorted(GAMES.items())
)
"""One case per registered game type: a newly registered game needs its golden log."""


def exported(case: LogCase) -> bytes:
    """Returns the NDJSON export of `case`'s game."""
    rules = GAMES[case.game]
    return write_log(play_offline(rules, NAMES[: case.players], case.seed))
