"""The start forms, one per game (`webapp.games` names which): its ruleset, difficulty and an
optional seed of the player's own, and whatever else the game deals by."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, ValidationError

import gin_engine.ruleset as gin_rules
import romme_engine.ruleset as romme_rules
from webapp.i18n import lazy_gettext as _l
from webapp.labels import DEFAULT_DIFFICULTY, DIFFICULTIES

PLAYER_SEED_MAX = 64
"""The longest seed a player may type (the start forms and ``/verify``)."""
BAD_PLAYER_SEED = _l(
    "Your seed may have up to %(max)d characters, and no line breaks or other control "
    "characters.",
    max=PLAYER_SEED_MAX,
)
BAD_ROMME_START = _l(
    "Choose a Rommé ruleset, 1 to 3 computer players and a difficulty (Easy, Normal or Expert)."
)


class StartForm(FlaskForm):
    """What every start form has: the preset, the difficulty and the optional seed of the
    player's own. A game's form adds its own fields and says why a start was refused."""

    # Mixed into every deal (engine_common.fairness.deal_seed); see the FAQ on fair deals.
    player_seed = StringField(
        filters=[lambda value: value.strip() if isinstance(value, str) else value],
        validators=[Length(max=PLAYER_SEED_MAX)],
    )

    def validate_player_seed(self, field: StringField) -> None:
        if not str(field.data or "").isprintable():
            raise ValidationError(BAD_PLAYER_SEED)

    def refusal(self) -> str:
        """The 400 page's message for a form that did not validate."""
        raise NotImplementedError


class NewMatchForm(StartForm):
    """A Gin Rummy match: the preset (胡牌制's among them) and the difficulty."""

    ruleset = RadioField(
        choices=list(gin_rules.PRESETS),
        default=gin_rules.DEFAULT_PRESET,
        validators=[InputRequired()],
    )
    difficulty = RadioField(
        choices=list(DIFFICULTIES),
        default=DEFAULT_DIFFICULTY,
        validators=[InputRequired()],
    )

    def refusal(self) -> str:
        if self.player_seed.errors:
            return str(BAD_PLAYER_SEED)
        if self.ruleset.errors:
            return str(_l("Unknown ruleset. Please choose Standard, Classic or Quick."))
        return str(_l("Unknown difficulty. Please choose Easy, Normal or Expert."))


class NewRommeForm(StartForm):
    """A Rommé match: the preset, how many computer players (1–3), their difficulty."""

    OPPONENTS = range(romme_rules.ROMME.min_players - 1, romme_rules.ROMME.max_players)
    ruleset = RadioField(
        choices=list(romme_rules.PRESETS), default=romme_rules.DEFAULT_PRESET,
        validators=[InputRequired()],
    )
    opponents = IntegerField(
        default=2,
        validators=[
            InputRequired(),
            NumberRange(min=OPPONENTS.start, max=OPPONENTS.stop - 1),
        ],
    )
    difficulty = RadioField(
        choices=list(DIFFICULTIES), default=DEFAULT_DIFFICULTY, validators=[InputRequired()]
    )

    def refusal(self) -> str:
        return str(BAD_PLAYER_SEED if self.player_seed.errors else BAD_ROMME_START)
