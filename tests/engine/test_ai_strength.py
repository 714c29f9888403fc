"""Seeded smoke tournaments: the order of strength and the tournament's own arithmetic."""

from engine_common.stats import wilson
from gin_engine.ruleset import CLASSIC
from gin_engine.tournament import report, run


def test_wilson_interval_matches_known_values():
    low, high = wilson(70, 100)
    assert round(low, 3) == 0.604 and round(high, 3) == 0.781
    assert wilson(0, 0) == (0.0, 1.0)


def test_expert_beats_easy_on_a_fixed_seed_set():
    # 80 matches (40 deals, seats swapped); measured on these seeds.
    tally = run(("expert", "easy"), 80, CLASSIC, seed=100)
    assert tally.matches == 80
    assert tally.wins / tally.matches >= 0.6
    assert tally.points > 0


def test_report_names_every_figure():
    tally = run(("easy", "simple"), 4, CLASSIC, seed=1)
    text = "\n".join(report(("easy", "simple"), tally))
    for word in ("Wilson", "points per match", "knock", "gin", "undercut", "dead", "p95"):
        assert word in text
