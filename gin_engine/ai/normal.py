"""Normal: remembers what the opponent took and threw, avoids feeding it, knocks by the stage.

It takes a pile card only when the card melds with its hand and lowers its deadwood (a lower
card that melds nothing is worth less than a stock draw, which may meld). Among discards it
prefers the least deadwood, but a card of the same rank as, or next in suit to, a card the
opponent took from the pile costs extra; ties go to the discard that keeps the most cards able
to meld. It waits for a stronger hand than easy: while the stock is deep it knocks only with a
low count (with 1 or 2 it plays on for gin), accepting more as the stock runs down, and always
goes gin.
"""

from __future__ import annotations

import random

from gin_engine.actions import Action, Discard, DrawDiscard, DrawStock, PassUpcard, TakeUpcard
from gin_engine.ai.base import finish, first_legal, hand_mask, in_some_meld, min_discard
from gin_engine.ai.inference import CLOSE
from gin_engine.ai.memory import remember
from gin_engine.cards import DECK, VALUES, CardMask, bit_indices
from gin_engine.hand import Phase
from gin_engine.melds import deadwood_mask
from gin_engine.view import PlayerView

FEED_PENALTY = 2
"""Deadwood points charged for a discard next to a card the opponent took."""
GIN_WAIT, GIN_STOCK = 2, 10
"""With at most GIN_WAIT deadwood and GIN_STOCK stock cards left, play on for gin."""
EARLY_LIMIT, MID_STOCK, MID_LIMIT, LATE_STOCK = 5, 16, 7, 8
"""While the stock holds MID_STOCK cards or more normal knocks only with at most EARLY_LIMIT,
then with at most MID_LIMIT, and below LATE_STOCK with any legal count: it waits for a
stronger hand than easy, which knocks whenever it may."""


def knock_limit_for_stage(stock: int, knock_limit: int) -> int:
    """The most deadwood normal knocks with, given the cards left in the stock."""
    if stock >= MID_STOCK:
        return min(knock_limit, EARLY_LIMIT)
    if stock >= LATE_STOCK:
        return min(knock_limit, MID_LIMIT)
    return knock_limit


def _outs(h10: CardMask, unseen: CardMask) -> int:
    """How many unseen cards would meld with the hand."""
    base = deadwood_mask(h10)
    count = 0
    m = unseen
    # inline, not bit_indices: the helper cost normal decisions 6.3% (benchmarks/engine_ab.py)
    while m:
        low = m & -m
        m ^= low
        if deadwood_mask(h10 | low) < base + VALUES[(low.bit_length() - 1) % 13]:
            count += 1
    return count


def normal_policy(view: PlayerView, rng: random.Random) -> Action:
    top = view.discard_top
    mask = hand_mask(view)
    if view.phase in (Phase.UPCARD, Phase.DRAW):
        takeable = view.phase is Phase.UPCARD or view.upcard_takeable
        if top is not None and takeable:
            with_top, _ = min_discard(mask | top.bit, keep=top)
            if with_top < deadwood_mask(mask) and in_some_meld(mask, top):
                return TakeUpcard() if view.phase is Phase.UPCARD else DrawDiscard()
        return PassUpcard() if view.phase is Phase.UPCARD else DrawStock()
    if view.phase is not Phase.DISCARD:
        return first_legal(view)
    least, _ = min_discard(mask, keep=view.taken_card)
    if least == 0:
        return finish(view, min_discard(mask, keep=view.taken_card)[1][0], 0)
    memory = remember(view)
    fed = 0
    for i in bit_indices(memory.opp_known | memory.opp_taken):
        fed |= CLOSE[i]
    scored = []
    taken = view.taken_card
    # after a take, only discards that keep the gain: no endless passing of cards back and forth
    below = 999 if taken is None else deadwood_mask(mask ^ taken.bit)
    for card in DECK:
        if not mask & card.bit or card is taken:
            continue
        left = deadwood_mask(mask ^ card.bit)
        if left >= below and least < below:
            continue  # (a person's view may hold a take that lowered nothing: then any card)
        cost = left + (FEED_PENALTY if fed & card.bit else 0)
        scored.append((cost, -_outs(mask ^ card.bit, memory.unseen), left, card))
    scored.sort(key=lambda s: (s[0], s[1]))
    best = [s for s in scored if s[:2] == scored[0][:2]]
    cost, _, left, card = rng.choice(best)
    limit = knock_limit_for_stage(view.stock_count, view.ruleset.knock_limit)
    if least <= limit and not (least <= GIN_WAIT and view.stock_count >= GIN_STOCK):
        knock_card = min_discard(mask, keep=view.taken_card)[1][0]
        return finish(view, knock_card, least)
    return Discard(card)
