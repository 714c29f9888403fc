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

from flask import Blueprint, abort, render_template, request

from engine_common.fairness import DEFAULT_DEALS, MAX_DEALS, commitment
from webapp import games
from webapp.i18n import lazy_gettext as _l
from webapp.start_form import PLAYER_SEED_MAX

bp = Blueprint("verify", __name__)

SEED_MAX = 128
BAD_SEED = _l("A seed is at most %(max)d printable characters.", max=SEED_MAX)
BAD_DEALS = _l("The number of deals must be a whole number from 1 to %(max)d.", max=MAX_DEALS)
BAD_RULES = _l("Unknown rules.")
BAD_COMMITMENT = _l("A commitment is 64 hexadecimal characters (0-9, a-f), as the table showed.")
_HEX_DIGEST = re.compile(r"[0-9a-f]{64}")


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
    try:
        game = games.named(request.args.get("game"))
    except games.UnknownGame:
        abort(400, description=str(BAD_RULES))
    rules = request.args.get("rules", game.default_ruleset)
    if rules not in game.presets:
        abort(400, description=str(BAD_RULES))
    found = game.redeal(seed, player_seed, count, game.presets[rules], request.args)
    return render_template(
        "verify.html",
        seed=seed,
        player_seed=player_seed,
        count=count,
        game=game,
        games=games.GAMES,
        rules=rules,
        players=found.players,
        deals=found.deals,
        max_deals=MAX_DEALS,
        commitment=commitment(seed) if seed else None,
        shown_commitment=shown,
    )
