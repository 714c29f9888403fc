"""Seeded automatic play for engine tests: mostly greedy, sometimes any legal move."""

import random

from gin_engine import Match, Phase, legal_actions
from gin_engine.players import greedy_action


def step(match: Match, rng: random.Random) -> tuple[int, object]:
    """Play one action for whoever must act; returns (player, action)."""
    player = match.hand.turn if match.turn is not None else rng.randrange(2)
    view = match.view(player)
    if rng.random() < 0.25:
        action = rng.choice(legal_actions(view))
    else:
        action = greedy_action(view, rng)
    match.apply(player, action)
    return player, action


def play_match(match: Match, rng: random.Random, limit: int = 5000) -> int:
    steps = 0
    while match.phase is not Phase.MATCH_OVER:
        step(match, rng)
        steps += 1
        assert steps < limit, "match did not finish"
    return steps
