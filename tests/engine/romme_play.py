"""Random legal play for Rommé tests: players that pick uniformly among the legal actions,
leaning towards laying cards out so hands end in a reasonable number of turns."""

from __future__ import annotations

import random

from romme_engine import Discard, Match, Phase, Ruleset, TakeBack, legal_actions
from romme_engine.cards import CARD_COUNT

QUICK = Ruleset(name="quick-test", hands=1)


def random_action(match: Match, rng: random.Random):
    player = match.turn if match.turn is not None else 0
    legal = legal_actions(match.view(player))
    assert legal, f"no legal action in phase {match.phase}"
    if match.phase is Phase.DRAW or match.phase is Phase.HAND_OVER:
        return player, rng.choice(legal)
    laying = [a for a in legal if not isinstance(a, Discard | TakeBack)]
    discards = [a for a in legal if isinstance(a, Discard)]
    if laying and (rng.random() < 0.8 or not discards):
        return player, rng.choice(laying)
    return player, rng.choice(discards or legal)


def check_conserved(match: Match) -> None:
    cards = match.hand.all_cards()
    assert len(cards) == CARD_COUNT and len(set(cards)) == CARD_COUNT


def play_checked(match: Match, rng: random.Random, max_steps: int = 5000) -> None:
    """Play ``match`` to its end, checking at every step that the cards stay whole."""
    for _ in range(max_steps):
        if match.phase is Phase.MATCH_OVER:
            return
        player, action = random_action(match, rng)
        match.apply(player, action)
        check_conserved(match)
    raise AssertionError("match runs on for ever")
