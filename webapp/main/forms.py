"""The start form: ruleset, difficulty and an optional seed of the player's own."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, ValidationError

from romme_engine.ruleset import DEFAULT_PRESET as ROMME_DEFAULT
from romme_engine.ruleset import ROMME
from webapp.i18n import lazy_gettext as _l
from webapp.labels import (
    DEFAULT_DIFFICULTY,
    DEFAULT_RULESET,
    DIFFICULTIES,
    ROMME_RULESETS,
    RULESETS,
)
from webapp.play.service import PLAYER_SEED_MAX


class PlayerSeedForm(FlaskForm):
    """The optional seed of the player's own, on both start forms."""

    # Mixed into every deal (engine_common.fairness.deal_seed); see the FAQ on fair deals.
    player_seed = StringField(
        filters=[lambda value: value.strip() if isinstance(value, str) else value],
        validators=[Length(max=PLAYER_SEED_MAX)],
    )

    def validate_player_seed(self, field: StringField) -> None:
        if not str(field.data or "").isprintable():
            raise ValidationError(BAD_PLAYER_SEED)


class NewMatchForm(PlayerSeedForm):
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


class NewRommeForm(PlayerSeedForm):
    """A Rommé match: the preset, how many computer players (1–3), their difficulty."""

    ruleset = RadioField(
        choices=list(ROMME_RULESETS), default=ROMME_DEFAULT, validators=[InputRequired()]
    )
    opponents = IntegerField(
        default=2,
        validators=[
            InputRequired(),
            NumberRange(min=ROMME.min_players - 1, max=ROMME.max_players - 1),
        ],
    )
    difficulty = RadioField(
        choices=list(DIFFICULTIES), default=DEFAULT_DIFFICULTY, validators=[InputRequired()]
    )


BAD_ROMME_START = _l(
    "Choose a Rommé ruleset, 1 to 3 computer players and a difficulty (Easy, Normal or Expert)."
)
BAD_PLAYER_SEED = _l(
    "Your seed may have up to %(max)d characters, and no line breaks or other control "
    "characters.",
    max=PLAYER_SEED_MAX,
)
