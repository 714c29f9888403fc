"""What a Gin Rummy review page shows, as plain values for its template: one row per decision
(the summaries are any game's, `webapp.review.summary`).

Every card on the page comes from a decision's position (the person's own hand, the pile top,
the cards the computer took from the pile) or from the hand's result as the showdown showed it
(the template's banner): never the stock, never the computer's hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass

import gin_engine as engine
from gin_engine.ai.review import HandReview, Label, MoveReview
from gin_engine.cards import display_order
from webapp.gin.messages import deadwood_words
from webapp.gin.review_reasons import reason_line
from webapp.gin.review_words import kind_name, move_name, topic_name
from webapp.gin.table import Group, hand_groups
from webapp.review import page as shared
from webapp.review.page import judged


@dataclass(frozen=True)
class DecisionRow(shared.DecisionRow):
    groups: list[Group]
    """The hand as the table shows it: its best melds, then its deadwood."""
    deadwood_name: str
    """The deadwood group's name in the scoring's words (deadwood, 米数)."""
    pile_top: engine.Card | None
    opponent_taken: list[engine.Card]
    stock: int


def decision_rows(review: HandReview, scoring: engine.Scoring) -> list[DecisionRow]:
    return [_row(i, move, scoring) for i, move in enumerate(review.moves, start=1)]


def _row(number: int, move: MoveReview, scoring: engine.Scoring) -> DecisionRow:
    seen = move.position
    return DecisionRow(
        number=number,
        kind=kind_name(move.kind, scoring),
        played=move_name(move, move.played, scoring),
        expert=move_name(move, move.expert, scoring),
        **judged(move),
        topic=topic_name(move.kind, scoring),
        reason=reason_line(move, scoring) if move.label is not Label.GOOD else "",
        groups=hand_groups(seen.hand)[0],
        deadwood_name=deadwood_words(scoring, "group"),
        pile_top=seen.pile_top,
        opponent_taken=display_order(seen.opponent_taken),
        stock=seen.stock,
    )
