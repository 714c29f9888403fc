"""Spoken names of cards for screen readers ("Queen of spades" / "黑桃Q"), translated, and the
one markup every card has on the site (the tables, the showdowns, the rules pages), for both
decks: Gin Rummy's 52 cards in ``webapp.gin.cards``, Rommé's 110 in ``webapp.romme.cards``.

A card is one element: its pip is the text (what a text browser shows and a sighted reader
sees) and its spoken name the element's label (what a screen reader says), so each card is
read once, ``<span class="card" data-card="QS" role="img" aria-label="黑桃Q">Q♠</span>``.

A table page shows 30–60 cards. Each card's name and markup depend only on the card and the
language, so they are made once per language catalogue and deck and kept in this module's
store (`cached`), keyed by the catalogue without holding it; a page then does one list
look-up per card instead of a template macro call and three translations. That saves 21–23%
of a table page against making each card's name and markup when asked
(``benchmarks/framework_defaults.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from babel.support import NullTranslations
from markupsafe import Markup

from webapp.i18n import current_translations
from webapp.i18n import lazy_gettext as _l

RANK_NAMES = (
    _l("Ace"), _l("2"), _l("3"), _l("4"), _l("5"), _l("6"), _l("7"), _l("8"), _l("9"), _l("10"),
    _l("Jack"), _l("Queen"), _l("King"),
)
SUIT_NAMES = (_l("spades"), _l("hearts"), _l("diamonds"), _l("clubs"))
BACK = Markup('<span class="card back" aria-hidden="true"></span>')
RED = Markup(" red")

Faces = TypeVar("Faces")
_STORE: WeakKeyDictionary[NullTranslations, dict[str, Any]] = WeakKeyDictionary()
"""Each catalogue's markup by deck; an entry goes when its catalogue does."""


def cached(deck: str, build: Callable[[NullTranslations], Faces]) -> Faces:
    """The markup of ``deck`` in this request's language, built by ``build`` the first time."""
    translations = current_translations()
    decks = _STORE.get(translations)
    if decks is None:
        decks = _STORE.setdefault(translations, {})
    found: Faces | None = decks.get(deck)
    if found is None:
        found = decks[deck] = build(translations)
    return found


def face_markup(pip: str, name: str) -> Markup:
    """The inside of a card that is a button: the pip, labelled with the spoken name."""
    return Markup('<span class="pip" role="img" aria-label="%s">%s</span>') % (name, pip)


def card_markup(code: str, pip: str, name: str, kind: str = "", extra: str = "") -> Markup:
    """One card: ``<span class="card[ kind][ extra]" data-card="code" role="img"
    aria-label="name">pip</span>``."""
    classes = Markup("card") + kind + (" " + extra if extra else "")
    return Markup(
        '<span class="%s" data-card="%s" role="img" aria-label="%s">%s</span>'
    ) % (classes, code, name, pip)


def row_markup(cards: Iterable[str], label: str = "") -> Markup:
    """Cards side by side (``cards``: their markup), with an optional spoken label for the row.

    A space between two cards: the row's flex layout drops it, a text browser (w3m), which
    has no style sheet, shows it ("A♥ 7♦ 8♠", not "A♥7♦8♠")."""
    inner = " ".join(cards)
    if label:
        return Markup('<span class="card-row" aria-label="%s">') % label + Markup(inner + "</span>")
    return Markup('<span class="card-row">' + inner + "</span>")


def _spoken_names(translations: NullTranslations) -> list[str]:
    # In a request, the lazy names translate with this same catalogue.
    ranks = [str(rank) for rank in RANK_NAMES]
    suits = [str(suit) for suit in SUIT_NAMES]
    # The word order differs by language, so the whole phrase is one translatable string;
    # a literal here, so that `pybabel extract` keeps it in the catalogues.
    phrase = translations.ugettext("%(rank)s of %(suit)s")
    return [phrase % {"rank": rank, "suit": suit} for suit in suits for rank in ranks]


def spoken_names() -> list[str]:
    """The spoken names of the 52 cards of a French deck in this request's language, by
    ``suit * 13 + rank`` (spades, hearts, diamonds, clubs; ace to king): both decks' names."""
    return cached("names", _spoken_names)


def card_back() -> Markup:
    return BACK
