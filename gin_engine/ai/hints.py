"""Hints: the expert's suggestion for the person, with a stable reason code and its numbers.

The site turns ``reason`` into one translated sentence and fills in the numbers, e.g.
``discard-highest-deadwood`` with ``card=KS``, ``deadwood_before=25``, ``deadwood_after=18``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    NextHand,
    PassUpcard,
    TakeUpcard,
)
from gin_engine.ai.base import hand_mask, min_discard
from gin_engine.ai.expert import (
    Reading,
    discard_choice,
    knock_outlook,
    plays_on,
    read,
    should_knock,
    take_is_better,
)
from gin_engine.ai.inference import danger
from gin_engine.cards import VALUES, Card
from gin_engine.errors import IllegalActionError, Reason
from gin_engine.hand import Phase
from gin_engine.melds import deadwood_mask
from gin_engine.view import PlayerView


class HintReason(StrEnum):
    NEXT_HAND = "next-hand"
    GIN_NOW = "gin-now"
    KNOCK_NOW = "knock-now"
    HOLD_UNDERCUT_RISK = "hold-undercut-risk"
    """Knocking is allowed but the opponent may well undercut: play on."""
    HOLD_FOR_GIN = "hold-for-gin"
    """Knocking is allowed, but with a deep stock playing on for gin pays more (and an early
    knock by the opponent is likely to be undercut)."""
    TAKE_UPCARD_COMPLETES_MELD = "take-upcard-completes-meld"
    """The card joins a meld of the hand and the count falls (deadwood_after < before)."""
    TAKE_UPCARD_LOWERS_DEADWOOD = "take-upcard-lowers-deadwood"
    """The card melds nothing but the count still falls (deadwood_after < before)."""
    PASS_UPCARD = "pass-upcard"
    """The upcard would not lower the count."""
    PASS_UPCARD_STOCK_BETTER = "pass-upcard-stock-better"
    """The upcard would lower the count a little, but a stock card is expected to do more."""
    TAKE_DISCARD_COMPLETES_MELD = "take-discard-completes-meld"
    TAKE_DISCARD_LOWERS_DEADWOOD = "take-discard-lowers-deadwood"
    DRAW_STOCK = "draw-stock"
    """The top discard would not lower the count (or cannot be taken)."""
    DRAW_STOCK_BETTER = "draw-stock-better"
    """The top discard would lower the count a little, but a stock card is expected to do more."""
    DISCARD_HIGHEST_DEADWOOD = "discard-highest-deadwood"
    DISCARD_SAFE = "discard-safe"
    """A slightly worse count, but the card is unlikely to help the opponent."""
    DISCARD_KEEPS_CHANCES = "discard-keeps-chances"
    """The discard keeps the cards most likely to form melds on later draws."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, why, and the numbers behind the reason."""

    action: Action
    reason: HintReason
    deadwood_before: int
    """Deadwood of the hand before this step (before the draw, in the discard phase)."""
    deadwood_after: int
    """Deadwood expected after the suggested step (after the best discard, for a take)."""
    card: Card | None = None
    """The card the reason is about: the pile card to take, or the card to throw."""
    undercut_risk: float | None = None
    """For knock and hold: the estimated chance of being undercut, 0..1."""
    danger: float | None = None
    """For a discard: the estimated chance the opponent can meld it, 0..1."""


def hint(view: PlayerView, rng: random.Random | None = None) -> Hint:
    """The suggestion for the player whose view this is; ``rng`` seeds the knock sampling."""
    rng = rng or random.Random(0)
    if view.phase is Phase.HAND_OVER:
        return Hint(NextHand(), HintReason.NEXT_HAND, 0, 0)
    if not view.my_turn or view.phase is Phase.MATCH_OVER:
        raise IllegalActionError(Reason.NOT_YOUR_TURN, "no hint: it is not this player's turn")
    mask = hand_mask(view)
    if view.phase in (Phase.UPCARD, Phase.DRAW):
        return _draw_hint(view)
    before = deadwood_mask(mask ^ view.drawn_card.bit) if view.drawn_card else deadwood_mask(mask)
    least, lowest = min_discard(mask, keep=view.taken_card)
    if least == 0:
        return Hint(Gin(lowest[0]), HintReason.GIN_NOW, before, 0, lowest[0])
    reading = read(view)
    risk = None
    hold = False
    if least <= view.ruleset.knock_limit and plays_on(view):
        hold = True
    elif least <= view.ruleset.knock_limit:
        outlook = knock_outlook(view, mask ^ lowest[0].bit, reading, rng)
        if should_knock(outlook):
            return Hint(
                Knock(lowest[0]), HintReason.KNOCK_NOW, before, least, lowest[0],
                undercut_risk=outlook.undercut_risk,
            )
        risk = outlook.undercut_risk
    best = discard_choice(view, reading)[0]
    if hold:
        reason = HintReason.HOLD_FOR_GIN
    elif risk is not None:
        reason = HintReason.HOLD_UNDERCUT_RISK
    elif best.deadwood == least and VALUES[best.card.rank] == max(VALUES[c.rank] for c in lowest):
        reason = HintReason.DISCARD_HIGHEST_DEADWOOD
    elif best.deadwood > least and best.danger < 0.5 * _danger_of_plain(reading, lowest):
        reason = HintReason.DISCARD_SAFE
    else:
        reason = HintReason.DISCARD_KEEPS_CHANCES
    return Hint(
        Discard(best.card), reason, before, best.deadwood, best.card,
        undercut_risk=risk, danger=best.danger,
    )


def _danger_of_plain(reading: Reading, lowest: list[Card]) -> float:
    return min(danger(c.index, reading.hold) for c in lowest)


def _draw_hint(view: PlayerView) -> Hint:
    mask = hand_mask(view)
    before = deadwood_mask(mask)
    top = view.discard_top
    upcard = view.phase is Phase.UPCARD
    takeable = upcard or view.upcard_takeable
    if top is not None and takeable and take_is_better(view, top, read(view)):
        after, discards = min_discard(mask | top.bit, keep=top)
        if after < before:  # a take is only ever suggested when it lowers the count
            kept = (mask | top.bit) ^ discards[0].bit
            melds = deadwood_mask(kept) < deadwood_mask(kept ^ top.bit) + VALUES[top.rank]
            if upcard:
                reason = (HintReason.TAKE_UPCARD_COMPLETES_MELD if melds
                          else HintReason.TAKE_UPCARD_LOWERS_DEADWOOD)
                return Hint(TakeUpcard(), reason, before, after, top)
            reason = (HintReason.TAKE_DISCARD_COMPLETES_MELD if melds
                      else HintReason.TAKE_DISCARD_LOWERS_DEADWOOD)
            return Hint(DrawDiscard(), reason, before, after, top)
    helps = top is not None and takeable and min_discard(mask | top.bit, keep=top)[0] < before
    if upcard:
        reason = HintReason.PASS_UPCARD_STOCK_BETTER if helps else HintReason.PASS_UPCARD
        return Hint(PassUpcard(), reason, before, before, top)
    reason = HintReason.DRAW_STOCK_BETTER if helps else HintReason.DRAW_STOCK
    return Hint(DrawStock(), reason, before, before, top if takeable else None)
