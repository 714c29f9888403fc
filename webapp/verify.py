"""``/verify``: re-deal a finished match from its revealed seed, on the site itself.

The same deals as ``python -m gin_engine.verify SEED [PLAYER_SEED]``; the page only reads its
query string and writes nothing. Reading, not trusting: whoever doubts the site can run the
command (or the few lines of Python behind it) on their own machine instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from gin_engine.cards import Card
from gin_engine.ruleset import DEFAULT_PRESET, PRESETS, Opening, Ruleset
from gin_engine.verify import DEFAULT_DEALS, MAX_DEALS, Deal, commitment, deals
from webapp.labels import RULESETS
from webapp.play.service import PLAYER_SEED_MAX

bp = Blueprint("verify", __name__)

SEED_MAX = 128
BAD_SEED = _l("A seed is at most %(max)d printable characters.", max=SEED_MAX)
BAD_DEALS = _l("The number of deals must be a whole number from 1 to %(max)d.", max=MAX_DEALS)
BAD_RULES = _l("Unknown rules.")


@dataclass(frozen=True, slots=True)
class DealRow:
    """One line of a re-dealt deal: whose cards (``key``: the page's ``data-cards``) and which."""

    key: str
    label: str
    cards: tuple[Card, ...]


def deal_rows(deal: Deal, ruleset: Ruleset) -> list[DealRow]:
    """A deal's lines in the words of its opening: an upcard, or (胡牌制) the dealer's 11th card."""
    if ruleset.opening is Opening.DEALER_DISCARDS:
        dealer = _("Dealer's hand (%(cards)d cards: the dealer opens the hand by discarding)",
                   cards=len(deal.dealer))
    else:
        dealer = _("Dealer's hand")
    rows = [DealRow("non-dealer", _("Non-dealer's hand"), deal.non_dealer),
            DealRow("dealer", dealer, deal.dealer)]
    if deal.upcard is not None:
        rows.append(DealRow("upcard", _("Upcard"), (deal.upcard,)))
    rows.append(DealRow("stock", _("Stock, top card first"), deal.stock))
    return rows


def _printable(text: str, longest: int) -> bool:
    return len(text) <= longest and text.isprintable()


@bp.get("/verify")
def verify() -> str:
    seed = request.args.get("seed", "").strip()
    player_seed = request.args.get("player_seed", "").strip()
    raw_deals = request.args.get("deals", str(DEFAULT_DEALS))
    if not _printable(seed, SEED_MAX) or not _printable(player_seed, PLAYER_SEED_MAX):
        abort(400, description=str(BAD_SEED))
    if not (raw_deals.isascii() and raw_deals.isdigit()) or not 1 <= int(raw_deals) <= MAX_DEALS:
        abort(400, description=str(BAD_DEALS))
    count = int(raw_deals)
    rules = request.args.get("rules", DEFAULT_PRESET)
    if rules not in PRESETS:
        abort(400, description=str(BAD_RULES))
    ruleset = PRESETS[rules]
    return render_template(
        "verify.html",
        seed=seed,
        player_seed=player_seed,
        count=count,
        rules=rules,
        rulesets=RULESETS,
        max_deals=MAX_DEALS,
        commitment=commitment(seed) if seed else None,
        deals=[(deal.number, deal_rows(deal, ruleset))
               for deal in (deals(seed, player_seed, count, ruleset) if seed else [])],
    )
