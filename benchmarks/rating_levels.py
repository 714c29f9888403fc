"""The computer levels' ratings per board from the engines' tournaments: webapp/rating/levels.json.

For each board (Gin Rummy ``gin`` under the site's default preset, 胡牌制 ``hu`` under ``hu``,
Rommé ``romme`` two-handed under ``romme``) it plays easy against normal and expert against
normal (`gin_engine.tournament`, `romme_engine.tournament`: common seeds, seats swapped or
rotated), fixes normal at 1500 and puts each other level at the rating difference whose
logistic expected score is its measured score per match (a shared Rommé win counts a half).
Prints each pairing's score with its 95% Wilson interval and the rating that interval spans,
and writes the data file the site reads (`webapp.rating.levels`).

Takes about 10 minutes of processor time at ``--matches 1600`` (22 minutes' wall clock on the
busy shared machine, one process), most of it the Gin Rummy expert's pairing:

    nice -n 15 .venv/bin/python benchmarks/rating_levels.py --matches 2000
    nice -n 15 .venv/bin/python benchmarks/rating_levels.py --matches 200 --out /tmp/levels.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from engine_common.stats import wilson
from gin_engine import tournament as gin_tournament
from gin_engine.ruleset import DEFAULT_PRESET, preset
from romme_engine import tournament as romme_tournament
from romme_engine.ruleset import preset as romme_preset
from webapp.rating.levels import NORMAL

NORMAL_RATING = 1500.0
SCALE = 400 / math.log(10)
"""Glicko's display scale: a rating difference d gives the expected score 1 / (1 + 10^(-d/400))."""


def expected_score(difference: float) -> float:
    """The logistic expected score of a player ``difference`` points above the opponent."""
    return 1 / (1 + 10 ** (-difference / 400))


def difference_for(score: float) -> float:
    """The rating difference whose expected score is ``score`` (0 < score < 1)."""
    return SCALE * math.log(score / (1 - score))


OUT = Path(__file__).resolve().parents[1] / "webapp" / "rating" / "levels.json"
BOARDS = {"gin": DEFAULT_PRESET, "hu": "hu", "romme": "romme"}
OTHERS = ("easy", "expert")


def measured(board: str, ruleset: str, level: str, matches: int, seed: int) -> tuple[int, float]:
    """``level``'s matches and score (wins + half the shared wins) against normal."""
    if board == "romme":
        romme = romme_tournament.run((level, NORMAL), 2, matches, romme_preset(ruleset), seed)
        return romme.matches, romme.wins + romme.shared / 2
    gin = gin_tournament.run((level, NORMAL), matches, preset(ruleset), seed)
    return gin.matches, float(gin.wins)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    boards: dict[str, object] = {}
    for board, ruleset in BOARDS.items():
        levels: dict[str, dict[str, float | int]] = {}
        for level in OTHERS:
            start = time.perf_counter()
            n, score = measured(board, ruleset, level, args.matches, args.seed)
            rate = score / n
            low, high = wilson(score, n)
            rating = NORMAL_RATING + difference_for(rate)
            print(
                f"{board:5} ({ruleset}) {level} vs normal: {score:g}/{n} = {rate:.1%}"
                f" (95% Wilson {low:.1%} .. {high:.1%}) -> {rating:.0f}"
                f" ({NORMAL_RATING + difference_for(low):.0f} .. "
                f"{NORMAL_RATING + difference_for(high):.0f}),"
                f" {time.perf_counter() - start:.0f} s",
                flush=True,
            )
            levels[level] = {"rating": round(rating), "score": round(rate, 4), "matches": n,
                             "low": round(low, 4), "high": round(high, 4)}
        ordered = {
            "easy": levels["easy"],
            NORMAL: {"rating": round(NORMAL_RATING), "score": 0.5},
            "expert": levels["expert"],
        }
        boards[board] = {"ruleset": ruleset, "levels": ordered}
    data = {
        "command": " ".join(["benchmarks/rating_levels.py", *sys.argv[1:]]),
        "seed": args.seed,
        "boards": boards,
    }
    args.out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
