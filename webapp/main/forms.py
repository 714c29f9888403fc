"""The start form: ruleset and difficulty."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import RadioField
from wtforms.validators import InputRequired

from webapp.labels import DEFAULT_DIFFICULTY, DEFAULT_RULESET, DIFFICULTIES, RULESETS


class NewMatchForm(FlaskForm):
    ruleset = RadioField(
        choices=list(RULESETS),
        default=DEFAULT_RULESET,
        validators=[InputRequired()],
    )
    difficulty = RadioField(
        choices=list(DIFFICULTIES),
        default=DEFAULT_DIFFICULTY,
        validators=[InputRequired()],
    )
