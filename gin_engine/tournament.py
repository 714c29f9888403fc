"""``python -m gin_engine.tournament A B``: two computer players play matches with seats swapped.

``python -m gin_engine.tournament expert --panel`` plays A against each yardstick in turn.

Each deal seed is played twice, each bot in each seat, so both meet the same cards; a match is
``Match.new(ruleset, Random(seed))``, which fixes every deal of it. Prints the match win rate
with its 95% Wilson interval, points per match, how hands ended, and decision times per bot.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from multiprocessing import Pool

from engine_common import stats
from engine_common.stats import rate_line, time_line
from gin_engine.actions import Action
from gin_engine.ai import PANEL, PLAYERS, make_bot
from gin_engine.driver import Player, play
from gin_engine.hand import Phase
from gin_engine.match import Match
from gin_engine.results import HandEnd
from gin_engine.ruleset import PRESETS, Ruleset, preset
from gin_engine.view import PlayerView


@dataclass
class Tally(stats.Tally):
    """Totals from the first bot's side (A); B's figures are the complements. ``ends``:
    knock/gin/undercut by whom (``"A knock"``) and ``"dead"``; ``times`` by side, A and B."""

    points: int = 0
    """A's hand points minus B's, summed over matches."""
    cpu: dict[str, list[float]] = field(default_factory=dict)
    """The same decisions' processor time: on a shared machine the wall clock also counts the
    time other programs held the core."""


@dataclass(frozen=True, slots=True)
class Timed:
    """A player whose every decision time is added to ``times`` (wall) and ``cpu``."""

    player: Player
    times: list[float]
    cpu: list[float]

    def choose(self, view: PlayerView) -> Action:
        if view.phase is Phase.HAND_OVER:
            return self.player.choose(view)  # dealing on is no decision
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self.player.choose(view)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - start_cpu)
        return action


def play_match(ruleset: Ruleset, seed: int, levels: tuple[str, str], a_seat: int) -> Tally:
    """One match of bot A (in seat ``a_seat``) against bot B on the deals of ``seed``."""
    match = Match.new(ruleset, random.Random(seed))
    seats = [0, 0]
    seats[a_seat], seats[1 - a_seat] = 0, 1  # seat -> bot (0 = A, 1 = B)
    tally = Tally(matches=1, times={"A": [], "B": []}, cpu={"A": [], "B": []})
    bots = [
        Timed(make_bot(levels[b], random.Random(f"{seed}:{b}:{a_seat}")),
              tally.times["AB"[b]], tally.cpu["AB"[b]])
        for b in (0, 1)
    ]
    play(match, [bots[seats[0]], bots[seats[1]]])
    _record_hands(match, seats, tally, 0)
    assert match.settlement is not None
    a_player = a_seat
    tally.wins = int(match.settlement.winner == a_player)
    scores = match.scores
    tally.points = scores[a_player] - scores[1 - a_player]
    return tally


def _record_hands(match: Match, seats: list[int], tally: Tally, seen: int) -> int:
    for result in match.results[seen:]:
        if result.end is HandEnd.DEAD or result.knocker is None:
            tally.ends["dead"] += 1
        else:
            shape = f" {result.shape.value}" if result.shape else ""  # 胡牌制 tiers
            tally.ends[f"{'AB'[seats[result.knocker]]} {result.end.value}{shape}"] += 1
    return len(match.results)


def _play_pair(job: tuple[Ruleset, int, tuple[str, str]]) -> Tally:
    ruleset, seed, levels = job
    total = Tally()
    for a_seat in (0, 1):
        total.add(play_match(ruleset, seed, levels, a_seat))
    return total


def run(
    levels: tuple[str, str], matches: int, ruleset: Ruleset, seed: int, jobs: int = 1
) -> Tally:
    """Play ``matches`` matches (rounded up to an even number: seeds ``seed``, ``seed+1``, ...)."""
    work = [(ruleset, seed + i, levels) for i in range((matches + 1) // 2)]
    total = Tally()
    parts: Iterable[Tally]
    if jobs > 1:
        with Pool(jobs) as pool:
            parts = pool.map(_play_pair, work, chunksize=max(1, len(work) // (jobs * 8)))
            for part in parts:
                total.add(part)
    else:
        for job in work:
            total.add(_play_pair(job))
    return total


def report(levels: tuple[str, str], tally: Tally) -> list[str]:
    a, b = levels
    n = tally.matches
    hands = sum(tally.ends.values())
    lines = [
        f"{a} (A) vs {b} (B): {n} matches, seats swapped on common seeds",
        rate_line("A match wins", tally.wins, n),
        f"A points per match (A minus B hand points): {tally.points / n:+.1f}",
        f"hands: {hands}, {hands / n:.2f} per match",
    ]
    kinds = [e.value for e in HandEnd if e is not HandEnd.DEAD]
    seen = {key.split(" ", 1)[1] for key in tally.ends if key != "dead"}
    for end in sorted(seen, key=lambda k: (kinds.index(k.split()[0]), k)):
        for side in "AB":
            count = tally.ends[f"{side} {end}"]
            lines.append(f"  {side} {end:<16} {count:6d}  {count / max(1, hands):6.1%}")
    lines.append(f"  dead       {tally.ends['dead']:6d}  {tally.ends['dead'] / max(1, hands):6.1%}")
    for side, name in (("A", a), ("B", b)):
        for clock, clocks in (("wall", tally.times), ("cpu", tally.cpu)):
            lines.append(time_line(f"{side} {name} ({clock})", clocks.get(side, [])))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("a", choices=PLAYERS)
    parser.add_argument("b", choices=PLAYERS, nargs="?")
    parser.add_argument("--panel", action="store_true",
                        help=f"play A against each of {', '.join(PANEL)} in turn")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--ruleset", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if (args.b is None) == (not args.panel):
        parser.error("name opponent B, or --panel, not both")
    weakest: tuple[float, str] | None = None
    for b in PANEL if args.panel else (args.b,):
        levels = (args.a, b)
        start = time.perf_counter()
        tally = run(levels, args.matches, preset(args.ruleset), args.seed, args.jobs)
        for line in report(levels, tally):
            print(line)
        print(f"ruleset {args.ruleset}, seed {args.seed}, jobs {args.jobs},"
              f" wall {time.perf_counter() - start:.0f} s", flush=True)
        rate = tally.wins / tally.matches
        if weakest is None or rate < weakest[0]:
            weakest = (rate, b)
    if args.panel and weakest is not None:
        print(f"weakest figure: {args.a} vs {weakest[1]} {weakest[0]:.1%}")


if __name__ == "__main__":
    main()
