"""胡牌制 scoring (docs/rules.md, the 胡牌制 section): shapes, 诈胡 tiers, and the showdown.

Glossary
    caller    the player who goes out (胡牌); the hand's ``knocker``
    defender  the other player; after a 米胡 it lays off on the caller's melds
    米        deadwood
    金胡      going out with no deadwood: scored by the caller's shape, no lay-offs
    米胡      going out with deadwood 1..knock_limit: 10 + the difference, unless 诈胡
    诈胡      after lay-offs the defender's deadwood is not above the caller's: the defender
              scores its tier + the difference
    shape     a fully melded group of cards by its FEWEST melds (the best arrangement counts):
              1 meld 金龙, 2 二金, 3 or more 三金; any deadwood left pays as the lowest tier
    tier      index into ``Ruleset.shape_bonus``: 0 三金, 1 二金, 2 金龙

Both choices are exhaustive: the defender picks, among every legal set of lay-offs, the one with
its best result under this scoring (laying off may turn what is left into a 二金 worth 100, so
least deadwood is not enough); the caller picks, among its arrangements within the knock limit,
the one with its best result after that reply (RULES §5 for the standard game).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from gin_engine.cards import Card, CardMask, to_mask
from gin_engine.errors import InvalidInputError
from gin_engine.layoff import LayOffResult, _chains, lay_off_choices, lay_off_result
from gin_engine.melds import (
    Arrangement,
    Meld,
    arrange_mask,
    checked_mask,
    deadwood_mask,
    knock_arrangements,
    meld_candidates,
)
from gin_engine.results import HandEnd, HandResult, Shape
from gin_engine.ruleset import Ruleset

_TIERS = (Shape.SAN_JIN, Shape.ER_JIN, Shape.JIN_LONG)


@lru_cache(maxsize=4096)
def fewest_melds(mask: CardMask) -> tuple[CardMask, ...] | None:
    """The partition of ``mask`` into the fewest melds, None if some card fits no meld."""
    if not mask:
        return ()
    low = mask & -mask
    best: tuple[CardMask, ...] | None = None
    for meld in meld_candidates(mask):
        if meld & low:
            rest = fewest_melds(mask ^ meld)
            if rest is not None and (best is None or len(rest) + 1 < len(best)):
                best = (meld, *rest)
    return best


def shape_of(mask: CardMask) -> Shape:
    """The shape of a group of cards: DEADWOOD unless every card can be melded."""
    melds = fewest_melds(mask) if deadwood_mask(mask) == 0 else None
    if not melds:
        return Shape.DEADWOOD
    return _TIERS[max(0, 3 - len(melds))]


def paid_tier(ruleset: Ruleset, shape: Shape, cards: int) -> Shape:
    """The tier a 诈胡 defender is paid: its shape, one lower per card short of
    ``full_shape_cards`` (7 of 8 one lower, 6 or fewer the lowest); deadwood pays the lowest."""
    if shape is Shape.DEADWOOD:
        return Shape.SAN_JIN
    short = max(0, ruleset.full_shape_cards - cards)
    return _TIERS[max(0, _TIERS.index(shape) - short)]


def tier_points(ruleset: Ruleset, tier: Shape) -> int:
    return ruleset.shape_bonus[_TIERS.index(tier)]


def defender_result(ruleset: Ruleset, caller_deadwood: int, left: CardMask) -> int:
    """The defender's signed points after a 米胡 when ``left`` stays in its hand."""
    dd = deadwood_mask(left)
    if dd > caller_deadwood:
        return -(ruleset.low_hu_bonus + dd - caller_deadwood)
    tier = paid_tier(ruleset, shape_of(left), left.bit_count())
    return tier_points(ruleset, tier) + caller_deadwood - dd


@dataclass(frozen=True, slots=True)
class DefenderChoice:
    result: int
    """The defender's signed points."""
    laid: CardMask
    combo: tuple[int, ...]
    """The chain prefix taken per chain (``layoff._chains``)."""


def best_defence(
    ruleset: Ruleset, defender: CardMask, caller_melds: Sequence[CardMask], caller_deadwood: int
) -> DefenderChoice:
    """Every legal set of lay-offs tried; best result, then fewest cards laid, then the
    smaller card mask (a fixed order the tests' brute-force reference repeats)."""
    best: tuple[int, int, CardMask] | None = None
    choice = DefenderChoice(0, 0, ())
    for combo, laid in lay_off_choices(_chains(defender, caller_melds)):
        result = defender_result(ruleset, caller_deadwood, defender & ~laid)
        key = (-result, laid.bit_count(), laid)
        if best is None or key < best:
            best, choice = key, DefenderChoice(result, laid, combo)
    return choice


def _fewest_arrangement(mask: CardMask) -> Arrangement:
    """A fully melded group shown by its fewest melds (so the shape can be read off it)."""
    melds = fewest_melds(mask)
    if melds is None or deadwood_mask(mask) != 0:
        return arrange_mask(mask)
    ordered = sorted(melds, key=lambda m: m & -m)
    return Arrangement(tuple(Meld.from_mask(m) for m in ordered), (), 0)


def _shown(mask: CardMask) -> LayOffResult:
    own = _fewest_arrangement(mask)
    return LayOffResult(own.melds, (), own.deadwood_cards, own.deadwood)


def caller_melds(ruleset: Ruleset, caller: CardMask, defender: CardMask) -> Arrangement:
    """The caller's arrangement: fewest melds for 金胡; otherwise, among every arrangement
    within the knock limit, the best for the caller after the defender's best reply (ties:
    lower deadwood, then smaller meld masks)."""
    if deadwood_mask(caller) == 0:
        return _fewest_arrangement(caller)
    best: tuple[int, int, tuple[CardMask, ...]] | None = None
    choice = None
    for arrangement in knock_arrangements(caller, ruleset.knock_limit):
        masks = tuple(to_mask(m.cards) for m in arrangement.melds)
        reply = best_defence(ruleset, defender, masks, arrangement.deadwood)
        key = (reply.result, arrangement.deadwood, masks)
        if best is None or key < best:
            best, choice = key, arrangement
    if choice is None:
        raise InvalidInputError(f"no arrangement with deadwood <= {ruleset.knock_limit}")
    return choice


def hu_points(ruleset: Ruleset, caller: CardMask, defender: CardMask) -> int:
    """The caller's signed points for going out with ``caller`` (10 cards) against
    ``defender``: what `hu_showdown` scores, without building the result (for the bots)."""
    if deadwood_mask(caller) == 0:
        return tier_points(ruleset, shape_of(caller)) + deadwood_mask(defender)
    melds = caller_melds(ruleset, caller, defender)
    masks = [to_mask(m.cards) for m in melds.melds]
    return -best_defence(ruleset, defender, masks, melds.deadwood).result


def hu_showdown(
    ruleset: Ruleset,
    number: int,
    dealer: int,
    caller_index: int,
    caller_cards: Iterable[Card],
    defender_cards: Iterable[Card],
) -> HandResult:
    """Score a hand that ``caller_index`` ended by going out under 胡牌制."""
    caller, defender = checked_mask(caller_cards), checked_mask(defender_cards)
    if caller & defender:
        raise InvalidInputError("caller and defender share a card")
    melds = caller_melds(ruleset, caller, defender)
    if melds.deadwood == 0:
        shown = _shown(defender)
        shape = shape_of(caller)
        return HandResult(
            number=number,
            dealer=dealer,
            knocker=caller_index,
            end=HandEnd.JIN_HU,
            scorer=caller_index,
            bonus=tier_points(ruleset, shape),
            difference=shown.deadwood,
            knocker_deadwood=0,
            defender_deadwood=shown.deadwood,
            knocker_melds=melds,
            defender=shown,
            shape=shape,
            paid_as=shape,
        )
    masks = [to_mask(m.cards) for m in melds.melds]
    reply = best_defence(ruleset, defender, masks, melds.deadwood)
    laid = lay_off_result(defender, masks, _chains(defender, masks), reply.combo)
    left = defender & ~reply.laid
    if deadwood_mask(left) == 0:  # show the shape it is paid for
        laid = LayOffResult(_fewest_arrangement(left).melds, laid.lay_offs, (), 0)
    kd, dd = melds.deadwood, laid.deadwood
    base = HandResult(
        number=number,
        dealer=dealer,
        knocker=caller_index,
        end=HandEnd.MI_HU,
        knocker_deadwood=kd,
        defender_deadwood=dd,
        knocker_melds=melds,
        defender=laid,
    )
    if dd > kd:
        return replace(base, scorer=caller_index, bonus=ruleset.low_hu_bonus, difference=dd - kd)
    shape = shape_of(left)
    tier = paid_tier(ruleset, shape, left.bit_count())
    return replace(
        base,
        end=HandEnd.ZHA_HU,
        scorer=1 - caller_index,
        bonus=tier_points(ruleset, tier),
        difference=kd - dd,
        shape=shape,
        paid_as=tier,
    )
