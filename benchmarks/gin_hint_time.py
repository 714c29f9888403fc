"""The table's Hint: how long ``ai.hint(view)`` takes on views a person reaches.

``python benchmarks/gin_hint_time.py [VIEWS]``: views of seat 0 from seeded matches in which
seat 0 plays like a person (easy's moves, a quarter of them at random, useless takes included)
against the expert; each view is hinted once, as the table page does (``Random(0)``). Prints
p50 / p95 / max in wall-clock and processor time, over all views and over the knock decisions
(the ones with rollouts), which are the slowest.

Takes about 30 seconds for 3,000 views on one free core.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin_engine import CLASSIC, Match, Phase, legal_actions  # noqa: E402
from gin_engine.ai import Reason, hint, make_bot  # noqa: E402
from gin_engine.ai.easy import easy_policy  # noqa: E402


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e3

    return f"p50 {pick(0.5):.2f} ms  p95 {pick(0.95):.2f} ms  max {ordered[-1] * 1e3:.2f} ms"


def main(count: int) -> None:
    wall: list[float] = []
    cpu: list[float] = []
    knock_wall: list[float] = []
    knock_cpu: list[float] = []
    seed = 0
    while len(wall) < count:
        match = Match.new(CLASSIC, random.Random(seed))
        expert = make_bot("expert", random.Random(seed))
        rng = random.Random(seed)
        while match.phase is not Phase.MATCH_OVER and len(wall) < count:
            seat = match.to_act
            assert seat is not None
            view = match.view(seat)
            if seat == 1 or view.phase is Phase.HAND_OVER:
                match.apply(seat, expert.choose(view))
                continue
            start, start_cpu = time.perf_counter(), time.process_time()
            shown = hint(view)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            if shown.reason in (Reason.KNOCK_NOW, Reason.PLAY_ON):
                knock_wall.append(wall[-1])
                knock_cpu.append(cpu[-1])
            wander = rng.random() < 0.25
            move = rng.choice(legal_actions(view)) if wander else easy_policy(view, rng)
            match.apply(seat, move)
        seed += 1
    print(f"hint on {len(wall)} person views ({len(knock_wall)} knock decisions)")
    print(f"all views      wall {percentiles(wall)}")
    print(f"all views      cpu  {percentiles(cpu)}")
    if knock_wall:
        print(f"knock choices  wall {percentiles(knock_wall)}")
        print(f"knock choices  cpu  {percentiles(knock_cpu)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
