"""Where a Rommé level wins and loses points against another, hand by hand.

    nice -n 19 .venv/bin/python benchmarks/romme_losses.py expert simple --players 2 --matches 2000

Seats rotate on common seeds as in ``romme_engine.tournament`` (level A in each seat in turn,
the other seats level B). Per side: share of hands won, penalty paid per lost hand (mean,
median, share of hands paying 50 or more), cards and jokers held when another player went out,
player-hands that never opened, the own turn of the opening, and per hand size (cards held at
the start of a turn, once opened) the share of turns that went out.

Takes about 1 minute for 2,000 two-player matches on one free core.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from dataclasses import dataclass, field

from romme_engine.actions import Discard
from romme_engine.ai import BENCH_LEVELS, make_bot
from romme_engine.hand import Phase
from romme_engine.match import Match
from romme_engine.ruleset import ROMME


@dataclass
class Side:
    hands: int = 0
    won: int = 0
    paid: list[int] = field(default_factory=list)
    cards_left: list[int] = field(default_factory=list)
    jokers_left: list[int] = field(default_factory=list)
    never_opened: int = 0
    opening_turn: list[int] = field(default_factory=list)
    turns_at: Counter[int] = field(default_factory=Counter)
    outs_at: Counter[int] = field(default_factory=Counter)


def play(seed: int, seats: list[str], a_seat: int, sides: dict[str, Side]) -> None:
    players = len(seats)
    match = Match.new(ROMME, players, random.Random(seed))
    bots = [make_bot(level, random.Random(f"{seed}:{s}")) for s, level in enumerate(seats)]
    turns = [0] * players
    opened_at: list[int | None] = [None] * players
    size = 0  # cards held at the start of this turn, once opened (0: not counted)
    while True:
        if match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            result = match.results[-1]
            for s in range(players):
                side = sides["A" if s == a_seat else "B"]
                side.hands += 1
                if opened_at[s] is not None:
                    side.opening_turn.append(opened_at[s] or 0)
                if result.winner == s:
                    side.won += 1
                    continue
                side.paid.append(result.penalties[s])
                side.cards_left.append(len(result.hands[s]))
                side.jokers_left.append(sum(1 for c in result.hands[s] if c.is_joker))
                side.never_opened += opened_at[s] is None
            if match.phase is Phase.MATCH_OVER:
                return
            match.next_hand()
            turns = [0] * players
            opened_at = [None] * players
            continue
        seat = match.hand.turn
        view = match.view(seat)
        side = sides["A" if seat == a_seat else "B"]
        if view.phase is Phase.DRAW:
            size = min(len(view.hand), 8) if view.opened[seat] else 0
            if size:
                side.turns_at[size] += 1
        action = bots[seat].choose(view)
        match.apply(seat, action)
        if isinstance(action, Discard):
            turns[seat] += 1
            if opened_at[seat] is None and match.hand.opened[seat]:
                opened_at[seat] = turns[seat]
            if size and match.phase is not Phase.DRAW and not match.hand.hands[seat]:
                side.outs_at[size] += 1
            size = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("a", choices=BENCH_LEVELS)
    parser.add_argument("b", choices=BENCH_LEVELS)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sides = {"A": Side(), "B": Side()}
    rounds = -(-args.matches // args.players)
    for i in range(rounds):
        for shift in range(args.players):
            seats = [args.b] * args.players
            seats[shift] = args.a
            play(args.seed + i, seats, shift, sides)
    print(f"A = {args.a}, B = {args.b}, {rounds * args.players} matches,"
          f" {args.players} players, seed {args.seed}")
    for name, side in sides.items():
        paid = side.paid or [0]
        big = sum(1 for p in paid if p >= 50)
        print(
            f"{name}: hands {side.hands}, won {side.won / side.hands:.1%};"
            f" per lost hand paid {statistics.mean(paid):.1f} (median {statistics.median(paid)},"
            f" 50+ in {big / len(paid):.1%}), cards {statistics.mean(side.cards_left or [0]):.2f},"
            f" jokers {statistics.mean(side.jokers_left or [0]):.2f};"
            f" never opened {side.never_opened}; opening turn median"
            f" {statistics.median(side.opening_turn or [0])}"
            f" mean {statistics.mean(side.opening_turn or [0]):.2f}"
        )
        print("   went out per turn by cards held: " + "  ".join(
            f"{n}: {side.outs_at[n] / side.turns_at[n]:.0%} of {side.turns_at[n]}"
            for n in sorted(side.turns_at)))


if __name__ == "__main__":
    main()
