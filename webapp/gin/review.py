"""Gin Rummy's 复盘 hook (`webapp.games.Review`): its engine reviews a finished hand and
measures its luck (``gin_engine.ai.luck.hand_luck``), encodes the review for the store, and
deals a finished hand again for a practice; its page says the
review in Gin Rummy's words (`webapp.gin.review_page`, `webapp.gin.review_words`).

``webapp.review`` (the pages, the store, the trend) reaches all of it through the registry
and imports no engine.
"""

from __future__ import annotations

import random
from typing import Any

import gin_engine as engine
from gin_engine.ai.luck import hand_luck
from gin_engine.ai.review import LABELS, HandReview, review_hand
from gin_engine.ai.review_snapshot import decode_review, encode_review
from gin_engine.replay import deck_of, replayable
from webapp.gin.messages import hand_banner
from webapp.gin.review_page import decision_rows
from webapp.models import PERSON
from webapp.review.page import HandPage
from webapp.review.summary import Tally
from webapp.review.words import thresholds

_os_random = random.SystemRandom()

__all__ = ["decode_review", "encode_review", "hand_luck", "replayable", "review_hand"]


def tally(review: HandReview) -> Tally:
    return Tally(review.number, review.summary, sum(m.accuracy for m in review.moves))


def banner(match: engine.Match, number: int) -> Any:
    """Hand ``number``'s result as the showdown said it to the person."""
    return hand_banner(match.results[number - 1], PERSON)


def points(match: engine.Match, number: int) -> int:
    """Hand ``number``'s points to the person: won +, paid −, 0 when nobody scored."""
    return match.results[number - 1].points_to(PERSON)


def hand_page(match: engine.Match, review: HandReview | None) -> HandPage:
    """The hand page's Gin Rummy part: each decision's row in its words, the row's template
    and the labels' thresholds."""
    rows = decision_rows(review, match.ruleset.scoring) if review is not None else []
    return HandPage(rows, "gin/_review_row.html", thresholds(LABELS))


def practice(match: engine.Match, number: int) -> engine.Match:
    """A new match whose first hand is finished hand ``number`` of ``match`` dealt again
    (the same hands, upcard, stock order and dealer: `gin_engine.replay.deck_of`), with a
    fresh secret seed for the hands after it."""
    dealer = match.results[number - 1].dealer
    return engine.Match.new(
        match.ruleset, _os_random, first_dealer=dealer, deck=deck_of(match, number)
    )
