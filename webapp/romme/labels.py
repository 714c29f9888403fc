"""Translated names for Rommé's own values: how a hand ended (a template global of the
Rommé table's blueprint, `webapp.romme.views`)."""

from __future__ import annotations

from flask import Blueprint
from flask_babel import LazyString

import romme_engine
from webapp.i18n import lazy_pgettext as _lp

_ROMME_HAND_ENDS: dict[romme_engine.HandEnd, LazyString] = {
    romme_engine.HandEnd.OUT: _lp("Rommé hand", "went out"),
    romme_engine.HandEnd.HAND_ROMME: _lp("Rommé hand", "Hand-Rommé"),
    romme_engine.HandEnd.STOCK_OUT: _lp("Rommé hand", "stock ran out"),
}


def romme_hand_end_name(end: str) -> str:
    """How a Rommé hand ended ("went out", "Hand-Rommé", "stock ran out")."""
    return str(_ROMME_HAND_ENDS[romme_engine.HandEnd(end)])


def init_blueprint(bp: Blueprint) -> None:
    bp.add_app_template_global(romme_hand_end_name)
