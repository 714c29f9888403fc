"""What the expert's decision (``ai.decide``) reads from a view: the card memory, the inference
weights, the chance of each card being held by the opponent, and the scores of draws and
discards.

Glossary
    reading      everything derived from one view before deciding (memory, weights, holding
                 chances, the chance of each unseen card being the next stock card)
    hand score   deadwood minus the weighted gain the next draws may bring, plus the danger of
                 the card thrown (``evaluate``): lower is better, in deadwood points
"""

from __future__ import annotations

from dataclasses import dataclass

from gin_engine.ai import evaluate
from gin_engine.ai.base import hand_mask, in_some_meld, min_discard
from gin_engine.ai.evaluate import Option, draw_chances, draw_gain, options
from gin_engine.ai.inference import holding, weights
from gin_engine.ai.memory import Memory, remember
from gin_engine.cards import Card
from gin_engine.melds import deadwood_mask
from gin_engine.view import PlayerView


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


@dataclass(frozen=True, slots=True)
class DrawScores:
    """The hand score expected after taking the pile card, and after a stock draw."""

    take: float
    stock: float


def draw_scores(view: PlayerView, top: Card, after: int | None = None) -> DrawScores | None:
    """Score holding the pile card against the hand expected after a stock draw.

    None when a take is ruled out: a card that does not lower the count (so that two players
    never pass cards back and forth), or one that melds nothing (worth less than a stock draw,
    which may meld). Most pile cards are ruled out, so the view is read (``read``, which costs
    more than these checks) only after them. ``after``: the least deadwood after taking ``top``
    and throwing another card, when the caller has it already (``min_discard``).
    """
    mask = hand_mask(view)
    now = deadwood_mask(mask)
    if after is None:
        after = min_discard(mask | top.bit, keep=top)[0]
    if now - after <= 0 or not in_some_meld(mask, top):
        return None
    reading = read(view)
    weight = evaluate.gain_weight(view.stock_count, view.ruleset.stock_size)
    take = options(mask | top.bit, top, reading.draw_p, reading.hold, weight=weight)
    take_score = min(o.deadwood - weight * o.gain for o in take)
    gain_now = draw_gain(mask, reading.draw_p)
    return DrawScores(take_score, now - weight * gain_now - gain_now)


def discard_choice(view: PlayerView, reading: Reading) -> list[Option]:
    mask, taken = hand_mask(view), view.taken_card
    below = None if taken is None else deadwood_mask(mask ^ taken.bit)
    weight = evaluate.gain_weight(view.stock_count, view.ruleset.stock_size)
    return options(mask, taken, reading.draw_p, reading.hold, below, weight)
