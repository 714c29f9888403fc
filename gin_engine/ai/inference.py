"""Reading the opponent: how likely each unseen card is in its hand, and how dangerous a discard is.

Glossary
    weight   the estimated chance that an unseen card is among the opponent's hidden cards;
             the weights of all unseen cards add up to the number of hidden cards
    danger   the estimated chance that the opponent can meld a card we would discard
             (it holds two cards forming a set or run with it)
    sample   one guess of the opponent's whole hand: its known cards plus hidden cards drawn
             from the unseen ones by weight

The opponent keeps cards near what it took from the pile and throws away cards it cannot use,
so a taken card raises the weight of its rank-mates and suit neighbours and a discarded or
declined card lowers theirs.
"""

from __future__ import annotations

import random

from gin_engine.ai.memory import Memory
from gin_engine.cards import RANK_BITS, CardMask, bit_indices

TAKEN_BOOST = 2.2
"""Multiplier for an unseen card that would meld with a card the opponent took."""
SHED_DAMP = 0.55
"""Multiplier for an unseen card next to (or of the rank of) a card the opponent let go."""
MAX_WEIGHT = 0.95
_FACTORS = (1.0, TAKEN_BOOST, SHED_DAMP, TAKEN_BOOST * SHED_DAMP)
"""An unseen card's weight before scaling, by kind: 1 if near a card the opponent took, 2 if
near one it let go, 3 if both (bit 0 boosted, bit 1 damped)."""


def neighbours(index: int) -> CardMask:
    """Same rank in other suits, and the same suit one or two ranks away."""
    rank = index % 13
    mask = (RANK_BITS << rank) & ~(1 << index)
    for step in (-2, -1, 1, 2):
        if 0 <= rank + step < 13:
            mask |= 1 << (index + step)
    return mask


NEIGHBOURS: tuple[CardMask, ...] = tuple(neighbours(i) for i in range(52))
CLOSE: tuple[CardMask, ...] = tuple(
    ((RANK_BITS << (i % 13)) & ~(1 << i))
    | (1 << (i - 1) if i % 13 > 0 else 0)
    | (1 << (i + 1) if i % 13 < 12 else 0)
    for i in range(52)
)
"""Same rank in other suits and the suit neighbours one rank away."""


def _near(mask: CardMask, table: tuple[CardMask, ...]) -> CardMask:
    near = 0
    for i in bit_indices(mask):
        near |= table[i]
    return near


def weights(memory: Memory) -> list[float]:
    """Per card index: the chance it is a hidden card of the opponent (0 unless unseen)."""
    w = [0.0] * 52
    unseen = memory.unseen
    count = unseen.bit_count()
    if count == 0 or memory.opp_hidden <= 0:
        return w
    boosted = _near(memory.opp_known | memory.opp_taken, NEIGHBOURS)
    damped = _near(memory.opp_discards | memory.opp_declined, CLOSE)
    cards = list(bit_indices(unseen))
    # Each unseen card's weight before scaling is one of four (_FACTORS): work out each scaled
    # and capped value once, not once per card. The sums stay plain additions in index order
    # (not sum(), which adds with extra precision from Python 3.12): the very same floats.
    kinds = [(boosted >> i & 1) | (damped >> i & 1) << 1 for i in cards]
    total = 0.0
    for k in kinds:
        total += _FACTORS[k]
    scale = memory.opp_hidden / total
    for _ in range(3):  # renormalise after capping
        capped = [min(MAX_WEIGHT, x * scale) for x in _FACTORS]
        total = 0.0
        for k in kinds:
            total += capped[k]
        if total <= 0 or abs(total - memory.opp_hidden) < 1e-6:
            break
        scale *= memory.opp_hidden / total
    capped = [min(MAX_WEIGHT, x * scale) for x in _FACTORS]
    for i, k in zip(cards, kinds, strict=True):
        w[i] = capped[k]
    return w


def holding(memory: Memory, w: list[float]) -> list[float]:
    """Per card index: the chance the opponent holds it (1 if known, 0 if seen elsewhere)."""
    p = list(w)
    for i in bit_indices(memory.opp_known):
        p[i] = 1.0
    return p


def _meld_mates(index: int) -> tuple[tuple[int, int, int], tuple[tuple[int, int], ...]]:
    """The three cards of ``index``'s rank in the other suits, and the pairs of its suit that
    make a run with it (lowest run first)."""
    rank, base = index % 13, index - index % 13
    a, b, c = (t * 13 + rank for t in range(4) if t * 13 + rank != index)
    runs = []
    for lo in (rank - 2, rank - 1, rank):
        if 0 <= lo and lo + 2 <= 12:
            low, high = (base + r for r in (lo, lo + 1, lo + 2) if r != rank)
            runs.append((low, high))
    return (a, b, c), tuple(runs)


_MELD_MATES = tuple(_meld_mates(i) for i in range(52))
"""Per card index, looked up rather than worked out: ``danger`` is asked for every discard."""


def danger(index: int, hold: list[float]) -> float:
    """The chance the opponent holds two cards that meld with card ``index``."""
    (i, j, k), runs = _MELD_MATES[index]
    a, b, c = hold[i], hold[j], hold[k]
    set_p = a * b + a * c + b * c - 2 * a * b * c
    run_miss = 1.0
    for low, high in runs:
        run_miss *= 1.0 - hold[low] * hold[high]
    return 1.0 - (1.0 - set_p) * run_miss


Odds = list[tuple[int, float]]
"""(index, 1 / weight) of each card the opponent may hold, in index order (``odds``)."""


def odds(w: list[float]) -> Odds:
    """The cards ``sample_hidden`` draws from, with the exponents of their keys: worked out once
    for all the worlds a decision samples, not once per world."""
    return [(i, 1.0 / x) for i, x in enumerate(w) if x > 0]


def sample_hidden(memory: Memory, by_odds: Odds, rng: random.Random) -> CardMask:
    """Draw the opponent's hidden cards from the unseen ones, by weight, without replacement.

    Each card gets the key u ** (1 / weight) for a uniform u (drawn in index order) and the
    highest keys win: a weighted sample without replacement (Efraimidis and Spirakis)."""
    keyed = [(rng.random() ** exponent, i) for i, exponent in by_odds]
    keyed.sort(reverse=True)
    mask = 0
    for _, i in keyed[: memory.opp_hidden]:
        mask |= 1 << i
    return mask

