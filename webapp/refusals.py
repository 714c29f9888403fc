"""The sentences for what every game's table refuses alike, written once.

The refusals both engines share (``engine_common.refusals.Refusal``) read the same on either
table; each table's ``messages`` module adds its own rules' refusals and says the two shared ones
whose sentence depends on its game its own way (Gin's "already drew" tells to discard, since
nothing else is left to do; Rommé's taken card is named, since the person may hold its twin).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from flask_babel import LazyString

from engine_common.refusals import Refusal
from webapp.i18n import lazy_gettext as _l

SHARED_REFUSALS: dict[StrEnum, LazyString] = {
    Refusal.NOT_YOUR_TURN: _l("It is not your turn yet."),
    Refusal.WRONG_PHASE: _l("That move is not possible at this point of the hand."),
    Refusal.DRAW_FIRST: _l("Draw a card first: from the stock or from the discard pile."),
    Refusal.NOT_IN_HAND: _l("That card is not in your hand."),
    Refusal.DISCARD_PILE_EMPTY: _l("The discard pile is empty."),
    Refusal.HAND_NOT_OVER: _l("This hand is still being played."),
    Refusal.MATCH_OVER: _l("This match is over. Start a new one."),
}


def refusal_sentences(own: Mapping[StrEnum, LazyString]) -> dict[StrEnum, LazyString]:
    """One table's sentences, keyed by refusal code: the shared ones and its own rules' (its own
    win for a shared code it says its own way)."""
    return {**SHARED_REFUSALS, **own}


# A form sent from a page older than the match's current version (another tab, a double tap).
STALE = _l("The table had moved on since that page was shown. Here is the current table.")
