"""运气 (``gin_engine.ai.luck``, ``romme_engine.ai.luck``): the deal means, the unbiasedness
check, usefulness and cost. Gin Rummy's by default; ``--game romme`` for Rommé's, whose figures
the same code reports (``report_unbiased``, ``report_useful``).

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

``python benchmarks/luck.py useful [--hands N] [--sources]``: expert (seat 0) against normal
over N hands (default 2,000) of the standard ruleset: the standard deviation of seat 0's points
per hand and of its luck-adjusted result, their ratio with a 95% bootstrap interval, the hands
each needs to tell expert from normal at 95% (1.96² · SD² / mean²), and the cost as above. With
``--sources``, the ratio with each source of the luck taken off alone (the deal, own draws, the
others' draws, the deal and own draws) and with the draws scaled by the best-fitting factor
(a bound on what rescaling the draws could give, not a figure the site shows).

Rommé (``--game romme``, the standard preset; ``--players`` the table sizes, default 2,3,4):
``deals`` measures every seat's mean at each table size (the dealer the last seat, so seat k
is the k-th from the dealer's left) and prints the ``DEAL_MEANS`` lines for
romme_engine/ai/luck.py; ``unbiased`` plays normal at every seat and checks every seat's mean
luck, and every seat's counted from the dealer's left, at each table size; ``useful`` plays
expert at seat 0 against normal computers at the largest table size given, ``--orders D,S``
and ``--turns K`` (the turns of a draw's play-outs) the site's unless given.

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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_common.luck import Estimate, HandLuck, paired  # noqa: E402
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
from romme_engine import ROMME  # noqa: E402
from romme_engine import Match as RommeMatch  # noqa: E402
from romme_engine import Phase as RommePhase  # noqa: E402
from romme_engine.ai import luck as romme_luck  # noqa: E402
from romme_engine.ai import make_bot as make_romme_bot  # noqa: E402
from romme_engine.ai.luck import dealt_value as romme_dealt_value  # noqa: E402
from romme_engine.ai.luck import table_luck  # noqa: E402
from romme_engine.ai.rollout import points as romme_points  # noqa: E402
from romme_engine.deck import shuffled_deck as romme_deck  # noqa: E402
from romme_engine.hand import Hand as RommeHand  # noqa: E402

MEAN_ORDERS = 4
"""Stock orders per deal when the deal means are measured: any number gives the same mean;
few orders over many deals give the smallest error per processor second."""
ROMME_TABLES = (2, 3, 4)
"""Rommé's table sizes: the person and 1, 2 or 3 computer players."""


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


def romme_deals(count: int) -> int:
    """Rommé's ``DEAL_MEANS``: every seat's value of the same deals, by table size."""
    print(f"commit {commit()}: Rommé, {count} deals a table size of {MEAN_ORDERS} stock orders")
    for players in ROMME_TABLES:
        rng = random.Random(0)
        values: list[tuple[Estimate, ...]] = []
        for number in range(1, count + 1):
            deck = romme_deck(f"luck-deals:romme:{players}", number)
            # The dealer is the last seat, so seat k is the k-th from the dealer's left.
            hand = RommeHand.deal(ROMME, number, players - 1, players, deck, f"d:{number}")
            values.append(romme_dealt_value(hand, rng, MEAN_ORDERS))
        means = [paired(v[seat].mean for v in values) for seat in range(players)]
        spread = max(statistics.stdev(v[seat].mean for v in values) for seat in range(players))
        print(f"    {players}: (" + ", ".join(f"Estimate({m.mean:.2f}, {m.error:.2f})"
                                             for m in means)
              + f"),  # largest SD of a deal's value {spread:.1f}", flush=True)
    return 0


@dataclass(frozen=True, slots=True)
class Played:
    """One finished hand's figures, for either game."""

    points: tuple[int, ...]
    """The hand's points by seat."""
    luck: tuple[HandLuck, ...]
    """Its luck by seat."""
    seconds: float
    """Processor time of working the luck out."""
    dealer: int


def hands_of(ruleset: str, levels: tuple[str, str], count: int, seed: int,
             orders: tuple[int, int] = (DEAL_ORDERS, ORDERS)) -> list[Played]:
    """Every Gin hand's figures. Seat 1's luck is seat 0's exact opposite (``hand_luck`` works
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
        points = result.points_to(0)
        theirs = HandLuck(-mine.deal, -mine.their_draws, -mine.own_draws, mine.error)
        found.append(Played((points, -points), (mine, theirs), spent, result.dealer))
    return found


def romme_hands_of(levels: tuple[str, ...], count: int, seed: int,
                   orders: tuple[int, int] = (romme_luck.DEAL_ORDERS, romme_luck.ORDERS),
                   turns: int = romme_luck.TURNS) -> list[Played]:
    """Every Rommé hand's figures, ``levels[s]`` playing seat ``s`` (the standard preset);
    every seat's luck from the same play-outs (``table_luck``)."""
    rng = random.Random(seed)
    players = len(levels)
    bots = [make_romme_bot(level, random.Random(seed * 10 + k)) for k, level in enumerate(levels)]
    found: list[Played] = []
    match = RommeMatch.new(ROMME, players, rng)
    while len(found) < count:
        if match.phase is RommePhase.MATCH_OVER:
            match = RommeMatch.new(ROMME, players, rng)
        if match.hand.phase is RommePhase.HAND_OVER:
            match.next_hand()
        seat = match.hand.turn
        match.apply(seat, bots[seat].choose(match.view(seat)))
        result = match.hand.result
        if result is None:
            continue
        start = time.process_time()
        lucks = table_luck(match, result.number, orders, turns)
        spent = time.process_time() - start
        points = tuple(romme_points(result, s) for s in range(players))
        found.append(Played(points, lucks, spent, result.dealer))
    return found


def cost_line(seconds: list[float]) -> str:
    return (f"luck of a hand, processor time: p50 {percentile(seconds, 0.5) * 1e3:.0f} ms,"
            f" p95 {percentile(seconds, 0.95) * 1e3:.0f} ms, max {max(seconds) * 1e3:.0f} ms")


def report_unbiased(name: str, found: list[Played]) -> int:
    """Each seat's mean luck a hand and each seat's counted from the dealer's left (Gin
    Rummy's non-dealer, Rommé's starter first), within two standard errors or not; returns
    how many are not."""
    players = len(found[0].luck)
    lucks = {f"seat {s}": [f.luck[s].total for f in found] for s in range(players)}
    for k in range(players):
        lucks[f"seat {k} from the dealer's left"] = [
            f.luck[(f.dealer + 1 + k) % players].total for f in found]
    off = 0
    for who, values in lucks.items():
        luck = paired(values)
        inside = abs(luck.mean) <= 2 * luck.error
        off += not inside
        print(f"{name} {who}: mean luck {luck.mean:+.2f} ± {luck.error:.2f} a hand"
              f" ({'within' if inside else 'NOT within'} two standard errors)")
    print(f"{name}: SD of seat 0's points {statistics.pstdev(f.points[0] for f in found):.1f};"
          f" mean standard error of a seat's luck a hand"
          f" {statistics.fmean(f.luck[0].error for f in found):.1f}; "
          + cost_line([f.seconds for f in found]), flush=True)
    return off


def unbiased(count: int, rulesets: list[str], orders: tuple[int, int]) -> int:
    print(f"commit {commit()}: normal against normal, {count} hands a ruleset,"
          f" {orders[0]} stock orders for the deal and {orders[1]} for each draw")
    off = 0
    for index, name in enumerate(rulesets):
        off += report_unbiased(name, hands_of(name, ("normal", "normal"), count, 100 + index,
                                              orders))
    return 1 if off else 0


def romme_unbiased(count: int, tables: list[int], orders: tuple[int, int]) -> int:
    print(f"commit {commit()}: Rommé, normal at every seat, {count} hands a table size,"
          f" {orders[0]} stock orders for the deal and {orders[1]} for each draw")
    off = 0
    for players in tables:
        found = romme_hands_of(("normal",) * players, count, 200 + players, orders)
        off += report_unbiased(f"Rommé {players} players", found)
    return 1 if off else 0


def _sd_ratio(raw: list[float], adjusted: list[float]) -> float:
    return statistics.pstdev(adjusted) / statistics.pstdev(raw)


def _ratio_line(raw: list[float], adjusted: list[float]) -> str:
    """The SD ratio of ``adjusted`` to ``raw`` with its 95% bootstrap interval."""
    rng = random.Random(0)
    boots = []
    for _ in range(1000):
        picks = [rng.randrange(len(raw)) for _ in raw]
        boots.append(_sd_ratio([raw[i] for i in picks], [adjusted[i] for i in picks]))
    boots.sort()
    return f"{_sd_ratio(raw, adjusted):.3f} [{boots[25]:.3f}, {boots[974]:.3f}] (95% bootstrap)"


SOURCES: dict[str, Callable[[HandLuck], float]] = {
    "deal only": lambda luck: luck.deal,
    "own draws only": lambda luck: luck.own_draws,
    "others' draws only": lambda luck: luck.their_draws,
    "deal and own draws": lambda luck: luck.deal + luck.own_draws,
}
"""What each source of a hand's luck does alone (``--sources``): the result less that part."""


def report_useful(found: list[Played], sources: bool = False) -> int:
    """Seat 0's raw and luck-adjusted result a hand: their SDs, the ratio with a 95%
    bootstrap interval, the hands each needs to tell seat 0's level from the others';
    with ``sources``, the ratio with each source of the luck taken off alone."""
    raw = [float(f.points[0]) for f in found]
    adjusted = [f.luck[0].adjusted(f.points[0]) for f in found]
    print(f"SD of the result per hand: raw {statistics.pstdev(raw):.2f},"
          f" luck-adjusted {statistics.pstdev(adjusted):.2f};"
          f" ratio {_ratio_line(raw, adjusted)}")
    for name, part in SOURCES.items() if sources else ():
        less = [f.points[0] - part(f.luck[0]) for f in found]
        print(f"  {name}: SD {statistics.pstdev(less):.2f}, ratio {_ratio_line(raw, less)}")
    if sources:
        rest = [f.points[0] - f.luck[0].deal for f in found]
        draws = [f.luck[0].own_draws + f.luck[0].their_draws for f in found]
        beta = statistics.covariance(rest, draws) / statistics.variance(draws)
        less = [r - beta * d for r, d in zip(rest, draws, strict=True)]
        print(f"  deal + {beta:.2f} x draws (fitted): ratio {_ratio_line(raw, less)}")
    for label, values in (("raw", raw), ("luck-adjusted", adjusted)):
        mean, sd = statistics.fmean(values), statistics.pstdev(values)
        needed = math.ceil((1.96 * sd / mean) ** 2) if mean > 0 else 0
        print(f"{label}: mean {mean:+.2f} a hand, SD {sd:.2f}:"
              f" {needed} hands to tell the levels apart at 95%")
    errors = statistics.fmean(f.luck[0].error for f in found)
    print(f"mean luck of seat 0 {statistics.fmean(f.luck[0].total for f in found):+.2f};"
          f" mean standard error of a hand's luck {errors:.1f}")
    print(cost_line([f.seconds for f in found]))
    return 0


def useful(count: int, sources: bool) -> int:
    print(f"commit {commit()}: expert (seat 0) against normal, standard, {count} hands")
    return report_useful(hands_of("standard", ("expert", "normal"), count, 7), sources)


def romme_useful(count: int, players: int, orders: tuple[int, int], sources: bool,
                 turns: int) -> int:
    print(f"commit {commit()}: Rommé, expert (seat 0) against {players - 1} normal,"
          f" {count} hands, {orders[0]} stock orders for the deal and {orders[1]} for each draw,"
          f" the draws' play-outs cut short after {turns} turns")
    found = romme_hands_of(("expert",) + ("normal",) * (players - 1), count, 9, orders, turns)
    return report_useful(found, sources)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("deals", "unbiased", "useful"))
    parser.add_argument("--game", choices=("gin", "romme"), default="gin")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--ruleset", choices=sorted(PRESETS), help="Gin Rummy: one ruleset")
    parser.add_argument("--players", default="2,3,4",
                        help="Rommé: table sizes (unbiased), the largest for useful")
    parser.add_argument("--orders", help="stock orders of the deal and of each draw (unbiased;"
                        " Rommé's useful too); the site's by default")
    parser.add_argument("--sources", action="store_true",
                        help="useful: the ratio with each source of the luck taken off alone")
    parser.add_argument("--turns", type=int, default=romme_luck.TURNS,
                        help="Rommé's useful: turns of a draw's play-outs; the site's by default")
    args = parser.parse_args()
    romme = args.game == "romme"
    if args.mode == "deals":
        return romme_deals(args.deals) if romme else deals(args.deals)
    tables = [int(n) for n in args.players.split(",")]
    site = (romme_luck.DEAL_ORDERS, romme_luck.ORDERS) if romme else (DEAL_ORDERS, ORDERS)
    deal, draw = (int(n) for n in args.orders.split(",")) if args.orders else site
    if args.mode == "useful":
        if romme:
            return romme_useful(args.hands, max(tables), (deal, draw), args.sources, args.turns)
        return useful(args.hands, args.sources)
    if romme:
        return romme_unbiased(args.hands, tables, (deal, draw))
    return unbiased(args.hands, [args.ruleset] if args.ruleset else sorted(PRESETS),
                    (deal, draw))


if __name__ == "__main__":
    sys.exit(main())
