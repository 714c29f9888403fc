"""The markup of Rommé's 110 cards: the site's one card markup (``webapp.cardnames``) with
the copy in ``data-card`` (``7S`` and ``7S'`` look alike but are distinct cards in a form) and
the joker (王).

As for Gin Rummy's 52 cards, each card's markup depends only on the card and the language, so
it is made once per language catalogue and kept on that catalogue object (see
``webapp.cardnames`` for the measurement behind this).
"""

from __future__ import annotations

from collections.abc import Iterable

from babel.support import NullTranslations
from markupsafe import Markup

import gin_engine
import romme_engine as romme
from webapp.cardnames import card_name
from webapp.i18n import current_translations

_GIN_DECK = tuple(gin_engine.Card.from_index(i) for i in range(52))
_CACHE_ATTRIBUTE = "_romme_card_markup"


def is_red(card: romme.Card) -> bool:
    return card.suit in (1, 2)


class _Faces:
    """Faces and plain markup of the 110 cards in one language, indexed by card id."""

    __slots__ = ("faces", "plain", "texts")

    def __init__(self, translations: NullTranslations) -> None:
        joker_name = translations.ugettext("Joker")
        joker_pip = translations.ugettext("JK")
        self.faces: list[Markup] = []
        self.plain: list[Markup] = []
        self.texts: list[str] = []
        for card in romme.DECK:
            if card.is_joker:
                pip, name, kind = joker_pip, joker_name, " joker"
            else:
                pip, name = card.symbol, card_name(_GIN_DECK[card.kind])
                kind = " red" if is_red(card) else ""
            face = Markup(
                '<span class="pip" aria-hidden="true">%s</span><span class="vh">%s</span>'
            ) % (pip, name)
            self.texts.append(pip)
            self.faces.append(face)
            self.plain.append(
                Markup('<span class="card%s" data-card="%s">%s</span>') % (kind, str(card), face)
            )


def _faces() -> _Faces:
    translations = current_translations()
    found: _Faces | None = translations.__dict__.get(_CACHE_ATTRIBUTE)
    if found is None:
        found = _Faces(translations)
        setattr(translations, _CACHE_ATTRIBUTE, found)
    return found


def card_html(card: romme.Card, extra: str = "") -> Markup:
    """``<span class="card [red|joker] [extra]" data-card="7S'">…</span>``."""
    faces = _faces()
    if not extra:
        return faces.plain[card.id]
    kind = " joker" if card.is_joker else " red" if is_red(card) else ""
    return Markup('<span class="card%s %s" data-card="%s">%s</span>') % (
        kind, extra, str(card), faces.faces[card.id]
    )


def card_text(card: romme.Card) -> str:
    """The card in a sentence, as the table shows it: ``10♥``, or the joker's own sign (王)."""
    return _faces().texts[card.id]


def cards_text(cards: Iterable[romme.Card]) -> str:
    return " ".join(card_text(card) for card in cards)


def card_row(cards: Iterable[romme.Card]) -> Markup:
    plain = _faces().plain
    return Markup('<span class="card-row">' + "".join(plain[c.id] for c in cards) + "</span>")


TEMPLATE_GLOBALS = {
    "romme_card": card_html,
    "romme_row": card_row,
    "romme_card_text": card_text,
}
