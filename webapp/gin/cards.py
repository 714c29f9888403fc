"""The markup of Gin Rummy's 52 cards: the site's one card markup (``webapp.cards``, which
keeps it and the cards' spoken names), indexed by `Card.index`.
"""

from __future__ import annotations

from collections.abc import Iterable

from babel.support import NullTranslations
from markupsafe import Markup

from gin_engine import Card
from webapp.cards import RED, cached, card_markup, face_markup, row_markup, spoken_names

_DECK = tuple(Card.from_index(i) for i in range(52))


class _Faces:
    """Names and markup of the 52 cards in one language, indexed by `Card.index`."""

    __slots__ = ("names", "faces", "plain")

    def __init__(self, _translations: NullTranslations) -> None:
        self.names = spoken_names()  # already by `Card.index`
        self.faces = [
            face_markup(c.symbol, name) for c, name in zip(_DECK, self.names, strict=True)
        ]
        self.plain = [
            card_markup(str(c), c.symbol, name, RED if c.is_red else "")
            for c, name in zip(_DECK, self.names, strict=True)
        ]


def _faces() -> _Faces:
    return cached("gin", _Faces)


def card_name(card: Card) -> str:
    return _faces().names[card.index]


def card_face(card: Card) -> Markup:
    """The pip labelled with the spoken name: the inside of a card button (``face``)."""
    return _faces().faces[card.index]


def card_html(card: Card, extra: str = "") -> Markup:
    """One card: ``<span class="card [red] [extra]" data-card="QS" …>Q♠</span>``."""
    faces = _faces()
    if not extra:
        return faces.plain[card.index]
    return card_markup(str(card), card.symbol, faces.names[card.index],
                       RED if card.is_red else "", extra)


def card_row(cards: Iterable[Card], label: str = "") -> Markup:
    """Cards side by side, with an optional spoken label for the row."""
    plain = _faces().plain
    return row_markup((plain[c.index] for c in cards), label)
