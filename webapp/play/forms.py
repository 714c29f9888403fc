"""Reading the table's forms and query strings. Malformed input becomes `BadInput`."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import lazy_gettext as _l

import gin_engine as engine
from webapp.main.forms import DIFFICULTIES

MAX_VERSION_DIGITS = 9
CONFIRMS_ALLOWED = ("knock", "gin")
CARD_MOVES = frozenset(("discard", "knock", "gin"))
MOVE_NAMES = CARD_MOVES | {"take-upcard", "pass-upcard", "draw-stock", "draw-discard", "next-hand"}


class BadInput(Exception):
    """The form or query could not be read; ``message`` is shown on the 400 page."""

    def __init__(self, message: object) -> None:
        super().__init__(str(message))
        self.message = str(message)


def read_version(form: Mapping[str, str]) -> int:
    raw = form.get("version", "")
    # isascii: str.isdigit() also accepts "²" and other digits that int() refuses.
    if not (raw.isascii() and raw.isdigit()) or len(raw) > MAX_VERSION_DIGITS:
        raise BadInput(_l("This form is missing its table version. Reload the page and try again."))
    return int(raw)


def read_card(raw: str | None) -> engine.Card | None:
    if not raw:
        return None
    if len(raw) > 4:
        raise BadInput(_l("There is no such card."))
    try:
        return engine.Card.parse(raw)
    except engine.InvalidInputError:
        raise BadInput(_l("There is no such card.")) from None


def read_move(form: Mapping[str, str]) -> tuple[int, engine.Action]:
    version = read_version(form)
    name = form.get("action", "")
    card = read_card(form.get("card"))
    if name not in MOVE_NAMES:
        raise BadInput(_l("That is not a move of this game."))
    if name not in CARD_MOVES:
        return version, engine.parse_action(name)
    if card is None:
        raise BadInput(_l("Choose a card for that move."))
    return version, engine.parse_action(name, str(card))



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
