"""``python -m romme_engine.selfplay --hands N --level normal --players 2``: a level plays itself.

Figures per hand: its length in turns (every player's turn counts one), the share of hands won
by Hand-Rommé and of hands where the stock ran out, the mean penalty paid by the players who
did not go out, and the turn of each player's opening (in that player's own turns; players
who never opened are counted apart).
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import dataclass

from romme_engine.ai import LEVELS, make_bot
from romme_engine.hand import Move, Phase
from romme_engine.match import Match
from romme_engine.results import HandEnd
from romme_engine.ruleset import PRESETS, preset

MAX_STEPS = 5000
_TURN_ENDS = (Move.DISCARD, Move.OUT)


@dataclass(frozen=True, slots=True)
class HandFigures:
    turns: int
    end: HandEnd
    losers_penalty: float
    openings: tuple[int | None, ...]
    """For each player, the own turn (1-based) in which it opened; None if it never did."""


def play_hands(level: str, players: int, hands: int, ruleset_name: str, seed: int
               ) -> list[HandFigures]:
    ruleset = preset(ruleset_name)
    rng = random.Random(seed)
    bots = [make_bot(level, random.Random(f"{seed}:{p}")) for p in range(players)]
    found: list[HandFigures] = []
    match = Match.new(ruleset, players, rng)
    own_turns = [0] * players
    openings: list[int | None] = [None] * players
    steps = 0
    while len(found) < hands:
        if match.phase is Phase.MATCH_OVER:
            match = Match.new(ruleset, players, rng)
        if match.phase is Phase.HAND_OVER:
            match.next_hand()
            own_turns, openings, steps = [0] * players, [None] * players, 0
        seat = match.hand.turn
        before = match.hand.opened[seat]
        match.apply(seat, bots[seat].choose(match.view(seat)))
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"hand {match.hand.number} runs on for ever")
        last = match.hand.history[-1] if match.hand.history else None
        if last is not None and last.player == seat and last.move in _TURN_ENDS:
            own_turns[seat] += 1
            if not before and match.hand.opened[seat]:
                openings[seat] = own_turns[seat]
        result = match.hand.result
        if result is not None:
            turns = sum(1 for e in match.hand.history if e.move in _TURN_ENDS)
            losers = [p for s, p in enumerate(result.penalties) if s != result.winner]
            found.append(HandFigures(turns, result.end, statistics.fmean(losers),
                                     tuple(openings)))
    return found


def report(level: str, players: int, found: list[HandFigures]) -> list[str]:
    n = len(found)
    turns = [f.turns for f in found]
    q1, median, q3 = statistics.quantiles(turns, n=4, method="inclusive")
    share = {end: sum(1 for f in found if f.end is end) / n for end in HandEnd}
    opened = [t for f in found for t in f.openings if t is not None]
    never = sum(1 for f in found for t in f.openings if t is None)
    return [
        f"{level} x {players}: {n} hands",
        f"turns per hand (all players): median {median:g}, quartiles {q1:g}-{q3:g},"
        f" range {min(turns)}-{max(turns)}",
        f"went out {share[HandEnd.OUT]:.1%}, Hand-Rommé {share[HandEnd.HAND_ROMME]:.1%},"
        f" stock ran out {share[HandEnd.STOCK_OUT]:.1%}",
        f"mean penalty of the players who did not go out: "
        f"{statistics.fmean(f.losers_penalty for f in found):.1f}",
        f"opening turn (own turns): median {statistics.median(opened):g},"
        f" mean {statistics.fmean(opened):.1f}; never opened in a hand: "
        f"{never / (n * players):.1%} of player-hands",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ruleset", choices=sorted(PRESETS), default="romme")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = play_hands(args.level, args.players, args.hands, args.ruleset, args.seed)
    for line in report(args.level, args.players, found):
        print(line)


if __name__ == "__main__":
    main()
