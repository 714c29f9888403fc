"""The planner (``romme_engine.ai.lookahead.Planner``) with other settings, against simple.

    nice -n 10 .venv/bin/python benchmarks/romme_planner.py 2 500 1 ordered=1 samples=8

Arguments: players, matches, first seed, then ``field=value`` settings of ``Planner``
(``match_play=1``, ``ordered=1``, ``gain=8.0``, ``samples=8``...). The level is seated as
``plan`` through ``romme_engine.tournament.run``: the same deals and seat rotation as
``python -m romme_engine.tournament expert-plan simple``; the report is the tournament's.

Takes about 2 minutes for 500 two-player matches on one free core.
"""

from __future__ import annotations

import sys
import time

import romme_engine.ai as ai
from romme_engine.ai.lookahead import Planner
from romme_engine.ruleset import ROMME
from romme_engine.tournament import report, run


def setting(text: str) -> tuple[str, float | int]:
    name, value = text.split("=")
    return name, float(value) if "." in value else int(value)


def main() -> None:
    players, matches, seed = (int(a) for a in sys.argv[1:4])
    settings = dict(setting(a) for a in sys.argv[4:])
    ai.STYLES["plan"] = Planner(**settings).style()  # type: ignore[arg-type]
    start = time.perf_counter()
    tally = run(("plan", "simple"), players, matches, ROMME, seed)
    for line in report(("plan", "simple"), players, tally):
        print(line)
    print(f"settings {settings}, seed {seed}, wall {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
