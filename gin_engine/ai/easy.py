"""Easy: lowers its own deadwood on every draw and discard, and knocks whenever it may."""

from __future__ import annotations

import random

from gin_engine.actions import Action, DrawDiscard, DrawStock, PassUpcard, TakeUpcard
from gin_engine.ai.base import finish, first_legal, hand_mask, min_discard
from gin_engine.hand import Phase
from gin_engine.melds import deadwood_mask
from gin_engine.view import PlayerView


def easy_policy(view: PlayerView, rng: random.Random) -> Action:
    top = view.discard_top
    if view.phase in (Phase.UPCARD, Phase.DRAW):
        takeable = view.phase is Phase.UPCARD or view.upcard_takeable
        if top is not None and takeable:
            mask = hand_mask(view)
            with_top, _ = min_discard(mask | top.bit, keep=top)
            if with_top < deadwood_mask(mask):
                return TakeUpcard() if view.phase is Phase.UPCARD else DrawDiscard()
        return PassUpcard() if view.phase is Phase.UPCARD else DrawStock()
    if view.phase is Phase.DISCARD:
        left, cards = min_discard(hand_mask(view), keep=view.taken_card)
        return finish(view, rng.choice(cards), left)
    return first_legal(view)
