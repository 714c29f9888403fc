"""Yardsticks: opponents of other styles for the tournament, so strength is not tuned to one.

Glossary
    patient    ``simple``'s draws and discards; knocks only with deadwood <= ``PATIENT_LIMIT``
               until the stock holds ``PATIENT_STOCK`` cards or fewer, then whenever it may
    ginhunter  ``simple``'s draws and discards; goes only for gin until the stock holds
               ``GINHUNTER_STOCK`` cards or fewer, then knocks whenever it may
    eager      the expert's draws and discards; knocks (or goes gin) as soon as it may
    expert-v1  the expert before decisions by estimate (``expert_v1``)

None of them is offered on the site; ``make_bot`` builds them for the tournament.
"""

from __future__ import annotations

import random

from gin_engine.actions import Action, Discard, Knock
from gin_engine.ai.base import finish, hand_mask, min_discard
from gin_engine.ai.decide import expert_policy
from gin_engine.ai.simple import simple_policy
from gin_engine.hand import Phase
from gin_engine.melds import deadwood_mask
from gin_engine.view import PlayerView

PATIENT_LIMIT, PATIENT_STOCK = 3, 6
GINHUNTER_STOCK = 4


def _holding_back(action: Action, view: PlayerView, limit: int, late_stock: int) -> Action:
    """``action``, except that a knock with more than ``limit`` becomes a plain discard of the
    same card while the stock holds more than ``late_stock`` cards."""
    if not isinstance(action, Knock) or view.stock_count <= late_stock:
        return action
    left = deadwood_mask(hand_mask(view) ^ action.card.bit)
    return action if left <= limit else Discard(action.card)


def patient_policy(view: PlayerView, rng: random.Random) -> Action:
    return _holding_back(simple_policy(view, rng), view, PATIENT_LIMIT, PATIENT_STOCK)


def ginhunter_policy(view: PlayerView, rng: random.Random) -> Action:
    return _holding_back(simple_policy(view, rng), view, 0, GINHUNTER_STOCK)


def eager_policy(view: PlayerView, rng: random.Random) -> Action:
    if view.phase is Phase.DISCARD:
        left, cards = min_discard(hand_mask(view), keep=view.taken_card)
        if left <= view.ruleset.knock_limit:
            return finish(view, cards[0], left)
    return expert_policy(view, rng)
