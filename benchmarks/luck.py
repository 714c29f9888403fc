"""运气 (``gin_engine.ai.luck``): the deal means, the unbiasedness check, usefulness and cost.

``python benchmarks/luck.py deals [--deals N]``: the mean value of a deal to the non-dealer
under each distinct set of hand rules (the presets standard and hu; classic and quick share
standard's, hu-race hu's), over N random deals (default 20,000) of 4 stock orders each. Prints
the ``DEAL_MEANS`` lines to paste into gin_engine/ai/luck.py.

``python benchmarks/luck.py unbiased [--hands N] [--ruleset NAME] [--orders D,S]``: two normal
players play N hands (default 2,000) under each Gin ruleset (or NAME only); every hand's luck is
worked out for each seat, with the site's stock orders (``DEAL_ORDERS``, ``ORDERS``) or D for
the deal and S for each draw: a draw's luck and the deal's have mean 0 whatever the number of
orders, which changes only their noise, so fewer orders check the same estimator cheaper.
Prints each seat's mean luck per hand, and the non-dealer's (the dealer's is its opposite),
with its standard error and whether it is 0 within two of them; the processor time of a hand's
luck (p50 / p95 / max). Exits 1 if a mean is off.

``python benchmarks/luck.py useful [--hands N]``: expert (seat 0) against normal over N hands
(default 2,000) of the standard ruleset: the standard deviation of seat 0's points per hand and
of its luck-adjusted result, their ratio with a 95% bootstrap interval, the hands each needs to
tell expert from normal at 95% (1.96² · SD² / mean²), and the cost as above.

Takes about 2 minutes of processor time a set of hand rules for ``deals`` (100,000 deals),
8 for ``useful`` and 40 for ``unbiased`` with the site's orders (the 胡牌制 rulesets twice as
long as the others; about a quarter of that with ``--orders 32,24``). Run it under
``nice -n 10``, one at a time: it is one process, one hand after another.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_common.luck import HandLuck, paired  # noqa: E402
from engine_common.stats import percentile  # noqa: E402
from gin_engine import PRESETS, Match, Phase  # noqa: E402
from gin_engine.ai import make_bot  # noqa: E402
from gin_engine.ai.luck import (  # noqa: E402
    DEAL_MEANS,
    DEAL_ORDERS,
    ORDERS,
    dealt_value,
    hand_luck,
)
from gin_engine.deck import shuffled_deck  # noqa: E402
from gin_engine.driver import play  # noqa: E402
from gin_engine.hand import Hand  # noqa: E402
from gin_engine.results import HandResult  # noqa: E402

MEAN_ORDERS = 4
"""Stock orders per deal when the deal means are measured: any number gives the same mean;
few orders over many deals give the smallest error per processor second."""


def commit() -> str:
    found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                           text=True, check=False, cwd=Path(__file__).parent)
    return found.stdout.strip() or "unknown"


def deals(count: int) -> int:
    print(f"commit {commit()}: {count} deals of {MEAN_ORDERS} stock orders each")
    for name in DEAL_MEANS:
        rng = random.Random(0)
        values = []
        for number in range(1, count + 1):
            deck = shuffled_deck(f"luck-deals:{name}", number)
            hand = Hand.deal(PRESETS[name], number, 1, deck)  # seat 0 is the non-dealer
            values.append(dealt_value(hand, rng, MEAN_ORDERS).mean)
        mean = paired(values)
        print(f'    "{name}": Estimate({mean.mean:.3f}, {mean.error:.3f}),'
              f"  # SD of a deal's value {statistics.stdev(values):.1f}")
    return 0


Played = tuple[int, HandLuck, float, int]
"""(seat 0's points, seat 0's luck, processor seconds of that luck, the hand's dealer)."""


def hands_of(ruleset: str, levels: tuple[str, str], count: int, seed: int,
             orders: tuple[int, int] = (DEAL_ORDERS, ORDERS)) -> list[Played]:
    """Every hand's figures. Seat 1's luck is seat 0's exact opposite (``hand_luck`` works
    every value out for seat 0; tests/engine/test_ai_luck.py), so it is not worked out again."""
    rng = random.Random(seed)
    bots = [make_bot(level, random.Random(seed * 10 + k)) for k, level in enumerate(levels)]
    found: list[Played] = []
    match = Match.new(PRESETS[ruleset], rng)
    while len(found) < count:
        if match.phase is Phase.MATCH_OVER:
            match = Match.new(PRESETS[ruleset], rng)
        play(match, bots, hands=1)
        number = len(match.results)
        start = time.process_time()
        mine = hand_luck(match, number, 0, orders)
        spent = time.process_time() - start
        result = match.results[-1]
        found.append((seat_points(result, 0), mine, spent, result.dealer))
    return found


def seat_points(result: HandResult, seat: int) -> int:
    """The hand's points for ``seat``: positive when it scored, negative when the other did."""
    if result.scorer is None:
        return 0
    return result.points if result.scorer == seat else -result.points


def cost_line(seconds: list[float]) -> str:
    return (f"luck of a hand, processor time: p50 {percentile(seconds, 0.5) * 1e3:.0f} ms,"
            f" p95 {percentile(seconds, 0.95) * 1e3:.0f} ms, max {max(seconds) * 1e3:.0f} ms")


def unbiased(count: int, rulesets: list[str], orders: tuple[int, int]) -> int:
    print(f"commit {commit()}: normal against normal, {count} hands a ruleset,"
          f" {orders[0]} stock orders for the deal and {orders[1]} for each draw")
    off = 0
    for index, name in enumerate(rulesets):
        found = hands_of(name, ("normal", "normal"), count, 100 + index, orders)
        by_seat = [[f[1].total for f in found], [-f[1].total for f in found]]
        lucks = {"seat 0": by_seat[0], "seat 1": by_seat[1],
                 "the non-dealer": [by_seat[1 - f[3]][i] for i, f in enumerate(found)]}
        for who, values in lucks.items():
            luck = paired(values)
            inside = abs(luck.mean) <= 2 * luck.error
            off += not inside
            print(f"{name} {who}: mean luck {luck.mean:+.2f} ± {luck.error:.2f} a hand"
                  f" ({'within' if inside else 'NOT within'} two standard errors)")
        raw = [f[0] for f in found]
        print(f"{name}: SD of seat 0's points {statistics.pstdev(raw):.1f}; "
              + cost_line([f[2] for f in found]))
    return 1 if off else 0


def _sd_ratio(raw: list[float], adjusted: list[float]) -> float:
    return statistics.pstdev(adjusted) / statistics.pstdev(raw)


def useful(count: int) -> int:
    print(f"commit {commit()}: expert (seat 0) against normal, standard, {count} hands")
    found = hands_of("standard", ("expert", "normal"), count, 7)
    raw = [float(f[0]) for f in found]
    adjusted = [f[1].adjusted(f[0]) for f in found]
    ratio = _sd_ratio(raw, adjusted)
    rng = random.Random(0)
    boots = []
    for _ in range(1000):
        picks = [rng.randrange(len(raw)) for _ in raw]
        boots.append(_sd_ratio([raw[i] for i in picks], [adjusted[i] for i in picks]))
    boots.sort()
    print(f"SD of the result per hand: raw {statistics.pstdev(raw):.2f},"
          f" luck-adjusted {statistics.pstdev(adjusted):.2f};"
          f" ratio {ratio:.3f} [{boots[25]:.3f}, {boots[974]:.3f}] (95% bootstrap)")
    for label, values in (("raw", raw), ("luck-adjusted", adjusted)):
        mean, sd = statistics.fmean(values), statistics.pstdev(values)
        needed = math.ceil((1.96 * sd / mean) ** 2) if mean > 0 else 0
        print(f"{label}: mean {mean:+.2f} a hand, SD {sd:.2f}:"
              f" {needed} hands to tell expert from normal at 95%")
    errors = statistics.fmean(f[1].error for f in found)
    print(f"mean luck of seat 0 {statistics.fmean(f[1].total for f in found):+.2f};"
          f" mean standard error of a hand's luck {errors:.1f}")
    print(cost_line([f[2] for f in found]))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("deals", "unbiased", "useful"))
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--ruleset", choices=sorted(PRESETS))
    parser.add_argument("--orders", default=f"{DEAL_ORDERS},{ORDERS}",
                        help="stock orders of the deal and of each draw (unbiased)")
    args = parser.parse_args()
    if args.mode == "deals":
        return deals(args.deals)
    if args.mode == "unbiased":
        deal, draw = (int(n) for n in args.orders.split(","))
        return unbiased(args.hands, [args.ruleset] if args.ruleset else sorted(PRESETS),
                        (deal, draw))
    return useful(args.hands)


if __name__ == "__main__":
    sys.exit(main())
