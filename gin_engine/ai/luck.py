"""运气: what the deal and every stock draw of a finished hand gave a player, in points.

GnuBG's luck, for Gin Rummy: an event's luck is the value after it minus the mean value over
every outcome it could have had, both from the one evaluator below (``engine_common.luck``).
The review runs after the hand, on the server, so the evaluator may read both true hands; the
stock order it never uses (it is integrated out), and the site shows net figures only, never a
card. docs/review.md (运气) says what the figures mean and how they were measured.

Glossary
    value        a position's worth in points to seat 0 (negative when seat 1 is expected to
                 score, 0 for a dead hand): the mean over random orders of the stock (the true
                 stock cards, shuffled) of the hand played out by the rollout policy
    rollout      both seats play as the normal level schedules its knocks: take the pile card
                 only when it melds and lowers the count, else draw; throw the card leaving
                 least deadwood; go gin at once; knock with at most 5 while 16 stock cards or
                 more are left, 7 while 8 or more, then any legal count, but with 1 or 2
                 play on for gin while 10 or more are left (``normal.knock_limit_for_stage``)
    deal luck    the dealt position's value (the upcard or the dealer's opening card included)
                 minus the mean value of a deal for that seat under those hand rules
                 (``DEAL_MEANS``, measured by ``benchmarks/luck.py deals``)
    draw luck    a stock draw's value (the drawer holding the card it drew, to throw) minus the
                 mean of that value over every card the stock held then. Estimated on
                 ``ORDERS`` random orders of the rest of the stock; in each, the card drawn and
                 one other card the stock held are played out on the same order (the other
                 card taking the drawn card's place in it), so a pair differs by the one card
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import fields
from functools import lru_cache

from engine_common.luck import Alternatives, Estimate, HandLuck, paired, total
from gin_engine.actions import DrawStock
from gin_engine.ai.evaluate import meld_partners
from gin_engine.ai.normal import GIN_STOCK, GIN_WAIT, knock_limit_for_stage
from gin_engine.ai.rollout import _best_discard, showdown, would_take
from gin_engine.cards import CardMask, to_mask
from gin_engine.errors import InvalidInputError
from gin_engine.hand import Hand, Phase
from gin_engine.match import Match
from gin_engine.melds import deadwood_mask
from gin_engine.replay import deck_of, replay
from gin_engine.ruleset import PRESETS, Opening, Ruleset

DEAL_ORDERS = 96
"""Stock orders the dealt position is played out on."""
ORDERS = 128
"""Stock orders each stock draw is played out on, each with the card drawn and one other."""

DEAL_MEANS: dict[str, Estimate] = {
    "standard": Estimate(0.123, 0.044),
    "hu": Estimate(0.009, 0.074),
}
"""The mean value of a deal to the non-dealer (the dealer's is its negative), with its standard
error, by the preset whose hand rules it was measured under; presets with the same hand rules
(classic, quick, standard; hu, hu-race) share it. ``benchmarks/luck.py deals`` measures them."""

_MATCH_ONLY = frozenset({
    "name", "target", "next_dealer", "settlement", "game_bonus", "box_bonus",
    "shutout_multiplier", "match_end", "hands", "discards_visible",
})
"""Ruleset fields that never change a hand as the evaluator plays it."""


def hand_rules(ruleset: Ruleset) -> tuple[object, ...]:
    """The fields of ``ruleset`` that decide a hand's play and points under the rollout."""
    return tuple(getattr(ruleset, f.name) for f in fields(ruleset) if f.name not in _MATCH_ONLY)


def deal_mean(ruleset: Ruleset) -> Estimate:
    """The mean value of a deal to the non-dealer under ``ruleset``'s hand rules."""
    rules = hand_rules(ruleset)
    for name, mean in DEAL_MEANS.items():
        if hand_rules(PRESETS[name]) == rules:
            return mean
    raise InvalidInputError(f"no deal mean measured for the hand rules of {ruleset.name!r}")


def hand_luck(
    match: Match, number: int, seat: int, orders: tuple[int, int] = (DEAL_ORDERS, ORDERS)
) -> HandLuck:
    """``seat``'s luck in finished hand ``number`` of ``match``: deal, own draws, the other's
    draws, each in points for ``seat``. Refused as ``review_hand`` refuses a hand that cannot be
    replayed. The random stream is ``Random(0)`` and every value is worked out for seat 0, so
    the figures never change and the two seats' are exact opposites. ``orders``: the stock
    orders of the deal and of each draw (at least 2 each); fewer make cheaper, noisier
    figures (a test's), the defaults are the site's."""
    if min(orders) < 2:
        raise InvalidInputError(f"luck needs at least 2 stock orders, not {orders!r}")
    steps = replay(match, number)
    ruleset = match.ruleset
    mean = deal_mean(ruleset)
    hand = Hand.deal(ruleset, number, match.results[number - 1].dealer, deck_of(match, number))
    rng = random.Random(0)
    deal = dealt_value(hand, rng, orders[0])
    deal = deal + (-mean if hand.dealer == 1 else mean)  # less seat 0's mean: ± the non-dealer's
    draws: tuple[list[Estimate], list[Estimate]] = ([], [])
    for step in steps:
        if isinstance(step.action, DrawStock):
            draws[step.seat].append(draw_luck(hand, step.seat, rng, orders[1]))
        hand.apply(step.seat, step.action)
    luck = HandLuck.of(deal, total(draws[0]), total(draws[1]))  # to seat 0
    if seat == 0:
        return luck
    return HandLuck(-luck.deal, -luck.their_draws, -luck.own_draws, luck.error)


def dealt_value(hand: Hand, rng: random.Random, orders: int) -> Estimate:
    """The value to seat 0 of ``hand`` as dealt (nobody has moved), over ``orders`` orders."""
    if hand.history:
        raise InvalidInputError("a dealt value needs a hand before its first move")
    hands = (to_mask(hand.hands[0]), to_mask(hand.hands[1]))
    stock = [card.bit for card in hand.stock]
    upcard = hand.discard_pile[-1].bit if hand.discard_pile else 0
    values = []
    for _ in range(orders):
        rng.shuffle(stock)
        values.append(float(from_deal(hand.ruleset, hands, hand.dealer, upcard, stock)))
    return paired(values)


def draw_luck(hand: Hand, player: int, rng: random.Random, orders: int) -> Estimate:
    """The luck to seat 0 of ``player``'s stock draw about to be made in ``hand`` (the card is
    the stock's first), over ``orders`` random orders of the rest of the stock. In each, the
    card drawn and one card the stock held (each of them once before any comes again) are
    played out on that order, the other card taking the drawn card's place in it: the pair
    differs by that card alone."""
    if hand.phase is not Phase.DRAW or hand.turn != player or not hand.stock:
        raise InvalidInputError("a stock draw's luck needs the draw about to be made")
    drawn = hand.stock[0].bit
    pool = [card.bit for card in hand.stock]
    rest = pool[1:]
    hands = (to_mask(hand.hands[0]), to_mask(hand.hands[1]))
    differences = []
    others = Alternatives(pool, rng)
    for _ in range(orders):
        rng.shuffle(rest)
        came = _after_draw(hand.ruleset, hands, player, drawn, rest)
        card = others.next()
        if card == drawn:
            differences.append(0.0)
            continue
        swapped = [drawn if c == card else c for c in rest]
        differences.append(came - _after_draw(hand.ruleset, hands, player, card, swapped))
    return paired(differences)


def _after_draw(
    ruleset: Ruleset, hands: Sequence[CardMask], player: int, card: int, stock: list[int]
) -> int:
    """Seat 0's points once ``player`` has drawn ``card`` and the hand is played out."""
    held = [hands[0], hands[1]]
    held[player] |= card
    return play_on(ruleset, held, player, stock, 0, drawn=True)


def from_deal(
    ruleset: Ruleset, hands: Sequence[CardMask], dealer: int, upcard: int, stock: Sequence[int]
) -> int:
    """Seat 0's points when the dealt hand (``stock`` in draw order) is played out: the upcard
    offered to the non-dealer, then the dealer, then a forced stock draw; or the dealer opening
    with its 11th card (胡牌制)."""
    held = [hands[0], hands[1]]
    if ruleset.opening is Opening.DEALER_DISCARDS:
        return play_on(ruleset, held, dealer, stock, 0, drawn=True)
    for player in (1 - dealer, dealer):
        if would_take(held[player], upcard):
            held[player] |= upcard
            return play_on(ruleset, held, player, stock, 0, drawn=True, keep=upcard)
    return play_on(ruleset, held, 1 - dealer, stock, 0)


@lru_cache(maxsize=1 << 16)
def _discard(h11: CardMask, keep: CardMask) -> tuple[int, int]:
    """``rollout``'s discard search, remembered: the paired play-outs of a draw start from the
    same hands again and again (a third less processor time a hand)."""
    return _best_discard(h11, keep)


def play_on(
    ruleset: Ruleset,
    hands: list[CardMask],
    player: int,
    stock: Sequence[int],
    top: int,
    *,
    drawn: bool = False,
    keep: int = 0,
) -> int:
    """Seat 0's points when ``player`` moves next, with ``top`` (a card bit, 0 for none or one
    that may not be taken) on the pile and ``stock`` (card bits in draw order) left; ``drawn``:
    the player holds its drawn card already (and may not throw ``keep``, a card it took)."""
    pile = list(reversed(stock))  # pop() draws the first card
    counts = [-1, -1]  # each hand's deadwood once known: the ``left`` of its last discard
    limit, dead = ruleset.knock_limit, ruleset.dead_hand_stock
    while True:
        hand = hands[player]
        if drawn:
            left, card = _discard(hand, keep)
            drawn = False
        else:
            taken = 0
            if top and meld_partners(hand) & top:
                now = counts[player] if counts[player] >= 0 else deadwood_mask(hand)
                left, card = _discard(hand | top, top)
                if left < now:
                    taken = top
            if taken:
                hand |= taken
            else:
                hand |= pile.pop()
                left, card = _discard(hand, 0)
        hand ^= card
        hands[player], counts[player] = hand, left
        stock_left = len(pile)
        rule = knock_limit_for_stage(stock_left, limit)
        if left == 0 or (left <= rule and not (left <= GIN_WAIT and stock_left >= GIN_STOCK)):
            points = showdown(ruleset, hand, hands[1 - player])
            return points if player == 0 else -points
        if stock_left <= dead:
            return 0
        top = card
        player = 1 - player
