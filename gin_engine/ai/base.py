"""The one interface every computer player shares, and the hand arithmetic they all use.

Glossary
    bot        a computer player: ``choose(view)`` returns one legal action for that view
    policy     the pure function behind a bot: (view, rng) -> action; it keeps no memory
               between calls, because the site stores only the engine snapshot between requests
    outs       unseen cards that would lower a hand's deadwood if drawn
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine_common.turns import bot_move
from gin_engine.actions import Action, Discard, Gin, Knock, NextHand
from gin_engine.cards import DECK, RANK_BITS, Card, CardMask, bit_indices, to_mask
from gin_engine.errors import IllegalActionError
from gin_engine.melds import deadwood_mask
from gin_engine.view import PlayerView, legal_actions

Policy = Callable[[PlayerView, random.Random], Action]


@dataclass(frozen=True, slots=True)
class Bot:
    """A computer player of one level: a policy plus its own random source."""

    level: str
    policy: Policy
    rng: random.Random

    def choose(self, view: PlayerView) -> Action:
        """One legal action for ``view``; between hands it deals on."""
        return bot_move(
            IllegalActionError, view, self.level, NextHand, lambda: self.policy(view, self.rng)
        )


def min_discard(
    mask: CardMask, keep: Card | None = None, count: Callable[[CardMask], int] = deadwood_mask
) -> tuple[int, list[Card]]:
    """For an 11-card mask: the least deadwood after one discard and the discards reaching it.

    ``count``: the deadwood of a mask. The expert passes ``evaluate.remembered_deadwood``, so
    that the discards it scores next (the same 10-card hands) are counted already.
    """
    best, cards = 999, []
    for i in bit_indices(mask):
        card = DECK[i]
        if card is keep:
            continue
        left = count(mask ^ 1 << i)
        if left < best:
            best, cards = left, [card]
        elif left == best:
            cards.append(card)
    return best, cards


def in_some_meld(mask: CardMask, card: Card) -> bool:
    """Whether ``card`` forms a meld (any set or run) with cards of ``mask``."""
    return in_some_meld_mask(mask, card.bit)


def in_some_meld_mask(mask: CardMask, bit: int) -> bool:
    """``in_some_meld`` for a card given by its bit (the rollouts' fast path)."""
    index = bit.bit_length() - 1
    rank, suit = index % 13, index // 13
    same_rank = mask & (RANK_BITS << rank) & ~bit
    if same_rank.bit_count() >= 2:
        return True
    pattern = mask >> (13 * suit) & 0x1FFF | 1 << rank
    for lo in range(max(0, rank - 2), min(rank, 10) + 1):
        if pattern >> lo & 7 == 7:
            return True
    return False


def finish(view: PlayerView, card: Card, left: int) -> Action:
    """The discard of ``card`` leaving ``left`` deadwood, as gin, knock or a plain discard."""
    if left == 0:
        return Gin(card)
    if left <= view.ruleset.knock_limit:
        return Knock(card)
    return Discard(card)


def hand_mask(view: PlayerView) -> CardMask:
    return to_mask(view.hand)


def first_legal(view: PlayerView) -> Action:
    return legal_actions(view)[0]
