"""Hints: the expert's decision for the person, shown whole (move, reason code, estimates).

The site turns ``reason`` into one translated sentence and the estimates into a line of
numbers, e.g. knock about +38 (undercut about 6%) against play on about +22.
"""

from __future__ import annotations

import random

from gin_engine.ai.decide import Decision, decide
from gin_engine.view import PlayerView

Hint = Decision
"""The table's name for a decision shown to the person."""


def hint(view: PlayerView, rng: random.Random | None = None) -> Decision:
    """The expert's decision for this view; ``rng`` (default ``Random(0)``, so a page shows the
    same hint on every refresh) draws the sampled worlds."""
    return decide(view, rng or random.Random(0))
