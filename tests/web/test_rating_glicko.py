"""The rating's arithmetic: Glickman's worked example, the anchors' scale, one match's scores."""

from __future__ import annotations

import math
from datetime import timedelta

import pytest

from benchmarks.rating_levels import NORMAL_RATING, difference_for, expected_score
from webapp.models import GIN, HU, ROMME, Outcome
from webapp.rating.glicko import DRAW, LOSS, START, WIN, Rating, away, updated
from webapp.rating.levels import levels
from webapp.rating.scores import match_scores


def test_glickmans_worked_example() -> None:
    # "Example of the Glicko-2 system": 1500 / RD 200 / σ 0.06, τ = 0.5, beats a 1400 (RD 30),
    # loses to a 1550 (RD 100) and a 1700 (RD 300). The paper prints 1464.06 and 0.05999
    # because it rounds its intermediate steps; exact arithmetic gives these.
    after = updated(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30, 0.06), WIN), (Rating(1550, 100, 0.06), LOSS),
         (Rating(1700, 300, 0.06), LOSS)],
    )
    assert round(after.rating, 3) == 1464.051
    assert round(after.rd, 3) == 151.517
    assert round(after.volatility, 6) == 0.059996


def test_a_newcomer_is_provisional_until_the_deviation_falls_to_110() -> None:
    rating = START
    normal = Rating(1500, 30, 0.06)
    games = 0
    while rating.provisional:
        rating = updated(rating, [(normal, WIN if games % 2 else LOSS)])
        games += 1
    assert rating.rd <= 110 < START.rd
    # Even results against an equal opponent keep the rating near the start.
    assert abs(rating.rating - 1500) < 60
    assert games == 10  # ten one-opponent matches: the site says so on the rating board


def test_expected_score_and_its_inverse() -> None:
    assert expected_score(0) == 0.5
    assert round(expected_score(400), 4) == round(10 / 11, 4)
    assert round(difference_for(0.6), 1) == 70.4
    assert round(difference_for(expected_score(-123.0)), 6) == -123.0


def test_gin_scores_one_opponent() -> None:
    assert match_scores(GIN, Outcome.WON, [], 1) == [WIN]
    assert match_scores(HU, Outcome.LOST, [], 1) == [LOSS]
    assert match_scores(GIN, Outcome.ABANDONED, [], 1) == [LOSS]


def test_romme_scores_each_computer_by_final_totals() -> None:
    hands = [
        {"end": "out", "winner": 0, "penalties": [0, 20, 35, 10]},
        {"end": "out", "winner": 2, "penalties": [25, 5, 0, 15]},
    ]
    # Totals 25, 25, 35, 25: equal to seats 1 and 3 (draws), below seat 2 (a win).
    assert match_scores(ROMME, Outcome.WON, hands, 3) == [DRAW, WIN, DRAW]
    assert match_scores(ROMME, Outcome.LOST, hands[1:], 3) == [LOSS, LOSS, LOSS]
    assert match_scores(ROMME, Outcome.ABANDONED, hands, 3) == [LOSS, LOSS, LOSS]


@pytest.mark.parametrize("computers", [1, 2, 3])
def test_an_abandon_in_the_first_hand_loses_to_every_seat(computers: int) -> None:
    assert match_scores(ROMME, Outcome.ABANDONED, [], computers) == [LOSS] * computers


@pytest.mark.parametrize("board", ["gin", "hu", "romme"])
def test_each_level_sits_where_its_measured_score_against_normal_puts_it(board: str) -> None:
    found = {lv.difficulty: lv for lv in levels(board)}
    assert list(found) == ["easy", "normal", "expert"]
    assert found["normal"].rating == NORMAL_RATING
    for name in ("easy", "expert"):
        score = found[name].score_against_normal
        assert found[name].rating == round(NORMAL_RATING + difference_for(score))
    assert found["easy"].rating < found["normal"].rating < found["expert"].rating


def test_time_away_grows_the_deviation_one_period_a_day_up_to_the_start() -> None:
    settled = Rating(1620.0, 60.0, 0.06)
    # Glickman's step 6 for each day: φ* = sqrt(φ² + σ²·days), on Glicko-2's scale (173.7178).
    phi = 60.0 / 173.7178
    for days in (1, 30, 80):
        grown = away(settled, timedelta(days=days))
        assert grown.rd == pytest.approx(173.7178 * math.sqrt(phi**2 + 0.0036 * days))
        assert (grown.rating, grown.volatility) == (1620.0, 0.06)
    assert round(away(settled, timedelta(days=30)).rd, 1) == 82.8
    assert away(settled, timedelta(days=12, hours=12)).rd == pytest.approx(
        173.7178 * math.sqrt(phi**2 + 0.0036 * 12.5)
    )
    # Settled after a month away; provisional again after about eighty days.
    assert not away(settled, timedelta(days=78)).provisional
    assert away(settled, timedelta(days=80)).provisional
    # Never above the starting deviation, however long; no time, no change.
    assert away(settled, timedelta(days=5000)).rd == START.rd == 350.0
    assert away(settled, timedelta(0)) == settled
