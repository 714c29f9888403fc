"""Rommé's daily (每日一局, `webapp.daily`): two deals of the ``romme`` rules against two
computer players, each board's result what the person collects or pays — the hand's points
as its review counts them, so its luck adjusts it."""

from __future__ import annotations

import random
from dataclasses import replace

import romme_engine
from romme_engine.ai.rollout import points as hand_points
from webapp.models import PERSON

BOARDS = 2
RULESET = "romme"
SEATS = 3
RULES = replace(romme_engine.preset(RULESET), hands=BOARDS)


def deal(seed: str) -> romme_engine.Match:
    """The day's match from its seed: board ``n`` is the seed's deal ``n``."""
    return romme_engine.Match.new(RULES, SEATS, random.Random(), seed=seed)


def results(match: romme_engine.Match) -> tuple[int, ...]:
    """Each finished board's result from the person's side: both opponents' penalties when the
    person went out, else minus the person's own (`romme_engine.ai.rollout.points`)."""
    return tuple(hand_points(r, PERSON) for r in match.results)
