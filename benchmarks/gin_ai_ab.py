"""The expert on the site's workload, before against after: ``python benchmarks/gin_ai_ab.py REV``.

``engine_ab.py`` times the expert on positions of easy self-play, where few decisions weigh a
knock. On the site the expert mostly meets ``simple`` on the classic and standard rulesets, and
the slow replies are its knock decisions (sampled worlds played out). This script plays those
matches with REV's engine (``gin_base``, exported as ``engine_ab.py`` does) and with the
working tree's, keeps every view the expert decided, and times the same views for both, back
to back in alternating order, in processor time: all decisions, and the knock decisions alone
(a knock legal, so play-outs run). Prints the median and quartiles of the after/before ratios.

Takes about 5 minutes at ``--rounds 31`` on one free core.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine_ab import ROOT, _export, alternate


def _views(pkg: str, seeds: range) -> tuple[list[Any], list[Any]]:
    """(every view the expert decided, those with a knock to weigh) in expert-vs-simple matches."""

    def mod(name: str) -> Any:
        return importlib.import_module(f"{pkg}.{name}")

    ai, match, ruleset, hand, base = (mod(n) for n in ("ai", "match", "ruleset", "hand", "ai.base"))
    every, knocks = [], []
    for name in ("classic", "standard"):
        for seed in seeds:
            game = match.Match.new(ruleset.preset(name), random.Random(seed))
            bots = [ai.make_bot("expert", random.Random(seed)),
                    ai.make_bot("simple", random.Random(seed))]
            while game.phase is not hand.Phase.MATCH_OVER:
                seat = game.to_act
                view = game.view(seat)
                if seat == 0 and view.phase is not hand.Phase.HAND_OVER:
                    every.append(view)
                    if view.phase is hand.Phase.DISCARD:
                        least, _ = base.min_discard(base.hand_mask(view), view.taken_card)
                        if 0 < least <= view.ruleset.knock_limit:
                            knocks.append(view)
                game.apply(seat, bots[seat].choose(view))
    return every, knocks


def _runs(pkg: str, seeds: range) -> dict[str, Callable[[], object]]:
    every, knocks = _views(pkg, seeds)
    bot = importlib.import_module(f"{pkg}.ai").make_bot("expert", random.Random(1))
    return {
        f"expert decision ({len(every)} views)": lambda: [bot.choose(v) for v in every],
        f"knock decision ({len(knocks)} views)": lambda: [bot.choose(v) for v in knocks],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("rev", help="the 'before' git revision, e.g. main")
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--seeds", type=int, default=3, help="match seeds per ruleset")
    args = parser.parse_args()
    seeds = range(1, args.seeds + 1)
    with tempfile.TemporaryDirectory() as tmp:
        _export(args.rev, Path(tmp))
        sys.path.insert(0, tmp)
        sys.path.insert(0, str(ROOT))
        before, after = _runs("gin_base", seeds), _runs("gin_engine", seeds)
        print(f"after (working tree) / before ({args.rev}), CPU time, {args.rounds} rounds,"
              f" expert vs simple, classic and standard, seeds {seeds.start}..{seeds.stop - 1}")
        for name in before:
            ratios, spent_before = alternate(before[name], after[name], args.rounds)
            q1, median, q3 = statistics.quantiles(ratios, n=4)
            print(f"{name:<34} {(median - 1) * 100:+6.1f}%"
                  f"   quartiles {(q1 - 1) * 100:+.1f}% .. {(q3 - 1) * 100:+.1f}%"
                  f"   (before: {statistics.median(spent_before):.3f} s a round)")


if __name__ == "__main__":
    main()
