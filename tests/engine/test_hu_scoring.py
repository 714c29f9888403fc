"""胡牌制 scoring: every seed example of the rules (docs/rules.md, 胡牌制) with its exact points."""

import pytest

from gin_engine import HU, HandEnd, Shape, lay_off, parse_cards
from gin_engine.hu import hu_showdown
from gin_engine.melds import arrange

CALLER_SAN_JIN = "3S 4S 5S 7H 7D 7C 9D TD JD QD"
CALLER_3_MI = "3S 4S 5S 7H 7D 7C 9D TD JD 3H"
"""A 3米胡: melds 3-5♠, three 7s, 9-J♦, deadwood 3♥."""
CALLER_4_MI = "2S 3S 4S 9H 9D 9C JD QD KD 4D"
"""A 4米胡: melds 2-4♠, three 9s, J-K♦, deadwood 4♦."""


def showdown(caller: str, defender: str):
    return hu_showdown(HU, 1, 1, 0, parse_cards(caller), parse_cards(defender))


def test_san_jin_against_seven_scores_57():
    r = showdown(CALLER_SAN_JIN, "KS KH KC 2C 3C 4C 5C AH 2D 4H")
    assert (r.end, r.shape, r.scorer, r.bonus, r.difference) == (
        HandEnd.JIN_HU, Shape.SAN_JIN, 0, 50, 7,
    )
    assert r.points == 57
    assert r.defender is not None and r.defender.lay_offs == ()


def test_san_jin_against_an_er_jin_scores_50_for_the_caller():
    r = showdown(CALLER_SAN_JIN, "AC 2C 3C 4C 5C 6C 8S 8H 8D 8C")
    assert (r.end, r.scorer, r.points) == (HandEnd.JIN_HU, 0, 50)


@pytest.mark.parametrize(
    ("caller", "shape", "points", "melds"),
    [
        (CALLER_SAN_JIN, Shape.SAN_JIN, 50, 3),
        ("2C 3C 4C 5C 6C 7C 8H 8D 8S 8C", Shape.ER_JIN, 100, 2),  # a run and a set
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH", Shape.JIN_LONG, 400, 1),  # one 10-card run
    ],
)
def test_jin_hu_is_scored_by_the_fewest_melds(caller, shape, points, melds):
    r = showdown(caller, "KS KH KC QS QH QC JS JH JC 3D")  # three sets and 3♦
    assert (r.end, r.shape, r.paid_as, r.bonus, r.difference) == (
        HandEnd.JIN_HU, shape, shape, points, 3,
    )
    assert len(r.knocker_melds.melds) == melds


def test_two_mi_hu_against_five_scores_13():
    r = showdown("3S 4S 5S 7H 7D 7C 9D TD JD 2H", "KS KH KD KC 2C 3C 4C 5C AH 4H")
    assert (r.end, r.scorer, r.bonus, r.difference, r.points) == (HandEnd.MI_HU, 0, 10, 3, 13)


def test_three_mi_hu_against_two_after_lay_offs_gives_the_defender_51():
    r = showdown(CALLER_3_MI, "6S 8D KS KH KD KC 2C 3C 4C 2H")
    assert (r.end, r.scorer, r.shape, r.paid_as) == (
        HandEnd.ZHA_HU, 1, Shape.DEADWOOD, Shape.SAN_JIN,
    )
    assert (r.bonus, r.difference, r.points) == (50, 1, 51)
    assert {lo.card for lo in r.defender.lay_offs} == set(parse_cards("6S 8D"))


def test_three_mi_hu_against_a_san_jin_gives_the_defender_53():
    r = showdown(CALLER_3_MI, "6S KS KH KD 2C 3C 4C QH JH TH")
    assert (r.end, r.scorer, r.shape, r.points) == (HandEnd.ZHA_HU, 1, Shape.SAN_JIN, 53)


def test_three_mi_hu_against_an_eight_card_er_jin_gives_the_defender_103():
    r = showdown(CALLER_3_MI, "6S 7S KS KH KD KC 2C 3C 4C 5C")
    assert (r.end, r.scorer, r.shape, r.paid_as, r.points) == (
        HandEnd.ZHA_HU, 1, Shape.ER_JIN, Shape.ER_JIN, 103,
    )
    assert len(r.defender.melds) == 2


def test_three_mi_hu_against_an_eight_card_jin_long_gives_the_defender_403():
    r = showdown("2S 3S 4S 9H 9D 9C JD QD KD 3D", "5S 6S AC 2C 3C 4C 5C 6C 7C 8C")
    assert (r.end, r.scorer, r.shape, r.paid_as, r.points) == (
        HandEnd.ZHA_HU, 1, Shape.JIN_LONG, Shape.JIN_LONG, 403,
    )


def test_seven_cards_left_pay_one_tier_lower():
    jin_long = showdown(CALLER_4_MI, "AC 2C 3C 4C 5C 6C 7C 5S 6S 9S")
    assert (jin_long.shape, jin_long.paid_as, jin_long.points) == (
        Shape.JIN_LONG, Shape.ER_JIN, 104,
    )
    er_jin = showdown(CALLER_4_MI, "KS KH KC 2C 3C 4C 5C 5S 6S 9S")
    assert (er_jin.end, er_jin.shape, er_jin.paid_as, er_jin.points) == (
        HandEnd.ZHA_HU, Shape.ER_JIN, Shape.SAN_JIN, 54,
    )


def test_six_cards_or_fewer_pay_the_lowest_tier():
    r = showdown(CALLER_4_MI, "AC 2C 3C 4C 5C 6C 5S 6S 9S TD")
    assert (r.end, r.shape, r.paid_as, r.points) == (
        HandEnd.ZHA_HU, Shape.JIN_LONG, Shape.SAN_JIN, 54,
    )
    assert len(r.defender.lay_offs) == 4


def test_the_defender_lays_off_a_meld_card_when_that_makes_an_er_jin():
    """Least deadwood would lay off 9♠ only (9 cards, 三金, 54); laying off 5♠ as well leaves
    2-5♣ and 2-5♥, an 8-card 二金 worth 100 + 4."""
    r = showdown(CALLER_4_MI, "2C 3C 4C 2H 3H 4H 5C 5H 5S 9S")
    assert (r.end, r.scorer, r.shape, r.points) == (HandEnd.ZHA_HU, 1, Shape.ER_JIN, 104)
    assert {lo.card for lo in r.defender.lay_offs} == set(parse_cards("5S 9S"))


def test_section_6_lay_off_example_under_hu_scoring():
    """Caller ♥2-4 and ♣2-4; the defender's ♥5 ♣5 ♠5 with ♥6 ♣6 go on both runs as in the
    standard game, leaving ♠5 and A♦ (6) beside four jacks."""
    defender = "5H 5C 5S 6H 6C JS JH JC JD AD"
    std = lay_off(parse_cards(defender), arrange(parse_cards("2H 3H 4H 2C 3C 4C")).melds)
    assert std.deadwood == 6
    success = showdown("2H 3H 4H 2C 3C 4C 9S 9H 9D 5D", defender)
    assert (success.end, success.scorer, success.points) == (HandEnd.MI_HU, 0, 10 + 6 - 5)
    assert {lo.card for lo in success.defender.lay_offs} == set(parse_cards("5H 6H 5C 6C"))
    failed = showdown("2H 3H 4H 2C 3C 4C 9S 9H 9D 7D", defender)
    assert (failed.end, failed.scorer, failed.points) == (HandEnd.ZHA_HU, 1, 50 + 7 - 6)


def test_the_bots_hu_points_agree_with_the_showdown():
    """The expert's estimates score 胡牌制 hands with ``hu_points`` (via the rollout's
    showdown): the caller's signed points of ``hu_showdown``, on random low-deadwood hands."""
    import random

    from gin_engine import DECK
    from gin_engine.ai.rollout import showdown as rollout_showdown
    from gin_engine.cards import to_mask
    from gin_engine.hu import hu_points
    from gin_engine.melds import deadwood_mask

    rng = random.Random(7)
    checked = 0
    while checked < 200:
        deck = list(DECK)
        rng.shuffle(deck)
        mask, other = to_mask(deck[:14]), deck[14:24]
        while mask.bit_count() > 10:  # drop the card whose loss leaves least deadwood
            mask &= ~min((deadwood_mask(mask & ~c.bit), c.bit) for c in DECK if mask & c.bit)[1]
        if deadwood_mask(mask) > HU.knock_limit:
            continue
        r = hu_showdown(HU, 1, 1, 0, [c for c in DECK if mask & c.bit], other)
        signed = r.points if r.scorer == 0 else -r.points
        assert hu_points(HU, mask, to_mask(other)) == signed
        assert rollout_showdown(HU, mask, to_mask(other)) == signed
        checked += 1
    assert hu_points(HU, to_mask(parse_cards(CALLER_3_MI)),
                     to_mask(parse_cards("6S 7S KS KH KD KC 2C 3C 4C 5C"))) == -103
