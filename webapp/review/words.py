"""What every game's review says alike: the labels' names, the estimates in points, what a
loss of 0 means, the thresholds for the page's note. A game's own words (its kinds of
decision, its moves) are its package's (`webapp.gin.review_words`, `webapp.romme.review_page`).

Points are written with one decimal and a real minus sign, as estimates: "+1.5", "−3.2".
"""

from __future__ import annotations

from collections.abc import Iterable

from flask_babel import LazyString

from webapp.i18n import gettext as _
from webapp.i18n import lazy_pgettext as _lp

LABEL_NAMES: dict[str, LazyString] = {
    "good": _lp("review label", "Good"),
    "inaccuracy": _lp("review label", "Inaccuracy"),
    "mistake": _lp("review label", "Mistake"),
    "blunder": _lp("review label", "Blunder"),
}
"""Each label by its code (an engine's ``Label`` value)."""


def label_name(label: str) -> str:
    return str(LABEL_NAMES[label])


def thresholds(labels: Iterable[tuple[str, float]]) -> dict[str, str]:
    """Each label's threshold in points (an engine's ``LABELS``), as the page's note says
    them: {"mistake": "8", …}."""
    return {str(name): f"{points:g}" for name, points in labels}


def points(value: float) -> str:
    """An estimate in points, signed, one decimal: "+1.5", "−3.2", "0.0"."""
    shown = round(value, 1)
    if shown == 0:
        return "0.0"
    return f"{shown:+.1f}".replace("-", "−")


def loss_note(matched: bool, loss: float) -> str:
    """What a loss of 0 means: the expert's own move, or a move estimated at least as good."""
    if matched:
        return _("You made the expert's move.")
    if loss == 0:
        return _("Your move is estimated at least as good as the expert's: no loss.")
    return ""
