"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012): one update per ended match.

The arithmetic is `glicko2-py`'s (``glicko2.math.update_rating``, PyPI ``glicko2-py``): typed,
no dependencies, and it reproduces Glickman's worked example to the last printed decimal
(`tests/web/test_rating_glicko.py`). The better-known ``glicko2`` package (2.1.0) was not
taken: its volatility step writes the player's rating where the paper has the deviation φ² (in
f(x)), so its worked example ends at volatility 0.059993 instead of 0.059996 and drifts further
for ratings away from 1500. ``openskill`` rates with Weng-Lin models, which have no volatility
and are not Glicko-2; ``skelo`` brings in scikit-learn for the same formulas. ``glicko2-py`` is
young (one release, 0.1.0, marked beta), so it is pinned below 0.2 and the worked example's test
guards its arithmetic on every run.

Each match is one rating period: the person's result against each computer seat goes into one
update, so a four-player Rommé match is one update with three opponents.

Time away counts as well (`away`): for every `PERIOD` since the player's last rated match, the
deviation grows as in a period without games (Glickman's step 6, φ* = sqrt(φ² + σ²)), before the
match's own update, up to the starting deviation. A returning player's rating moves faster
again, and a long absence makes it provisional again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta

from glicko2.math import rating_to_mu, rd_to_phi, update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd

TAU = 0.5
"""The system constant: how much the volatility may change in one period (Glickman suggests
0.3 to 1.2; 0.5 is his example's)."""
PROVISIONAL_RD = 110.0
"""A rating whose RD is above this is provisional: marked ``1530?`` and not ranked."""

WIN, DRAW, LOSS = 1.0, 0.5, 0.0


def is_provisional(rd: float) -> bool:
    """Whether a rating with deviation ``rd`` is provisional."""
    return rd > PROVISIONAL_RD


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the display scale."""

    rating: float
    rd: float
    volatility: float

    @property
    def provisional(self) -> bool:
        return is_provisional(self.rd)


START = Rating(1500.0, 350.0, 0.06)
"""Every player's rating before their first rated match on a board."""
PERIOD = timedelta(days=1)
"""The length of time one period without games stands for. At the usual volatility (0.06) a
settled deviation of 60 is provisional again (above 110) after about 80 days away, back at the
start (350) after about three years."""


def away(player: Rating, time: timedelta) -> Rating:
    """``player``'s rating after ``time`` without rated matches: φ* = sqrt(φ² + σ²·t) for ``t``
    periods (fractions count), its deviation at most `START`'s."""
    if time <= timedelta(0):
        return player
    periods = time / PERIOD
    phi = rd_to_phi(player.rd)
    grown = phi_to_rd(math.sqrt(phi * phi + player.volatility**2 * periods))
    return Rating(player.rating, min(grown, START.rd), player.volatility)


def updated(player: Rating, results: list[tuple[Rating, float]]) -> Rating:
    """``player``'s rating after one period with ``results``: (opponent, score) pairs, the score
    `WIN`, `DRAW` or `LOSS` from the player's side."""
    opponents = [
        (rating_to_mu(opponent.rating), rd_to_phi(opponent.rd), score)
        for opponent, score in results
    ]
    mu, phi, sigma = update_rating(
        rating_to_mu(player.rating), rd_to_phi(player.rd), player.volatility, opponents, TAU
    )
    return Rating(mu_to_rating(mu), phi_to_rd(phi), sigma)
