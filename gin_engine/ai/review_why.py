"""Why a decision's expert move is better: the Hint's own decision, and the same figures for the
move the player made, so that a review's reason and the table's Hint never disagree.

Glossary
    advice      the Hint's whole decision at the view (``hints.hint``: the move, its reason
                code, the deadwood before and after, the compared estimates with a knock's
                undercut risk, the danger of the card it throws)
    deadwood    after the move played, counted as the Hint counts its own ``deadwood_after``:
                a discard's or a knock's hand without the card; a take's after the best
                discard; a stock draw or a pass keeps the count held (the card drawn is unknown)
    danger      the chance the opponent can meld the card the player threw (the expert's
                reading of its hand, the figure the Hint gives for its own discard)
    gin chance  at a knock-or-play-on decision: the chance that the next stock card lets the
                hand kept by playing on go gin (the player's play-on hand when they played on,
                else the Hint's), from the same reading

Every figure comes from the player's view; nothing hidden is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin_engine.actions import Action, Discard, DrawDiscard, Gin, Knock, TakeUpcard
from gin_engine.ai.base import hand_mask, min_discard
from gin_engine.ai.decide import Decision
from gin_engine.ai.evaluate import reach_chances, remembered_deadwood
from gin_engine.ai.expert import read
from gin_engine.ai.inference import danger
from gin_engine.melds import deadwood_mask
from gin_engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class Why:
    """The figures a decision's reason is said from."""

    advice: Decision
    """The Hint's decision at this view (its move is the review's expert move)."""
    deadwood: int
    """The deadwood after the move played, counted as ``advice.deadwood_after``."""
    danger: float | None = None
    """The chance the opponent can meld the card the player threw, 0..1; None when the move
    threw no card face up (a draw, a knock, gin)."""
    gin_chance: float | None = None
    """At a knock-or-play-on decision: the chance the next stock card makes gin for the hand
    kept by playing on, 0..1; None elsewhere."""

    @property
    def undercut_risk(self) -> float | None:
        """The Hint's estimate of a knock's undercut risk at this view, if it weighed one."""
        for estimate in self.advice.estimates:
            if estimate.undercut_risk is not None:
                return estimate.undercut_risk
        return None


def why(view: PlayerView, played: Action, advice: Decision, going_out: bool) -> Why:
    """The figures of ``played`` beside ``advice`` at ``view``; ``going_out``: a knock or gin
    was legal (the gin chance of playing on is given)."""
    mask = hand_mask(view)
    top = view.discard_top
    if isinstance(played, TakeUpcard | DrawDiscard) and top is not None:
        deadwood = min_discard(mask | top.bit, top, remembered_deadwood)[0]
    elif isinstance(played, Discard | Knock | Gin):
        deadwood = deadwood_mask(mask ^ played.card.bit)
    else:
        deadwood = deadwood_mask(mask)
    if not isinstance(played, Discard) and not going_out:
        return Why(advice, deadwood)
    reading = read(view)  # the expert's reading of the opponent's hand and of the stock
    chance = danger(played.card.index, reading.hold) if isinstance(played, Discard) else None
    gin = None
    if going_out:
        kept = played if isinstance(played, Discard) else advice.action
        if isinstance(kept, Discard):
            gin = reach_chances(mask ^ kept.card.bit, reading.draw_p, (0,))[0]
    return Why(advice, deadwood, _kept(chance), _kept(gin))


def _kept(chance: float | None) -> float | None:
    """A chance to 4 decimals: the page says whole percents, and the stored review is shorter."""
    return None if chance is None else round(chance, 4)
