"""Rommé 复盘 (``romme_engine.ai.review``): the Hint-follower check, the label shares, the cost.

``python benchmarks/romme_review.py follow --hands 2000``: seat 0 plays the Hint's move at
every step against 1, 2 and 3 computer players (the hands split evenly over the three table
sizes; the computers' level easy, normal and expert by turns, a match each). Every finished
hand is reviewed from the match's record (``review_hand``: the replay of its deal and moves),
and each decision must show the Hint's move for the replayed view as the expert's, the move
played, and a loss, standard error and label of exactly 0, 0 and good. Exits 1 on any
difference.

``python benchmarks/romme_review.py calibrate --hands 600``: seat 0 plays as easy, normal and
expert in turn against normal computers (the hands split evenly over the levels and the table
sizes; ``--levels easy --players 4`` for one level at one table size); every decision of
seat 0 is reviewed as if it were the person's. Prints the share of each label, of moves
matching the expert's, the mean accuracy, loss quantiles, and the processor time of a hand's
review (p50 / p95 / max) by table size, alone and with seat 0's luck (``ai.luck.hand_luck``,
the site's orders), which the site computes with it: the figures of docs/review-romme.md.

Takes about 6 minutes for ``follow --hands 2010`` and 4 for ``calibrate --hands 450`` on the
busy 2-core machine (load average 7); run it under ``nice -n 10`` (one process, one hand after
another).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_common.review import Label  # noqa: E402
from engine_common.stats import percentile  # noqa: E402
from romme_engine import ROMME, Action, Match, NextHand, Phase, PlayerView  # noqa: E402
from romme_engine.ai import hint, make_bot  # noqa: E402
from romme_engine.ai.luck import hand_luck  # noqa: E402
from romme_engine.ai.review import HandReview, review_hand  # noqa: E402

TABLES = (2, 3, 4)
"""Players at the table: the person and 1, 2 or 3 computer players."""

Chooser = Callable[[PlayerView], Action]


def hands_of(person: Chooser, opponents: Callable[[int], str], players: int, hands: int,
             seed: int) -> Iterator[tuple[Match, int]]:
    """Play ``hands`` hands with ``person`` at seat 0; yield each finished hand's match and
    number (matches of the standard preset, one after another)."""
    rng = random.Random(seed)
    played = matches = 0
    while played < hands:
        match = Match.new(ROMME, players, rng)
        level = opponents(matches)
        matches += 1
        bots = [make_bot(level, random.Random(rng.random())) for _ in range(players)]
        while not match.is_over and played < hands:
            seat = match.turn
            if seat is None:
                match.apply(0, NextHand())
                continue
            view = match.view(seat)
            match.apply(seat, person(view) if seat == 0 else bots[seat].choose(view))
            if match.hand.phase is Phase.HAND_OVER:
                played += 1
                yield match, match.hand.number


def timed(match: Match, number: int) -> tuple[HandReview, float]:
    start = time.process_time()
    review = review_hand(match, number, 0)
    return review, time.process_time() - start


def luck_time(match: Match, number: int) -> float:
    """Processor seconds of seat 0's luck in the hand, as the site measures it."""
    start = time.process_time()
    hand_luck(match, number, 0)
    return time.process_time() - start


def follow(total: int) -> int:
    per = max(1, total // len(TABLES))
    levels = ("easy", "normal", "expert")
    bad = hands = decisions = 0
    costs: list[float] = []
    for players in TABLES:
        found = 0
        for match, number in hands_of(lambda v: hint(v).action, lambda m: levels[m % 3],
                                      players, per, 1000 + players):
            review, cost = timed(match, number)
            costs.append(cost)
            hands += 1
            found += 1
            for move in review.moves:
                decisions += 1
                clean = (move.loss, move.error, move.label) == (0.0, 0.0, Label.GOOD)
                if not (clean and move.matched and move.played == move.expert):
                    bad += 1
                    print("DIFFERS", players, number, move)
        print(f"hint-follower with {players - 1} computer players: {found} hands; so far"
              f" {decisions} decisions, {bad} differ", flush=True)
    print(f"all: {hands} hands, {decisions} decisions, {bad} with a loss or another expert"
          f" move; review of a hand p50 {percentile(costs, 0.5) * 1e3:.0f} ms,"
          f" p95 {percentile(costs, 0.95) * 1e3:.0f} ms")
    return 1 if bad else 0


def calibrate(total: int, levels: tuple[str, ...], tables: tuple[int, ...]) -> int:
    per = max(1, total // (len(levels) * len(tables)))
    for level in levels:
        labels: Counter[Label] = Counter()
        losses: list[float] = []
        clear: list[float] = []
        costs: dict[int, list[float]] = {}
        lucky: dict[int, list[float]] = {}
        matched = accuracy = 0.0
        for players in tables:
            me = make_bot(level, random.Random(players))
            for match, number in hands_of(me.choose, lambda m: "normal", players, per,
                                          2000 + players):
                review, cost = timed(match, number)
                costs.setdefault(players, []).append(cost)
                lucky.setdefault(players, []).append(cost + luck_time(match, number))
                for move in review.moves:
                    labels[move.label] += 1
                    losses.append(move.loss)
                    if move.loss > 2 * move.error:
                        clear.append(move.loss)
                    matched += move.matched
                    accuracy += move.accuracy
        n = len(losses)
        shares = ", ".join(f"{name.value} {labels[name] / n:.1%}" for name in Label)
        quantiles = " / ".join(f"{percentile(losses, q):.2f}" for q in (0.5, 0.9, 0.95, 0.99))
        hands = sum(len(c) for c in costs.values())
        print(f"{level} as the person vs normal: {hands} hands, {n} decisions")
        print(f"  labels: {shares} ({', '.join(f'{k.value} {labels[k]}' for k in Label)})")
        print(f"  matched the expert {matched / n:.1%}, mean accuracy {accuracy / n:.1f}")
        print(f"  loss p50 / p90 / p95 / p99: {quantiles} points, max {max(losses):.1f}")
        for players, found in costs.items():
            print(f"  review of a hand, {players - 1} computer players, processor time:"
                  f" p50 {percentile(found, 0.5) * 1e3:.0f} ms,"
                  f" p95 {percentile(found, 0.95) * 1e3:.0f} ms,"
                  f" max {max(found) * 1e3:.0f} ms ({len(found)} hands)")
            both = lucky[players]
            print(f"  review and luck of a hand, {players - 1} computer players:"
                  f" p50 {percentile(both, 0.5) * 1e3:.0f} ms,"
                  f" p95 {percentile(both, 0.95) * 1e3:.0f} ms, max {max(both) * 1e3:.0f} ms")
        print(f"  losses beyond twice their error: {len(clear)}, smallest"
              f" {min(clear, default=0):.1f}, tertiles "
              + " ".join(f"{percentile(clear, q / 3):.1f}" for q in (1, 2)) if clear
              else "  no loss beyond twice its error", flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("follow", "calibrate"))
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--levels", default="easy,normal,expert",
                        help="calibrate: the levels reviewed as the person, comma-separated")
    parser.add_argument("--players", default="2,3,4",
                        help="calibrate: the table sizes, the person included, comma-separated")
    args = parser.parse_args()
    if args.mode == "follow":
        return follow(args.hands or 2000)
    levels = tuple(args.levels.split(","))
    tables = tuple(int(n) for n in args.players.split(","))
    return calibrate(args.hands or 600, levels, tables)


if __name__ == "__main__":
    sys.exit(main())
