"""Rommé's daily (每日一局, `webapp.daily`): two deals of the ``romme`` rules against two
computer players, each board's result what the person collects or pays."""

from __future__ import annotations

import random
from dataclasses import replace

import romme_engine
from webapp.models import PERSON

BOARDS = 2
RULESET = "romme"
SEATS = 3
RULES = replace(romme_engine.preset(RULESET), hands=BOARDS)


def deal(seed: str) -> romme_engine.Match:
    """The day's match from its seed: board ``n`` is the seed's deal ``n``."""
    return romme_engine.Match.new(RULES, SEATS, random.Random(), seed=seed)


def results(match: romme_engine.Match) -> tuple[int, ...]:
    """Each finished board's result from the person's side: every opponent pays the person the
    difference of their penalties (or is paid it), so going out collects both hands."""
    return tuple(
        sum(p - r.penalties[PERSON] for seat, p in enumerate(r.penalties) if seat != PERSON)
        for r in match.results
    )
