"""The engine's 胡牌制 showdown against the brute-force reference on random showdowns."""

import random
from collections import Counter

from gin_engine import DECK, HU, Card
from gin_engine.hu import hu_showdown
from gin_engine.melds import deadwood
from tests.engine import hu_reference
from tests.sizes import sized

SHOWDOWNS = sized(500, 2000)
"""500 random showdowns still reach the hand ends the test asserts and dozens of defenders
left with 7 and 8 cards (the lay-offs that are hard to get right);
FULL_TESTS=1 plays the 2,000 of before."""


def _random_meld(rng: random.Random, free: set[Card]) -> set[Card] | None:
    if rng.random() < 0.6:
        suit, size = rng.randrange(4), rng.choice((3, 3, 4, 5, 6, 8))
        low = rng.randrange(0, 14 - size)
        meld = {Card(suit, r) for r in range(low, low + size)}
    else:
        rank = rng.randrange(13)
        meld = set(rng.sample([Card(s, rank) for s in range(4)], rng.choice((3, 3, 4))))
    return meld if meld <= free else None


def _near(meld: set[Card]) -> list[Card]:
    """Cards that could be laid off on ``meld``: a set's missing suits, a run's next ranks."""
    ranks = {c.rank for c in meld}
    if len(ranks) == 1:
        rank = next(iter(ranks))
        return [Card(s, rank) for s in range(4) if Card(s, rank) not in meld]
    suit = next(iter(meld)).suit
    lo, hi = min(ranks), max(ranks)
    return [Card(suit, r) for r in (lo - 2, lo - 1, hi + 1, hi + 2) if 0 <= r < 13]


def random_showdown(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A caller that may go out (mostly with deadwood) and a defender with lay-off chances."""
    while True:
        free = set(DECK)
        caller: set[Card] = set()
        melds = []
        for _ in range(rng.choice((2, 3, 3))):
            meld = _random_meld(rng, free)
            if meld and len(caller) + len(meld) <= 10:
                caller |= meld
                free -= meld
                melds.append(meld)
        low = sorted((c for c in free if c.rank < 5), key=lambda c: c.index)
        caller |= set(rng.sample(low, 10 - len(caller)))
        if deadwood(caller) > 10:
            continue
        free -= caller
        near = sorted({c for m in melds for c in _near(m) if c in free}, key=lambda c: c.index)
        defender = set(rng.sample(near, min(len(near), rng.randrange(5))))
        for _ in range(rng.randrange(4)):
            meld = _random_meld(rng, free - defender)
            if meld and len(defender) + len(meld) <= 10:
                defender |= meld
        rest = sorted(free - defender, key=lambda c: c.index)
        defender |= set(rng.sample(rest, 10 - len(defender)))
        return sorted(caller), sorted(defender)


def test_engine_agrees_with_the_brute_force_reference():
    rng = random.Random(2026)
    left_sizes: Counter[int] = Counter()
    ends: Counter[str] = Counter()
    for _ in range(SHOWDOWNS):
        caller, defender = random_showdown(rng)
        result = hu_showdown(HU, 1, 1, 0, caller, defender)
        scorer, points, laid = hu_reference.showdown(frozenset(caller), frozenset(defender))
        assert (result.scorer, result.points) == (scorer, points), (caller, defender)
        assert result.defender is not None
        assert {lo.card for lo in result.defender.lay_offs} == laid, (caller, defender)
        left_sizes[10 - len(laid)] += 1
        ends[f"{result.end.value}:{result.shape.value if result.shape else ''}"] += 1
    assert left_sizes[7] >= SHOWDOWNS // 40 and left_sizes[8] >= SHOWDOWNS // 40, left_sizes
    assert ends["zha-hu:er-jin"] and ends["zha-hu:jin-long"] and ends["mi-hu:"], ends
