"""Spoken names of cards for screen readers ("Queen of spades" / "黑桃Q"), translated, and the
one markup every card has on the site (the table, the showdown, the rules pages).

A table page shows 30–60 cards. Each card's name and markup depend only on the card and the
language, so they are made once per language catalogue (52 cards × 3 languages) and kept on
that catalogue object; a page then does one list look-up per card instead of a template macro
call and three translations. That saves 21–23% of a table page against making each card's
name and markup when asked (``benchmarks/framework_defaults.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from babel.support import NullTranslations
from markupsafe import Markup

from gin_engine import Card
from webapp.i18n import current_translations
from webapp.i18n import lazy_gettext as _l

RANK_NAMES = (
    _l("Ace"), _l("2"), _l("3"), _l("4"), _l("5"), _l("6"), _l("7"), _l("8"), _l("9"), _l("10"),
    _l("Jack"), _l("Queen"), _l("King"),
)
SUIT_NAMES = (_l("spades"), _l("hearts"), _l("diamonds"), _l("clubs"))
_DECK = tuple(Card.from_index(i) for i in range(52))
_CACHE_ATTRIBUTE = "_gin_card_markup"
BACK = Markup('<span class="card back" aria-hidden="true"></span>')


class _Faces:
    """Names and markup of the 52 cards in one language, indexed by `Card.index`."""

    __slots__ = ("names", "faces", "plain")

    def __init__(self, translations: NullTranslations) -> None:
        # In a request, the lazy names translate with this same catalogue.
        ranks = [str(rank) for rank in RANK_NAMES]
        suits = [str(suit) for suit in SUIT_NAMES]
        # The word order differs by language, so the whole phrase is one translatable string;
        # a literal here, so that `pybabel extract` keeps it in the catalogues.
        phrase = translations.ugettext("%(rank)s of %(suit)s")
        self.names = [phrase % {"rank": ranks[c.rank], "suit": suits[c.suit]} for c in _DECK]
        self.faces = [
            Markup('<span class="pip" aria-hidden="true">%s</span><span class="vh">%s</span>')
            % (c.symbol, name)
            for c, name in zip(_DECK, self.names, strict=True)
        ]
        self.plain = [
            Markup('<span class="card%s" data-card="%s">%s</span>')
            % (Markup(" red") if c.is_red else "", str(c), face)
            for c, face in zip(_DECK, self.faces, strict=True)
        ]


def _faces() -> _Faces:
    translations = current_translations()
    found: _Faces | None = translations.__dict__.get(_CACHE_ATTRIBUTE)
    if found is None:
        found = _Faces(translations)
        setattr(translations, _CACHE_ATTRIBUTE, found)
    return found


def card_name(card: Card) -> str:
    return _faces().names[card.index]


def card_face(card: Card) -> Markup:
    """The pip and the spoken name: the inside of a card (``macros/cards.html``'s ``face``)."""
    return _faces().faces[card.index]


def card_html(card: Card, extra: str = "") -> Markup:
    """One card: ``<span class="card [red] [extra]" data-card="QS">…</span>``."""
    faces = _faces()
    if not extra:
        return faces.plain[card.index]
    return Markup('<span class="card%s %s" data-card="%s">%s</span>') % (
        Markup(" red") if card.is_red else "",
        extra,
        str(card),
        faces.faces[card.index],
    )


def card_row(cards: Iterable[Card], label: str = "") -> Markup:
    """Cards side by side, with an optional spoken label for the row."""
    plain = _faces().plain
    inner = "".join(plain[c.index] for c in cards)
    if label:
        return Markup('<span class="card-row" aria-label="%s">') % label + Markup(inner + "</span>")
    return Markup('<span class="card-row">' + inner + "</span>")


def card_back() -> Markup:
    return BACK
