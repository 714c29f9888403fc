"""Melds, deadwood and lay-offs: the exhaustive searches behind every count the engine shows.

Glossary
    meld      a set (3 or 4 cards of one rank) or a run (3+ consecutive ranks of one suit,
              ace low: Q-K-A is not a run); a card belongs to at most one meld.
    deadwood  the cards in no meld, and (as a number) the sum of their values; always the
              MINIMUM over every way of splitting the hand into melds, never a greedy guess.
    pattern   the 13-bit rank mask of one suit inside a card mask (bit ``rank``).
    checked   the functions taking ``Iterable[Card] | CardMask`` validate it (``checked_mask``);
              the ``*_mask`` ones (``deadwood_mask``, ``arrange_mask``) trust a card mask the
              engine built itself and skip that cost.

Why it is fast: runs live inside one suit, so without sets a hand's deadwood is the sum of
four precomputed per-suit table entries. Only the (few) ranks held three or four times need a
search, over which cards of the rank form the set.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from itertools import product

from gin_engine.cards import (
    FULL_MASK,
    RANK_BITS,
    VALUES,
    Card,
    CardMask,
    bit_indices,
    from_mask,
    to_mask,
)
from gin_engine.errors import InvalidInputError

MAX_CARDS = 11
"""The largest hand the searches accept (a hand after the draw)."""

_PATTERN = 0x1FFF


# ---- per-suit tables -------------------------------------------------------------------------
def _suit_tables() -> tuple[list[int], list[int], list[int]]:
    """Point sum, minimum run-only deadwood, and the run holding the lowest card in it."""
    points = [0] * 8192
    run_dw = [0] * 8192
    run_pick = [0] * 8192  # 0: the lowest card is deadwood in the minimum
    for p in range(1, 8192):
        low = p & -p
        rank = low.bit_length() - 1
        points[p] = points[p ^ low] + VALUES[rank]
        best, pick = run_dw[p ^ low] + VALUES[rank], 0
        run, nxt = low, rank + 1
        while nxt < 13 and p >> nxt & 1:
            run |= 1 << nxt
            nxt += 1
            if nxt - rank >= 3 and run_dw[p ^ run] <= best:  # <=: prefer the longest run
                best, pick = run_dw[p ^ run], run
        run_dw[p], run_pick[p] = best, pick
    return points, run_dw, run_pick


_POINTS, _RUN_DW, _RUN_PICK = _suit_tables()


def _patterns(mask: CardMask) -> tuple[int, int, int, int]:
    return (mask & _PATTERN, mask >> 13 & _PATTERN, mask >> 26 & _PATTERN, mask >> 39)


def _set_ranks(s: int, h: int, d: int, c: int) -> int:
    """Rank mask of the ranks held in at least three suits."""
    return (s & h & (d | c)) | (d & c & (s | h))


def _mask_points(mask: CardMask) -> int:
    return (
        _POINTS[mask & _PATTERN]
        + _POINTS[mask >> 13 & _PATTERN]
        + _POINTS[mask >> 26 & _PATTERN]
        + _POINTS[mask >> 39]
    )


def _search_sets(pats: tuple[int, int, int, int]) -> tuple[int, list[tuple[int, int]]]:
    """Minimum deadwood and the sets reaching it, as (rank bit, 4-bit suit mask) pairs.

    Each rank held three or four times may give a 4-set, any 3-set, or no set; the rest of the
    hand splits into runs suit by suit. Ties keep the first minimum in this fixed order.
    """
    lows, choices = [], []
    for rank in bit_indices(_set_ranks(*pats)):
        low = 1 << rank
        held = sum(1 << t for t in range(4) if pats[t] & low)
        lows.append(low)
        choices.append((15, 14, 13, 11, 7, 0) if held == 15 else (held, 0))
    best: int = -1
    best_combo: tuple[int, ...] = ()
    s, h, d, c = pats
    for combo in product(*choices):
        ks, kh, kd, kc = s, h, d, c
        for low, suits in zip(lows, combo, strict=True):
            if suits & 1:
                ks &= ~low
            if suits & 2:
                kh &= ~low
            if suits & 4:
                kd &= ~low
            if suits & 8:
                kc &= ~low
        total = _RUN_DW[ks] + _RUN_DW[kh] + _RUN_DW[kd] + _RUN_DW[kc]
        if best < 0 or total < best:
            best, best_combo = total, combo
    return best, [(low, suits) for low, suits in zip(lows, best_combo, strict=True) if suits]


# ---- values ----------------------------------------------------------------------------------
class MeldKind(StrEnum):
    SET = "set"
    RUN = "run"


def _all_melds() -> dict[CardMask, MeldKind]:
    kinds: dict[CardMask, MeldKind] = {}
    for rank in range(13):
        whole = RANK_BITS << rank
        kinds[whole] = MeldKind.SET
        for t in range(4):
            kinds[whole & ~(1 << (13 * t + rank))] = MeldKind.SET
    for suit in range(4):
        for lo in range(13):
            for hi in range(lo + 3, 14):
                kinds[((1 << (hi - lo)) - 1) << (13 * suit + lo)] = MeldKind.RUN
    return kinds


_KIND_OF: dict[CardMask, MeldKind] = _all_melds()


def meld_kind(mask: CardMask) -> MeldKind | None:
    """Whether exactly these cards form a set or a run; ``None`` if they form no meld."""
    return _KIND_OF.get(mask)


@dataclass(frozen=True, slots=True)
class Meld:
    """A set or a run; ``cards`` are stored in index order (a run ascending, a set S H D C)."""

    kind: MeldKind
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        mask = checked_mask(cards, limit=4 if self.kind is MeldKind.SET else 13)
        if _KIND_OF.get(mask) is not self.kind:
            raise InvalidInputError(f"not a {self.kind.value}: {_text(cards)}")
        object.__setattr__(self, "cards", tuple(from_mask(mask)))

    @property
    def mask(self) -> CardMask:
        return to_mask(self.cards)

    @property
    def points(self) -> int:
        return sum(VALUES[c.rank] for c in self.cards)

    def __str__(self) -> str:
        return _text(self.cards)

    @classmethod
    def from_mask(cls, mask: CardMask) -> Meld:
        """The meld made of exactly these cards; ``InvalidInputError`` if they form none."""
        try:
            return _MELD_OF[mask]
        except (KeyError, TypeError):
            raise InvalidInputError(f"not a meld: {_text(from_mask(checked_mask(mask)))}") from None


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One way to hold a hand: melds ordered by lowest card, deadwood cards by rank."""

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int


def _text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def checked_mask(cards: Iterable[Card] | CardMask, limit: int = MAX_CARDS) -> CardMask:
    """The card mask of a hand given as cards or as a mask, validated.

    Raises ``InvalidInputError`` unless every item is a real ``Card`` (or the mask is within the
    52 cards), no card is repeated and there are at most ``limit`` cards.
    """
    if isinstance(cards, int):
        if not 0 <= cards <= FULL_MASK:
            raise InvalidInputError(f"not a card mask: {cards!r}")
        mask, count = cards, cards.bit_count()
    else:
        mask = count = 0
        for card in cards:
            if type(card) is not Card:
                raise InvalidInputError(f"not a card: {card!r}")
            mask |= 1 << (card.suit * 13 + card.rank)
            count += 1
        if mask.bit_count() != count:
            raise InvalidInputError("duplicate card")
    if count > limit:
        raise InvalidInputError(f"{count} cards, at most {limit} allowed")
    return mask


_MELD_OF: dict[CardMask, Meld] = {m: Meld(k, tuple(from_mask(m))) for m, k in _KIND_OF.items()}


def _arrangement(melds: Iterable[CardMask], dead: CardMask) -> Arrangement:
    cards = sorted(from_mask(dead), key=lambda c: (c.rank, c.suit))
    ordered = sorted(melds, key=lambda m: m & -m)
    return Arrangement(tuple(_MELD_OF[m] for m in ordered), tuple(cards), _mask_points(dead))


# ---- deadwood --------------------------------------------------------------------------------
def deadwood_mask(mask: CardMask) -> int:
    """Minimum deadwood of a card mask (the unchecked fast path: no validation)."""
    s = mask & 0x1FFF
    h = mask >> 13 & 0x1FFF
    d = mask >> 26 & 0x1FFF
    c = mask >> 39
    ranks = (s & h & (d | c)) | (d & c & (s | h))
    table = _RUN_DW
    if not ranks:
        return table[s] + table[h] + table[d] + table[c]
    if ranks & (ranks - 1):
        return _sets_deadwood(s, h, d, c, ranks)
    # one rank held 3 or 4 times: no set, the set, or (4 held) a 3-set leaving one card to a run
    keep = ~ranks
    a0, a1, a2, a3 = table[s], table[h], table[d], table[c]
    b0, b1, b2, b3 = table[s & keep], table[h & keep], table[d & keep], table[c & keep]
    without, with_set = a0 + a1 + a2 + a3, b0 + b1 + b2 + b3
    if s & h & d & c:
        with_set += min(0, a0 - b0, a1 - b1, a2 - b2, a3 - b3)
    return without if without < with_set else with_set


def _sets_deadwood(s: int, h: int, d: int, c: int, ranks: int) -> int:
    """`_search_sets`'s minimum alone, for two or more ranks held three or four times.

    The bots ask this hundreds of thousands of times a match. When every such rank is held
    exactly three times (about three calls in four), a set takes its rank from every suit or
    nothing, so the choices are the subsets of ``ranks``, walked as bit masks. Otherwise it
    lists each rank's choices as the cards it takes from each suit (no set, the set, or each
    3-set of a 4-held rank) and tries every combination with plain loops. `_search_sets` also
    says which sets.
    """
    table = _RUN_DW
    if not s & h & d & c & ranks:
        best, chosen = 999, ranks
        while True:
            keep = ~chosen
            total = table[s & keep] + table[h & keep] + table[d & keep] + table[c & keep]
            if total < best:
                best = total
            if not chosen:
                return best
            chosen = (chosen - 1) & ranks  # the next smaller subset
    choices = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        held = (s & low, h & low, d & low, c & low)
        options = [(0, 0, 0, 0), held]
        if all(held):  # each 3-set of the four
            options += [
                (0, low, low, low), (low, 0, low, low), (low, low, 0, low), (low, low, low, 0),
            ]
        choices.append(options)
    best = 999
    if len(choices) == 2:  # the most frequent case left
        first, second = choices
        for a0, a1, a2, a3 in first:
            for b0, b1, b2, b3 in second:
                total = (
                    table[s & ~(a0 | b0)] + table[h & ~(a1 | b1)]
                    + table[d & ~(a2 | b2)] + table[c & ~(a3 | b3)]
                )
                if total < best:
                    best = total
        return best
    for combo in product(*choices):
        ts = th = td = tc = 0
        for x0, x1, x2, x3 in combo:
            ts |= x0
            th |= x1
            td |= x2
            tc |= x3
        total = table[s & ~ts] + table[h & ~th] + table[d & ~td] + table[c & ~tc]
        if total < best:
            best = total
    return best


def deadwood(cards: Iterable[Card] | CardMask) -> int:
    """Minimum deadwood over every split of 0..11 cards into disjoint melds."""
    return deadwood_mask(checked_mask(cards))


def arrange_mask(mask: CardMask) -> Arrangement:
    """``arrange`` for a card mask the caller knows is valid (the unchecked fast path)."""
    return _arrangement(*_min_melds(mask))


def meld_masks(mask: CardMask) -> tuple[int, tuple[CardMask, ...]]:
    """``arrange_mask``'s deadwood and meld masks (ordered by lowest card) alone: the bots'
    play-outs show a knocking hand down thousands of times and need no ``Meld`` objects."""
    melds, dead = _min_melds(mask)
    return _mask_points(dead), tuple(sorted(melds, key=lambda m: m & -m))


def _min_melds(mask: CardMask) -> tuple[list[CardMask], CardMask]:
    """The melds (unordered) and the deadwood cards of the minimum arrangement."""
    pats = _patterns(mask)
    _, sets = _search_sets(pats)
    melds, rest = [], list(pats)
    for low, suits in sets:
        melds.append(sum(low << (13 * t) for t in range(4) if suits >> t & 1))
        rest = [p & ~low if suits >> t & 1 else p for t, p in enumerate(rest)]
    dead = 0
    for suit, p in enumerate(rest):
        while p:
            run = _RUN_PICK[p] or p & -p
            if _RUN_PICK[p]:
                melds.append(run << (13 * suit))
            else:
                dead |= run << (13 * suit)
            p ^= run
    return melds, dead


def arrange(cards: Iterable[Card] | CardMask) -> Arrangement:
    """The melds and deadwood of the minimum; ties resolved by a fixed search order."""
    return arrange_mask(checked_mask(cards))


def discard_options(cards: Iterable[Card] | CardMask) -> list[tuple[Card, int]]:
    """For a hand after the draw: each card (index order) with the deadwood of the rest."""
    mask = checked_mask(cards)
    if not mask:
        raise InvalidInputError("discard needs a card")
    return [(card, deadwood_mask(mask ^ (1 << card.index))) for card in from_mask(mask)]


def best_discards(cards: Iterable[Card] | CardMask, exclude: Card | None = None) -> list[Card]:
    """The discards (index order) leaving the least deadwood; never ``exclude``."""
    options = discard_options(cards)
    if exclude is not None:
        if exclude not in [card for card, _ in options]:
            raise InvalidInputError(f"{exclude} is not in the hand")
        options = [(card, dw) for card, dw in options if card is not exclude]
    least = min(dw for _, dw in options)
    return [card for card, dw in options if dw == least]


def meld_candidates(mask: CardMask) -> list[CardMask]:
    """Every meld inside the mask (3-subsets of a 4-set and every sub-run too), ascending."""
    mask = checked_mask(mask, limit=52)
    found = []
    pats = _patterns(mask)
    ranks = _set_ranks(*pats)
    for rank in bit_indices(ranks):
        whole = mask & (RANK_BITS << rank)
        found.append(whole)
        if whole.bit_count() == 4:
            found.extend(whole ^ (1 << (13 * t + rank)) for t in range(4))
    for suit, p in enumerate(pats):
        for lo in range(11):
            run = 1 << lo
            for hi in range(lo + 1, 13):
                run |= 1 << hi
                if p & run != run:
                    break
                if hi - lo >= 2:
                    found.append(run << (13 * suit))
    return sorted(found)


def knock_arrangements(cards: Iterable[Card] | CardMask, knock_limit: int) -> list[Arrangement]:
    """Every set of disjoint melds leaving deadwood <= knock_limit (by deadwood, then melds)."""
    mask = checked_mask(cards)
    candidates = meld_candidates(mask)
    total = _mask_points(mask)
    found: list[tuple[int, tuple[CardMask, ...]]] = []

    def extend(start: int, used: CardMask, chosen: tuple[CardMask, ...]) -> None:
        if total - _mask_points(used) <= knock_limit:
            found.append((total - _mask_points(used), tuple(sorted(chosen, key=lambda m: m & -m))))
        for i in range(start, len(candidates)):
            if not candidates[i] & used:
                extend(i + 1, used | candidates[i], (*chosen, candidates[i]))

    extend(0, 0, ())
    found.sort()
    return [_arrangement(melds, mask & ~sum(melds)) for _, melds in found]
