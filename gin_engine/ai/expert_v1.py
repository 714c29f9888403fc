"""expert-v1: the expert as it was before decisions by estimate, frozen as a yardstick.

It plays the expert's draws and discards, but its knocks follow two fixed rules: while the stock
holds ``PLAY_ON_STOCK`` cards or more it never knocks (it plays on for gin, or for the undercut
when the opponent knocks); later it samples the opponent's hand and knocks when the sampled
undercut risk is low enough. Kept unchanged so that the tournament can measure the new expert
against it (``python -m gin_engine.tournament expert expert-v1``).
"""

from __future__ import annotations

import random

from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_engine.ai.base import first_legal, hand_mask, min_discard
from gin_engine.ai.expert import Reading, discard_choice, draw_scores, read
from gin_engine.ai.inference import odds, sample_hidden
from gin_engine.cards import CardMask
from gin_engine.hand import Phase
from gin_engine.layoff import lay_off
from gin_engine.melds import arrange
from gin_engine.view import PlayerView

SAMPLES = 24
"""Opponent hands sampled to judge a knock."""
PLAY_ON_STOCK = 5
"""While the stock holds at least this many cards expert-v1 does not knock."""
UNDERCUT_RISK = 0.45
"""Near the end of the stock: the undercut risk accepted for a knock that is expected to gain."""
UNDERCUT_RISK_LOSING = 0.5
"""...and for a knock expected to lose points (playing on may leave the hand dead)."""


def undercut_outlook(
    view: PlayerView, h10: CardMask, reading: Reading, rng: random.Random
) -> tuple[float, float]:
    """(undercut risk, expected points) of a knock with ``h10`` against sampled hands."""
    melds = arrange(h10)
    mine = melds.deadwood
    bonus = view.ruleset.undercut_bonus
    undercuts = 0
    points = 0.0
    by_odds = odds(reading.weights)
    for _ in range(SAMPLES):
        opp = reading.memory.opp_known | sample_hidden(reading.memory, by_odds, rng)
        theirs = lay_off(opp, melds.melds).deadwood
        if theirs <= mine:
            undercuts += 1
            points -= bonus + mine - theirs
        else:
            points += theirs - mine
    return undercuts / SAMPLES, points / SAMPLES


def expert_v1_policy(view: PlayerView, rng: random.Random) -> Action:
    top = view.discard_top
    if view.phase in (Phase.UPCARD, Phase.DRAW):
        takeable = view.phase is Phase.UPCARD or view.upcard_takeable
        if top is not None and takeable:
            scores = draw_scores(view, top)
            if scores is not None and scores.take < scores.stock:
                return TakeUpcard() if view.phase is Phase.UPCARD else DrawDiscard()
        return PassUpcard() if view.phase is Phase.UPCARD else DrawStock()
    if view.phase is not Phase.DISCARD:
        return first_legal(view)
    mask = hand_mask(view)
    least, lowest = min_discard(mask, keep=view.taken_card)
    if least == 0:
        return Gin(lowest[0])
    reading = read(view)
    if least <= view.ruleset.knock_limit and view.stock_count < PLAY_ON_STOCK:
        risk, points = undercut_outlook(view, mask ^ lowest[0].bit, reading, rng)
        if risk < UNDERCUT_RISK_LOSING if points <= 0 else risk <= UNDERCUT_RISK:
            return Knock(lowest[0])
    return Discard(discard_choice(view, reading)[0].card)
