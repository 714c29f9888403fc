"""Engine speed: seeded, standard library only. Run ``python benchmarks/engine_speed.py``.

Each benchmark is a function in ``BENCHMARKS`` returning ``(label, value, unit)`` rows; add one by
writing a function and listing it. Inputs are dealt from a fixed seed and every timed call sees a
different hand, so no cache can help.

Takes about 1 minute on one free core (``make bench``).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin_engine import STANDARD, Knock, Match, Phase, PlayerView, legal_actions  # noqa: E402
from gin_engine.ai import make_bot  # noqa: E402
from gin_engine.cards import DECK, Card, to_mask  # noqa: E402
from gin_engine.layoff import knocker_arrangement, lay_off  # noqa: E402
from gin_engine.melds import (  # noqa: E402
    Meld,
    arrange,
    best_discards,
    deadwood,
    deadwood_mask,
    discard_options,
)

SEED = 20240601
HANDS = 20_000
Row = tuple[str, float, str]
T = TypeVar("T")


def _per_call_us(func: Callable[[T], object], inputs: Sequence[T]) -> float:
    start = time.perf_counter()
    for item in inputs:
        func(item)
    return (time.perf_counter() - start) / len(inputs) * 1e6


def _hands(size: int, count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(count)]


def _knock_deals(count: int, seed: int) -> list[tuple[list[Card], list[Card], tuple[Meld, ...]]]:
    """Random deals whose first hand can knock (deadwood <= 10), with its minimum melds."""
    rng = random.Random(seed)
    deals: list[tuple[list[Card], list[Card], tuple[Meld, ...]]] = []
    while len(deals) < count:
        cards = rng.sample(DECK, 20)
        knocker, defender = cards[:10], cards[10:]
        if deadwood_mask(to_mask(knocker)) <= 10:
            deals.append((knocker, defender, arrange(knocker).melds))
    return deals


def bench_deadwood() -> list[Row]:
    hands = _hands(10, HANDS, SEED)
    masks = [to_mask(h) for h in hands]
    return [
        ("deadwood(list of 10 Card)", _per_call_us(deadwood, hands), "µs/call"),
        ("deadwood(mask of 10)", _per_call_us(deadwood, masks), "µs/call"),
        ("deadwood_mask(mask of 10)", _per_call_us(deadwood_mask, masks), "µs/call"),
    ]


def bench_discards() -> list[Row]:
    hands = _hands(11, HANDS // 4, SEED + 1)
    return [
        ("discard_options(11 Card)", _per_call_us(discard_options, hands), "µs/call"),
        ("best_discards(11 Card)", _per_call_us(best_discards, hands), "µs/call"),
    ]


def bench_lay_off() -> list[Row]:
    deals = _knock_deals(500, SEED + 2)
    start = time.perf_counter()
    for _, defender, melds in deals:
        lay_off(defender, melds)
    per_lay_off = (time.perf_counter() - start) / len(deals) * 1e6
    start = time.perf_counter()
    for knocker, defender, _ in deals:
        knocker_arrangement(knocker, defender, 10, 25)
    per_knock = (time.perf_counter() - start) / len(deals) * 1e6
    return [
        ("lay_off(10 vs a knock's melds)", per_lay_off, "µs/call"),
        ("knocker_arrangement(10 vs 10)", per_knock, "µs/call"),
    ]


def bench_full_matches() -> list[Row]:
    """Full standard matches per second between two random-legal players (engine cost only)."""
    matches = 200
    start = time.perf_counter()
    actions = 0
    for i in range(matches):
        rng = random.Random(SEED + i)
        match = Match.new(STANDARD, rng)
        while match.phase is not Phase.MATCH_OVER:
            player = match.turn if match.turn is not None else 0
            view = match.view(player)
            # Random legal moves, except that a knock is always taken: pure random play
            # almost never knocks, and its matches would run on through endless dead hands.
            legal = legal_actions(view)
            knocks = [a for a in legal if isinstance(a, Knock)]
            match.apply(player, knocks[0] if knocks else rng.choice(legal))
            actions += 1
    elapsed = time.perf_counter() - start
    return [
        ("full random matches (standard)", matches / elapsed, "matches/s"),
        ("  actions applied, with legal_actions", elapsed / actions * 1e6, "µs/action"),
    ]


def _positions(count: int, seed: int) -> list[PlayerView]:
    """Views of the player to act, from matches between two easy bots.

    Easy takes a pile card only when it lowers its deadwood, as normal and expert do, so every
    position is one those two can meet (random play is not: they assume their own takes).
    """
    rng = random.Random(seed)
    bot = make_bot("easy", rng)
    views: list[PlayerView] = []
    match = Match.new(STANDARD, rng)
    while len(views) < count:
        if match.phase is Phase.MATCH_OVER:
            match = Match.new(STANDARD, rng)
        player = match.turn if match.turn is not None else 0
        view = match.view(player)
        if match.turn is not None:
            views.append(view)
        match.apply(player, bot.choose(view))
    return views


def bench_bots() -> list[Row]:
    """One decision of the normal and the expert bot: the AI's bit loops are timed here."""
    views = _positions(1000, SEED + 3)
    rows = []
    for level, count in (("normal", 1000), ("expert", 300)):
        bot = make_bot(level, random.Random(SEED))
        per_call = _per_call_us(bot.choose, views[:count])
        rows.append((f"{level} bot, one decision", per_call, "µs/call"))
    return rows


BENCHMARKS: list[Callable[[], list[Row]]] = [
    bench_deadwood,
    bench_discards,
    bench_lay_off,
    bench_full_matches,
    bench_bots,
]


def main() -> None:
    print(f"Python {sys.version.split()[0]}, seed {SEED}")
    for bench in BENCHMARKS:
        for label, value, unit in bench():
            print(f"{label:<36} {value:10.2f} {unit}")


if __name__ == "__main__":
    main()
