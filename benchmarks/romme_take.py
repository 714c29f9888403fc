"""Time of the take check (``can_take``: may the top discard be taken?) per position
(target p95 <= 5 ms).

    nice -n 15 .venv/bin/python benchmarks/romme_take.py --matches 2000

Every position where a player is to draw with a card on the discard pile, from seeded matches
of two to four players (match ``i``: ``2 + i % 3`` players, every seat the level
``LEVELS[i % 4]``, so each level's play shapes a quarter of the tables). Each check is timed in
CPU time of this process (``time.process_time``), which a busy shared machine does not
inflate, and in wall time; opened and not yet opened players are reported apart, since only
an opened player's check searches sequences of several steps.

Takes about 5 minutes of one free core at 2,000 matches (the bots' play is most of it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_common.stats import percentile  # noqa: E402
from romme_engine import ROMME, Match, Phase  # noqa: E402
from romme_engine.ai import LEVELS, make_bot  # noqa: E402
from romme_engine.discard_use import can_take  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: dict[str, list[tuple[float, float]]] = {"opened": [], "not opened": []}
    taken = 0
    for i in range(args.matches):
        players = 2 + i % 3
        level = LEVELS[i % len(LEVELS)]
        match = Match.new(ROMME, players, random.Random(f"{args.seed}:{i}"))
        bots = [make_bot(level, random.Random(f"{args.seed}:{i}:{s}")) for s in range(players)]
        while match.phase is not Phase.MATCH_OVER:
            seat = match.turn if match.turn is not None else 0
            hand = match.hand
            if match.phase is Phase.DRAW and hand.discard_pile:
                opened = hand.opened[seat]
                start, start_cpu = time.perf_counter(), time.process_time()
                taken += can_take(hand.hands[seat], hand.discard_pile[-1], hand.table, opened,
                                  hand.ruleset.opening)
                cpu = time.process_time() - start_cpu
                times["opened" if opened else "not opened"].append(
                    (cpu, time.perf_counter() - start))
            match.apply(seat, bots[seat].choose(match.view(seat)))
    every = [t for kind in times.values() for t in kind]
    print(f"{args.matches} matches, {len(every)} positions, {taken} takes allowed")
    for name, kind in (("all", every), *times.items()):
        for clock, index in (("cpu", 0), ("wall", 1)):
            values = [t[index] for t in kind]
            print(
                f"{name:10s} {clock:4s}: n={len(values)}"
                f" p50 {percentile(values, 0.5) * 1e3:.3f} ms"
                f" p95 {percentile(values, 0.95) * 1e3:.3f} ms"
                f" p99 {percentile(values, 0.99) * 1e3:.3f} ms"
                f" max {max(values) * 1e3:.2f} ms"
            )


if __name__ == "__main__":
    main()
