"""Computer players for Rommé: ``make_bot(level, rng)`` and the person's ``hint``.

Every level sees only its own ``PlayerView``, never another hand or the stock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine_common.turns import bot_move
from romme_engine.actions import Action, NextHand
from romme_engine.ai.hints import Hint, hint
from romme_engine.ai.levels import STYLES as LEVEL_STYLES
from romme_engine.ai.plan import Style, Why, step
from romme_engine.errors import IllegalActionError
from romme_engine.view import PlayerView

LEVELS = ("simple", "easy", "normal", "expert")
BENCH_LEVELS = (*LEVELS, "expert-v1")
"""What the tournament may seat: the levels and the first expert, kept as a yardstick."""

STYLES = LEVEL_STYLES


@dataclass(frozen=True, slots=True)
class Bot:
    level: str
    style: Style
    rng: random.Random

    def choose(self, view: PlayerView) -> Action:
        """One legal action for ``view``; between hands it deals on."""
        return bot_move(
            IllegalActionError, view, self.level, NextHand, lambda: step(view, self.style)[0]
        )


def make_bot(level: str, rng: random.Random) -> Bot:
    if level not in STYLES:
        raise ValueError(f"unknown level {level!r}")
    return Bot(level, STYLES[level], rng)


__all__ = ["BENCH_LEVELS", "LEVELS", "Bot", "Hint", "Why", "hint", "make_bot"]
