"""Reading the table's forms and query strings. Malformed input becomes `BadInput`."""

from __future__ import annotations

from collections.abc import Mapping

from werkzeug.exceptions import BadRequest

import gin_engine as engine
from webapp.i18n import lazy_gettext as _l
from webapp.labels import DIFFICULTIES

MAX_VERSION_DIGITS = 9
MAX_CARD_LENGTH = 4  # "10♠" and "10S" are the longest spellings of a card
CONFIRMS_ALLOWED = ("knock", "gin")


class BadInput(BadRequest):
    """The form or query could not be read: a 400 whose page shows ``message``.

    Being an ``HTTPException``, it reaches the site's error page (``webapp.errors``) without
    any view catching it.
    """

    def __init__(self, message: object) -> None:
        super().__init__(description=str(message))


def read_version(form: Mapping[str, str]) -> int:
    raw = form.get("version", "")
    # isascii: str.isdigit() also accepts "²" and other digits that int() refuses.
    if not (raw.isascii() and raw.isdigit()) or len(raw) > MAX_VERSION_DIGITS:
        raise BadInput(_l("This form is missing its table version. Reload the page and try again."))
    return int(raw)


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


def read_difficulty(form: Mapping[str, str]) -> tuple[int, str]:
    version = read_version(form)
    level = form.get("difficulty", "")
    if level not in DIFFICULTIES:
        raise BadInput(_l("Unknown difficulty. Please choose Easy, Normal or Expert."))
    return version, level


def read_confirm(raw: str | None) -> str | None:
    if raw is None or raw == "":
        return None
    if raw not in CONFIRMS_ALLOWED:
        raise BadInput(_l("That address is not valid for the table."))
    return raw
