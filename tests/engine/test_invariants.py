"""Invariants over many seeded random matches (perft-style)."""

import random

from gin_engine import (
    PRESETS,
    HandEnd,
    Match,
    MatchEnd,
    Phase,
    Ruleset,
)
from gin_engine.results import hand_points
from tests.engine.engine_play import step
from tests.sizes import sized


def check_invariants(m: Match) -> None:
    hand = m.hand
    cards = [*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard_pile]
    assert len(cards) == 52 and len(set(cards)) == 52
    n = m.ruleset.hand_size
    sizes = sorted(len(h) for h in hand.hands)
    if m.phase is Phase.DISCARD:
        assert len(hand.hands[hand.turn]) == n + 1 and sizes == [n, n + 1]
    else:
        assert sizes == [n, n]
    assert len(hand.stock) >= m.ruleset.dead_hand_stock
    if not hand.history:  # a fresh deal: the whole stock is there
        assert len(hand.stock) == m.ruleset.stock_size
    for player in (0, 1):
        assert hand.known[player] <= set(hand.hands[player])
    assert m.scores == hand_points(m.results)
    if m.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        assert m.results and m.results[-1].number == hand.number


SEVEN = Ruleset(name="seven", hand_size=7)
"""A test preset: 7 cards each, everything else standard."""


def check_match_end(m: Match) -> None:
    """The winner is the one the ruleset's match end names, decided after the right hand."""
    rules, scores = m.ruleset, m.scores
    assert m.settlement is not None
    winner = m.settlement.winner
    played = len(m.results)
    reached = rules.match_end is not MatchEnd.HANDS and scores[winner] >= rules.target
    if rules.match_end is MatchEnd.TARGET or reached:
        assert scores[winner] >= rules.target > scores[1 - winner]
        before = hand_points(m.results[:-1])
        assert max(before) < rules.target
    else:
        assert played >= rules.hands and scores[winner] > scores[1 - winner]
        before = hand_points(m.results[:-1])
        assert played == rules.hands or before[0] == before[1]  # further hands only on a tie
    if rules.match_end is MatchEnd.TARGET_WITHIN_HANDS and played > rules.hands:
        assert hand_points(m.results[: rules.hands])[0] == hand_points(m.results[: rules.hands])[1]


# 300 matches still end hands every way (the assertion below) under every preset (each preset
# about 50 matches, several hundred hands); FULL_TESTS=1 plays the 2,000 of before.
MATCHES = sized(300, 2000)


def test_invariants_hold_over_hundreds_of_matches():
    ends = {end: 0 for end in HandEnd}
    presets = [*PRESETS.values(), SEVEN]
    for seed in range(MATCHES):
        rules = presets[seed % len(presets)]
        m = Match.new(rules, random.Random(seed))
        rng = random.Random(seed + 1)
        steps = 0
        while m.phase is not Phase.MATCH_OVER:
            step(m, rng)
            check_invariants(m)
            steps += 1
            assert steps < 5000
        check_match_end(m)
        for result in m.results:
            ends[result.end] += 1
    assert all(count > 0 for count in ends.values()), ends
