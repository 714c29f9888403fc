"""Reading the Gin Rummy table's forms and query strings. Malformed input becomes `BadInput`
(`webapp.forms`, with the version and difficulty readers both tables share)."""

from __future__ import annotations

from collections.abc import Mapping

import gin_engine as engine
from webapp.forms import BadInput, read_version
from webapp.i18n import lazy_gettext as _l

MAX_CARD_LENGTH = 4  # "10♠" and "10S" are the longest spellings of a card
CONFIRMS_ALLOWED = ("knock", "gin")


def read_move(form: Mapping[str, str]) -> tuple[int, engine.Action]:
    """The table version and the move of a table form, as the engine parses them."""
    version = read_version(form)
    card = form.get("card") or None
    if card is not None and len(card) > MAX_CARD_LENGTH:
        raise BadInput(_l("There is no such card."))
    try:
        return version, engine.parse_action(form.get("action", ""), card)
    except engine.InvalidCardError:
        raise BadInput(_l("There is no such card.")) from None
    except engine.InvalidActionError as bad:
        if bad.needs_card:
            raise BadInput(_l("Choose a card for that move.")) from None
        raise BadInput(_l("That is not a move of this game.")) from None


def read_confirm(raw: str | None) -> str | None:
    if raw is None or raw == "":
        return None
    if raw not in CONFIRMS_ALLOWED:
        raise BadInput(_l("That address is not valid for the table."))
    return raw
