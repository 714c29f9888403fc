"""Try expert settings: ``python benchmarks/ai_tune.py expert simple 400 module.NAME=value ...``.

Sets module constants of ``gin_engine.ai`` before the worker processes fork, then runs the
tournament and prints its report. For tuning only; the settings in the code are the result.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin_engine.ruleset import preset  # noqa: E402
from gin_engine.tournament import report, run  # noqa: E402


def main() -> None:
    a, b, matches, *settings = sys.argv[1:]
    for setting in settings:
        name, value = setting.split("=")
        module_name, const = name.rsplit(".", 1)
        module = importlib.import_module(f"gin_engine.ai.{module_name}")
        setattr(module, const, type(getattr(module, const))(value))
    tally = run((a, b), int(matches), preset("classic"), seed=5000, jobs=2)
    print(" ".join(settings) or "defaults")
    for line in report((a, b), tally)[:3]:
        print(line)


if __name__ == "__main__":
    main()
