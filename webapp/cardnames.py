"""Spoken names of cards for screen readers ("Queen of spades" / "黑桃Q"), translated."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from gin_engine import Card

RANK_NAMES = (
    _l("Ace"), _l("2"), _l("3"), _l("4"), _l("5"), _l("6"), _l("7"), _l("8"), _l("9"), _l("10"),
    _l("Jack"), _l("Queen"), _l("King"),
)
SUIT_NAMES = (_l("spades"), _l("hearts"), _l("diamonds"), _l("clubs"))


def card_name(card: Card) -> str:
    # The word order differs by language, so the whole phrase is one translatable string.
    return _("%(rank)s of %(suit)s", rank=RANK_NAMES[card.rank], suit=SUIT_NAMES[card.suit])
