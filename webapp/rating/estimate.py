"""The computer levels' ratings as the site's people see them: a maximum-likelihood estimate
from the recorded results, the people's ratings held fixed.

The levels' ratings in force (`webapp.rating.levels`, ``levels.json``) come from the engines'
tournaments, bot against bot; nothing says they transfer to people. ``flask --app webapp
rating-levels`` prints each level's tournament rating beside this estimate, so an operator can
see whether they agree; the site keeps using the tournament figures.

For one level on one board, every rated result against it is a Bernoulli trial (a Rommé draw a
half) with Glicko-2's expected score: the level at rating μ scores ``E = 1 / (1 + exp(-g(φ)(μ -
μ_p)))`` against a person at μ_p with deviation φ, both as the person's rating stood before that
match (``rating_updates``), ``g(φ) = 1 / sqrt(1 + 3φ²/π²)``. The log-likelihood is concave in μ,
so Newton's method from the tournament figure finds its maximum in a few steps; its standard
error is ``1 / sqrt(Σ g² E (1 - E))``. When the level won or lost every trial there is no
maximum (the likelihood keeps rising): no estimate.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select

from webapp.extensions import db
from webapp.models import MatchResult, RatingUpdate
from webapp.rating.levels import levels
from webapp.rating.scores import deciding_hands, match_scores

SCALE = 173.7178
"""Glicko-2's factor between the display scale and its own (μ = (r - 1500) / SCALE)."""
STEPS = 50
TOLERANCE = 1e-9


@dataclass(frozen=True)
class Trial:
    """One computer seat's result against a person: the person's rating and deviation before
    the match, and the level's score (1 won, ½ drew, 0 lost)."""

    rating: float
    rd: float
    score: float


@dataclass(frozen=True)
class Estimate:
    board: str
    difficulty: str
    tournament: float
    """The rating in force, from the tournaments."""
    trials: int
    site: float | None
    """The maximum-likelihood rating from the site's results; ``None`` without a maximum."""
    error: float | None
    """Its standard error."""


def _g(rd: float) -> float:
    phi = rd / SCALE
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def fit(trials: list[Trial], start: float) -> tuple[float, float] | None:
    """The rating maximising the likelihood of ``trials`` and its standard error, or ``None``
    when the level scored all or nothing."""
    total = sum(t.score for t in trials)
    if not trials or total in (0, len(trials)):
        return None
    weights = [(_g(t.rd), (t.rating - 1500) / SCALE, t.score) for t in trials]
    mu = (start - 1500) / SCALE
    information = 0.0
    for _ in range(STEPS):
        slope, information = 0.0, 0.0
        for g, opponent, score in weights:
            expected = 1 / (1 + math.exp(-g * (mu - opponent)))
            slope += g * (score - expected)
            information += g * g * expected * (1 - expected)
        step = slope / information
        mu += step
        if abs(step) < TOLERANCE:
            break
    return 1500 + SCALE * mu, SCALE / math.sqrt(information)


def trials() -> dict[tuple[str, str], list[Trial]]:
    """Every rated result, by (board, level), from the level's side."""
    updates, results = RatingUpdate.__table__, MatchResult.__table__
    u, r = updates.c, results.c
    rows = db.session.execute(
        select(
            r.game, r.difficulty, r.outcome, r.opponents, u.rating_before, u.rd_before,
            deciding_hands().label("hands"),
        ).join(updates, u.match_id == r.match_id)
    )
    found: dict[tuple[str, str], list[Trial]] = defaultdict(list)
    for row in rows:
        for score in match_scores(row.game, row.outcome, row.hands or [], row.opponents):
            found[(row.game, row.difficulty)].append(
                Trial(row.rating_before, row.rd_before, 1 - score)
            )
    return found


def estimates(boards: Iterable[str]) -> list[Estimate]:
    """Each level of ``boards``: its rating in force beside the site's estimate."""
    found = trials()
    result = []
    for board in boards:
        for lv in levels(board):
            seen = found.get((board, lv.difficulty), [])
            fitted = fit(seen, lv.rating)
            result.append(Estimate(
                board, lv.difficulty, lv.rating, len(seen),
                None if fitted is None else fitted[0], None if fitted is None else fitted[1],
            ))
    return result
