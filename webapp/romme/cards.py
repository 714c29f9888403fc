"""The markup of Rommé's 110 cards: the site's one card markup (``webapp.cardnames``) with
the copy in ``data-card`` (``7S`` and ``7S'`` look alike but are distinct cards in a form) and
the joker (王)."""

from __future__ import annotations

from collections.abc import Iterable

from flask_babel import gettext as _
from markupsafe import Markup

import gin_engine
import romme_engine as romme
from webapp.cardnames import card_name

_GIN_DECK = tuple(gin_engine.Card.from_index(i) for i in range(52))


def card_label(card: romme.Card) -> str:
    """The card's spoken name: "Queen of spades", "Joker"."""
    return str(_("Joker")) if card.is_joker else card_name(_GIN_DECK[card.kind])


def card_face(card: romme.Card) -> Markup:
    pip = _("JK") if card.is_joker else card.symbol
    return Markup('<span class="pip" aria-hidden="true">%s</span><span class="vh">%s</span>') % (
        pip, card_label(card)
    )


def is_red(card: romme.Card) -> bool:
    return card.suit in (1, 2)


def card_html(card: romme.Card, extra: str = "") -> Markup:
    """``<span class="card [red|joker] [extra]" data-card="7S'">…</span>``."""
    kind = " joker" if card.is_joker else " red" if is_red(card) else ""
    return Markup('<span class="card%s%s" data-card="%s">%s</span>') % (
        kind, " " + extra if extra else "", str(card), card_face(card)
    )


def card_row(cards: Iterable[romme.Card]) -> Markup:
    return Markup('<span class="card-row">%s</span>') % Markup("").join(
        card_html(c) for c in cards
    )


TEMPLATE_GLOBALS = {
    "romme_card": card_html,
    "romme_face": card_face,
    "romme_row": card_row,
    "romme_is_red": is_red,
}
