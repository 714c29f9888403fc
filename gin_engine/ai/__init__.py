"""Computer players behind one interface, plus hints for the person.

``make_bot(level, rng)`` returns a ``Bot`` whose ``choose(view)`` gives a legal action for a
player's view. Bots never see the full state and keep no memory between calls: what they
remember of a hand they rebuild from the view's public history.

Levels offered on the site: ``simple`` (the EAAI-style yardstick), ``easy``, ``normal``,
``expert``. Yardsticks for the tournament only: ``patient``, ``ginhunter``, ``eager``,
``expert-v1`` (see ``yardsticks``). The expert plays ``decide(view, rng).action``; the hint
shows that same decision.
"""

from __future__ import annotations

import random

from gin_engine.ai.base import Bot, Policy
from gin_engine.ai.decide import Decision, Estimate, Reason, Unit, decide, expert_policy
from gin_engine.ai.easy import easy_policy
from gin_engine.ai.expert_v1 import expert_v1_policy
from gin_engine.ai.hints import Hint, hint
from gin_engine.ai.normal import normal_policy
from gin_engine.ai.simple import simple_policy
from gin_engine.ai.yardsticks import eager_policy, ginhunter_policy, patient_policy
from gin_engine.errors import InvalidInputError

POLICIES: dict[str, Policy] = {
    "simple": simple_policy,
    "easy": easy_policy,
    "normal": normal_policy,
    "expert": expert_policy,
}
LEVELS: tuple[str, ...] = tuple(POLICIES)
YARDSTICKS: dict[str, Policy] = {
    "patient": patient_policy,
    "ginhunter": ginhunter_policy,
    "eager": eager_policy,
    "expert-v1": expert_v1_policy,
}
PANEL: tuple[str, ...] = ("simple", *YARDSTICKS)
"""The opponents of ``python -m gin_engine.tournament expert --panel``."""
PLAYERS: tuple[str, ...] = (*LEVELS, *YARDSTICKS)


def make_bot(level: str, rng: random.Random) -> Bot:
    """The computer player ``level`` (a level or a yardstick); ``rng`` draws its samples."""
    policy = POLICIES.get(level) or YARDSTICKS.get(level)
    if policy is None:
        raise InvalidInputError(f"unknown level: {level!r}")
    return Bot(level, policy, rng)


__all__ = [
    "LEVELS", "PANEL", "PLAYERS", "YARDSTICKS", "Bot", "Decision", "Estimate", "Hint", "Policy",
    "Reason", "Unit", "decide", "hint", "make_bot",
]
