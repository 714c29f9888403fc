"""Seeded automatic play for engine tests: mostly easy's moves, sometimes any legal move."""

import random
from dataclasses import dataclass

from gin_engine import Action, Match, Phase, PlayerView, legal_actions
from gin_engine.ai.easy import easy_policy
from gin_engine.driver import step as driver_step


@dataclass(frozen=True)
class Wanderer:
    """Plays like ``easy`` three times in four, otherwise any legal move; one shared ``rng``."""

    rng: random.Random

    def choose(self, view: PlayerView) -> Action:
        if self.rng.random() < 0.25 or view.phase is Phase.HAND_OVER:
            return self.rng.choice(legal_actions(view))
        return easy_policy(view, self.rng)


def step(match: Match, rng: random.Random) -> tuple[int, Action]:
    """Play one action for whoever must act; returns (player, action)."""
    wanderer = Wanderer(rng)
    done = driver_step(match, (wanderer, wanderer))
    assert done is not None, "nobody is to act: the match is over"
    return done


def play_match(match: Match, rng: random.Random, limit: int = 5000) -> int:
    steps = 0
    while match.phase is not Phase.MATCH_OVER:
        step(match, rng)
        steps += 1
        assert steps < limit, "match did not finish"
    return steps
