"""The game-free luck figures: paired estimates, their errors, a hand's luck by source."""

import math
import random

from engine_common.luck import NOTHING, Alternatives, Estimate, HandLuck, paired, total


def test_paired_samples_give_their_mean_and_standard_error():
    assert paired([1.0, 2.0, 3.0]) == Estimate(2.0, 1.0 / math.sqrt(3))
    assert paired([4.0]) == Estimate(4.0, 0.0)
    assert paired([]) == NOTHING
    assert paired([5.0, 5.0, 5.0, 5.0]) == Estimate(5.0, 0.0)


def test_independent_estimates_add_in_quadrature():
    assert Estimate(1.0, 3.0) + Estimate(2.0, 4.0) == Estimate(3.0, 5.0)
    assert -Estimate(1.5, 2.0) == Estimate(-1.5, 2.0)
    assert total([Estimate(1.0, 3.0), Estimate(2.0, 4.0), Estimate(-3.0, 12.0)]) == Estimate(
        0.0, 13.0)
    assert total([]) == NOTHING


def test_a_hands_luck_is_the_sum_of_its_sources_and_the_adjusted_result_removes_it():
    luck = HandLuck.of(Estimate(-6.0, 3.0), Estimate(10.0, 0.0), Estimate(-22.0, 4.0))
    assert (luck.deal, luck.own_draws, luck.their_draws, luck.error) == (-6.0, 10.0, -22.0, 5.0)
    assert luck.total == -18.0
    assert luck.adjusted(-25) == -7.0
    assert luck.adjusted(0) == 18.0


def test_alternatives_give_every_card_once_before_any_comes_again():
    others = Alternatives("ABCDE", random.Random(7))
    first, second = [others.next() for _ in range(5)], [others.next() for _ in range(5)]
    assert sorted(first) == sorted(second) == list("ABCDE")
