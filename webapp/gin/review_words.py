"""The Gin Rummy review in words: each decision's kind and its two moves (the labels, the
points and the loss notes are every game's, `webapp.review.words`).

The moves are named as the person would say them at the table ("Discard 7♠", "Knock,
discarding 7♠"); 胡牌制 goes out with a 米胡 or a 金胡.
"""

from __future__ import annotations

from flask_babel import LazyString

import gin_engine as engine
from gin_engine.ai.review import Kind, MoveReview
from webapp.i18n import lazy_pgettext as _lp

_KINDS: dict[Kind, LazyString] = {
    Kind.UPCARD: _lp("review", "The upcard: take it or pass"),
    Kind.DRAW: _lp("review", "The draw: stock or pile"),
    Kind.DISCARD: _lp("review", "The discard"),
    Kind.GO_OUT: _lp("review", "Knock or play on"),
}
# What a decision was about, as the verdict names it ("lost mainly at decision 7, the discard").
_TOPICS: dict[Kind, LazyString] = {
    Kind.UPCARD: _lp("review topic", "the upcard"),
    Kind.DRAW: _lp("review topic", "the draw"),
    Kind.DISCARD: _lp("review topic", "the discard"),
    Kind.GO_OUT: _lp("review topic", "knocking or playing on"),
}
_HU_TOPICS: dict[Kind, LazyString] = {
    Kind.GO_OUT: _lp("review topic", "going out (胡牌) or playing on"),
}
# Moves that name a card; "play on" is a discard where going out was legal.
_CARD_MOVES: dict[str, LazyString] = {
    "take-upcard": _lp("review", "Take the upcard %(card)s"),
    "draw-discard": _lp("review", "Take %(card)s from the pile"),
    "discard": _lp("review", "Discard %(card)s"),
    "play-on": _lp("review", "Play on, discarding %(card)s"),
    "knock": _lp("review", "Knock, discarding %(card)s"),
    "gin": _lp("review", "Gin, discarding %(card)s"),
}
# 胡牌制 goes out (胡牌) with a 米胡 or a 金胡, the card face down; the rest is said alike.
_HU_KINDS: dict[Kind, LazyString] = {Kind.GO_OUT: _lp("review", "Go out (胡牌) or play on")}
_HU_CARD_MOVES: dict[str, LazyString] = {
    "knock": _lp("review", "米胡, discarding %(card)s face down"),
    "gin": _lp("review", "金胡, discarding %(card)s face down"),
}
_PLAIN_MOVES: dict[str, LazyString] = {
    "pass-upcard": _lp("review", "Pass"),
    "draw-stock": _lp("review", "Draw from the stock"),
}


def kind_name(kind: Kind, scoring: engine.Scoring) -> str:
    hu = scoring is engine.Scoring.HU
    return str(_HU_KINDS.get(kind, _KINDS[kind]) if hu else _KINDS[kind])


def topic_name(kind: Kind, scoring: engine.Scoring) -> str:
    hu = scoring is engine.Scoring.HU
    return str(_HU_TOPICS.get(kind, _TOPICS[kind]) if hu else _TOPICS[kind])


def move_name(move: MoveReview, action: engine.Action, scoring: engine.Scoring) -> str:
    """One of the decision's two moves in words: "Take 7♠ from the pile", "Knock, discarding
    K♣"; the card taken is the pile top the person saw."""
    name = engine.action_name(action)
    if name in _PLAIN_MOVES:
        return str(_PLAIN_MOVES[name])
    card = getattr(action, "card", None) or move.position.pile_top
    if name == "discard" and move.kind is Kind.GO_OUT:
        name = "play-on"
    words = _CARD_MOVES[name]
    if scoring is engine.Scoring.HU:
        words = _HU_CARD_MOVES.get(name, words)
    return str(words) % {"card": card.symbol if card else ""}
