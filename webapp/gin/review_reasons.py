"""Why a flagged decision's expert move is better, in one line of the game's own words.

The line is the table's Hint for that position, word for word (`webapp.gin.hints.hint_text`:
its reason code's sentence, the chance the computer can use the card it throws), then the same
figures for the move the person made (the deadwood it left, the chance the computer can use
the card thrown), at a knock-or-play-on decision the chance that the next stock card makes gin
by playing on, and last the Hint's line of numbers there: the points each choice is expected to
score, with the knock's undercut risk.
Every figure is the review's (``MoveReview.why``, from the person's view: nothing hidden).

胡牌制 says it in its own words (米数 for deadwood, 米胡 and 金胡 for going out), as the Hint does.
"""

from __future__ import annotations

from flask_babel import LazyString

import gin_engine as engine
from gin_engine.ai.review import Kind, MoveReview
from gin_engine.ai.review_why import Why
from webapp.gin.hints import danger_text, estimates_line, hint_text, joined
from webapp.i18n import lazy_gettext as _l
from webapp.i18n import lazy_pgettext as _lp

# The move made, by kind of move: what it did to the deadwood.
_PLAYED: dict[str, LazyString] = {
    "discard": _l("You threw %(card)s: deadwood %(before)d → %(after)d."),
    "take": _l("You took %(card)s: deadwood %(before)d → %(after)d after the best discard."),
    "draw": _l("You drew from the stock: deadwood %(before)d until the card drawn helps."),
    "pass": _l("You passed: deadwood %(before)d until a card from the stock helps."),
    "knock": _l("You knocked with %(card)s, deadwood %(after)d."),
}
_HU_PLAYED: dict[str, LazyString] = {
    "discard": _lp("胡牌制", "You threw %(card)s: deadwood %(before)d → %(after)d."),
    "take": _lp(
        "胡牌制", "You took %(card)s: deadwood %(before)d → %(after)d after the best discard."),
    "draw": _lp(
        "胡牌制", "You drew from the stock: deadwood %(before)d until the card drawn helps."),
    "pass": _lp("胡牌制", "You passed: deadwood %(before)d until a card from the stock helps."),
    "knock": _lp("胡牌制", "You went out with a 米胡, %(card)s face down, deadwood %(after)d."),
}
_GIN_CHANCE: dict[engine.Scoring, LazyString] = {
    engine.Scoring.GIN_RUMMY: _l(
        "Playing on, the next card from the stock makes gin about %(chance)d%% of the time."),
    engine.Scoring.HU: _lp(
        "胡牌制",
        "Playing on, the next card from the stock makes a 金胡 about %(chance)d%% of the time."),
}


def reason_line(move: MoveReview, scoring: engine.Scoring) -> str:
    """The reason of a decision whose move was not the expert's; "" for the expert's own move
    and for a review kept before reasons were (``why`` None)."""
    why = move.why
    if why is None or move.matched:
        return ""
    said = [hint_text(why.advice, scoring, numbers=False), _played(move, why, scoring)]
    if why.danger is not None:
        said.append(danger_text(_card(move.played), why.danger))
    if move.kind is Kind.GO_OUT and why.gin_chance is not None and _percent(why.gin_chance):
        said.append(str(_GIN_CHANCE[scoring]) % {"chance": _percent(why.gin_chance)})
    numbers = estimates_line(why.advice, scoring)  # a knock's points and undercut risk, last
    if numbers:
        said.append(numbers)
    return joined(said)


def _played(move: MoveReview, why: Why, scoring: engine.Scoring) -> str:
    played = move.played
    numbers = {"card": _card(played) or _card_seen(move), "before": why.advice.deadwood_before,
               "after": why.deadwood}
    texts = _HU_PLAYED if scoring is engine.Scoring.HU else _PLAYED
    return str(texts[_kind_of(played)]) % numbers


def _kind_of(played: engine.Action) -> str:
    if isinstance(played, engine.Discard):
        return "discard"
    if isinstance(played, engine.TakeUpcard | engine.DrawDiscard):
        return "take"
    if isinstance(played, engine.DrawStock):
        return "draw"
    if isinstance(played, engine.PassUpcard):
        return "pass"
    return "knock"  # a knock; gin is never worse than the expert's move (the Hint goes gin)


def _card(action: engine.Action) -> str:
    card = getattr(action, "card", None)
    return card.symbol if card is not None else ""


def _card_seen(move: MoveReview) -> str:
    top = move.position.pile_top
    return top.symbol if top is not None else ""


def _percent(chance: float) -> int:
    return round(chance * 100)
