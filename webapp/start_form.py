"""What every game's start form has (`StartForm`): an optional seed of the player's own. Each
game's form, beside its table (``webapp.gin.start_form``, ``webapp.romme.start_form``), adds
its ruleset, its difficulty and whatever else the game deals by; `webapp.games` names which
form is whose."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import Length, ValidationError

from webapp.i18n import lazy_gettext as _l

PLAYER_SEED_MAX = 64
"""The longest seed a player may type (the start forms and ``/verify``)."""
BAD_PLAYER_SEED = _l(
    "Your seed may have up to %(max)d characters, and no line breaks or other control "
    "characters.",
    max=PLAYER_SEED_MAX,
)


class StartForm(FlaskForm):
    """What every start form has: the optional seed of the player's own. A game's form adds
    its preset, its difficulty and its own fields, and says why a start was refused."""

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
