"""An upper bound, as evidence: a Rommé player that cheats, against fair levels.

    nice -n 10 .venv/bin/python benchmarks/romme_cheat.py simple --players 2 --matches 2000 --seed 1

Benchmark only: never registered as a level, never reachable from the site. The cheat plays the
expert's turn, but at its two choices it reads the true hand (every player's cards and the
stock's order, the reshuffle key included): whether to take the top discard or draw, and which
of the expert's ``--top`` best discards to throw. For each option it copies the true hand,
applies the option and plays the hand out with every seat's real style (itself as the expert),
so it knows exactly what each option leads to if it then played on as the expert; it takes the
option with the best outcome (the others' mean penalty minus its own; in the match's last hand
winning the match counts too, as in ``romme_engine.ai.montecarlo``).

Seats rotate on common seeds exactly as in ``romme_engine.tournament`` (same deals as
``tournament expert simple``); the report is the tournament's, with ``cheat`` as level A.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence

from romme_engine.actions import Action, Discard, DrawStock, NextHand, TakeDiscard
from romme_engine.ai import BENCH_LEVELS
from romme_engine.ai.levels import EXPERT, STYLES, expert_ranking
from romme_engine.ai.plan import Style, Why, step
from romme_engine.ai.rollout import clone, match_utility, weigh
from romme_engine.cards import Card
from romme_engine.hand import Hand, Phase
from romme_engine.laydown import LayDown
from romme_engine.match import Match
from romme_engine.ruleset import ROMME
from romme_engine.tournament import MAX_STEPS, Tally, report
from romme_engine.view import PlayerView


class Cheat:
    """The expert's turn with the draw and the discard chosen on the true hand."""

    def __init__(self, styles: Sequence[Style], top: int) -> None:
        self.styles = list(styles)
        """Every seat's real style, the cheat's own seat as the expert."""
        self.top = top
        self.truth: Hand | None = None

    def _best(self, view: PlayerView, options: Sequence[Action]) -> int:
        assert self.truth is not None
        means = weigh(view.player, options, [clone(self.truth)], self.styles, view.scores,
                      match_utility(view))
        best = 0
        for i, mean in enumerate(means):
            if mean > means[best]:
                best = i
        return best

    def take(self, view: PlayerView) -> bool:
        return self._best(view, [TakeDiscard(), DrawStock()]) == 0

    def discard(self, view: PlayerView, candidates: Sequence[Card], whole: LayDown | None
                ) -> tuple[Card, Why]:
        ranked = expert_ranking(view, candidates, whole)[: self.top]
        best = self._best(view, [Discard(card) for _, card, _ in ranked])
        return ranked[best][1], ranked[best][2]

    def style(self) -> Style:
        return Style(take=self.take, lay_now=EXPERT.lay_now, discard=self.discard,
                     swap_jokers=EXPERT.swap_jokers, lay_jokers_off=EXPERT.lay_jokers_off)


def play_match(seed: int, levels: list[str], shift: int, top: int) -> Tally:
    """As ``romme_engine.tournament.play_match``, with level A (index 0) played by the cheat."""
    players = len(levels)
    seats = [levels[(s - shift) % players] for s in range(players)]
    a_seat = shift
    match = Match.new(ROMME, players, random.Random(seed))
    real = [EXPERT if s == a_seat else STYLES[level] for s, level in enumerate(seats)]
    cheat = Cheat(real, top)
    styles = list(real)
    styles[a_seat] = cheat.style()
    names = ["cheat" if s == a_seat else level for s, level in enumerate(seats)]
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
        cheat.truth = match.hand
        action: Action = NextHand() if view.phase is Phase.HAND_OVER else step(
            view, styles[seat])[0]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("opponent", choices=BENCH_LEVELS)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=4,
                        help="how many of the expert's best discards the cheat weighs")
    args = parser.parse_args()
    levels = ["cheat"] + [args.opponent] * (args.players - 1)
    start = time.perf_counter()
    total = Tally()
    for i in range(math.ceil(args.matches / args.players)):
        for shift in range(args.players):
            total.add(play_match(args.seed + i, levels, shift, args.top))
    for line in report(("cheat", args.opponent), args.players, total):
        print(line)
    print(f"ruleset romme, seed {args.seed}, top {args.top}, "
          f"wall {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
