"""Every computer player plays 胡牌制 and a 7-card game to the end, legally, and the hints
answer every view of those games."""

import random

import pytest

from gin_engine import HU, HU_RACE, Match, Phase, Ruleset, driver, legal_actions
from gin_engine.ai import LEVELS, hint, make_bot

SEVEN = Ruleset(name="seven", hand_size=7)


class Checked:
    """A bot whose every action is checked against the legal actions; hints asked as well."""

    def __init__(self, level: str, seed: str) -> None:
        self.bot = make_bot(level, random.Random(seed))

    def choose(self, view):
        action = self.bot.choose(view)
        assert action in legal_actions(view), (view.phase, action)
        if view.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            assert hint(view).action in legal_actions(view)
        return action


@pytest.mark.parametrize("ruleset", [HU, HU_RACE, SEVEN], ids=lambda r: r.name)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_the_variant_to_the_end(level, ruleset):
    for seed in range(2):
        match = Match.new(ruleset, random.Random(seed))
        driver.play(match, [Checked(level, f"{seed}:0"), Checked("easy", f"{seed}:1")])
        assert match.phase is Phase.MATCH_OVER and match.settlement is not None
        assert all(len(hand) == ruleset.hand_size for hand in match.hand.hands)
