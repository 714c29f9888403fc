"""What a perfect read of the race is worth: the planner told how close the others really are.

    nice -n 10 .venv/bin/python benchmarks/romme_race_oracle.py simple --players 2 --matches 500

Benchmark only: never registered as a level. Level A is ``expert-plan``
(``romme_engine.ai.lookahead``) with one thing it could not know: instead of reading the
others' pace from their card counts, it is told, from their true hands, the chance that each of
them goes out in its next turn: the share of the true stock's cards that would take that hand
out (the stock's order stays unknown), or certainty when the card A is about to throw would take
the next player out. This measures the ceiling of the race decision and of defensive discarding
as this planner makes them: if even a perfect read of the other hands does not move the
matches, reading them better from their draws and discards cannot either.

Seats rotate on common seeds exactly as in ``romme_engine.tournament``; the report is the
tournament's, with ``oracle`` as level A.

Takes about 2 minutes for 500 two-player matches on one free core.
"""

from __future__ import annotations

import argparse
import random
import time

from romme_engine.actions import Action
from romme_engine.ai import BENCH_LEVELS
from romme_engine.ai.levels import STYLES
from romme_engine.ai.lookahead import Planner, cards_left
from romme_engine.ai.plan import step
from romme_engine.cards import Card
from romme_engine.hand import Hand
from romme_engine.match import Match
from romme_engine.ruleset import ROMME
from romme_engine.tournament import Tally, play_out, report, rotated, rotations
from romme_engine.view import PlayerView


class Oracle:
    """The others' true chance to go out in their next turn, from the true hand."""

    def __init__(self) -> None:
        self.truth: Hand | None = None

    def pace(self, view: PlayerView, card: Card) -> float:
        assert self.truth is not None
        hand = self.truth
        table = list(view.table)
        stay = 1.0
        for p in range(view.players):
            if p == view.player:
                continue
            held = list(hand.hands[p])
            if not view.opened[p]:
                continue  # only a Hand-Rommé could take it out: rare, left out
            if p == view.next_player and cards_left([*held, card], table) == 1:
                return 1.0
            stock = hand.stock or [card]
            outs = sum(1 for s in stock if cards_left([*held, s], table) == 1)
            stay *= 1 - outs / len(stock)
        return 1 - stay


def play_match(seed: int, levels: list[str], shift: int) -> Tally:
    """As ``romme_engine.tournament.play_match``, with level A (index 0) played by the oracle."""
    seats = rotated(levels, shift)
    match = Match.new(ROMME, len(seats), random.Random(seed))
    oracle = Oracle()
    styles = [Planner(pace_of=oracle.pace).style() if s == shift else STYLES[level]
              for s, level in enumerate(seats)]

    def choose(seat: int, view: PlayerView) -> Action:
        oracle.truth = match.hand
        return step(view, styles[seat])[0]

    return play_out(match, shift, seats, choose, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("opponent", choices=BENCH_LEVELS)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    levels = ["oracle"] + [args.opponent] * (args.players - 1)
    start = time.perf_counter()
    total = Tally()
    for seed, shift in rotations(args.matches, args.players, args.seed):
        total.add(play_match(seed, levels, shift))
    for line in report(("oracle", args.opponent), args.players, total):
        print(line)
    print(f"ruleset romme, seed {args.seed}, wall {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
