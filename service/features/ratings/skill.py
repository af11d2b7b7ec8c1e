"""The rating model: OpenSkill's Weng-Lin Plackett-Luce, with its default parameters.

A rating is a belief about a player's skill, a normal distribution (`mu`, `sigma`); a new player
starts at mu 25, sigma 25/3. `rating` (what leaderboards sort by and seeks' ranges compare) is
the conservative estimate mu - 3 sigma (OpenSkill's `ordinal`) on a familiar scale:
`BASE` + `SCALE` (mu - 3 sigma), so a new player stands at 1500 and a player who has played
little ranks low until the service is surer. `SCALE` = 30 rating points per unit of mu is about
Elo's: between two settled players one unit of mu is 1 / (sqrt 2 beta) of a logit, and Elo gives
a logit 400 / ln 10 points, 400 / (ln 10 sqrt 2 beta) = 29.5. Plackett-Luce is OpenSkill's
model for free-for-all games of any number of players with full rankings and ties (Weng and
Lin, JMLR 12, 2011, algorithm 4).

A rating is **provisional** while sigma is above `PROVISIONAL_SIGMA` (5.5), as Lichess marks a
rating provisional while its deviation is high (RD >= 110, from 500 new). A newcomer winning
and losing in turn against settled players (sigma 3) leaves it after 9 games (Lichess: about
10), half of a population of newcomers playing each other after 16, and a player winning every
game against newcomers (who tell the model little) after 34. Provisional ratings are shown as
such and left off the leaderboards (`features.ratings.ratings_service`).

Updates are plain float arithmetic in a fixed order, so the same games in the same order give
bit-identical ratings: what lets `boardstate ratings rebuild` equal the live values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The model and its parameters (mu 25, sigma 25/3, beta 25/6, tau 25/300)."""
BASE = 1500.0
"""The rating of a new player (mu - 3 sigma = 0)."""
SCALE = 30.0
"""Rating points per unit of mu - 3 sigma."""
PROVISIONAL_SIGMA = 5.5
"""A rating with a larger sigma is provisional (a new player's is 25/3)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating in one game type after `games` rated games."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def rating(self) -> float:
        """`BASE` + `SCALE` (mu - 3 sigma): the conservative estimate (leaderboards sort by it)."""
        return BASE + SCALE * (self.mu - 3 * self.sigma)

    @property
    def provisional(self) -> bool:
        """Whether the service is still unsure (sigma above `PROVISIONAL_SIGMA`): shown as
        such and left off the leaderboards."""
        return self.sigma > PROVISIONAL_SIGMA

    def to_wire(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games}

    @classmethod
    def from_wire(cls, raw: Any) -> Skill:
        return cls(float(raw["mu"]), float(raw["sigma"]), int(raw["games"]))


NEW = Skill(MODEL.mu, MODEL.sigma, 0)
"""The rating of a player before any rated game."""


def rate(before: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """The ratings after one free-for-all game (`ranks`: 0 best, equal ranks tie)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [
        Skill(team[0].mu, team[0].sigma, s.games + 1) for team, s in zip(after, before, strict=True)
    ]
