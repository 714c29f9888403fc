"""How big the generated and statistical tests are: small by default, full with ``FULL_TESTS=1``.

``make test`` runs each at the size that still finds the bugs it was written for (each call
says how that size was chosen); ``FULL_TESTS=1 make test`` runs the sizes they had before, for
before a release (docs/development.md). Standard library only: tests/engine imports it.
"""

from __future__ import annotations

import os

FULL = os.environ.get("FULL_TESTS", "") not in ("", "0")


def sized(small: int, full: int) -> int:
    """``small`` in the everyday run, ``full`` under ``FULL_TESTS=1``."""
    return full if FULL else small


def power_of_two(step: int) -> bool:
    """The steps a snapshot round trip is checked at in the everyday run (1, 2, 4, 8, …), as
    OpenSpiel's random-play tests do; every step under ``FULL_TESTS=1``."""
    return FULL or (step > 0 and step & (step - 1) == 0)
