"""Translated sentences for the engine's refusal codes and for public moves."""

from __future__ import annotations

from flask_babel import LazyString
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

import gin_engine as engine
from gin_engine.errors import Reason

REFUSALS: dict[Reason, LazyString] = {
    Reason.NOT_YOUR_TURN: _l("It is not your turn yet."),
    Reason.WRONG_PHASE: _l("That move is not possible at this point of the hand."),
    Reason.DRAW_FIRST: _l("Draw a card first: from the stock or from the discard pile."),
    Reason.ALREADY_DREW: _l("You have already drawn this turn. Now discard a card."),
    Reason.NOT_IN_HAND: _l("That card is not in your hand."),
    Reason.CANNOT_DISCARD_TAKEN_CARD: _l(
        "You took that card from the discard pile this turn, so you cannot discard it now."
    ),
    Reason.DEADWOOD_TOO_HIGH: _l(
        "Your deadwood would be over %(limit)s after that discard, so you cannot knock."
    ),
    Reason.NOT_GIN: _l("That discard would leave deadwood, so it is not gin."),
    Reason.DISCARD_PILE_EMPTY: _l("The discard pile is empty."),
    Reason.DECIDE_UPCARD: _l("First take the upcard or pass."),
    Reason.UPCARD_DECLINED: _l(
        "Both players passed on the upcard, so the first draw must come from the stock."
    ),
    Reason.UPCARD_ALREADY_DECIDED: _l("The upcard has already been decided."),
    Reason.HAND_NOT_OVER: _l("This hand is still being played."),
    Reason.MATCH_OVER: _l("This match is over. Start a new one."),
}

STALE = _l("The table had moved on since that page was shown. Here is the current table.")


def refusal(reason: Reason, ruleset: engine.Ruleset) -> str:
    return str(REFUSALS[reason]) % {"limit": ruleset.knock_limit}


def move_text(event: engine.Event) -> str:
    """One public move in words, e.g. "discarded 7♠"."""
    card = event.card.symbol if event.card else ""
    texts = {
        engine.Move.TAKE_UPCARD: lambda: _("took the upcard %(card)s", card=card),
        engine.Move.PASS_UPCARD: lambda: _("passed on the upcard"),
        engine.Move.DRAW_STOCK: lambda: _("drew from the stock"),
        engine.Move.DRAW_DISCARD: lambda: _("took %(card)s from the discard pile", card=card),
        engine.Move.DISCARD: lambda: _("discarded %(card)s", card=card),
        engine.Move.KNOCK: lambda: _("knocked, discarding %(card)s face down", card=card),
        engine.Move.GIN: lambda: _("went gin, discarding %(card)s", card=card),
    }
    return texts[event.move]()


def moves_sentence(events: list[engine.Event]) -> str:
    """The computer's moves as one sentence: "The computer drew from the stock, discarded 7♠."."""
    return _("The computer %(moves)s.", moves=_(", ").join(move_text(e) for e in events))
