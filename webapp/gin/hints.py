"""The hint in words: what it advises and why, with the numbers a player knows.

A sentence per reason names the move and the deadwood before → after it; a discard adds the
chance that the card feeds the computer (the expert's reading of its hand); a knock choice adds
the points each move is expected to score, e.g. "Knock: about +38 (undercut about 6%) · Play
on: about +22", the chosen move first, so the page never advises against a move its own
numbers rate higher. The expert's internal hand score is never shown.

胡牌制 says every sentence in its own words (米数 for deadwood, 米胡 and 金胡 for going out):
the same English text under the context "胡牌制", translated apart.
"""

from __future__ import annotations

from flask_babel import LazyString

from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_engine.ai import Decision, Estimate, Reason, Unit
from gin_engine.ruleset import Scoring
from webapp.i18n import gettext
from webapp.i18n import lazy_gettext as _l
from webapp.i18n import lazy_pgettext as _lp

HINT_TEXT: dict[Reason, LazyString] = {
    Reason.NEXT_HAND: _l("Deal the next hand."),
    Reason.GIN_NOW: _l("Go gin now by discarding %(card)s: no deadwood left."),
    Reason.KNOCK_NOW: _l(
        "Knock now, discarding %(card)s (deadwood %(before)d → %(after)d): it is "
        "expected to score more than playing on."
    ),
    Reason.PLAY_ON: _l(
        "You could knock, but playing on is expected to score more: discard %(card)s "
        "(deadwood %(before)d → %(after)d)."
    ),
    Reason.TAKE_UPCARD_COMPLETES_MELD: _l(
        "Take the upcard %(card)s: it completes a meld (deadwood %(before)d → "
        "%(after)d)."
    ),
    Reason.TAKE_UPCARD_LOWERS_DEADWOOD: _l(
        "Take the upcard %(card)s: it lowers your deadwood (%(before)d → %(after)d)."
    ),
    Reason.PASS_UPCARD: _l("Pass: the upcard %(card)s does not help your hand."),
    Reason.PASS_UPCARD_STOCK_BETTER: _l(
        "Pass: the upcard %(card)s would help only a little; a card from the stock is "
        "more likely to complete a meld."
    ),
    Reason.TAKE_DISCARD_COMPLETES_MELD: _l(
        "Take %(card)s from the discard pile: it completes a meld (deadwood %(before)d "
        "→ %(after)d)."
    ),
    Reason.TAKE_DISCARD_LOWERS_DEADWOOD: _l(
        "Take %(card)s from the discard pile: it lowers your deadwood (%(before)d → "
        "%(after)d)."
    ),
    Reason.DRAW_STOCK: _l("Draw from the stock: the top discard does not help you."),
    Reason.DRAW_STOCK_BETTER: _l(
        "Draw from the stock: %(card)s would help only a little; a card from the stock "
        "is more likely to complete a meld."
    ),
    Reason.DISCARD_HIGHEST_DEADWOOD: _l(
        "Discard %(card)s: it sheds the most deadwood (%(before)d → %(after)d)."
    ),
    Reason.DISCARD_SAFE: _l(
        "Discard %(card)s: the computer is unlikely to use it (deadwood %(before)d → "
        "%(after)d)."
    ),
    Reason.DISCARD_KEEPS_CHANCES: _l(
        "Discard %(card)s: it keeps the cards most likely to make melds (deadwood "
        "%(before)d → %(after)d)."
    ),
}

# The same sentences in 胡牌制's words; its going out has its own sentences (米胡, 金胡).
HU_HINT_TEXT: dict[Reason, LazyString] = {
    Reason.NEXT_HAND: _lp("胡牌制", "Deal the next hand."),
    Reason.GIN_NOW: _lp(
        "胡牌制", "Go out with a 金胡 now by discarding %(card)s: no deadwood left."
    ),
    Reason.KNOCK_NOW: _lp(
        "胡牌制",
        "Go out with a 米胡 now, discarding %(card)s (deadwood %(before)d → %(after)d): "
        "it is expected to score more than playing on."
    ),
    Reason.PLAY_ON: _lp(
        "胡牌制",
        "You could go out with a 米胡, but playing on is expected to score more: discard "
        "%(card)s (deadwood %(before)d → %(after)d)."
    ),
    Reason.TAKE_UPCARD_COMPLETES_MELD: _lp(
        "胡牌制",
        "Take the upcard %(card)s: it completes a meld (deadwood %(before)d → "
        "%(after)d)."
    ),
    Reason.TAKE_UPCARD_LOWERS_DEADWOOD: _lp(
        "胡牌制",
        "Take the upcard %(card)s: it lowers your deadwood (%(before)d → %(after)d)."
    ),
    Reason.PASS_UPCARD: _lp("胡牌制", "Pass: the upcard %(card)s does not help your hand."),
    Reason.PASS_UPCARD_STOCK_BETTER: _lp(
        "胡牌制",
        "Pass: the upcard %(card)s would help only a little; a card from the stock is "
        "more likely to complete a meld."
    ),
    Reason.TAKE_DISCARD_COMPLETES_MELD: _lp(
        "胡牌制",
        "Take %(card)s from the discard pile: it completes a meld (deadwood %(before)d "
        "→ %(after)d)."
    ),
    Reason.TAKE_DISCARD_LOWERS_DEADWOOD: _lp(
        "胡牌制",
        "Take %(card)s from the discard pile: it lowers your deadwood (%(before)d → "
        "%(after)d)."
    ),
    Reason.DRAW_STOCK: _lp("胡牌制", "Draw from the stock: the top discard does not help you."),
    Reason.DRAW_STOCK_BETTER: _lp(
        "胡牌制",
        "Draw from the stock: %(card)s would help only a little; a card from the stock "
        "is more likely to complete a meld."
    ),
    Reason.DISCARD_HIGHEST_DEADWOOD: _lp(
        "胡牌制",
        "Discard %(card)s: it sheds the most deadwood (%(before)d → %(after)d)."
    ),
    Reason.DISCARD_SAFE: _lp(
        "胡牌制",
        "Discard %(card)s: the computer is unlikely to use it (deadwood %(before)d → "
        "%(after)d)."
    ),
    Reason.DISCARD_KEEPS_CHANCES: _lp(
        "胡牌制",
        "Discard %(card)s: it keeps the cards most likely to make melds (deadwood "
        "%(before)d → %(after)d)."
    ),
}


# Reasons that end with a card thrown: the chance it feeds the computer follows them.
_THROWS = (Reason.PLAY_ON, Reason.DISCARD_HIGHEST_DEADWOOD, Reason.DISCARD_SAFE,
           Reason.DISCARD_KEEPS_CHANCES)


def hint_text(hint: Decision, scoring: Scoring = Scoring.GIN_RUMMY, numbers: bool = True) -> str:
    """The advice and its reason in one sentence, then the numbers behind it (``numbers``:
    with the compared moves' points; a review's reason puts them last, `review_reasons`)."""
    card = hint.card.symbol if hint.card else ""
    figures = {"card": card, "before": hint.deadwood_before, "after": hint.deadwood_after}
    texts = HU_HINT_TEXT if scoring is Scoring.HU else HINT_TEXT
    said = [str(texts[hint.reason]) % figures]
    if hint.reason in _THROWS and hint.danger is not None:
        said.append(danger_text(card, hint.danger))
    line = estimates_line(hint, scoring) if numbers else ""
    if line:
        said.append(line)
    return joined(said)


def danger_text(card: str, chance: float) -> str:
    """The chance the computer can meld a card thrown, as a sentence (``card`` its symbol)."""
    return gettext("The computer can use %(card)s about %(chance)d%% of the time.") % {
        "card": card, "chance": round(chance * 100)}


def joined(said: list[str]) -> str:
    """Sentences one after the other, as the language writes them."""
    text = said[0]
    for more in said[1:]:  # Chinese sentences follow each other without a space
        text = gettext("%(first)s %(second)s") % {"first": text, "second": more}
    return text


def estimates_line(hint: Decision, scoring: Scoring = Scoring.GIN_RUMMY) -> str:
    """The points each compared move is expected to score, the chosen one first; only for a
    choice between going out and playing on (a discard's own figures are in its sentence)."""
    if hint.unit is not Unit.POINTS or not hint.estimates:
        return ""
    return gettext(" · ").join(_estimate_text(hint, e, scoring) for e in hint.estimates)


def _estimate_text(hint: Decision, estimate: Estimate, scoring: Scoring) -> str:
    move = _move_name(hint, estimate.action, scoring)
    points = f"{round(estimate.value):+d}".replace("-", "−")
    if estimate.undercut_risk is not None:
        risk = (gettext("%(move)s: about %(points)s (诈胡 about %(risk)d%%)")
                if scoring is Scoring.HU
                else gettext("%(move)s: about %(points)s (undercut about %(risk)d%%)"))
        return risk % {
            "move": move, "points": points, "risk": round(estimate.undercut_risk * 100)}
    return gettext("%(move)s: about %(points)s") % {"move": move, "points": points}


def _move_name(hint: Decision, action: Action, scoring: Scoring) -> str:
    card = getattr(action, "card", None) or hint.card
    symbol = card.symbol if card is not None else ""
    if isinstance(action, Knock):
        return gettext("Go out (米胡)") if scoring is Scoring.HU else gettext("Knock")
    if isinstance(action, Discard):
        if hint.unit is Unit.POINTS:
            return gettext("Play on")
        return gettext("Discard %(card)s") % {"card": symbol}
    if isinstance(action, TakeUpcard | DrawDiscard):
        return gettext("Take %(card)s") % {"card": symbol}
    if isinstance(action, PassUpcard):
        return gettext("Pass")
    if isinstance(action, DrawStock):
        return gettext("Draw from the stock")
    return gettext("This move")
