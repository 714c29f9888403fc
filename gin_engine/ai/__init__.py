"""Computer players: four levels behind one interface, plus hints for the person.

``make_bot(level, rng)`` returns a ``Bot`` whose ``choose(view)`` gives a legal action for a
player's view. Bots never see the full state and keep no memory between calls: what they
remember of a hand they rebuild from the view's public history.

Levels: ``simple`` (the EAAI-style yardstick), ``easy``, ``normal``, ``expert``.
"""

from __future__ import annotations

import random

from gin_engine.ai.base import Bot, Policy
from gin_engine.ai.easy import easy_policy
from gin_engine.ai.expert import expert_policy
from gin_engine.ai.hints import Hint, HintReason, hint
from gin_engine.ai.normal import normal_policy
from gin_engine.ai.simple import simple_policy
from gin_engine.errors import InvalidInputError

POLICIES: dict[str, Policy] = {
    "simple": simple_policy,
    "easy": easy_policy,
    "normal": normal_policy,
    "expert": expert_policy,
}
LEVELS: tuple[str, ...] = tuple(POLICIES)


def make_bot(level: str, rng: random.Random) -> Bot:
    """The computer player of ``level``; ``rng`` breaks its ties and draws its samples."""
    try:
        policy = POLICIES[level]
    except KeyError:
        raise InvalidInputError(f"unknown level: {level!r}") from None
    return Bot(level, policy, rng)


__all__ = ["LEVELS", "Bot", "Hint", "HintReason", "Policy", "hint", "make_bot"]
