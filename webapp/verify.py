"""``/verify``: re-deal a finished match from its revealed seed, on the site itself.

The same deals as ``python -m gin_engine.verify SEED [PLAYER_SEED]``; the page only reads its
query string and writes nothing. Reading, not trusting: whoever doubts the site can run the
command (or the few lines of Python behind it) on their own machine instead.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import lazy_gettext as _l

from gin_engine.verify import DEFAULT_DEALS, MAX_DEALS, commitment, deals
from webapp.play.service import PLAYER_SEED_MAX

bp = Blueprint("verify", __name__)

SEED_MAX = 128
BAD_SEED = _l("A seed is at most %(max)d printable characters.", max=SEED_MAX)
BAD_DEALS = _l("The number of deals must be a whole number from 1 to %(max)d.", max=MAX_DEALS)


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
    return render_template(
        "verify.html",
        seed=seed,
        player_seed=player_seed,
        count=count,
        max_deals=MAX_DEALS,
        commitment=commitment(seed) if seed else None,
        deals=deals(seed, player_seed, count) if seed else [],
    )
