"""Random full Rommé matches replayed from their snapshots at every step.

    nice -n 10 .venv/bin/python benchmarks/romme_fuzz.py --matches 2000

Random legal players (tests/engine/romme_play.py), 2, 3 and 4 players in turn, the ``romme``
preset (3 hands). At every step: the 110 cards are whole, and the JSON snapshot restores a
match whose snapshot is identical; at the end the match is replayed from its first snapshot
and must pass through the same snapshots.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from romme_engine import ROMME, Match  # noqa: E402
from tests.engine.romme_play import play_checked, random_action  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    steps = hands = 0
    for i in range(args.matches):
        seed = args.seed * 1_000_003 + i
        match = Match.new(ROMME, 2 + i % 3, random.Random(seed))
        first = match.to_dict()
        snapshots = play_checked(match, random.Random(seed))
        replay = Match.from_dict(first)
        rng = random.Random(seed)
        for text in snapshots:
            replay.apply(*random_action(replay, rng))
            if json.dumps(replay.to_dict(), separators=(",", ":")) != text:
                raise SystemExit(f"match {i}: replay differs")
        steps += len(snapshots)
        hands += len(match.results)
    wall = time.perf_counter() - start
    print(f"{args.matches} matches, {hands} hands, {steps} steps: every step restored from its"
          f" snapshot and replayed identically, 110 cards conserved; wall {wall:.0f} s")


if __name__ == "__main__":
    main()
