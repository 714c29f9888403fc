"""Rommé's start form (``templates/romme/_start_form.html``): the preset, how many computer
players and their difficulty."""

from __future__ import annotations

from wtforms import IntegerField, RadioField
from wtforms.validators import InputRequired, NumberRange

import romme_engine.ai
import romme_engine.ruleset as romme_rules
from webapp.i18n import lazy_gettext as _l
from webapp.labels import DEFAULT_DIFFICULTY, offered_levels
from webapp.start_form import BAD_PLAYER_SEED, StartForm

BAD_ROMME_START = _l(
    "Choose a Rommé ruleset, 1 to 3 computer players and a difficulty (Easy, Normal or Expert)."
)

LEVELS = offered_levels(romme_engine.ai.LEVELS)
"""The difficulties offered against Rommé's bots (`webapp.games.Game.levels`)."""


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
        choices=list(LEVELS), default=DEFAULT_DIFFICULTY, validators=[InputRequired()]
    )

    def refusal(self) -> str:
        return str(BAD_PLAYER_SEED if self.player_seed.errors else BAD_ROMME_START)
