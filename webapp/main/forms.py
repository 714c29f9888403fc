"""The start form: ruleset and difficulty."""

from __future__ import annotations

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import RadioField
from wtforms.validators import InputRequired

from gin_engine.ruleset import DEFAULT_PRESET, PRESETS

DIFFICULTIES: dict[str, LazyString] = {
    "easy": _l("Easy"),
    "normal": _l("Normal"),
    "expert": _l("Expert"),
}
DEFAULT_DIFFICULTY = "normal"

RULESET_NAMES: dict[str, LazyString] = {
    "standard": _l("Standard"),
    "classic": _l("Classic"),
    "quick": _l("Quick"),
}


def ruleset_name(name: str) -> str:
    """The translated name of a ruleset preset (the preset key itself if unknown)."""
    label = RULESET_NAMES.get(name)
    return str(label) if label is not None else name


def difficulty_name(name: str) -> str:
    label = DIFFICULTIES.get(name)
    return str(label) if label is not None else name


class NewMatchForm(FlaskForm):
    ruleset = RadioField(
        choices=list(PRESETS),
        default=DEFAULT_PRESET,
        validators=[InputRequired()],
    )
    difficulty = RadioField(
        choices=list(DIFFICULTIES),
        default=DEFAULT_DIFFICULTY,
        validators=[InputRequired()],
    )
