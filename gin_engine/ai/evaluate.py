"""Scoring hands for the expert: deadwood now, what the next draw may bring, and discard danger.

Glossary
    gain        the expected fall in deadwood from the next stock card: every unseen card that
                is still in the stock, times how much it would lower the deadwood
    score       how good a 10-card hand is to hold (lower is better): its deadwood minus the
                weighted gain, plus the danger of the card thrown to get it
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gin_engine.ai.base import min_discard
from gin_engine.ai.inference import danger
from gin_engine.cards import DECK, FULL_MASK, RANK_BITS, VALUES, Card, CardMask, bit_indices
from gin_engine.melds import deadwood_mask

GAIN_EARLY = 3.5
GAIN_LATE = 1.5
"""How many turns of drawing the hand's potential is worth, in deadwood points: GAIN_EARLY
with a full stock (the ruleset's ``stock_size``), falling linearly to GAIN_LATE with an
empty one (the opponent's knock comes closer, and then the count itself is what costs)."""
DANGER_WEIGHT = 9.0
"""Deadwood points charged for a discard the opponent melds for sure."""
PRUNE = 12
"""Discards leaving more than this above the least deadwood are not scored further."""


@dataclass(frozen=True, slots=True)
class Option:
    """One discard: the card, the deadwood it leaves, the draw gain, its danger, its score."""

    card: Card
    deadwood: int
    gain: float
    danger: float
    score: float


@lru_cache(maxsize=1 << 17)
def remembered_deadwood(mask: CardMask) -> int:
    """``deadwood_mask``, remembered: the discard scoring asks for the same hands again and
    again (h - a + c - d equals h - d + c - a, and consecutive turns differ by two cards)."""
    return deadwood_mask(mask)


DECK_BY_VALUE = sorted(((VALUES[i % 13], 1 << i) for i in range(52)), reverse=True)
"""(value, bit) of every card, highest value first (ties: highest bit first)."""


def by_value(mask: CardMask) -> list[tuple[int, int]]:
    """(value, bit) of each card of ``mask``, highest value first (ties: highest bit first).

    Filtering the whole deck in a fixed order is cheaper than sorting the hand each time, and
    ``draw_gain`` asks this for every discard it scores."""
    return [card for card in DECK_BY_VALUE if mask & card[1]]


_SUIT = 0x1FFF
_FROM_RANK = tuple(FULL_MASK & ~sum(RANK_BITS << r for r in range(k)) for k in range(3))
"""``_FROM_RANK[k]``: the cards of rank k and up (a shift by k rank steps lands there)."""
_UP_TO_RANK = tuple(FULL_MASK & ~sum(RANK_BITS << r for r in range(13 - k, 13)) for k in range(3))
"""``_UP_TO_RANK[k]``: the cards of rank 12 - k and down."""


def meld_partners(hand: CardMask) -> CardMask:
    """The cards that would form a set or a run with two cards of ``hand``.

    Any other card is in no meld of the hand plus it: drawn, it stays deadwood. Per suit, rank
    r runs with r+1 and r+2, r-1 and r+1, or r-2 and r-1; the masks keep shifts in their suit.
    """
    s, h, d, c = hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39
    pairs = (s & (h | d | c)) | (h & (d | c)) | (d & c)  # ranks held at least twice
    up1, up2 = hand >> 1 & _UP_TO_RANK[1], hand >> 2 & _UP_TO_RANK[2]
    down1, down2 = hand << 1 & _FROM_RANK[1], hand << 2 & _FROM_RANK[2]
    runs = (up1 & up2) | (down1 & up1) | (down1 & down2)
    return runs | pairs * RANK_BITS  # each such rank in all four suits (no carries)


def draw_gain(h10: CardMask, draw_p: dict[int, float]) -> float:
    """Expected deadwood saved by one stock draw (then the best discard) from a 10-card hand.

    Throwing card d from hand h leaves at least deadwood(h) - value(d) (put d back as
    deadwood), so trying the cards from the highest value down may stop as soon as that bound
    cannot beat the best found: the same result with far fewer searches. A drawn card that
    melds with no two cards of the hand is thrown back without a search, and is not even
    visited: only the hand's meld partners are (a few of the 30-odd unseen cards), in index
    order like ``draw_p``'s keys, so the terms are added in the same order.
    """
    base = remembered_deadwood(h10)
    held = by_value(h10)
    total = 0.0
    for i in bit_indices(meld_partners(h10)):
        p = draw_p.get(i)
        if p is None:
            continue  # not in the stock: held, on the pile, or known in the opponent's hand
        bit = 1 << i
        with_card = h10 | bit
        now = remembered_deadwood(with_card)
        if now == base + VALUES[i % 13]:
            continue  # the card would stay deadwood and be thrown back
        best = base  # throwing the drawn card back
        for value, low in held:
            if now - value >= best:
                break
            left = remembered_deadwood(with_card ^ low)
            if left < best:
                best = left
        total += p * (base - best)
    return total


def reach_chances(
    h10: CardMask, draw_p: dict[int, float], counts: tuple[int, ...]
) -> tuple[float, ...]:
    """For each of ``counts``: the chance that the next stock card lets the 10-card hand ``h10``
    reach that deadwood or less, after the best discard (any drawn card counts, melded or
    swapped for a higher one). One search per stock card serves every count."""
    totals = [0.0] * len(counts)
    for i, p in draw_p.items():
        least = min_discard(h10 | 1 << i, None, remembered_deadwood)[0]
        for k, count in enumerate(counts):
            if least <= count:
                totals[k] += p
    return tuple(totals)


def draw_chances(unseen: CardMask, w: list[float], stock: int) -> dict[int, float]:
    """Per unseen card: the chance that it is the next stock card."""
    if stock <= 0:
        return {}
    return {i: (1.0 - w[i]) / stock for i in range(52) if unseen >> i & 1}


def gain_weight(stock: int, full_stock: int) -> float:
    return GAIN_LATE + (GAIN_EARLY - GAIN_LATE) * min(1.0, stock / full_stock)


def options(
    h11: CardMask,
    keep: Card | None,
    draw_p: dict[int, float],
    hold: list[float],
    below: int | None = None,
    weight: float = GAIN_EARLY,
) -> list[Option]:
    """Every discard worth scoring, best (lowest score) first; ties keep card order.

    ``below``: only discards leaving less deadwood than this (after taking a pile card, so
    that two players can never pass cards back and forth for ever), when there are any: a
    person may take a pile card that lowers nothing, and then every discard is scored.
    """
    every = [  # remembered: draw_gain starts from the same 10-card hands
        (remembered_deadwood(h11 ^ 1 << i), DECK[i])
        for i in bit_indices(h11)
        if DECK[i] is not keep
    ]
    plain = [(d, card) for d, card in every if below is None or d < below] or every
    least = min(d for d, _ in plain)
    found = []
    for d, card in plain:
        if d > least + PRUNE:
            continue
        gain = draw_gain(h11 ^ card.bit, draw_p)
        risk = danger(card.index, hold)
        score = d - weight * gain + DANGER_WEIGHT * risk
        found.append(Option(card, d, gain, risk, score))
    found.sort(key=lambda o: o.score)
    return found
