"""Gin Rummy's daily (每日一局, `webapp.daily`): four boards of the standard rules, one hand
each, the computer dealing every board, each board's result from the person's side."""

from __future__ import annotations

import random
from dataclasses import replace

import gin_engine
from gin_engine.match import COMPUTER_DEALS_FIRST
from gin_engine.ruleset import MatchEnd
from webapp.models import PERSON

BOARDS = 4
RULESET = "standard"
RULES = replace(gin_engine.preset(RULESET), match_end=MatchEnd.BOARDS, hands=BOARDS,
                settlement=False)
"""The standard hands, ``BOARDS`` of them, none a game of its own: no game or box bonus."""


def deal(seed: str) -> gin_engine.Match:
    """The day's match from its seed: board ``n`` is the seed's deal ``n``."""
    return gin_engine.Match.new(RULES, random.Random(), first_dealer=COMPUTER_DEALS_FIRST,
                                seed=seed)


def results(match: gin_engine.Match) -> tuple[int, ...]:
    """Each finished board's points from the person's side: what the person scored, or minus
    what the computer scored; 0 for a dead hand."""
    return tuple(r.points_to(PERSON) for r in match.results)
