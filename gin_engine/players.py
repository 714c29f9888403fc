"""A minimal automatic player for demos and engine tests (the real opponents live in ``ai``)."""

from __future__ import annotations

import random

from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_engine.cards import to_mask
from gin_engine.hand import Phase
from gin_engine.melds import deadwood_mask, discard_options
from gin_engine.view import PlayerView, legal_actions


def greedy_action(view: PlayerView, rng: random.Random) -> Action:
    """Lower its own deadwood, knock as soon as it may; ties broken by ``rng``."""
    legal = legal_actions(view)
    if view.phase in (Phase.UPCARD, Phase.DRAW):
        top = view.discard_top
        if top is not None and (TakeUpcard() in legal or DrawDiscard() in legal):
            hand = to_mask(view.hand)
            now = deadwood_mask(hand)
            with_top = min(
                left for card, left in discard_options([*view.hand, top]) if card != top
            )
            if with_top < now:
                return TakeUpcard() if view.phase is Phase.UPCARD else DrawDiscard()
        return PassUpcard() if view.phase is Phase.UPCARD else DrawStock()
    if view.phase is Phase.DISCARD:
        options = [
            (left, card) for card, left in discard_options(view.hand) if card != view.taken_card
        ]
        best = min(left for left, _ in options)
        card = rng.choice([c for left, c in options if left == best])
        if best <= view.ruleset.knock_limit:
            return Knock(card)
        return Discard(card)
    return rng.choice(legal)
