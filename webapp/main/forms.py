"""The start form: ruleset, difficulty and an optional seed of the player's own."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import RadioField, StringField
from wtforms.validators import InputRequired, Length, ValidationError

from webapp.labels import DEFAULT_DIFFICULTY, DEFAULT_RULESET, DIFFICULTIES, RULESETS
from webapp.play.service import PLAYER_SEED_MAX


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
    # Mixed into every deal (gin_engine.match.deal_seed); see the FAQ on fair deals.
    player_seed = StringField(
        filters=[lambda value: value.strip() if isinstance(value, str) else value],
        validators=[Length(max=PLAYER_SEED_MAX)],
    )

    def validate_player_seed(self, field: StringField) -> None:
        if not str(field.data or "").isprintable():
            raise ValidationError(BAD_PLAYER_SEED)


BAD_PLAYER_SEED = _l(
    "Your seed may have up to %(max)d characters, and no line breaks or other control "
    "characters.",
    max=PLAYER_SEED_MAX,
)
