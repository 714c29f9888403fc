"""Time of the best lay-down search per 14-card hand (target p95 <= 20 ms).

    nice -n 10 .venv/bin/python benchmarks/romme_laydown.py --hands 2000

Two kinds of hands: dealt from the shuffled 110 cards (what a player holds), and crowded ones
(two suits, 0-3 jokers) where melds compete, the search's hard case. Each call is timed in CPU
time of this process (``time.process_time``), which a busy shared machine does not inflate, and
in wall time.

Takes about 10 seconds for 2,000 hands of each kind on one free core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_common.stats import percentile  # noqa: E402
from romme_engine import DECK, best_lay_down  # noqa: E402


def dealt(rng: random.Random) -> list:  # type: ignore[type-arg]
    return rng.sample(DECK, 14)


def crowded(rng: random.Random) -> list:  # type: ignore[type-arg]
    jokers = rng.choice([0, 1, 2, 3])
    naturals = [c for c in DECK if not c.is_joker and c.suit in (0, 1)]
    return rng.sample(naturals, 14 - jokers) + [c for c in DECK if c.is_joker][:jokers]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name, make in (("dealt", dealt), ("crowded", crowded)):
        rng = random.Random(args.seed)
        cpu, wall = [], []
        for _ in range(args.hands):
            hand = make(rng)
            start, start_cpu = time.perf_counter(), time.process_time()
            best_lay_down(hand)
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start)
        for clock, times in (("cpu", cpu), ("wall", wall)):
            print(
                f"{name:8s} 14-card hands, {clock:4s}: n={args.hands}"
                f" p50 {percentile(times, 0.5) * 1e3:.2f} ms"
                f" p95 {percentile(times, 0.95) * 1e3:.2f} ms"
                f" max {max(times) * 1e3:.2f} ms"
            )


if __name__ == "__main__":
    main()
