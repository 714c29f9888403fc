"""Invariants over many seeded random matches (perft-style)."""

import json
import random

from gin_engine import CLASSIC, PRESETS, QUICK, STANDARD, HandEnd, Match, Phase
from gin_engine.results import hand_points
from tests.engine.engine_play import play_match, step


def check_invariants(m: Match) -> None:
    hand = m.hand
    cards = [*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard_pile]
    assert len(cards) == 52 and len(set(cards)) == 52
    sizes = sorted(len(h) for h in hand.hands)
    if m.phase is Phase.DISCARD:
        assert len(hand.hands[hand.turn]) == 11 and sizes == [10, 11]
    else:
        assert sizes == [10, 10]
    assert len(hand.stock) >= STANDARD.dead_hand_stock
    for player in (0, 1):
        assert hand.known[player] <= set(hand.hands[player])
    assert m.scores == hand_points(m.results)
    if m.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        assert m.results and m.results[-1].number == hand.number


def test_invariants_hold_over_two_thousand_matches():
    ends = {end: 0 for end in HandEnd}
    presets = list(PRESETS.values())
    for seed in range(2000):
        rules = presets[seed % len(presets)]
        m = Match.new(rules, random.Random(seed))
        rng = random.Random(seed + 1)
        steps = 0
        while m.phase is not Phase.MATCH_OVER:
            step(m, rng)
            check_invariants(m)
            steps += 1
            assert steps < 5000
        assert m.settlement is not None
        winner = m.settlement.winner
        assert m.scores[winner] >= rules.target > m.scores[1 - winner]
        for result in m.results:
            ends[result.end] += 1
    assert all(count > 0 for count in ends.values()), ends


def test_snapshot_round_trip_at_every_step_gives_the_same_continuation():
    for seed in range(60):
        rules = (STANDARD, CLASSIC, QUICK)[seed % 3]
        m = Match.new(rules, random.Random(seed))
        rng = random.Random(seed)
        while m.phase is not Phase.MATCH_OVER:
            m = Match.from_dict(json.loads(json.dumps(m.to_dict())))
            step(m, rng)
        straight = Match.new(rules, random.Random(seed))
        play_match(straight, random.Random(seed))
        assert straight.to_dict() == m.to_dict()
