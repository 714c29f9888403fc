"""An upper bound, as evidence: a Rommé player that cheats, against fair levels.

    nice -n 10 .venv/bin/python benchmarks/romme_cheat.py simple --players 2 --matches 2000 --seed 1

Benchmark only: never registered as a level, never reachable from the site. The cheat plays the
expert's turn, but at its two choices it reads the true hand (every player's cards and the
stock's order, the reshuffle key included): whether to take the top discard or draw, and which
of the expert's ``--top`` best discards to throw. For each option it copies the true hand,
applies the option and plays the hand out with every seat's real style (itself as the expert),
so it knows exactly what each option leads to if it then played on as the expert; it takes the
option with the best outcome (the others' mean penalty minus its own; in the match's last hand
winning the match counts too; ``romme_rollout.py``).

With ``--stock-samples k`` the cheat reads only the other hands, not the stock: each option is
played out on ``k`` random orders of the true stock (the same ``k`` for every option), which
measures what knowing the other hands alone is worth.

    nice -n 10 .venv/bin/python benchmarks/romme_cheat.py simple --matches 50 --stock-samples 8

Seats rotate on common seeds exactly as in ``romme_engine.tournament`` (same deals as
``tournament expert simple``); the report is the tournament's, with ``cheat`` as level A.

Takes about 25 minutes for ``simple --players 2 --matches 2000`` on one free core, about 10 for
``--matches 500 --stock-samples 8``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from romme_rollout import best_option, clone, match_utility, weigh

from romme_engine.actions import Action, Discard, DrawStock, TakeDiscard
from romme_engine.ai import BENCH_LEVELS
from romme_engine.ai.levels import EXPERT, STYLES, expert_ranking
from romme_engine.ai.plan import Style, Why, step
from romme_engine.cards import Card
from romme_engine.hand import Hand
from romme_engine.laydown import LayDown
from romme_engine.match import Match
from romme_engine.ruleset import ROMME
from romme_engine.tournament import Tally, play_out, report, rotated, rotations
from romme_engine.view import PlayerView


class Cheat:
    """The expert's turn with the draw and the discard chosen on the true hand."""

    def __init__(self, styles: Sequence[Style], top: int, stock_samples: int = 0) -> None:
        self.styles = list(styles)
        """Every seat's real style, the cheat's own seat as the expert."""
        self.top = top
        self.stock_samples = stock_samples
        """0: read the stock's true order; k > 0: read only the other hands, and play each
        option out on k random orders of the true stock (the same k for every option)."""
        self.truth: Hand | None = None

    def _worlds(self, view: PlayerView) -> list[Hand]:
        assert self.truth is not None
        if not self.stock_samples:
            return [clone(self.truth)]
        rng = random.Random(f"{view.hand_number}:{len(view.history)}:{view.player}")
        worlds: list[Hand] = []
        for _ in range(self.stock_samples):
            world = clone(self.truth)
            rng.shuffle(world.stock)
            world.shuffle_key = f"sample:{rng.getrandbits(64):x}"
            worlds.append(world)
        return worlds

    def _best(self, view: PlayerView, options: Sequence[Action]) -> int:
        return best_option(weigh(view.player, options, self._worlds(view), self.styles,
                                 view.scores, match_utility(view)))

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


def play_match(seed: int, levels: list[str], shift: int, top: int, stock_samples: int = 0
               ) -> Tally:
    """As ``romme_engine.tournament.play_match``, with level A (index 0) played by the cheat."""
    seats = rotated(levels, shift)
    match = Match.new(ROMME, len(seats), random.Random(seed))
    real = [EXPERT if s == shift else STYLES[level] for s, level in enumerate(seats)]
    cheat = Cheat(real, top, stock_samples)
    styles = list(real)
    styles[shift] = cheat.style()

    def choose(seat: int, view: PlayerView) -> Action:
        cheat.truth = match.hand
        return step(view, styles[seat])[0]

    return play_out(match, shift, seats, choose, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("opponent", choices=BENCH_LEVELS)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=4,
                        help="how many of the expert's best discards the cheat weighs")
    parser.add_argument("--stock-samples", type=int, default=0,
                        help="0: the cheat reads the stock's order too; k: it reads only the "
                             "other hands and averages over k random orders of the stock")
    args = parser.parse_args()
    levels = ["cheat"] + [args.opponent] * (args.players - 1)
    start = time.perf_counter()
    total = Tally()
    for seed, shift in rotations(args.matches, args.players, args.seed):
        total.add(play_match(seed, levels, shift, args.top, args.stock_samples))
    for line in report(("cheat", args.opponent), args.players, total):
        print(line)
    print(f"ruleset romme, seed {args.seed}, top {args.top}, "
          f"stock samples {args.stock_samples or 'none (true order)'}, "
          f"wall {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
