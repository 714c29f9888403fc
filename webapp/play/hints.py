"""One translated sentence for each hint reason, with the numbers filled in."""

from __future__ import annotations

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l

from gin_engine.ai import Hint, HintReason

HINT_TEXT: dict[HintReason, LazyString] = {
    HintReason.NEXT_HAND: _l("Deal the next hand."),
    HintReason.GIN_NOW: _l("Go gin now by discarding %(card)s: no deadwood left."),
    HintReason.KNOCK_NOW: _l(
        "Knock now, discarding %(card)s: your deadwood would be %(after)d "
        "and an undercut looks unlikely."
    ),
    HintReason.HOLD_UNDERCUT_RISK: _l(
        "You could knock, but the computer may undercut you: discard %(card)s and play on."
    ),
    HintReason.HOLD_FOR_GIN: _l(
        "You could knock, but with plenty of stock left playing on pays more: discard "
        "%(card)s and wait for gin; if the computer knocks first, your low count may undercut it."
    ),
    HintReason.TAKE_UPCARD_COMPLETES_MELD: _l(
        "Take the upcard %(card)s: it completes a meld (deadwood %(before)d → %(after)d)."
    ),
    HintReason.TAKE_UPCARD_LOWERS_DEADWOOD: _l(
        "Take the upcard %(card)s: it lowers your deadwood (%(before)d → %(after)d)."
    ),
    HintReason.PASS_UPCARD: _l("Pass: the upcard %(card)s does not help your hand."),
    HintReason.PASS_UPCARD_STOCK_BETTER: _l(
        "Pass: the upcard %(card)s would help only a little; a card from the stock "
        "is more likely to complete a meld."
    ),
    HintReason.TAKE_DISCARD_COMPLETES_MELD: _l(
        "Take %(card)s from the discard pile: it completes a meld "
        "(deadwood %(before)d → %(after)d)."
    ),
    HintReason.TAKE_DISCARD_LOWERS_DEADWOOD: _l(
        "Take %(card)s from the discard pile: it lowers your deadwood "
        "(%(before)d → %(after)d)."
    ),
    HintReason.DRAW_STOCK: _l("Draw from the stock: the top discard does not help you."),
    HintReason.DRAW_STOCK_BETTER: _l(
        "Draw from the stock: %(card)s would help only a little; a card from the stock "
        "is more likely to complete a meld."
    ),
    HintReason.DISCARD_HIGHEST_DEADWOOD: _l(
        "Discard %(card)s: it sheds the most deadwood (%(before)d → %(after)d)."
    ),
    HintReason.DISCARD_SAFE: _l(
        "Discard %(card)s: the computer is unlikely to use it (deadwood %(after)d)."
    ),
    HintReason.DISCARD_KEEPS_CHANCES: _l(
        "Discard %(card)s: it keeps the cards most likely to make melds (deadwood %(after)d)."
    ),
}


def hint_text(hint: Hint) -> str:
    numbers = {
        "card": hint.card.symbol if hint.card else "",
        "before": hint.deadwood_before,
        "after": hint.deadwood_after,
    }
    return str(HINT_TEXT[hint.reason]) % numbers
