"""Gin Rummy's start form (``templates/gin/_start_form.html``): the preset, 胡牌制's among
them, and the difficulty."""

from __future__ import annotations

from wtforms import RadioField
from wtforms.validators import InputRequired

import gin_engine.ai
import gin_engine.ruleset as gin_rules
from webapp.i18n import lazy_gettext as _l
from webapp.labels import DEFAULT_DIFFICULTY, offered_levels
from webapp.start_form import BAD_PLAYER_SEED, StartForm

LEVELS = offered_levels(gin_engine.ai.LEVELS)
"""The difficulties offered against Gin Rummy's bots (`webapp.games.Game.levels`)."""


class NewGinForm(StartForm):
    """A Gin Rummy match: the preset (胡牌制's among them) and the difficulty."""

    ruleset = RadioField(
        choices=list(gin_rules.PRESETS),
        default=gin_rules.DEFAULT_PRESET,
        validators=[InputRequired()],
    )
    difficulty = RadioField(
        choices=list(LEVELS), default=DEFAULT_DIFFICULTY, validators=[InputRequired()]
    )

    def refusal(self) -> str:
        if self.player_seed.errors:
            return str(BAD_PLAYER_SEED)
        if self.ruleset.errors:
            return str(_l("Unknown ruleset. Please choose Standard, Classic or Quick."))
        return str(_l("Unknown difficulty. Please choose Easy, Normal or Expert."))
