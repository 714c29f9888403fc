"""``/verify``: re-deal a finished match from its revealed seed, on the site itself.

The same deals as ``python -m gin_engine.verify SEED [PLAYER_SEED]`` (Gin Rummy) and, with
``game=romme&players=N``, ``python -m romme_engine.verify`` (the commands are in the README,
not on the page); with ``commitment=`` the page also says whether the seed's SHA-256 is the
commitment the table showed. It only reads its query string and writes nothing. Reading, not
trusting: whoever doubts the site can run the command (or the few lines of Python behind it)
on their own machine instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, render_template, request

import romme_engine as romme
import romme_engine.verify as romme_verify
from engine_common.fairness import commitment
from gin_engine.cards import Card
from gin_engine.ruleset import DEFAULT_PRESET, PRESETS, Opening, Ruleset
from gin_engine.verify import DEFAULT_DEALS, MAX_DEALS, Deal, deals
from romme_engine.ruleset import DEFAULT_PRESET as ROMME_DEFAULT
from webapp.i18n import gettext as _
from webapp.i18n import lazy_gettext as _l
from webapp.labels import ROMME_RULESETS, RULESETS
from webapp.models import GIN, ROMME
from webapp.play.service import PLAYER_SEED_MAX
from webapp.romme.messages import seat_name

bp = Blueprint("verify", __name__)

SEED_MAX = 128
BAD_SEED = _l("A seed is at most %(max)d printable characters.", max=SEED_MAX)
BAD_DEALS = _l("The number of deals must be a whole number from 1 to %(max)d.", max=MAX_DEALS)
BAD_RULES = _l("Unknown rules.")
BAD_PLAYERS = _l("A Rommé table has 2 to 4 players.")
BAD_COMMITMENT = _l("A commitment is 64 hexadecimal characters (0-9, a-f), as the table showed.")
_HEX_DIGEST = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True, slots=True)
class DealRow:
    """One line of a re-dealt deal: whose cards (``key``: the page's ``data-cards``) and which."""

    key: str
    label: str
    cards: Sequence[Card] | Sequence[romme.Card]


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


def romme_rows(deal: romme_verify.Deal) -> list[DealRow]:
    """A Rommé deal's lines: every seat's cards (the person is seat 0), then the stock."""
    rows = []
    for seat, cards in enumerate(deal.hands):
        who = seat_name(seat)
        label = _("%(who)s, dealer", who=who) if seat == deal.dealer else who
        rows.append(DealRow(f"seat-{seat}", label, cards))
    rows.append(DealRow("stock", _("Stock, top card first"), deal.stock))
    return rows


def _romme_deals(seed: str, player_seed: str, count: int) -> dict[str, Any]:
    rules = request.args.get("rules", ROMME_DEFAULT)
    if rules not in romme.PRESETS:
        abort(400, description=str(BAD_RULES))
    raw = request.args.get("players", "3")
    if raw not in ("2", "3", "4"):
        abort(400, description=str(BAD_PLAYERS))
    players = int(raw)
    found = (romme_verify.deals(seed, player_seed, count, romme.preset(rules), players)
             if seed else [])
    return {"rules": rules, "rulesets": ROMME_RULESETS, "players": players,
            "deals": [(deal.number, romme_rows(deal)) for deal in found]}


def _gin_deals(seed: str, player_seed: str, count: int) -> dict[str, Any]:
    rules = request.args.get("rules", DEFAULT_PRESET)
    if rules not in PRESETS:
        abort(400, description=str(BAD_RULES))
    ruleset = PRESETS[rules]
    found = deals(seed, player_seed, count, ruleset) if seed else []
    return {"rules": rules, "rulesets": RULESETS, "players": None,
            "deals": [(deal.number, deal_rows(deal, ruleset)) for deal in found]}


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
    shown = request.args.get("commitment", "").strip().lower()
    if shown and not _HEX_DIGEST.fullmatch(shown):
        abort(400, description=str(BAD_COMMITMENT))
    game = request.args.get("game", GIN)
    if game not in (GIN, ROMME):
        abort(400, description=str(BAD_RULES))
    found = (_romme_deals if game == ROMME else _gin_deals)(seed, player_seed, count)
    return render_template(
        "verify.html",
        seed=seed,
        player_seed=player_seed,
        count=count,
        game=game,
        max_deals=MAX_DEALS,
        commitment=commitment(seed) if seed else None,
        shown_commitment=shown,
        **found,
    )
