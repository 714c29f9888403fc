"""What every table's form reader shares: `BadInput`, the table version, the difficulty switch.

Each table reads its own moves (``webapp.gin.forms``, ``webapp.romme.forms``) with these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from werkzeug.exceptions import BadRequest

from webapp.i18n import lazy_gettext as _l

MAX_VERSION_DIGITS = 9


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


def read_difficulty(form: Mapping[str, str], levels: Sequence[str]) -> tuple[int, str]:
    """The table version and the difficulty asked for from the next hand (either table),
    one of the game's ``levels``."""
    version = read_version(form)
    level = form.get("difficulty", "")
    if level not in levels:
        raise BadInput(_l("Unknown difficulty. Please choose Easy, Normal or Expert."))
    return version, level
