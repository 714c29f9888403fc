"""``python -m romme_engine.tournament A B [C D] --players N``: computer levels play Rommé matches.

Seat 0 gets level A, seat 1 level B and so on; when fewer levels than players are named, the
last one fills the other seats (``expert simple --players 4`` is one expert against three
simple bots). Each match seed is played once per rotation of the seats, so every level meets
the same cards in every seat. Prints A's match wins (alone, and shared ties) with the 95%
Wilson interval, penalty points per match, how hands ended, and decision times per level.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engine_common import stats
from engine_common.stats import rate_line, time_line
from romme_engine.actions import Action
from romme_engine.ai import BENCH_LEVELS, make_bot
from romme_engine.hand import Phase
from romme_engine.match import Match
from romme_engine.ruleset import PRESETS, Ruleset, preset
from romme_engine.view import PlayerView

MAX_STEPS = 20000
"""A guard: a match that never ends is a bug, not a result."""


@dataclass
class Tally(stats.Tally):
    """Figures from the side of the first level (A): ``wins`` where A's total was the lowest,
    alone; ``times`` by level."""

    shared: int = 0
    """A shared the lowest total."""
    margin: int = 0
    """Sum over matches of (the others' mean total minus A's total)."""


def seat_levels(levels: tuple[str, ...], players: int) -> list[str]:
    return [levels[min(i, len(levels) - 1)] for i in range(players)]


Chooser = Callable[[int, PlayerView], Action]
"""Who decides: the move of ``seat`` from its view."""


def rotations(matches: int, players: int, seed: int) -> Iterator[tuple[int, int]]:
    """``(seed, shift)`` of every match: ``matches`` rounded up to whole rotations of the
    seats, each seed ``seed``, ``seed+1``... once per rotation."""
    for i in range(math.ceil(matches / players)):
        for shift in range(players):
            yield seed + i, shift


def rotated(levels: list[str], shift: int) -> list[str]:
    """The level in each seat once the list is rotated by ``shift``: A sits in seat ``shift``."""
    return [levels[(s - shift) % len(levels)] for s in range(len(levels))]


def play_match(ruleset: Ruleset, seed: int, levels: list[str], shift: int) -> Tally:
    """One match on the deals of ``seed`` with the level list rotated by ``shift`` seats;
    the A player (index 0 of ``levels``) sits in seat ``shift``."""
    seats = rotated(levels, shift)
    match = Match.new(ruleset, len(seats), random.Random(seed))
    bots = [make_bot(level, random.Random(f"{seed}:{s}")) for s, level in enumerate(seats)]
    return play_out(match, shift, seats, lambda seat, view: bots[seat].choose(view), seed)


def play_out(match: Match, a_seat: int, names: list[str], choose: Chooser, seed: int) -> Tally:
    """Play ``match`` to its end, ``choose`` deciding every move; the figures from seat
    ``a_seat``'s side, each decision's time under its seat's name."""
    tally = Tally(matches=1)
    for _ in range(MAX_STEPS):
        if match.phase is Phase.MATCH_OVER:
            break
        if match.phase is Phase.HAND_OVER:
            match.next_hand()
            continue
        seat = match.hand.turn
        view = match.view(seat)
        start = time.perf_counter()
        action = choose(seat, view)
        tally.times.setdefault(names[seat], []).append(time.perf_counter() - start)
        match.apply(seat, action)
    else:
        raise RuntimeError(f"match {seed} did not end in {MAX_STEPS} steps")
    assert match.standing is not None
    for result in match.results:
        if result.winner is None:
            tally.ends["stock ran out"] += 1
        else:
            who = "A" if result.winner == a_seat else "other"
            tally.ends[f"{who} {result.end.value}"] += 1
    winners = match.standing.winners
    if winners == (a_seat,):
        tally.wins = 1
    elif a_seat in winners:
        tally.shared = 1
    totals = match.standing.totals
    others = [t for s, t in enumerate(totals) if s != a_seat]
    tally.margin = round(sum(others) / len(others) - totals[a_seat])
    return tally


def run(levels: tuple[str, ...], players: int, matches: int, ruleset: Ruleset, seed: int
        ) -> Tally:
    """``matches`` matches (rounded up to whole seat rotations) on seeds ``seed``, ``seed+1``..."""
    seated = seat_levels(levels, players)
    total = Tally()
    for match_seed, shift in rotations(matches, players, seed):
        total.add(play_match(ruleset, match_seed, seated, shift))
    return total


def report(levels: tuple[str, ...], players: int, tally: Tally) -> list[str]:
    n = tally.matches
    seated = seat_levels(levels, players)
    hands = sum(tally.ends.values())
    lines = [
        f"{' / '.join(seated)}: {n} matches, {players} players, seats rotated on common seeds",
        rate_line(f"A ({seated[0]}) wins alone", tally.wins, n),
        rate_line("A wins or shares", tally.wins + tally.shared, n)
        + f"; fair share {1 / players:.1%}",
        f"A's margin per match (others' mean total minus A's): {tally.margin / n:+.1f}",
        f"hands: {hands}, {hands / n:.2f} per match",
    ]
    for end, count in sorted(tally.ends.items()):
        lines.append(f"  {end:<18} {count:6d}  {count / max(1, hands):6.1%}")
    for level, times in sorted(tally.times.items()):
        lines.append(time_line(level, times))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("levels", nargs="+", choices=BENCH_LEVELS)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--ruleset", choices=sorted(PRESETS), default="romme")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 2 <= args.players <= 4 or len(args.levels) > args.players:
        parser.error("2 to 4 players, at most one level per player")
    levels = tuple(args.levels)
    start = time.perf_counter()
    tally = run(levels, args.players, args.matches, preset(args.ruleset), args.seed)
    for line in report(levels, args.players, tally):
        print(line)
    print(f"ruleset {args.ruleset}, seed {args.seed}, wall {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
