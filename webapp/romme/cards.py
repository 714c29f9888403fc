"""The markup of Rommé's 110 cards: the site's one card markup (``webapp.cards``, which keeps
it and the cards' spoken names) with the copy in ``data-card`` (``7S`` and ``7S'`` look alike
but are distinct cards in a form) and the joker (王).
"""

from __future__ import annotations

from collections.abc import Iterable

from babel.support import NullTranslations
from markupsafe import Markup

import romme_engine as romme
from webapp.cards import RED, cached, card_markup, face_markup, row_markup, spoken_names

JOKER = Markup(" joker")


def _kind(card: romme.Card) -> Markup | str:
    return JOKER if card.is_joker else RED if card.is_red else ""


class _Faces:
    """Spoken names, pips and plain markup of the 110 cards in one language, by card id."""

    __slots__ = ("names", "plain", "texts")

    def __init__(self, translations: NullTranslations) -> None:
        joker_name = translations.ugettext("Joker")
        joker_pip = translations.ugettext("JK")
        names = spoken_names()
        self.names = [joker_name if card.is_joker else names[card.kind] for card in romme.DECK]
        self.texts = [joker_pip if card.is_joker else card.symbol for card in romme.DECK]
        self.plain = [
            card_markup(str(card), pip, name, _kind(card))
            for card, pip, name in zip(romme.DECK, self.texts, self.names, strict=True)
        ]


def _faces() -> _Faces:
    return cached("romme", _Faces)


def card_html(card: romme.Card, extra: str = "") -> Markup:
    """``<span class="card [red|joker] [extra]" data-card="7S'" …>7♠</span>``."""
    faces = _faces()
    if not extra:
        return faces.plain[card.id]
    return card_markup(str(card), faces.texts[card.id], faces.names[card.id], _kind(card), extra)


def card_face(card: romme.Card) -> Markup:
    """The pip labelled with the spoken name, for a card named in a line of facts (a puzzle's
    pile top), where a whole card would take a line of its own on a phone."""
    faces = _faces()
    return face_markup(faces.texts[card.id], faces.names[card.id])


def card_text(card: romme.Card) -> str:
    """The card in a sentence, as the table shows it: ``10♥``, or the joker's own sign (王)."""
    return _faces().texts[card.id]


def card_spoken(card: romme.Card) -> str:
    """The card's spoken name ("黑桃10"), for a label whose visible text leaves the card out."""
    return _faces().names[card.id]


def cards_text(cards: Iterable[romme.Card]) -> str:
    return " ".join(card_text(card) for card in cards)


def card_row(cards: Iterable[romme.Card]) -> Markup:
    plain = _faces().plain
    return row_markup(plain[c.id] for c in cards)


TEMPLATE_GLOBALS = {
    "romme_card": card_html,
    "romme_face": card_face,
    "romme_row": card_row,
    "romme_card_text": card_text,
    "romme_card_spoken": card_spoken,
}
