"""Random full Rommé matches replayed from their snapshots at every step.

    nice -n 10 .venv/bin/python benchmarks/romme_fuzz.py --matches 2000

Random legal players (tests/engine/romme_play.py), 2, 3 and 4 players in turn, the ``romme``
preset (3 hands). At every step: the 110 cards are whole, and the JSON snapshot restores a
match whose snapshot is identical; at the end the match is replayed from its first snapshot
and must pass through the same snapshots. ``--max-seconds`` bounds the run on a busy
machine and reports how many matches were done.

Takes about 15 minutes for 2,000 matches on one free core (``--max-seconds`` bounds it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from romme_engine import ROMME, Action, Match  # noqa: E402
from tests.engine.romme_play import check_conserved, random_action  # noqa: E402

MAX_STEPS = 5000


def play_checked(match: Match, rng: random.Random) -> tuple[list[tuple[int, Action]], list[str]]:
    """Play ``match`` to its end; at every step check the cards and the snapshot round trip.
    Returns the (seat, action) steps and the JSON snapshot after each, for the replay."""
    steps: list[tuple[int, Action]] = []
    snapshots: list[str] = []
    while not match.is_over:
        player, action = random_action(match, rng)
        match.apply(player, action)
        check_conserved(match)
        text = json.dumps(match.to_dict(), separators=(",", ":"))
        assert Match.from_dict(json.loads(text)).to_dict() == match.to_dict()
        steps.append((player, action))
        snapshots.append(text)
        assert len(steps) < MAX_STEPS, "match runs on for ever"
    return steps, snapshots


def replay_identical(first: dict, steps: list[tuple[int, Action]], snapshots: list[str]) -> None:
    """Replay ``steps`` from the first snapshot; every step must give the same snapshot."""
    replay = Match.from_dict(first)
    for (player, action), text in zip(steps, snapshots, strict=True):
        replay.apply(player, action)
        assert json.dumps(replay.to_dict(), separators=(",", ":")) == text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="stop after this long and report the matches done")
    args = parser.parse_args()
    start = time.perf_counter()
    steps = hands = done = 0
    for i in range(args.matches):
        if args.max_seconds is not None and time.perf_counter() - start > args.max_seconds:
            break
        seed = args.seed * 1_000_003 + i
        match = Match.new(ROMME, 2 + i % 3, random.Random(seed))
        first = match.to_dict()
        played, snapshots = play_checked(match, random.Random(seed))
        replay_identical(first, played, snapshots)
        steps += len(played)
        hands += len(match.results)
        done += 1
    wall = time.perf_counter() - start
    print(f"{done} matches (2, 3 and 4 players in turn), {hands} hands, {steps} steps:"
          f" every step restored from its snapshot and replayed"
          f" identically, 110 cards conserved; wall {wall:.0f} s")


if __name__ == "__main__":
    main()
