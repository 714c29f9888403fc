"""Reading the Rommé turn form into an engine action. Unreadable input becomes `BadInput`.

One form carries a whole turn: a checkbox per hand card (``cards``), a radio per table meld
(``meld``), the buttons ``action`` = ``meld`` / ``lay-off`` / ``swap`` / ``take-back``, and one
``discard`` button per card. The draw and next-hand buttons are one-button forms. Joker
choices come back with ``ordered=1`` (the cards in the meld's order) or an ``end``.
"""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

import romme_engine as romme
from webapp.forms import BadInput, read_version
from webapp.i18n import lazy_gettext as _l

MAX_CARD_LENGTH = 5  # "10♠'" is the longest spelling of a card
MAX_CARDS = 14  # the most a hand holds
MAX_MELD_DIGITS = 3
BARE: dict[str, type[romme.DrawStock | romme.TakeDiscard | romme.TakeBack | romme.NextHand]] = {
    "draw": romme.DrawStock,
    "take-discard": romme.TakeDiscard,
    "take-back": romme.TakeBack,
    "next-hand": romme.NextHand,
}


class MeldChoice(Exception):
    """The ticked cards make more than one meld (a joker at either end): ask which."""

    def __init__(self, version: int, cards: tuple[romme.Card, ...]) -> None:
        super().__init__(romme.format_cards(cards))
        self.version = version
        self.cards = cards


def read_card(text: str) -> romme.Card:
    if len(text) > MAX_CARD_LENGTH:
        raise BadInput(_l("There is no such card."))
    try:
        return romme.Card.parse(text)
    except romme.InvalidInputError:
        raise BadInput(_l("There is no such card.")) from None


def read_cards(texts: list[str]) -> tuple[romme.Card, ...]:
    if len(texts) > MAX_CARDS:
        raise BadInput(_l("There is no such card."))
    return tuple(read_card(t) for t in texts)


def read_meld_number(form: MultiDict[str, str]) -> int:
    raw = form.get("meld", "")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > MAX_MELD_DIGITS:
        raise BadInput(_l("Choose a meld on the table for that move."))
    return int(raw)


def _one_card(cards: tuple[romme.Card, ...]) -> romme.Card:
    if len(cards) != 1:
        raise BadInput(_l("Tick exactly one card for that move."))
    return cards[0]


def read_turn(form: MultiDict[str, str]) -> tuple[int, romme.Action]:
    """The table version and the engine action of a Rommé form.

    Raises `MeldChoice` when the ticked cards make several runs and the person must say
    where the joker stands (``romme_engine.meld_options`` lists them).
    """
    version = read_version(form)
    discard = form.get("discard")
    if discard:
        return version, romme.Discard(read_card(discard))
    name = form.get("action", "")
    if name in BARE:
        return version, BARE[name]()
    cards = read_cards(form.getlist("cards"))
    if name == "meld":
        if len(cards) < 2:
            raise BadInput(_l("Tick the cards of the meld first."))
        if form.get("ordered") == "1":
            return version, romme.LayMeld(cards)
        options = romme.meld_options(cards)
        if len(options) > 1:
            raise MeldChoice(version, cards)
        # No meld at all: the engine refuses it with its reason.
        return version, romme.LayMeld(options[0].cards if options else cards)
    if name == "lay-off":
        card = _one_card(cards)
        meld = read_meld_number(form)
        end = form.get("end") or None
        if end is not None and end not in ("low", "high"):
            raise BadInput(_l("That is not a move of this game."))
        return version, romme.LayOff(card, meld, romme.End(end) if end else None)
    if name == "swap":
        return version, romme.SwapJoker(_one_card(cards), read_meld_number(form))
    raise BadInput(_l("That is not a move of this game."))
