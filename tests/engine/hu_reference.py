"""An independent brute-force reference for 胡牌制 showdowns (frozensets, no engine search).

Numbers come from the rules text (docs/rules.md, 胡牌制): 米胡 10 + difference; tiers 三金 50,
二金 100, 金龙 400, in full from 8 cards left, one lower at 7, the lowest at 6 or fewer.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

from gin_engine.cards import Card
from tests.engine.meld_reference import is_meld, value

LOW_HU = 10
TIERS = (50, 100, 400)
FULL = 8
KNOCK_LIMIT = 10

Cards = frozenset[Card]


def mask(cards: Cards) -> int:
    return sum(1 << c.index for c in cards)


@cache
def melds_in(cards: Cards) -> tuple[Cards, ...]:
    return tuple(
        frozenset(group)
        for size in range(3, len(cards) + 1)
        for group in combinations(sorted(cards), size)
        if is_meld(frozenset(group))
    )


@cache
def arrangements(cards: Cards) -> tuple[tuple[Cards, ...], ...]:
    """Every set of disjoint melds inside ``cards`` (the empty set included)."""
    found: list[tuple[Cards, ...]] = []

    def extend(start: int, used: Cards, chosen: tuple[Cards, ...]) -> None:
        found.append(chosen)
        options = melds_in(cards)
        for i in range(start, len(options)):
            if not options[i] & used:
                extend(i + 1, used | options[i], (*chosen, options[i]))

    extend(0, frozenset(), ())
    return tuple(found)


def deadwood_of(cards: Cards, melds: tuple[Cards, ...]) -> int:
    covered = frozenset().union(*melds) if melds else frozenset()
    return sum(value(c) for c in cards - covered)


def defender_points(left: Cards, caller_deadwood: int) -> int:
    """The defender's best signed result over every arrangement of the cards it keeps."""
    best = None
    for melds in arrangements(left):
        dd = deadwood_of(left, melds)
        if dd > caller_deadwood:
            result = -(LOW_HU + dd - caller_deadwood)
        else:
            tier = 0 if dd else {1: 2, 2: 1}.get(len(melds), 0)
            if len(left) < FULL:
                tier = max(0, tier - (FULL - len(left)))
            result = TIERS[tier] + caller_deadwood - dd
        best = result if best is None else max(best, result)
    assert best is not None
    return best


def lay_off_sets(defender: Cards, caller_melds: tuple[Cards, ...]) -> set[Cards]:
    """Every set of defender cards that can go onto the caller's melds together: per meld each
    subset of the defender's cards that keeps it a meld, combined without overlap."""
    per_meld = []
    for meld in caller_melds:
        near = [c for c in defender if is_meld(meld | {c}) or _same_line(meld, c)]
        options = [
            frozenset(extra)
            for size in range(len(near) + 1)
            for extra in combinations(near, size)
            if not extra or is_meld(meld | frozenset(extra))
        ]
        per_meld.append(options)
    found = set()
    for choice in product(*per_meld):
        total: Cards = frozenset()
        for part in choice:
            if part & total:
                break
            total |= part
        else:
            found.add(total)
    return found


def _same_line(meld: Cards, card: Card) -> bool:
    """The card could extend the meld with others' help (a run's suit)."""
    suits = {c.suit for c in meld}
    return len(suits) == 1 and card.suit in suits


def best_defence(defender: Cards, caller_melds: tuple[Cards, ...], kd: int) -> tuple[int, Cards]:
    """The defender's best result and lay-offs: best result, fewest cards, smaller card mask."""
    scored = [
        ((-defender_points(defender - laid, kd), len(laid), mask(laid)), laid)
        for laid in lay_off_sets(defender, caller_melds)
    ]
    key, laid = min(scored, key=lambda s: s[0])
    return -key[0], laid


def showdown(caller: Cards, defender: Cards) -> tuple[int, int, Cards]:
    """(scorer 0 caller / 1 defender, points, the defender's lay-offs) after the caller goes out.

    金胡: the fewest melds over every full arrangement. 米胡: every caller arrangement within the
    knock limit, the one leaving the defender the least (ties: lower deadwood, smaller melds).
    """
    full = [m for m in arrangements(caller) if deadwood_of(caller, m) == 0]
    if full:
        fewest = min(len(m) for m in full)
        tier = {1: 2, 2: 1}.get(fewest, 0)
        dd = min(deadwood_of(defender, m) for m in arrangements(defender))  # no lay-offs
        return 0, TIERS[tier] + dd, frozenset()
    best = None
    for melds in arrangements(caller):
        kd = deadwood_of(caller, melds)
        if kd > KNOCK_LIMIT:
            continue
        result, laid = best_defence(defender, melds, kd)
        order = tuple(sorted((mask(m) for m in melds), key=lambda m: m & -m))
        key = (result, kd, order)
        if best is None or key < best[0]:
            best = (key, laid)
    assert best is not None, "the caller may not go out"
    result, laid = best[0][0], best[1]
    return (1, result, laid) if result > 0 else (0, -result, laid)
