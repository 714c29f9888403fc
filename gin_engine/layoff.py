"""Lay-offs: the defender's best showing after a knock, and the knocker's best melds.

Glossary
    lay off   after a knock, the defender adds deadwood cards to the knocker's melds: the 4th
              card of a 3-set, or cards extending a run at either end, chained.
    chain     the defender's cards that extend one end of a knocker's run one after another.
    prefix    the first k cards of a chain: laying off a chain card needs the ones before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from gin_engine.cards import RANK_BITS, Card, CardMask, from_mask, to_mask
from gin_engine.errors import InvalidInputError
from gin_engine.melds import (
    Arrangement,
    Meld,
    MeldKind,
    arrange_mask,
    checked_mask,
    deadwood_mask,
    knock_arrangements,
    meld_kind,
)


@dataclass(frozen=True, slots=True)
class LayOff:
    card: Card
    meld_index: int
    """Index into the knocker's melds; a chained card counts for the run its chain grows from."""


@dataclass(frozen=True, slots=True)
class LayOffResult:
    """The defender's best showing: its own melds, its lay-offs and what stays deadwood."""

    melds: tuple[Meld, ...]
    lay_offs: tuple[LayOff, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int


@cache
def _meld_ends(meld: CardMask) -> tuple[tuple[int, ...], ...]:
    """The card bits that may be laid off on ``meld``, per end, in laying order: the 4th card
    of a 3-set; below a run downwards, above it upwards. Remembered, as there are only a few
    hundred melds and the bots' play-outs ask for lay-offs thousands of times a decision."""
    low = (meld & -meld).bit_length() - 1
    if meld_kind(meld) is MeldKind.SET:
        return (((RANK_BITS << (low % 13)) & ~meld,),) if meld.bit_count() == 3 else ()
    base, high = low - low % 13, meld.bit_length() - 1
    return (
        tuple(1 << k for k in range(low - 1, base - 1, -1)),
        tuple(1 << k for k in range(high + 1, base + 13)),
    )


def _chains(defender: CardMask, melds: Sequence[CardMask]) -> list[tuple[int, list[CardMask]]]:
    """Per knocker meld end: (meld index, prefix masks of the defender's cards that chain on)."""
    chains = []
    for i, meld in enumerate(melds):
        for end in _meld_ends(meld):
            prefixes, acc = [0], 0
            for bit in end:
                if not bit & defender:
                    break
                acc |= bit
                prefixes.append(acc)
            if len(prefixes) > 1:
                chains.append((i, prefixes))
    return chains


def lay_off_choices(
    chains: list[tuple[int, list[CardMask]]],
) -> Iterator[tuple[tuple[int, ...], CardMask]]:
    """Every distinct set of cards the defender may lay off, once each, with the first choice
    of chain prefixes (one per chain) that lays it off."""
    seen = set()
    for combo in product(*(range(len(prefixes)) for _, prefixes in chains)):
        laid = 0
        for (_, prefixes), k in zip(chains, combo, strict=True):
            laid |= prefixes[k]
        if laid not in seen:
            seen.add(laid)
            yield combo, laid


def _best_lay_off(
    defender: CardMask, chains: list[tuple[int, list[CardMask]]]
) -> tuple[int, tuple[int, ...]]:
    """Least deadwood over every legal choice of chain prefixes (then fewest cards laid off)."""
    best = (deadwood_mask(defender), 0)
    best_key: tuple[int, ...] = (0,) * len(chains)
    for combo, laid in lay_off_choices(chains):
        if not laid:
            continue  # the first choice, laying off nothing: that is ``best`` already
        score = (deadwood_mask(defender & ~laid), laid.bit_count())
        if score < best:
            best, best_key = score, combo
    return best[0], best_key


def _meld_masks(knocker_melds: Sequence[Meld], defender: CardMask) -> list[CardMask]:
    masks, used = [], defender
    for meld in knocker_melds:
        mask = to_mask(meld.cards)
        if mask & used or meld_kind(mask) is None:
            raise InvalidInputError(f"knocker meld {meld} overlaps or is not a meld")
        masks.append(mask)
        used |= mask
    return masks


def lay_off(
    defender_cards: Iterable[Card] | CardMask, knocker_melds: Sequence[Meld]
) -> LayOffResult:
    """The defender's melds and lay-offs with the least deadwood, found exhaustively.

    Ties: fewest cards laid off, then a fixed search order. Not for gin (no lay-offs then).
    """
    defender = checked_mask(defender_cards)
    melds = _meld_masks(knocker_melds, defender)
    chains = _chains(defender, melds)
    _, combo = _best_lay_off(defender, chains)
    return lay_off_result(defender, melds, chains, combo)


def lay_off_deadwood(defender: CardMask, knocker_melds: Sequence[CardMask]) -> int:
    """``lay_off(...).deadwood`` for valid masks, without building the showing (the bots'
    play-outs need only the count)."""
    return _best_lay_off(defender, _chains(defender, knocker_melds))[0]


def lay_off_result(
    defender: CardMask,
    melds: Sequence[CardMask],
    chains: list[tuple[int, list[CardMask]]],
    combo: Sequence[int],
) -> LayOffResult:
    """The showing for one choice of chain prefixes (``combo``, one per chain)."""
    lay_offs, laid = [], 0
    # a card both on a run's chain and the 4th of a set goes to the run: later cards may need it
    chosen = sorted(
        zip(chains, combo, strict=True), key=lambda ch: meld_kind(melds[ch[0][0]]) is MeldKind.SET
    )
    for (index, prefixes), k in chosen:
        for card in from_mask(prefixes[k] & ~laid):
            lay_offs.append(LayOff(card, index))
        laid |= prefixes[k]
    own = arrange_mask(defender & ~laid)
    lay_offs.sort(key=lambda lo: (lo.meld_index, lo.card.index))
    return LayOffResult(own.melds, tuple(lay_offs), own.deadwood_cards, own.deadwood)


def knocker_arrangement(
    knocker_cards: Iterable[Card] | CardMask,
    defender_cards: Iterable[Card] | CardMask,
    knock_limit: int,
    undercut_bonus: int,
) -> Arrangement:
    """The knocker's melds that score best after the defender's best lay-offs.

    Gin returns the minimum arrangement. Otherwise every arrangement with deadwood <=
    knock_limit is tried (this is how a knock blocks lay-offs); ties go to the lower knocker
    deadwood, then the smaller meld masks. ``InvalidInputError`` if none qualifies.
    """
    knocker, defender = checked_mask(knocker_cards), checked_mask(defender_cards)
    if knocker & defender:
        raise InvalidInputError("knocker and defender share a card")
    if deadwood_mask(knocker) == 0:
        return arrange_mask(knocker)
    best: tuple[int, int, tuple[CardMask, ...]] | None = None
    choice = None
    for arrangement in knock_arrangements(knocker, knock_limit):
        masks = tuple(to_mask(m.cards) for m in arrangement.melds)
        kn = arrangement.deadwood
        de = lay_off_deadwood(defender, masks)
        result = de - kn if kn < de else -(undercut_bonus + kn - de)
        key = (-result, kn, masks)
        if best is None or key < best:
            best, choice = key, arrangement
    if choice is None:
        raise InvalidInputError(f"no arrangement with deadwood <= {knock_limit}")
    return choice

