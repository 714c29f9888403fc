"""What the expert's knock-or-play-on choice could gain: the expert with a judge that knows more.

``python benchmarks/gin_knock_oracle.py OPPONENT MATCHES [--seed S] [--jobs J] --judge JUDGE``

The expert plays as ever, except at each of its discards where a knock is legal (and gin is
not), where the judge chooses between the two moves its decision compares (the knock, and the
discard it would make playing on):

``foresight``   both moves are played out for real from copies of the match and of both bots
                (the true stock, the opponent's true hand, the bots' own random streams: each
                copy is exactly what would follow) to the end of the hand; the better wins.
``foresight-match``  the same, each copy played to the end of the match (won, then points).
``known-hand``  the expert's own estimate (its 16 worlds and fast play-outs), but every world
                holds the opponent's true hand; only the stock's order is guessed (``--swap
                K``: all but K of its hidden cards, each of those K swapped for a stock card).
``rollouts``    a fair judge: ``--worlds`` worlds sampled from the view as the expert samples
                them (``--style-tries``: redrawn until the opponent holds more than its knock
                rule), each move played out with the real bots (``--model``: the opponent
                played by another level) to the end of the hand; the better mean wins.
``filtered``    the expert's own estimate, its sampled worlds redrawn (up to 8 times) until
                they fit the opponent's last moves (``--checks``: ``discard``, its last discard
                left the least deadwood; ``declined``, the pile card it last left melds with
                none of its cards; ``rule``, it holds more than its knock rule).

Ties keep the expert's choice. Against ``eager`` (the expert's draws and discards, knocking as
soon as it may) the knock choice is all the expert does differently, so these figures bound
what a better knock choice can gain with a given knowledge of the hidden cards. Benchmark only:
the judges other than ``rollouts`` and ``filtered`` read hidden cards. Matches as
``gin_engine.tournament`` (classic, seeds ``S``.., both seats, the same bot seeds).

Takes about 5 minutes for ``eager 1000 --jobs 2 --judge known-hand`` and about 15 for ``--judge
foresight`` (each decision played out twice).
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_common.stats import wilson  # noqa: E402
from gin_engine.actions import Action, Knock  # noqa: E402
from gin_engine.ai import make_bot  # noqa: E402
from gin_engine.ai.base import Bot, hand_mask, in_some_meld_mask, min_discard  # noqa: E402
from gin_engine.ai.decide import (  # noqa: E402
    Decision,
    Reason,
    decide,
    opponent_knock_rule,
    opponent_stock_draws,
)
from gin_engine.ai.evaluate import remembered_deadwood  # noqa: E402
from gin_engine.ai.expert import read  # noqa: E402
from gin_engine.ai.inference import odds  # noqa: E402
from gin_engine.ai.memory import Memory  # noqa: E402
from gin_engine.ai.rollout import World, sample_world  # noqa: E402
from gin_engine.cards import DECK, CardMask, bit_indices, to_mask  # noqa: E402
from gin_engine.driver import play, play_hand  # noqa: E402
from gin_engine.hand import Move, Phase  # noqa: E402
from gin_engine.match import Match  # noqa: E402
from gin_engine.ruleset import preset  # noqa: E402
from gin_engine.view import PlayerView  # noqa: E402

RULES = preset("classic")
DECIDE = sys.modules["gin_engine.ai.decide"]  # the module (the package exports the function)
Sampler = Callable[[Memory, list[tuple[int, float]], random.Random, int], World]


@dataclass(frozen=True, slots=True)
class Settings:
    opponent: str
    judge: str
    worlds: int
    style_tries: int
    model: str
    checks: str
    swap: int


@contextmanager
def _worlds_from(sampler: Sampler) -> Iterator[None]:
    """The expert's knock estimate, its worlds drawn by ``sampler`` instead."""
    DECIDE.sample_world = sampler
    try:
        yield
    finally:
        DECIDE.sample_world = sample_world


def _true_hand_sampler(match: Match, seat: int, swap: int) -> Sampler:
    """Worlds holding the opponent's true hand but for ``swap`` of its hidden cards, each
    exchanged for a random card of the stock; the stock in a random order."""
    opponent = to_mask(match.hand.hands[1 - seat])
    hidden = [card.bit for card in match.hand.hands[1 - seat]
              if card not in match.hand.known[1 - seat]]
    stock = [card.bit for card in match.hand.stock]

    def sampler(memory: Memory, by_odds: list[tuple[int, float]], rng: random.Random,
                draws: int = 0) -> World:
        order = list(stock)
        rng.shuffle(order)
        hand = opponent
        k = min(swap, len(hidden), len(order))
        for out, into in zip(rng.sample(hidden, k), range(k), strict=True):
            hand ^= out | order[into]
            order[into] = out
        return World(hand, tuple(order))

    return sampler


def _filtered_sampler(view: PlayerView, checks: str) -> Sampler:
    last = declined = top = None
    for event in view.history:
        theirs = event.player == view.opponent
        if event.move in (Move.DISCARD, Move.KNOCK, Move.GIN):
            top = event.card
            if theirs:
                last = event.card
        elif theirs and event.move in (Move.DRAW_STOCK, Move.PASS_UPCARD):
            declined = top
        elif theirs:
            declined = None
    rule = opponent_knock_rule(view)

    def fits(hand: CardMask) -> bool:
        if "discard" in checks and last is not None:
            if remembered_deadwood(hand) > min_discard(hand | last.bit, None,
                                                       remembered_deadwood)[0]:
                return False
        if "declined" in checks and declined is not None and not hand & declined.bit:
            if in_some_meld_mask(hand, declined.bit):
                return False
        return "rule" not in checks or remembered_deadwood(hand) > rule

    def sampler(memory: Memory, by_odds: list[tuple[int, float]], rng: random.Random,
                draws: int = 0) -> World:
        return _redrawn(Sampling(memory, by_odds, draws), rng, fits, 8)

    return sampler


@dataclass(frozen=True, slots=True)
class Sampling:
    """What ``sample_world`` needs from a view, read once per knock choice."""

    memory: Memory
    by_odds: list[tuple[int, float]]
    draws: int
    """Stock cards the opponent has drawn this hand."""


def _sampling(view: PlayerView) -> Sampling:
    reading = read(view)
    return Sampling(reading.memory, odds(reading.weights), opponent_stock_draws(view))


def _redrawn(sampling: Sampling, rng: random.Random, fits: Callable[[CardMask], bool],
             tries: int) -> World:
    """A sampled world, redrawn up to ``tries`` times until the opponent's hand ``fits``."""
    world = sample_world(sampling.memory, sampling.by_odds, rng, sampling.draws)
    for _ in range(tries):
        if fits(world.opponent):
            break
        world = sample_world(sampling.memory, sampling.by_odds, rng, sampling.draws)
    return world


def worth(match: Match, bots: list[Bot], seat: int, action: Action, whole_match: bool = False,
           world: World | None = None) -> tuple[int, int]:
    """(match won, points) for ``seat`` after ``action``, what follows played by the bots
    (in ``world``: the opponent's hand and the stock replaced by that guess)."""
    branch, players = copy.deepcopy((match, bots))
    if world is not None:
        branch.hand.hands[1 - seat][:] = [DECK[i] for i in bit_indices(world.opponent)]
        branch.hand.stock[:] = [DECK[bit.bit_length() - 1] for bit in world.stock]
    branch.apply(seat, action)
    if not whole_match:
        play_hand(branch, players)
        last = branch.results[-1]
        if last.scorer is None:
            return 0, 0
        return 0, last.points if last.scorer == seat else -last.points
    play(branch, players)
    assert branch.settlement is not None
    scores = branch.scores
    return int(branch.settlement.winner == seat), scores[seat] - scores[1 - seat]


def _rollouts_gain(match: Match, bots: list[Bot], seat: int, view: PlayerView,
                   decision: Decision, settings: Settings, sampling: Sampling) -> float:
    """Mean points of the other move minus the expert's, over worlds sampled from the view."""
    own, other = decision.action, decision.estimates[1].action
    rule = opponent_knock_rule(view)
    discarded = any(e.player == view.opponent and e.move is Move.DISCARD for e in view.history)
    tries = settings.style_tries if discarded else 0
    rng = random.Random(len(view.history) * 100 + view.stock_count)
    if settings.model:
        bots = list(bots)
        bots[1 - seat] = make_bot(settings.model, random.Random(len(view.history)))
    total = 0
    for _ in range(settings.worlds):
        world = _redrawn(sampling, rng, lambda hand: remembered_deadwood(hand) > rule, tries)
        total += (worth(match, bots, seat, other, world=world)[1]
                  - worth(match, bots, seat, own, world=world)[1])
    return total / settings.worlds


def _choose(match: Match, bots: list[Bot], seat: int, settings: Settings,
            tally: list[int]) -> Action:
    view = match.view(seat)
    bot = bots[seat]
    if view.phase is not Phase.DISCARD:
        return bot.choose(view)
    least, _ = min_discard(hand_mask(view), keep=view.taken_card)
    if not 0 < least <= RULES.knock_limit:
        return bot.choose(view)
    judge = settings.judge
    if judge in ("known-hand", "filtered"):
        sampler = (_true_hand_sampler(match, seat, settings.swap) if judge == "known-hand"
                   else _filtered_sampler(view, settings.checks))
        with _worlds_from(sampler):
            decision = decide(view, bot.rng)
    else:
        decision = decide(view, bot.rng)  # the expert's own samples, as it would play
    if decision.reason not in (Reason.KNOCK_NOW, Reason.PLAY_ON):
        return decision.action
    sampling = _sampling(view)
    _count_hits(match, seat, sampling, tally)
    chosen = decision.action
    if judge in ("foresight", "foresight-match", "rollouts"):
        other = decision.estimates[1].action
        if judge == "rollouts":
            better = _rollouts_gain(match, bots, seat, view, decision, settings, sampling) > 0
        else:
            whole = judge == "foresight-match"
            better = (worth(match, bots, seat, other, whole)
                      > worth(match, bots, seat, chosen, whole))
        if better:
            tally[0] += 1
            chosen = other
    tally[1] += 1
    tally[2] += isinstance(chosen, Knock)
    return chosen


def _count_hits(match: Match, seat: int, sampling: Sampling, tally: list[int]) -> None:
    """Add how many of the opponent's hidden cards 16 of the expert's sampled worlds hold
    (tally[3]) out of how many there are (tally[4]); its own random stream, not the bot's."""
    hand = match.hand.hands[1 - seat]
    hidden = to_mask(c for c in hand if c not in match.hand.known[1 - seat])
    rng = random.Random(sampling.memory.stock)
    for _ in range(16):
        world = sample_world(sampling.memory, sampling.by_odds, rng, sampling.draws)
        tally[3] += (world.opponent & hidden).bit_count()
        tally[4] += hidden.bit_count()


def play_match(job: tuple[int, int, Settings]) -> tuple[int, ...]:
    """(won, points, choices changed, choices, knocks, hidden cards sampled right, hidden
    cards) for the judged expert in ``a_seat``."""
    seed, a_seat, settings = job
    match = Match.new(RULES, random.Random(seed))
    bots = [make_bot("expert", random.Random(f"{seed}:0:{a_seat}"))] * 2
    bots[1 - a_seat] = make_bot(settings.opponent, random.Random(f"{seed}:1:{a_seat}"))
    tally = [0, 0, 0, 0, 0]
    while match.phase is not Phase.MATCH_OVER:
        turn = match.to_act
        assert turn is not None
        if turn == a_seat:
            action = _choose(match, bots, turn, settings, tally)
        else:
            action = bots[turn].choose(match.view(turn))
        match.apply(turn, action)
    assert match.settlement is not None
    scores = match.scores
    won = int(match.settlement.winner == a_seat)
    return (won, scores[a_seat] - scores[1 - a_seat], *tally)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("opponent")
    parser.add_argument("matches", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--judge", required=True, choices=(
        "foresight", "foresight-match", "known-hand", "rollouts", "filtered"))
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--style-tries", type=int, default=0)
    parser.add_argument("--model", default="")
    parser.add_argument("--checks", default="discard+declined")
    parser.add_argument("--swap", type=int, default=0)
    args = parser.parse_args()
    settings = Settings(args.opponent, args.judge, args.worlds, args.style_tries, args.model,
                        args.checks, args.swap)
    jobs = [(args.seed + i, seat, settings)
            for i in range((args.matches + 1) // 2) for seat in (0, 1)]
    with Pool(args.jobs) as pool:
        rows = pool.map(play_match, jobs, chunksize=4)
    n = len(rows)
    wins = sum(r[0] for r in rows)
    low, high = wilson(wins, n)
    changed, choices, knocks, hits, hidden = (sum(r[i] for r in rows) for i in range(2, 7))
    print(f"expert, knock choices judged by {args.judge}, vs {args.opponent}: {n} matches,"
          f" seed {args.seed}")
    print(f"A match wins: {wins}/{n} = {wins / n:.1%}  (95% Wilson {low:.1%} .. {high:.1%})")
    print(f"A points per match: {sum(r[1] for r in rows) / n:+.1f}")
    print(f"knock-or-play-on choices: {choices}, the judge changed {changed}"
          f" ({changed / max(1, choices):.1%}), knocked {knocks / max(1, choices):.1%}")
    print(f"the expert's sampled worlds at those choices: {hits / max(1, hidden):.1%} of the"
          f" opponent's hidden cards right ({hidden / max(1, 16 * choices):.1f} hidden a choice)")


if __name__ == "__main__":
    main()
