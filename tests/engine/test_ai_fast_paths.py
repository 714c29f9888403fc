"""The expert's shortcuts give what the plain computations give (evaluate, rollout, inference)."""

from __future__ import annotations

import random

from gin_engine.ai.base import in_some_meld_mask
from gin_engine.ai.evaluate import by_value, meld_partners
from gin_engine.ai.inference import (
    CLOSE,
    MAX_WEIGHT,
    NEIGHBOURS,
    SHED_DAMP,
    TAKEN_BOOST,
    _near,
    danger,
    weights,
)
from gin_engine.ai.memory import Memory
from gin_engine.ai.rollout import _best_discard
from gin_engine.cards import VALUES, to_mask
from gin_engine.layoff import lay_off, lay_off_deadwood
from gin_engine.melds import arrange_mask, deadwood_mask, meld_masks


def _hands(count: int, seed: int) -> list[tuple[int, int]]:
    """(hand mask of 0..11 cards, an index of a card not in it)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        cards = rng.sample(range(52), rng.randint(0, 11) + 1)
        found.append((sum(1 << i for i in cards[1:]), cards[0]))
    return found


def test_meld_partners_are_the_cards_in_some_meld_with_the_hand() -> None:
    for hand, index in _hands(20_000, 1):
        assert bool(meld_partners(hand) >> index & 1) == in_some_meld_mask(hand, 1 << index)
        assert meld_partners(hand) >> 52 == 0


def test_by_value_is_the_hand_sorted_highest_value_then_bit_first() -> None:
    for hand, _ in _hands(2_000, 2):
        bits = [i for i in range(52) if hand >> i & 1]
        assert by_value(hand) == sorted(((VALUES[i % 13], 1 << i) for i in bits), reverse=True)


def test_lay_off_deadwood_is_lay_offs_count() -> None:
    rng = random.Random(3)
    for _ in range(2_000):
        cards = rng.sample(range(52), 20)
        knocker, defender = sum(1 << i for i in cards[:10]), sum(1 << i for i in cards[10:])
        melds = arrange_mask(knocker).melds
        masks = [to_mask(m.cards) for m in melds]
        assert lay_off_deadwood(defender, masks) == lay_off(defender, melds).deadwood


def _weights_card_by_card(memory: Memory) -> list[float]:
    """``inference.weights`` as first written: one card at a time."""
    w = [0.0] * 52
    if memory.unseen == 0 or memory.opp_hidden <= 0:
        return w
    boosted = _near(memory.opp_known | memory.opp_taken, NEIGHBOURS)
    damped = _near(memory.opp_discards | memory.opp_declined, CLOSE)
    raw, total = [], 0.0
    for i in range(52):
        if memory.unseen >> i & 1:
            x = 1.0
            if boosted >> i & 1:
                x *= TAKEN_BOOST
            if damped >> i & 1:
                x *= SHED_DAMP
            raw.append((i, x))
            total += x
    scale = memory.opp_hidden / total
    for _ in range(3):
        total = 0.0
        for _, x in raw:
            total += min(MAX_WEIGHT, x * scale)
        if total <= 0 or abs(total - memory.opp_hidden) < 1e-6:
            break
        scale *= memory.opp_hidden / total
    for i, x in raw:
        w[i] = min(MAX_WEIGHT, x * scale)
    return w


def test_weights_are_the_card_by_card_floats() -> None:
    rng = random.Random(4)
    for _ in range(3_000):
        cards = rng.sample(range(52), 52)  # own, known, discards: disjoint; few unseen cards
        own, known, discards = (  # now and then, so that the cap at MAX_WEIGHT is reached
            sum(1 << i for i in cards[k:k + rng.randint(0, 16)]) for k in (0, 16, 32)
        )
        taken, declined = (sum(1 << i for i in rng.sample(range(52), rng.randint(0, 6)))
                           for _ in range(2))
        unseen = ((1 << 52) - 1) & ~(own | known | discards)
        memory = Memory(own, discards, known, discards, taken, declined, unseen,
                        rng.randint(0, 10), rng.randint(0, 31))
        assert weights(memory) == _weights_card_by_card(memory)


def test_best_discard_is_the_first_least_by_value() -> None:
    rng = random.Random(5)
    for _ in range(3_000):
        cards = rng.sample(range(52), 11)
        hand = sum(1 << i for i in cards)
        keep = sum(1 << i for i in cards[: rng.randint(0, 3)])
        free = sorted(((VALUES[i % 13], 1 << i) for i in cards if not keep >> i & 1), reverse=True)
        least = min(deadwood_mask(hand ^ bit) for _, bit in free)
        first = next(bit for _, bit in free if deadwood_mask(hand ^ bit) == least)
        assert _best_discard(hand, keep) == (least, first)


def test_meld_masks_are_arrange_masks_melds() -> None:
    rng = random.Random(6)
    for _ in range(2_000):
        hand = sum(1 << i for i in rng.sample(range(52), rng.randint(0, 11)))
        arrangement = arrange_mask(hand)
        assert meld_masks(hand) == (
            arrangement.deadwood, tuple(to_mask(m.cards) for m in arrangement.melds)
        )


def _danger_worked_out(index: int, hold: list[float]) -> float:
    """``inference.danger`` as first written: the meld mates found on each call."""
    rank, base = index % 13, index - index % 13
    a, b, c = [hold[t * 13 + rank] for t in range(4) if t * 13 + rank != index]
    set_p = a * b + a * c + b * c - 2 * a * b * c
    run_miss = 1.0
    for lo in (rank - 2, rank - 1, rank):
        if lo < 0 or lo + 2 > 12:
            continue
        p = 1.0
        for r in (lo, lo + 1, lo + 2):
            if r != rank:
                p *= hold[base + r]
        run_miss *= 1.0 - p
    return 1.0 - (1.0 - set_p) * run_miss


def test_danger_is_the_worked_out_floats() -> None:
    rng = random.Random(7)
    for _ in range(500):
        hold = [rng.choice((0.0, 1.0, rng.random(), 0.3 * rng.random())) for _ in range(52)]
        for index in range(52):
            assert danger(index, hold) == _danger_worked_out(index, hold)
