"""The yardstick: a reference player in the style of the EAAI Gin Rummy challenge baseline.

It takes the upcard or the discard only when that card would be in some meld of its hand plus
the card, otherwise draws from the stock; it discards at random among the discards leaving the
least deadwood (never the card just taken); it knocks, or goes gin, as soon as it may.
"""

from __future__ import annotations

import random

from gin_engine.actions import Action, DrawDiscard, DrawStock, PassUpcard, TakeUpcard
from gin_engine.ai.base import finish, first_legal, hand_mask, in_some_meld, min_discard
from gin_engine.hand import Phase
from gin_engine.view import PlayerView


def simple_policy(view: PlayerView, rng: random.Random) -> Action:
    top = view.discard_top
    if view.phase is Phase.UPCARD:
        assert top is not None
        return TakeUpcard() if in_some_meld(hand_mask(view), top) else PassUpcard()
    if view.phase is Phase.DRAW:
        if top is not None and view.upcard_takeable and in_some_meld(hand_mask(view), top):
            return DrawDiscard()
        return DrawStock()
    if view.phase is Phase.DISCARD:
        left, cards = min_discard(hand_mask(view), keep=view.taken_card)
        return finish(view, rng.choice(cards), left)
    return first_legal(view)
