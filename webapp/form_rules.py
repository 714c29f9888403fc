"""One reading of every posted form and every address: a field sent twice, or digits of another
script, are refused.

The site's pages send each field once and write numbers with 0–9. A form carrying a field
twice (``discard=4S&discard=9H``, ``action=discard&action=knock``) or a digit of another
script (``opponents=٢`` Arabic-Indic, full-width ``２``, superscript ``²``) was not made by
one of them: reading the first value, or letting ``int()`` read ``٢`` as 2, would apply a move
or a start the person never chose. So before any view (or the CSRF check) reads it, such a
form gets the one translated 400 below, on every POST route, a new one included.

An address is read the same way: a query naming one thing twice (``?page=1&page=2``,
``/play?hint=1&hint=0``) gets a translated 400 of its own on every route; the readers of each
query value already refuse other scripts' digits.

No path, query or form text reaches a view or the database with a control character (NUL,
a line break, DEL, the C1 range): PostgreSQL refuses NUL in a string where SQLite would just
find nothing, so the answer would depend on the database. A path holding one (``/u/%00``) is
a 404, as no page is at that address; a query or a form value holding one is a 400, own text
included (no key types them). Numbers in a path are ASCII digits (`AsciiIntegerConverter`).

Two kinds of field are exempt from the digit and repetition rules, named here: a field that
carries a list (the Rommé turn form's ticked ``cards``), and the person's own text (a username,
a password typed twice, the seed of their own), where any other character is content:
``ｂｏｂ２`` is how a full-width keyboard types ``bob2``, and a password may hold any digit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from flask import Flask, request
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import NotFound
from werkzeug.routing import IntegerConverter

from webapp.forms import BadInput
from webapp.i18n import lazy_gettext as _l

LISTS = frozenset({"cards"})
OWN_TEXT = frozenset({"username", "password", "confirm", "player_seed"})
AMBIGUOUS_FORM = _l("The form's contents are not valid. Reload the page and try again.")
AMBIGUOUS_ADDRESS = _l(
    "That address names the same thing twice. Check the address or start from the home page."
)
UNREADABLE_ADDRESS = _l(
    "That address holds a character that cannot be read. Check the address or start from the "
    "home page."
)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def ambiguous(form: MultiDict[str, str]) -> bool:
    """Whether ``form`` repeats a one-value field or has a non-ASCII digit outside own text."""
    for name, values in form.lists():
        if len(values) > 1 and name not in LISTS:
            return True
        if name not in OWN_TEXT and any(_foreign_digit(value) for value in values):
            return True
    return False


def _foreign_digit(value: str) -> bool:
    # str.isdigit() holds for every script's digits and for "²"; int() reads most of them.
    return not value.isascii() and any(ch.isdigit() and not ch.isascii() for ch in value)


def controlled(values: Iterable[object]) -> bool:
    """Whether any text of ``values`` holds a control character (NUL included)."""
    return any(isinstance(text, str) and _CONTROL.search(text) for text in values)


def every_value(data: MultiDict[str, str]) -> Iterator[str]:
    """Each value of a query or form, a field sent twice included."""
    for values in data.listvalues():
        yield from values


def confirmed(form: MultiDict[str, str]) -> bool:
    """Whether a form that deals a new match (``/new``, a practice) was confirmed on the page
    that asks first: ``confirm=1``; absent, it was not; any other value is a 400 (the
    password's repetition being own text, ``confirm=١`` passes `ambiguous`)."""
    value = form.get("confirm")
    if value is None:
        return False
    if value != "1":
        raise BadInput(AMBIGUOUS_FORM)
    return True


def repeated(args: MultiDict[str, str]) -> bool:
    """Whether a query names one of its keys more than once."""
    return any(len(values) > 1 for _name, values in args.lists())


def refuse_ambiguous_input() -> None:
    """``before_request``: a request to a route of the site whose address repeats a key, or a
    POST whose form is ambiguous, is a 400."""
    # url_rule is None when routing failed: a 404 or 405 answers that request as it is.
    if request.url_rule is None:
        return
    if request.view_args and controlled(request.view_args.values()):
        raise NotFound()
    if repeated(request.args):
        raise BadInput(AMBIGUOUS_ADDRESS)
    if controlled(every_value(request.args)):
        raise BadInput(UNREADABLE_ADDRESS)
    if request.method == "POST" and (
        ambiguous(request.form) or controlled(every_value(request.form))
    ):
        raise BadInput(AMBIGUOUS_FORM)


class AsciiIntegerConverter(IntegerConverter):
    """``<int:…>`` of 0–9 only: werkzeug's ``\\d+`` also matches ``١`` and ``１``, which
    ``int()`` reads as 1, so ``/review/<id>/١`` opened hand 1."""

    regex = "[0-9]+"


def init_app(app: Flask) -> None:
    """Before any blueprint is registered: its rules take their converters from the map."""
    app.url_map.converters["int"] = AsciiIntegerConverter
    app.before_request(refuse_ambiguous_input)
