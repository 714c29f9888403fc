"""``/verify`` for Rommé: a seed's deals for a number of players, the same as
``python -m romme_engine.verify``."""

from __future__ import annotations

from collections.abc import Mapping

import romme_engine.verify as romme_verify
from romme_engine.ruleset import Ruleset
from webapp.forms import BadInput
from webapp.i18n import gettext as _
from webapp.i18n import lazy_gettext as _l
from webapp.redeal import DealRow, Redeal
from webapp.romme.messages import seat_name

BAD_PLAYERS = _l("A Rommé table has 2 to 4 players.")
PLAYERS = ("2", "3", "4")
DEFAULT_PLAYERS = "3"


def romme_rows(deal: romme_verify.Deal) -> list[DealRow]:
    """A Rommé deal's lines: every seat's cards (the person is seat 0), then the stock."""
    rows = []
    for seat, cards in enumerate(deal.hands):
        who = seat_name(seat)
        label = _("%(who)s, dealer", who=who) if seat == deal.dealer else who
        rows.append(DealRow(f"seat-{seat}", label, cards))
    rows.append(DealRow("stock", _("Stock, top card first"), deal.stock))
    return rows


def redeal(
    seed: str, player_seed: str, count: int, ruleset: Ruleset, query: Mapping[str, str]
) -> Redeal:
    """Deals 1..``count`` of a Rommé match with this seed for ``query``'s ``players``."""
    raw = query.get("players", DEFAULT_PLAYERS)
    if raw not in PLAYERS:
        raise BadInput(BAD_PLAYERS)
    players = int(raw)
    found = romme_verify.deals(seed, player_seed, count, ruleset, players) if seed else []
    return Redeal([(deal.number, romme_rows(deal)) for deal in found], players)
