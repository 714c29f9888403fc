"""Try AI settings on a tournament.

``python benchmarks/gin_tune.py expert simple 1000 [--seed S] [--jobs J] module.NAME=value ...``

Sets module constants of ``gin_engine.ai`` (before any worker process forks), then runs the
tournament and prints its first lines. For tuning only; the settings in the code are the result.

Takes what the tournament takes: about 2 minutes per 1,000 expert matches on one core.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin_engine.ruleset import preset  # noqa: E402
from gin_engine.tournament import report, run  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("matches", type=int)
    parser.add_argument("settings", nargs="*")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_intermixed_args()  # settings may come before or after the options
    for setting in args.settings:
        name, value = setting.split("=")
        module_name, const = name.rsplit(".", 1)
        module = importlib.import_module(f"gin_engine.ai.{module_name}")
        setattr(module, const, type(getattr(module, const))(value))
    tally = run((args.a, args.b), args.matches, preset("classic"), args.seed, args.jobs)
    print(" ".join(args.settings) or "defaults")
    lines = report((args.a, args.b), tally)
    # the match wins, the points, and the decision times of both bots (processor time)
    print("\n".join(lines[1:3] + [lines[-3], lines[-1]]))


if __name__ == "__main__":
    main()
