"""Rommé's 复盘 hook (`webapp.games.Review`): its engine reviews a finished hand
(`romme_engine.ai.review`) and measures its luck (``romme_engine.ai.luck.hand_luck``), encodes
the review for the store, and deals a finished hand again for a practice; its page says the
review in Rommé's words (`webapp.romme.review_page`).

``webapp.review`` reaches all of it through the registry and imports no engine.
"""

from __future__ import annotations

import random

import romme_engine as engine
from romme_engine.ai.luck import hand_luck
from romme_engine.ai.review import LABELS, HandReview, review_hand
from romme_engine.ai.review_snapshot import decode_review, encode_review
from romme_engine.ai.rollout import points as hand_points
from romme_engine.replay import deck_of, replayable
from webapp.banner import Banner
from webapp.models import PERSON
from webapp.review.page import HandPage
from webapp.review.summary import Tally
from webapp.review.words import thresholds
from webapp.romme.messages import hand_banner
from webapp.romme.review_page import decision_rows

_os_random = random.SystemRandom()

__all__ = ["decode_review", "encode_review", "hand_luck", "replayable", "review_hand"]


def tally(review: HandReview) -> Tally:
    return Tally(review.number, review.summary, sum(m.accuracy for m in review.moves))


def banner(match: engine.Match, number: int) -> Banner:
    """Hand ``number``'s result as its end said it to the person."""
    return hand_banner(match.results[number - 1])


def points(match: engine.Match, number: int) -> int:
    """Hand ``number``'s points to the person: what the others pay when the person went out,
    else minus what the person pays (`romme_engine.ai.rollout.points`, the review's own)."""
    return hand_points(match.results[number - 1], PERSON)


def hand_page(match: engine.Match, review: HandReview | None) -> HandPage:
    """The hand page's Rommé part: each decision's row in its words, the row's template and
    the labels' thresholds."""
    rows = decision_rows(review, match.ruleset) if review is not None else []
    return HandPage(rows, "romme/_review_row.html", thresholds(LABELS))


def practice(match: engine.Match, number: int) -> engine.Match:
    """A new match of as many players whose first hand is finished hand ``number`` of
    ``match`` dealt again (the same hands, stock order and dealer: `romme_engine.replay.deck_of`),
    with a fresh secret seed for the hands after it (and for the stock's refills)."""
    return engine.Match.new(
        match.ruleset, match.players, _os_random, deck=deck_of(match, number),
        dealer=match.results[number - 1].dealer,
    )
