"""``/verify`` for Gin Rummy: a seed's deals, the same as ``python -m gin_engine.verify``."""

from __future__ import annotations

from collections.abc import Mapping

from gin_engine.ruleset import Opening, Ruleset
from gin_engine.verify import Deal, deals
from webapp.i18n import gettext as _
from webapp.redeal import DealRow, Redeal


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


def redeal(
    seed: str, player_seed: str, count: int, ruleset: Ruleset, query: Mapping[str, str]
) -> Redeal:
    """Deals 1..``count`` of a Gin Rummy match with this seed (``query``: nothing more)."""
    found = deals(seed, player_seed, count, ruleset) if seed else []
    return Redeal([(deal.number, deal_rows(deal, ruleset)) for deal in found])
