"""``python -m gin_engine.selfplay --hands N --level normal``: a level plays itself; hand figures.

Turns are counted per hand as the draws made by both players (taking the upcard counts as a
draw). Knock deadwood is the knocker's count at the showdown for knocks and undercuts (gins
excluded, they are 0 by definition), and so is the stock left at the knock. Matches follow
each other until N hands are played.
"""

from __future__ import annotations

import argparse
import random
import statistics

from gin_engine.ai import LEVELS, make_bot
from gin_engine.driver import play
from gin_engine.hand import Move, Phase
from gin_engine.match import Match
from gin_engine.results import HandEnd
from gin_engine.ruleset import PRESETS, preset

_DRAWS = (Move.TAKE_UPCARD, Move.DRAW_STOCK, Move.DRAW_DISCARD)


Record = tuple[int, str, int, int]
"""(turns, how the hand ended — with the 胡牌制 shape where there is one —, caller deadwood,
stock cards left at the end)."""


def play_hands(level: str, hands: int, ruleset_name: str, seed: int) -> list[Record]:
    """One record for each of ``hands`` hands."""
    ruleset = preset(ruleset_name)
    rng = random.Random(seed)
    bots = [make_bot(level, random.Random(f"{seed}:{p}")) for p in (0, 1)]
    found: list[Record] = []
    match = Match.new(ruleset, rng)
    while len(found) < hands:
        if match.phase is Phase.MATCH_OVER:
            match = Match.new(ruleset, rng)
        play(match, bots, hands=1)
        result = match.results[-1]
        turns = sum(1 for e in match.hand.history if e.move in _DRAWS)
        end = f"{result.end.value} {result.shape.value}" if result.shape else result.end.value
        found.append((turns, end, result.knocker_deadwood, len(match.hand.stock)))
    return found


def report(level: str, found: list[Record]) -> list[str]:
    turns = [t for t, _, _, _ in found]
    n = len(found)
    q1, median, q3 = statistics.quantiles(turns, n=4, method="inclusive")
    kinds = [e.value for e in HandEnd]
    ends = sorted({e for _, e, _, _ in found}, key=lambda k: (kinds.index(k.split()[0]), k))
    knocks = [(d, s) for _, e, d, s in found if e in (HandEnd.KNOCK, HandEnd.UNDERCUT)]
    mean_knock = statistics.fmean(d for d, _ in knocks) if knocks else 0.0
    median_stock = statistics.median(s for _, s in knocks) if knocks else 0.0
    called = [d for _, e, d, _ in found if e == HandEnd.MI_HU or e.startswith(HandEnd.ZHA_HU)]
    mean_called = statistics.fmean(called) if called else 0.0
    return [
        f"{level} vs {level}: {n} hands",
        f"turns per hand: median {median:g}, quartiles {q1:g}-{q3:g},"
        f" range {min(turns)}-{max(turns)}",
        ", ".join(f"{e} {sum(1 for _, x, _, _ in found if x == e) / n:.1%}" for e in ends),
        f"mean knocker deadwood (knocks and undercuts): {mean_knock:.2f},"
        f" median stock left at the knock: {median_stock:g}",
        f"mean caller deadwood (米胡 and 诈胡): {mean_called:.2f}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--ruleset", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for line in report(args.level, play_hands(args.level, args.hands, args.ruleset, args.seed)):
        print(line)


if __name__ == "__main__":
    main()
