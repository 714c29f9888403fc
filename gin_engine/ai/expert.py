"""Expert: card tracking, opponent inference, discard danger, and knocks timed by undercut risk.

Draw: takes the pile card only when it melds with the hand, lowers the count, and the hand it
leads to scores better than the hand expected after a stock draw. Discard: the option with the
lowest score (deadwood, minus what the next draws may bring, plus the danger of feeding the
opponent). Knock: while the stock is deep it plays on for gin instead of knocking: an opponent
that knocks as soon as it may is then often undercut (measured: this is worth more than any
discard refinement against such players, see benchmarks/RESULTS-ai.md). Near the end of the
stock it samples the opponent's hidden cards from the unseen ones by inference weight, plays
the knock out against each sample with the engine's own lay-off search, and knocks when the
undercut risk is low enough for the stock left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

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
from gin_engine.ai import evaluate
from gin_engine.ai.base import first_legal, hand_mask, in_some_meld, min_discard
from gin_engine.ai.evaluate import Option, draw_chances, draw_gain, options
from gin_engine.ai.inference import holding, sample_hidden, weights
from gin_engine.ai.memory import Memory, remember
from gin_engine.cards import Card, CardMask
from gin_engine.hand import Phase
from gin_engine.layoff import lay_off
from gin_engine.melds import arrange, deadwood_mask
from gin_engine.view import PlayerView

SAMPLES = 24
"""Opponent hands sampled to judge a knock."""
TAKE_MARGIN = 0.0
"""How much better (in score points) taking the pile card must look than a stock draw."""
PLAY_ON_STOCK = 5
"""While the stock holds at least this many cards the expert does not knock: it plays on for
gin (or for the undercut when the opponent knocks)."""
UNDERCUT_RISK = 0.45
"""Near the end of the stock: the undercut risk accepted for a knock that is expected to gain."""
UNDERCUT_RISK_LOSING = 0.5
"""...and for a knock expected to lose points (playing on may leave the hand dead)."""

@dataclass(frozen=True, slots=True)
class KnockOutlook:
    """What a knock now is expected to bring, from sampled opponent hands."""

    deadwood: int
    undercut_risk: float
    expected_points: float


@dataclass(frozen=True, slots=True)
class Reading:
    """Everything the expert derives from a view before it decides."""

    memory: Memory
    weights: list[float]
    hold: list[float]
    draw_p: dict[int, float]


def read(view: PlayerView) -> Reading:
    memory = remember(view)
    w = weights(memory)
    return Reading(memory, w, holding(memory, w), draw_chances(memory.unseen, w, memory.stock))


def knock_outlook(
    view: PlayerView, h10: CardMask, reading: Reading, rng: random.Random
) -> KnockOutlook:
    """Play a knock with ``h10`` against sampled opponent hands (lay-offs included)."""
    melds = arrange(h10)
    mine = melds.deadwood
    bonus = view.ruleset.undercut_bonus
    undercuts = 0
    points = 0.0
    known = reading.memory.opp_known
    for _ in range(SAMPLES):
        opp = known | sample_hidden(reading.memory, reading.weights, rng)
        theirs = lay_off(opp, melds.melds).deadwood
        if theirs <= mine:
            undercuts += 1
            points -= bonus + mine - theirs
        else:
            points += theirs - mine
    return KnockOutlook(mine, undercuts / SAMPLES, points / SAMPLES)


def should_knock(outlook: KnockOutlook) -> bool:
    if outlook.expected_points <= 0:
        return outlook.undercut_risk < UNDERCUT_RISK_LOSING
    return outlook.undercut_risk <= UNDERCUT_RISK


def plays_on(view: PlayerView) -> bool:
    """Whether to skip a legal knock and play on for gin while the stock is deep: an opponent
    that knocks as soon as it may is then often undercut, and a gin pays the bonus."""
    return view.stock_count >= PLAY_ON_STOCK


def take_is_better(view: PlayerView, top: Card, reading: Reading) -> bool:
    """Compare holding the pile card with the hand expected after a stock draw."""
    mask = hand_mask(view)
    now = deadwood_mask(mask)
    drop = now - min_discard(mask | top.bit, keep=top)[0]
    if drop <= 0:
        return False  # only takes that lower the count: no endless passing back and forth
    if not in_some_meld(mask, top):
        return False  # a card that melds nothing is worth less than a stock draw, which may
    weight = evaluate.gain_weight(view.stock_count)
    take = options(mask | top.bit, top, reading.draw_p, reading.hold, weight=weight)
    take_score = min(o.deadwood - weight * o.gain for o in take)
    gain_now = draw_gain(mask, reading.draw_p)
    stock_score = now - weight * gain_now - gain_now
    return take_score < stock_score - TAKE_MARGIN


def discard_choice(view: PlayerView, reading: Reading) -> list[Option]:
    mask, taken = hand_mask(view), view.taken_card
    below = None if taken is None else deadwood_mask(mask ^ taken.bit)
    weight = evaluate.gain_weight(view.stock_count)
    # The expert only takes a pile card that lowers its count, but a hint serves a person who
    # may have taken one that does not: then every discard is considered.
    chosen = options(mask, taken, reading.draw_p, reading.hold, below, weight)
    return chosen or options(mask, taken, reading.draw_p, reading.hold, None, weight)


def expert_policy(view: PlayerView, rng: random.Random) -> Action:
    top = view.discard_top
    if view.phase in (Phase.UPCARD, Phase.DRAW):
        takeable = view.phase is Phase.UPCARD or view.upcard_takeable
        if top is not None and takeable and take_is_better(view, top, read(view)):
            return TakeUpcard() if view.phase is Phase.UPCARD else DrawDiscard()
        return PassUpcard() if view.phase is Phase.UPCARD else DrawStock()
    if view.phase is not Phase.DISCARD:
        return first_legal(view)
    mask = hand_mask(view)
    least, lowest = min_discard(mask, keep=view.taken_card)
    if least == 0:
        return Gin(lowest[0])
    reading = read(view)
    if least <= view.ruleset.knock_limit and not plays_on(view):
        outlook = knock_outlook(view, mask ^ lowest[0].bit, reading, rng)
        if should_knock(outlook):
            return Knock(lowest[0])
    return Discard(discard_choice(view, reading)[0].card)
