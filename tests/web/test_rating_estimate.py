"""The levels' ratings re-estimated from recorded results: maximum likelihood with the people's
ratings held fixed, on data sets whose answer is known in closed form."""

from __future__ import annotations

import math
from datetime import timedelta

from flask import Flask
from flask.testing import FlaskCliRunner

from tests.web.account_helpers import make_user, seed_result
from webapp.extensions import db
from webapp.models import GIN, ROMME, utcnow
from webapp.rating.estimate import SCALE, Trial, estimates, fit


def g(rd: float) -> float:
    return 1 / math.sqrt(1 + 3 * (rd / SCALE) ** 2 / math.pi**2)


def closed_form(rating: float, rd: float, share: float) -> float:
    """Against people all at ``rating`` / ``rd``, the likelihood peaks where the expected
    score equals the level's share of points: μ - μ_p = ln(share / (1 - share)) / g(φ)."""
    return rating + SCALE * math.log(share / (1 - share)) / g(rd)


def test_the_fit_finds_the_closed_form_answer_and_its_error() -> None:
    trials = [Trial(1500, 50, score) for score in (1, 1, 1, 0)]
    rating, error = fit(trials, start=1200) or (0.0, 0.0)
    assert round(rating, 6) == round(closed_form(1500, 50, 0.75), 6)
    assert round(rating, 1) == 1693.2
    # One over the root of the information, n g² E (1 - E) at E = 3/4.
    assert round(error, 6) == round(SCALE / math.sqrt(4 * g(50) ** 2 * 0.75 * 0.25), 6)
    # People at two ratings: a 1400 beaten twice of four, a 1600 beating the level each time
    # but once: the answer balances Σ g (score - E) to zero.
    mixed = [Trial(1400, 80, s) for s in (1, 1, 0, 0)] + [Trial(1600, 80, s) for s in (1, 0, 0, 0)]
    rating, _ = fit(mixed, start=1500) or (0.0, 0.0)
    residual = sum(
        g(t.rd) * (t.score - 1 / (1 + math.exp(-g(t.rd) * (rating - t.rating) / SCALE)))
        for t in mixed
    )
    assert abs(residual) < 1e-9 and 1400 < rating < 1500


def test_all_or_nothing_has_no_estimate() -> None:
    assert fit([Trial(1500, 60, 1.0)] * 5, 1500) is None
    assert fit([Trial(1500, 60, 0.0)] * 5, 1500) is None
    assert fit([], 1500) is None


ROMME_WON = [{"end": "out", "winner": 0, "penalties": [0, 20, 35]}]
ROMME_SPLIT = [{"end": "out", "winner": 1, "penalties": [10, 0, 10]}]


def test_the_command_prints_both_figures_from_the_recorded_results(
    app: Flask, runner: FlaskCliRunner
) -> None:
    now = utcnow()
    with app.app_context():
        # Each person's first match, so every person stands at 1500 / RD 350 before it.
        for n in range(8):
            seed_result(make_user(f"g{n}"), outcome="won" if n < 2 else "lost",
                        difficulty="normal", finished_at=now - timedelta(minutes=n))
        # Rommé at easy, three seats: one person beats both computers (the level scores 0, 0),
        # another ties one and loses to the other (½, 1).
        seed_result(make_user("r0"), outcome="won", difficulty="easy", game=ROMME,
                    hand_scores=ROMME_WON, opponents=2, finished_at=now)
        seed_result(make_user("r1"), outcome="lost", difficulty="easy", game=ROMME,
                    hand_scores=ROMME_SPLIT, opponents=2, finished_at=now)
        db.session.commit()
        found = {(e.board, e.difficulty): e for e in estimates([GIN, ROMME])}
    normal = found[(GIN, "normal")]
    assert normal.trials == 8 and normal.tournament == 1500
    assert normal.site is not None and round(normal.site, 6) == round(
        closed_form(1500, 350, 6 / 8), 6
    )
    easy = found[(ROMME, "easy")]
    assert easy.trials == 4 and easy.tournament == 1334
    assert easy.site is not None and round(easy.site, 6) == round(
        closed_form(1500, 350, 1.5 / 4), 6
    )
    assert found[(GIN, "easy")].trials == 0 and found[(GIN, "easy")].site is None
    output = runner.invoke(args=["rating-levels"]).output
    lines = {tuple(line.split()[:2]): line for line in output.splitlines()}
    assert lines[("gin", "normal")].split() == [
        "gin", "normal", "1500", f"{normal.site:.0f}", "±", f"{normal.error:.0f}", "8"
    ]
    assert lines[("romme", "easy")].split()[2:4] == ["1334", f"{easy.site:.0f}"]
    assert lines[("hu", "expert")].split() == ["hu", "expert", "1571", "no", "estimate", "0"]
    assert "In force: the tournament figures" in output
