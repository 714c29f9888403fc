"""复盘 (``gin_engine.ai.review``): the Hint-follower check, the label shares and the cost.

``python benchmarks/review.py follow [HANDS]`` (default 2,000): seat 0 plays the Hint's move at
every decision against each level in turn, over every Gin ruleset (HANDS split evenly); each
decision is reviewed and must show the move ``decide(view, Random(0))`` returns as the expert's,
and a loss, standard error and label of exactly 0, 0 and good. Exits 1 on any difference.

``python benchmarks/review.py calibrate [HANDS]`` (default 600): seat 0 plays as easy, normal
and expert in turn (HANDS split evenly over the levels and the rulesets) against normal; every
decision of seat 0 is reviewed as if it were the person's. Prints the share of each label, the
share of moves matching the expert's, the mean accuracy, loss quantiles and the processor time
of a hand's review (p50 / p95 / max): the figures of docs/review.md.

Takes about 12 minutes for ``follow 2000`` and 3 for ``calibrate 450`` on the busy 2-core
machine; run it under ``nice -n 15`` (one process, one hand after another).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_common.stats import percentile  # noqa: E402
from gin_engine import PRESETS, Action, Match, Phase, PlayerView, legal_actions  # noqa: E402
from gin_engine.ai import LEVELS, Bot, decide, hint, make_bot  # noqa: E402
from gin_engine.ai.review import Label, MoveReview, is_decision, review_move  # noqa: E402
from gin_engine.driver import play  # noqa: E402


@dataclass
class Person:
    """Plays as ``bot`` (the Hint when None); keeps the current hand's decisions."""

    bot: Bot | None
    decisions: list[tuple[PlayerView, Action]] = field(default_factory=list)

    def choose(self, view: PlayerView) -> Action:
        if view.phase is Phase.HAND_OVER:
            return legal_actions(view)[0]
        action = hint(view).action if self.bot is None else self.bot.choose(view)
        if is_decision(view):
            self.decisions.append((view, action))
        return action


def hands_of(
    person: Person, opponent: str, ruleset: str, hands: int, seed: int
) -> Iterator[list[tuple[PlayerView, Action]]]:
    """Yield each hand's decisions of ``person``, over as many matches as ``hands`` takes."""
    rng = random.Random(seed)
    played = 0
    while played < hands:
        match = Match.new(PRESETS[ruleset], rng)
        computer = make_bot(opponent, random.Random(rng.random()))
        while match.phase is not Phase.MATCH_OVER and played < hands:
            person.decisions = []
            play(match, [person, computer], hands=1)
            played += 1
            yield person.decisions


def review_hand(decisions: list[tuple[PlayerView, Action]]) -> tuple[list[MoveReview], float]:
    start = time.process_time()
    reviews = [review_move(view, action) for view, action in decisions]
    return reviews, time.process_time() - start


def follow(total: int) -> int:
    per = max(1, total // (len(LEVELS) * len(PRESETS)))
    bad = hands = decisions = 0
    for level in LEVELS:
        level_hands = hands
        for index, ruleset in enumerate(sorted(PRESETS)):
            for found in hands_of(Person(None), level, ruleset, per, 1000 + index):
                reviews, _ = review_hand(found)
                hands += 1
                for (view, action), review in zip(found, reviews, strict=True):
                    decisions += 1
                    expert = decide(view, random.Random(0)).action
                    clean = (review.loss, review.error, review.label) == (0.0, 0.0, Label.GOOD)
                    if not (clean and review.matched and review.played == expert == action):
                        bad += 1
                        print("DIFFERS", ruleset, level, view.hand, action, review)
        print(f"hint-follower vs {level}: {hands - level_hands} hands; so far {decisions}"
              f" decisions, {bad} differ")
    print(f"all: {hands} hands, {decisions} decisions, {bad} with a loss or another expert move")
    return 1 if bad else 0


def calibrate(total: int) -> int:
    per = max(1, total // (3 * len(PRESETS)))
    for level in ("easy", "normal", "expert"):
        labels: Counter[Label] = Counter()
        losses: list[float] = []
        costs: list[float] = []
        matched = accuracy = 0.0
        for index, ruleset in enumerate(sorted(PRESETS)):
            person = Person(make_bot(level, random.Random(index)))
            for found in hands_of(person, "normal", ruleset, per, 2000 + index):
                reviews, cost = review_hand(found)
                costs.append(cost)
                for review in reviews:
                    labels[review.label] += 1
                    losses.append(review.loss)
                    matched += review.matched
                    accuracy += review.accuracy
        n = len(losses)
        shares = ", ".join(f"{name.value} {labels[name] / n:.1%}" for name in Label)
        quantiles = " / ".join(f"{percentile(losses, q):.2f}" for q in (0.5, 0.9, 0.95, 0.99))
        print(f"{level} as the person vs normal: {len(costs)} hands, {n} decisions")
        print(f"  labels: {shares}")
        print(f"  matched the expert {matched / n:.1%}, mean accuracy {accuracy / n:.1f}")
        print(f"  loss p50 / p90 / p95 / p99: {quantiles} points")
        print(f"  review of a hand, processor time: p50 {percentile(costs, 0.5) * 1e3:.0f} ms,"
              f" p95 {percentile(costs, 0.95) * 1e3:.0f} ms, max {max(costs) * 1e3:.0f} ms")
    return 0


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "follow"
    if mode == "follow":
        return follow(int(sys.argv[2]) if len(sys.argv) > 2 else 2000)
    if mode == "calibrate":
        return calibrate(int(sys.argv[2]) if len(sys.argv) > 2 else 600)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
