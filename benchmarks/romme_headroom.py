"""Where a Rommé level's matches are lost: hands lost, or points paid in the hands it lost.

    nice -n 10 .venv/bin/python benchmarks/romme_headroom.py expert simple --matches 2000

Plays the matches of ``romme_engine.tournament`` (same seeds, same seat rotation) and keeps
every hand's result. It prints A's match wins by how many of the 3 hands A won, and what the
match wins would have been on the same hands if A had paid less in the hands it lost (its
penalties times 0.75, 0.5, 0) or had made the others pay more in the hands it won: the headroom
of each lever, with the hands won unchanged. Then it rebuilds matches from the hands played,
drawing A's won and lost hands with a chosen share of hands won, to show what share of hands
a match-win target needs when the points per hand stay as measured.

Takes about 1 minute for 2,000 two-player matches on one free core.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from functools import partial

from romme_engine.actions import Action
from romme_engine.ai import BENCH_LEVELS, Bot, make_bot
from romme_engine.match import Match
from romme_engine.results import HandResult
from romme_engine.ruleset import ROMME
from romme_engine.tournament import play_out, rotated, rotations, seat_levels
from romme_engine.view import PlayerView

Hand = tuple[bool, int, tuple[int, ...]]
"""One hand from A's side: A went out, what A paid, what each other player paid."""


def played(levels: list[str], matches: int, seed: int) -> list[list[Hand]]:
    """Every match's hands, from A's side."""
    out: list[list[Hand]] = []
    players = len(levels)
    for match_seed, shift in rotations(matches, players, seed):
        seats = rotated(levels, shift)
        match = Match.new(ROMME, players, random.Random(match_seed))
        bots = [make_bot(level, random.Random(f"{match_seed}:{s}"))
                for s, level in enumerate(seats)]
        play_out(match, shift, seats, partial(choose, bots), match_seed)
        out.append([side(r, shift) for r in match.results])
    return out


def choose(bots: list[Bot], seat: int, view: PlayerView) -> Action:
    return bots[seat].choose(view)


def side(result: HandResult, a_seat: int) -> Hand:
    others = tuple(p for s, p in enumerate(result.penalties) if s != a_seat)
    return result.winner == a_seat, result.penalties[a_seat], others


def wins(match: Sequence[Hand], paid: float = 1.0, collected: float = 1.0) -> bool:
    """A's total the lowest, alone (as the tournament's wins)."""
    mine = sum(p * paid for _, p, _ in match)
    theirs = [sum(h[2][i] * (collected if h[0] else 1.0) for h in match)
              for i in range(len(match[0][2]))]
    return mine < min(theirs)


def rebuilt(matches: list[list[Hand]], share: float, rng: random.Random, n: int) -> float:
    """Matches won when A's hands are drawn from the hands played, won with ``share``."""
    hands = [h for m in matches for h in m]
    won = [h for h in hands if h[0]]
    lost = [h for h in hands if not h[0]]
    count = 0
    for _ in range(n):
        match = [rng.choice(won) if rng.random() < share else rng.choice(lost) for _ in range(3)]
        count += wins(match)
    return count / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("levels", nargs="+", choices=BENCH_LEVELS)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    matches = played(seat_levels(tuple(args.levels), args.players), args.matches, args.seed)
    n = len(matches)
    hands = [h for m in matches for h in m]
    share = sum(h[0] for h in hands) / len(hands)
    print(f"{' / '.join(args.levels)}: {n} matches, {args.players} players, seed {args.seed};"
          f" A won {share:.1%} of {len(hands)} hands")
    print(f"matches won (A's total the lowest, alone): {sum(map(wins, matches)) / n:.1%}")
    by_hands: Counter[int] = Counter()
    won_by_hands: Counter[int] = Counter()
    for m in matches:
        k = sum(h[0] for h in m)
        by_hands[k] += 1
        won_by_hands[k] += wins(m)
    for k in sorted(by_hands):
        print(f"  A won {k} hands: {by_hands[k]} matches ({by_hands[k] / n:.1%}),"
              f" of them won {won_by_hands[k] / by_hands[k]:.1%}")
    lost = [p for won, p, _ in hands if not won]
    print(f"A paid per lost hand {sum(lost) / max(1, len(lost)):.1f}")
    for paid in (0.75, 0.5, 0.0):
        rate = sum(wins(m, paid=paid) for m in matches) / n
        print(f"  same hands, A pays x{paid} when it loses a hand: {rate:.1%}")
    for collected in (1.25, 1.5):
        rate = sum(wins(m, collected=collected) for m in matches) / n
        print(f"  same hands, the others pay x{collected} when A goes out: {rate:.1%}")
    rng = random.Random(args.seed)
    for target in (share, 0.40, 0.45, 0.60, 0.65, 0.70, 0.75):
        print(f"  rebuilt matches, A wins {target:.1%} of hands:"
              f" {rebuilt(matches, target, rng, 100_000):.1%} of matches")


if __name__ == "__main__":
    main()
