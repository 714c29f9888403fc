"""Usernames: which are allowed, and the keys that make them unique.

A name is normalised with NFKC first, so full-width ``Ａｌｉｃｅ`` and ``Alice`` are one name;
the key is the casefolded form, so ``ALICE`` and ``alice`` are one name too. The skeleton
goes further: it maps look-alike letters to one prototype (Unicode UTS #39, the confusables
data of ``confusable-homoglyphs``), so ``аdmin`` with a Cyrillic ``а`` and ``admin`` are one
name, and nobody can pass for somebody else on the leaderboard.

Glossary
    skeleton   the UTS #39 form of a name: every confusable character replaced by its
               prototype (``а`` → ``a``, ``0`` → ``O``, ``m`` → ``rn``), applied around
               casefolding so that case and look-alikes both count as the same name
    filler     a letter that shows as nothing (Hangul fillers such as U+3164)
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from functools import cache
from importlib import resources

from markupsafe import Markup

from webapp.models import USERNAME_MAX

USERNAME_MIN = 3
_LETTER_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo"})  # Lo holds the CJK ideographs
_ASCII_DIGITS = frozenset("0123456789")
# Letters (category Lo) that render as blank space: "Admin" + U+3164 would pass for "Admin".
# NFKC turns the half-width U+FFA0 into U+3164 before this is checked.
INVISIBLE_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
# The data marks right-to-left entries with LEFT-TO-RIGHT MARKs for display; not part of them.
_DISPLAY_MARK = "\u200e"


def normalise_username(raw: str) -> str:
    """The name as stored and shown: NFKC, surrounding spaces removed."""
    return unicodedata.normalize("NFKC", raw).strip()


def isolated(name: str) -> Markup:
    """The name in ``<bdi>``: a right-to-left name cannot reorder the sentence around it."""
    return Markup("<bdi>%s</bdi>") % name


def greeting(message: str, name: str) -> Markup:
    """A translated ``message`` naming the person (``%(name)s``), the name in ``<bdi>``, for a
    flashed notice: the session keeps it as markup. Not the isolate characters U+2068/U+2069,
    which a text browser (w3m) prints as they are ("欢迎回来，⁨bob⁩。")."""
    return Markup.escape(message) % {"name": isolated(name)}


def username_key(name: str) -> str:
    """The uniqueness key: NFKC then casefold."""
    return normalise_username(name).casefold()


def allowed_character(ch: str) -> bool:
    """Letters of any script (CJK included) except invisible fillers, ASCII digits and ``_``."""
    if ch in INVISIBLE_FILLERS:
        return False
    return ch == "_" or ch in _ASCII_DIGITS or unicodedata.category(ch) in _LETTER_CATEGORIES


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype, from the library's confusables data.

    The data lists, for a prototype, every character confusable with it, and for such a
    character its one prototype. A pair that lists only each other gets the smaller one.
    """
    text = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    data: dict[str, list[dict[str, str]]] = json.loads(text)
    mapping: dict[str, str] = {}
    for key, entries in data.items():
        targets = [entry["c"].replace(_DISPLAY_MARK, "") for entry in entries]
        if len(targets) > 1:
            for target in targets:
                mapping.setdefault(target, key)
    for key, entries in data.items():
        if len(entries) != 1:
            continue
        only = entries[0]["c"].replace(_DISPLAY_MARK, "")
        if key not in mapping and only not in mapping:
            mapping[max(key, only)] = min(key, only)
    return {source: proto for source, proto in mapping.items() if source != proto}


def _skeleton_once(text: str) -> str:
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in decomposed))


def username_skeleton(name: str) -> str:
    """The look-alike key, as stored: SHA-256 (hex) of the UTS #39 skeleton around casefolding
    (``b0b`` and ``BOB`` are one). Hashed because a skeleton can be longer than the name."""
    skeleton = _skeleton_once(_skeleton_once(username_key(name)).casefold()).casefold()
    return hashlib.sha256(skeleton.encode("utf-8")).hexdigest()


def valid_username(name: str) -> bool:
    return USERNAME_MIN <= len(name) <= USERNAME_MAX and all(map(allowed_character, name))
