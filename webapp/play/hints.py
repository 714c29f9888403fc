"""The hint in words: one translated sentence for the reason, then the estimates compared.

The numbers line reads e.g. "Knock: about +38 (undercut about 6%) · Play on: about +22 →
advice: knock". It lists exactly the estimates of the engine's decision, the chosen move first,
so the page can never advise against a move its own numbers rate higher.
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

HINT_TEXT: dict[Reason, LazyString] = {
    Reason.NEXT_HAND: _l("Deal the next hand."),
    Reason.GIN_NOW: _l("Go gin now by discarding %(card)s: no deadwood left."),
    Reason.KNOCK_NOW: _l(
        "Knock now, discarding %(card)s (deadwood %(after)d): by the estimate below it scores "
        "more than playing on."
    ),
    Reason.PLAY_ON: _l(
        "You could knock, but by the estimate below playing on scores more: discard %(card)s."
    ),
    Reason.TAKE_UPCARD_COMPLETES_MELD: _l(
        "Take the upcard %(card)s: it completes a meld (deadwood %(before)d → %(after)d)."
    ),
    Reason.TAKE_UPCARD_LOWERS_DEADWOOD: _l(
        "Take the upcard %(card)s: it lowers your deadwood (%(before)d → %(after)d)."
    ),
    Reason.PASS_UPCARD: _l("Pass: the upcard %(card)s does not help your hand."),
    Reason.PASS_UPCARD_STOCK_BETTER: _l(
        "Pass: the upcard %(card)s would help only a little; a card from the stock "
        "is more likely to complete a meld."
    ),
    Reason.TAKE_DISCARD_COMPLETES_MELD: _l(
        "Take %(card)s from the discard pile: it completes a meld "
        "(deadwood %(before)d → %(after)d)."
    ),
    Reason.TAKE_DISCARD_LOWERS_DEADWOOD: _l(
        "Take %(card)s from the discard pile: it lowers your deadwood "
        "(%(before)d → %(after)d)."
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
        "Discard %(card)s: the computer is unlikely to use it (deadwood %(after)d)."
    ),
    Reason.DISCARD_KEEPS_CHANCES: _l(
        "Discard %(card)s: it keeps the cards most likely to make melds (deadwood %(after)d)."
    ),
}


# 胡牌制 names the going out differently: 金胡 for gin, 米胡 for a knock, 诈胡 for an undercut.
HU_HINT_TEXT: dict[Reason, LazyString] = {
    Reason.GIN_NOW: _l("Go out with a 金胡 now by discarding %(card)s: no deadwood left."),
    Reason.KNOCK_NOW: _l(
        "Go out with a 米胡 now, discarding %(card)s (米 %(after)d): by the estimate below it "
        "scores more than playing on."
    ),
    Reason.PLAY_ON: _l(
        "You could go out with a 米胡, but by the estimate below playing on scores more: "
        "discard %(card)s."
    ),
}


def hint_text(hint: Decision, scoring: Scoring = Scoring.GIN_RUMMY) -> str:
    numbers = {
        "card": hint.card.symbol if hint.card else "",
        "before": hint.deadwood_before,
        "after": hint.deadwood_after,
    }
    texts = HU_HINT_TEXT if scoring is Scoring.HU else {}
    sentence = str(texts.get(hint.reason, HINT_TEXT[hint.reason])) % numbers
    line = estimates_line(hint, scoring)
    return f"{sentence} {line}" if line else sentence


def estimates_line(hint: Decision, scoring: Scoring = Scoring.GIN_RUMMY) -> str:
    """The compared moves with their estimates, the chosen one first, and the advice."""
    if not hint.estimates:
        return ""
    parts = [_estimate_text(hint, e, scoring) for e in hint.estimates]
    if hint.unit is Unit.HAND_SCORE:
        parts[-1] += gettext(" (lower is better)")
    advice = gettext("→ advised: %(move)s") % {
        "move": _move_name(hint, hint.estimates[0].action, scoring)
    }
    return gettext(" · ").join(parts) + " " + advice


def _estimate_text(hint: Decision, estimate: Estimate, scoring: Scoring) -> str:
    move = _move_name(hint, estimate.action, scoring)
    if hint.unit is Unit.HAND_SCORE:
        return gettext("%(move)s: hand score about %(score)s") % {
            "move": move, "score": f"{estimate.value:.0f}".replace("-", "−")}
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
