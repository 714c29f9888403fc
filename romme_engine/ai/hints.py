"""Hints: the expert's next step for the person, as data with a stable reason code.

The site turns ``reason`` into one translated sentence and fills in the numbers; the hint is
the expert's own choice (``plan.step`` with the expert's style), so the two never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from romme_engine.actions import Action, Discard, LayMeld, LayOff, NextHand, SwapJoker
from romme_engine.ai.levels import EXPERT
from romme_engine.ai.plan import Why, step
from romme_engine.cards import Card, penalty
from romme_engine.errors import IllegalActionError, Refusal
from romme_engine.hand import Phase
from romme_engine.melds import Meld, read_meld
from romme_engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, why, and the numbers behind the reason."""

    action: Action
    """The suggested step (``NextHand`` once the hand is over)."""
    reason: Why | None
    """None only for ``NextHand``."""
    card: Card | None = None
    """The card the step is about: the top discard, the card laid off or thrown."""
    meld_value: int | None = None
    """For a meld: its value for the opening (what is staged already: ``view.staged_value``)."""
    penalty: int | None = None
    """For a discard: the penalty points the card would have cost in hand."""
    lay_down: tuple[Meld, ...] = ()
    """For a meld laid before the opening: every meld of the lay-down it starts, itself
    first (laid one by one, they reach the opening together)."""
    laid: int = 0
    """With ``lay_down``: the value already laid this turn (``view.staged_value``)."""
    meld: Meld | None = None
    """For a lay-off or joker swap: the table meld it goes on, as it lies now."""
    owner: int | None = None
    """With ``meld``: the seat whose meld it is."""

    @property
    def total(self) -> int:
        """With ``lay_down``: the value laid this turn once all of it is out."""
        return self.laid + sum(m.value for m in self.lay_down)


def hint(view: PlayerView) -> Hint:
    """The suggestion for the player whose view this is."""
    if view.phase is Phase.HAND_OVER:
        return Hint(NextHand(), None)
    if not view.my_turn or view.phase is Phase.MATCH_OVER:
        raise IllegalActionError(Refusal.NOT_YOUR_TURN, "no hint: it is not this player's turn")
    action, why, lay_down = step(view, EXPERT)
    if isinstance(action, LayMeld):
        meld = read_meld(action.cards)
        laid = view.staged_value if lay_down else 0
        return Hint(action, why, None, meld.value if meld else None, lay_down=lay_down, laid=laid)
    if isinstance(action, LayOff | SwapJoker):
        return Hint(action, why, action.card, meld=view.table[action.meld],
                    owner=view.owners[action.meld])
    if isinstance(action, Discard):
        worth = penalty(action.card, view.ruleset.joker_penalty)
        return Hint(action, why, action.card, None, worth)
    top = view.discard_top if why in (Why.TAKE_DISCARD, Why.DRAW_STOCK) else None
    return Hint(action, why, top)
