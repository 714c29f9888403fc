"""Rollouts: the rest of a hand played out fast on card masks, to estimate what playing on is worth.

Glossary
    world      one guess of everything hidden from the deciding player: the opponent's hand
               (its known cards plus hidden ones sampled by inference weight) and the stock order
               (the other unseen cards, shuffled)
    rollout    the hand played on in one world by a fast policy: take the pile card only when it
               melds and lowers the count, otherwise draw; throw the card leaving least deadwood;
               go gin at once; knock by each side's knock rule
    knock rule the most deadwood a side knocks with while the stock is deep; near the end of the
               stock (``LATE_STOCK``) any legal knock is made

Points are from the deciding player's side: positive when it scores, negative when the opponent
does, 0 for a dead hand. Showdowns use the engine's own lay-off search against the knocker's
minimum arrangement.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from gin_engine.ai.evaluate import DECK_BY_VALUE, meld_partners
from gin_engine.ai.inference import Odds, sample_hidden
from gin_engine.ai.memory import Memory
from gin_engine.cards import CardMask
from gin_engine.hu import hu_points
from gin_engine.layoff import lay_off_deadwood
from gin_engine.melds import deadwood_mask, meld_masks
from gin_engine.ruleset import Ruleset, Scoring

LATE_STOCK = 6
"""With this many stock cards or fewer, a rollout side knocks whenever it may."""


@dataclass(frozen=True, slots=True)
class World:
    opponent: CardMask
    stock: tuple[int, ...]
    """Card bits in draw order."""


def sample_world(memory: Memory, by_odds: Odds, rng: random.Random, draws: int = 0) -> World:
    """One world consistent with the view: hidden cards by weight (``inference.odds`` of the
    weights), the rest as the stock.

    ``draws``: how many stock cards the opponent has drawn this hand. A hand sampled at random
    is far worse than one a player has been improving, so the sample is played forward that
    many times (draw an unseen card, throw the hidden card leaving least deadwood) before it
    is used; the known cards stay.
    """
    hidden = sample_hidden(memory, by_odds, rng)
    rest = memory.unseen & ~hidden
    pool = _bits(rest)
    for _ in range(min(draws, len(pool))):
        k = rng.randrange(len(pool))
        drawn = pool[k]
        hand = memory.opp_known | hidden | drawn
        _, thrown = _best_discard(hand, memory.opp_known)
        hidden = (hidden | drawn) ^ thrown
        pool[k] = thrown
    stock = _bits(memory.unseen & ~hidden)
    rng.shuffle(stock)
    return World(memory.opp_known | hidden, tuple(stock[: memory.stock]))


def _bits(mask: CardMask) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        mask ^= low
        found.append(low)
    return found


def showdown(ruleset: Ruleset, knocker: CardMask, defender: CardMask) -> int:
    """Points to the knocker (negative when undercut) for a knock or gin with 10 cards; under
    胡牌制 the engine's own scoring (金胡 by shape, 米胡, or 诈胡 paid by the defender's shape
    after its best lay-offs), so that waiting for a better shape and the 诈胡 risk of a high 米胡
    are weighed in the scoring's own points."""
    if ruleset.scoring is Scoring.HU:
        return hu_points(ruleset, knocker, defender)
    mine, melds = _knocker_melds(knocker)
    if mine == 0:
        return ruleset.gin_bonus + deadwood_mask(defender)
    theirs = lay_off_deadwood(defender, melds)
    if theirs <= mine:
        return -(ruleset.undercut_bonus + mine - theirs)
    return theirs - mine


@lru_cache(maxsize=256)
def _knocker_melds(knocker: CardMask) -> tuple[int, tuple[CardMask, ...]]:
    """The deadwood and meld masks of the knocker's minimum arrangement, remembered: a knock
    decision shows the same knocking hand down in each of its sampled worlds."""
    return meld_masks(knocker)


def _best_discard(h11: CardMask, keep: CardMask) -> tuple[int, int]:
    """(least deadwood after one discard, a card reaching it: the highest value first), never a
    card of ``keep``. Stops once no card left can beat the best (see ``evaluate.draw_gain``),
    usually after a few cards: so the deck is walked in that order until then, rather than all
    the hand's cards listed first (``evaluate.by_value``) for most of them to go unused."""
    now = deadwood_mask(h11)
    best, best_bit = 999, 0
    free = h11 & ~keep
    for value, low in DECK_BY_VALUE:
        if not free & low:
            continue
        if now - value >= best:
            break
        left = deadwood_mask(h11 ^ low)
        if left < best:
            best, best_bit = left, low
    return best, best_bit


def would_take(hand: CardMask, top: int) -> bool:
    """The rollout's pile rule (as ``play_out`` applies it): take ``top`` only when it melds
    with the hand and the count after the best discard falls."""
    if not meld_partners(hand) & top:
        return False
    return _best_discard(hand | top, top)[0] < deadwood_mask(hand)


def after_take(
    ruleset: Ruleset, mine: CardMask, world: World, top: int, knock_rules: tuple[int, int]
) -> int:
    """I take ``top`` (a card bit) from the pile, throw the card leaving least deadwood (never
    ``top``), go out by my knock rule or play on as ``play_out`` does; points to me."""
    stock = len(world.stock)
    left, card = _best_discard(mine | top, top)
    hand = (mine | top) ^ card
    rule = knock_rules[0] if stock > LATE_STOCK else ruleset.knock_limit
    if left == 0 or left <= min(rule, ruleset.knock_limit):
        return showdown(ruleset, hand, world.opponent)
    if stock <= ruleset.dead_hand_stock:
        return 0
    return play_out(ruleset, hand, world, card, knock_rules)


def play_out(
    ruleset: Ruleset,
    mine: CardMask,
    world: World,
    top: int,
    knock_rules: tuple[int, int],
) -> int:
    """The opponent moves next with ``top`` (a card bit) on the pile; points to me.

    ``knock_rules``: the most deadwood (me, opponent) knock with while the stock is deep.
    """
    hands = [mine, world.opponent]
    counts = [-1, -1]  # each hand's deadwood once known: the ``left`` of its last discard
    stock = list(world.stock)
    stock.reverse()  # pop() draws the first card
    player = 1
    limit, dead = ruleset.knock_limit, ruleset.dead_hand_stock
    while True:
        hand = hands[player]
        taken = left = card = 0
        if top and meld_partners(hand) & top:
            now = counts[player] if counts[player] >= 0 else deadwood_mask(hand)
            left, card = _best_discard(hand | top, top)
            if left < now:
                taken = top
        if taken:
            hand |= taken  # left and card: the discard search just made for this hand
        elif len(stock) > dead:
            hand |= stock.pop()
            left, card = _best_discard(hand, 0)
        else:
            return 0
        hand ^= card
        hands[player], counts[player] = hand, left
        rule = knock_rules[player] if len(stock) > LATE_STOCK else limit
        if left == 0 or left <= min(rule, limit):
            points = showdown(ruleset, hand, hands[1 - player])
            return points if player == 0 else -points
        if len(stock) <= dead:
            return 0
        top = card
        player = 1 - player
