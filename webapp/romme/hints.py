"""The Rommé Hint in words: what to do (the engine's `romme_engine.ai.hint`), then why.

Asked with ``GET /romme?hint=1``: reading the hint changes nothing, the move is still the
person's to make. Offered only on the person's turn, as on the Gin Rummy table.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import LazyString

import romme_engine as romme
from romme_engine.actions import action_name
from romme_engine.ai import Hint, Why, hint
from webapp.i18n import gettext as _
from webapp.i18n import lazy_gettext as _l
from webapp.models import PERSON
from webapp.romme.cards import card_text, cards_text
from webapp.romme.messages import seat_name
from webapp.romme.table import MeldMove

WHY_TEXT: dict[Why, LazyString] = {
    Why.TAKE_DISCARD: _l("You can lay it out this turn."),
    Why.DRAW_STOCK: _l("The top discard would not help you lay out a meld this turn."),
    Why.LAY_TAKEN_CARD: _l("The card you took must be laid out this turn."),
    Why.RELAY_JOKER: _l("The joker you swapped must be laid out again this turn."),
    Why.OPEN: _l("Your best lay-down reaches the opening."),
    Why.LAY_MELD: _l("Laid out, its cards no longer count against you."),
    Why.LAY_OFF: _l("One card fewer in your hand."),
    Why.SWAP_JOKER: _l("The joker is worth more in your hand."),
    Why.HOLD_FOR_HAND_ROMME: _l(
        "You could open now, but waiting may let you go out all at once, for double."
    ),
    Why.DISCARD_HIGHEST: _l("It is the loose card with the most penalty points (%(points)d)."),
    Why.DISCARD_LEAST_USEFUL: _l("It is the card least likely to join a meld."),
    Why.DISCARD_SAFE: _l("The next player is unlikely to use it."),
    Why.TAKE_BACK: _l("The melds laid this turn cannot reach the opening."),
}


def why_text(why: Why, points: int | None) -> str:
    """The Hint's reason in one sentence; ``points``: a discarded card's penalty points."""
    text = str(WHY_TEXT[why])
    return text % {"points": points or 0} if why is Why.DISCARD_HIGHEST else text


def person_hint(view: romme.PlayerView) -> Hint | None:
    """The hint for the person, or None when it is not their turn to draw or play."""
    if not view.my_turn or view.phase not in (romme.Phase.DRAW, romme.Phase.PLAY):
        return None
    return hint(view)


@dataclass(frozen=True)
class HintButton:
    """The hinted lay-off or joker swap as the hint's own button: the form fields its post
    carries besides the card (the table meld, and the end where the card fits both)."""

    action: str
    card: romme.Card
    fields: dict[str, str]


@dataclass(frozen=True)
class HintMarks:
    """Where the hint shows on the table, so that following it takes one tap: the hand cards
    it names (each physical card is its own: ``7S`` is not ``7S'``) and whether they come
    ticked (a meld, for the meld button; a discard has its own button), or the lay-off or
    swap button it names inside a table meld (``move``: the table meld, the move's name and
    the card's face, as ``table.MeldMove`` offers it) and the same move as a button in the
    hint itself (``button``), which stands near the top of the page where the meld's box may
    be screens below."""

    cards: frozenset[romme.Card] = frozenset()
    ticked: bool = False
    move: tuple[int, str, int] | None = None
    button: HintButton | None = None

    def names(self, meld: int, move: MeldMove) -> bool:
        """Whether ``move`` on table meld ``meld`` is the hinted one."""
        return self.move == (meld, move.action, move.card.kind)


def hint_marks(found: Hint | None) -> HintMarks:
    action = found.action if found is not None else None
    if isinstance(action, romme.LayMeld):
        return HintMarks(frozenset(action.cards), ticked=True)
    if isinstance(action, romme.LayOff | romme.SwapJoker):
        name = action_name(action)
        fields = {"meld": str(action.meld)}
        if isinstance(action, romme.LayOff) and action.end is not None:
            fields["end"] = action.end.value
        return HintMarks(move=(action.meld, name, action.card.kind),
                         button=HintButton(name, action.card, fields))
    if isinstance(action, romme.Discard):
        return HintMarks(frozenset({action.card}))
    return HintMarks()


def _lay_down_text(found: Hint, cards: str) -> str:
    """The meld to lay now; before the opening, every meld of the lay-down and its total."""
    if len(found.lay_down) < 2 and not found.laid:
        return _("Lay out %(cards)s (%(points)d points).", cards=cards,
                 points=found.meld_value or 0)
    melds = _(", then ").join(
        _("%(cards)s (%(points)d points)", cards=cards_text(m.cards), points=m.value)
        for m in found.lay_down
    )
    if found.laid:
        return _("Lay out %(melds)s: with the %(laid)d points laid this turn, %(total)d in all.",
                 melds=melds, laid=found.laid, total=found.total)
    return _("Lay out %(melds)s: %(total)d points in all.", melds=melds, total=found.total)


def _meld_move_text(found: Hint, action: romme.LayOff | romme.SwapJoker) -> str:
    """A lay-off or joker swap with the table meld it goes on, named by its cards and its
    owner, so that the person finds it among the others."""
    card = card_text(action.card)
    meld = cards_text(found.meld.cards) if found.meld is not None else ""
    mine = found.owner == PERSON
    if isinstance(action, romme.LayOff):
        if mine:
            return _("Lay off %(card)s on your meld %(meld)s.", card=card, meld=meld)
        return _("Lay off %(card)s on %(who)s's meld %(meld)s.", card=card, meld=meld,
                 who=seat_name(found.owner or 0))
    if mine:
        return _("Swap %(card)s for the joker in your meld %(meld)s.", card=card, meld=meld)
    return _("Swap %(card)s for the joker in %(who)s's meld %(meld)s.", card=card, meld=meld,
             who=seat_name(found.owner or 0))


def _action_text(found: Hint) -> str:
    action = found.action
    if isinstance(action, romme.TakeDiscard) and found.card is not None:
        return _("Take %(card)s from the discard pile.", card=card_text(found.card))
    if isinstance(action, romme.LayMeld):
        return _lay_down_text(found, cards_text(action.cards))
    if isinstance(action, romme.LayOff | romme.SwapJoker):
        return _meld_move_text(found, action)
    if isinstance(action, romme.Discard):
        return _("Discard %(card)s.", card=card_text(action.card))
    if isinstance(action, romme.TakeBack):
        return _("Take back the melds laid this turn.")
    return _("Draw from the stock.")


def hint_text(found: Hint) -> str:
    """One sentence for the move and one for the reason, translated."""
    said = _action_text(found)
    if found.reason is None:
        return said
    why = why_text(found.reason, found.penalty)
    # Chinese sentences follow each other without a space.
    return _("%(move)s %(why)s", move=said, why=why)
