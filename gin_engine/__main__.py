"""``python -m gin_engine``: two computer players (normal South, expert North) play a match."""

from __future__ import annotations

import argparse
import random

from gin_engine.ai import Bot, make_bot
from gin_engine.cards import format_cards
from gin_engine.driver import play
from gin_engine.hand import Phase
from gin_engine.match import Match
from gin_engine.results import HandEnd, HandResult, Settlement
from gin_engine.ruleset import DEFAULT_PRESET, PRESETS, preset

NAMES = ("South (normal)", "North (expert)")


def describe_result(result: HandResult) -> list[str]:
    head = f"Hand {result.number} (dealer {NAMES[result.dealer]}): "
    if result.end is HandEnd.DEAD or result.knocker is None:
        return [head + "dead hand, nobody scores"]
    assert result.knocker_melds is not None and result.defender is not None
    knocker, defender = NAMES[result.knocker], NAMES[1 - result.knocker]
    km, dr = result.knocker_melds, result.defender
    lines = [
        head + f"{knocker} {'goes gin' if result.end is HandEnd.GIN else 'knocks'}",
        f"  {knocker}: melds {' | '.join(str(m) for m in km.melds) or '-'};"
        f" deadwood {format_cards(km.deadwood_cards) or '-'} = {km.deadwood}",
        f"  {defender}: melds {' | '.join(str(m) for m in dr.melds) or '-'};"
        f" lays off {' '.join(str(lo.card) for lo in dr.lay_offs) or '-'};"
        f" deadwood {format_cards(dr.deadwood_cards) or '-'} = {dr.deadwood}",
    ]
    if result.end is HandEnd.KNOCK:
        line = f"{result.defender_deadwood} - {result.knocker_deadwood} = {result.points}"
    elif result.end is HandEnd.GIN:
        line = f"{result.bonus} + {result.difference} = {result.points}"
    else:
        line = f"undercut: {result.bonus} + {result.difference} = {result.points}"
    assert result.scorer is not None
    lines.append(f"  {NAMES[result.scorer]} scores {line}")
    return lines


def describe_settlement(settlement: Settlement) -> list[str]:
    w = settlement.winner
    lines = [f"{NAMES[w]} wins the match."]
    for p in (0, 1):
        bonus = settlement.game_bonus if p == w else 0
        mult = settlement.shutout_multiplier if p == w else 1
        lines.append(
            f"  {NAMES[p]}: hands {settlement.hand_points[p]}"
            + (f" x{mult} (shutout)" if mult > 1 else "")
            + (f" + game {bonus}" if bonus else "")
            + (f" + boxes {settlement.box_bonus[p]}" if settlement.box_bonus[p] else "")
            + f" = {settlement.totals[p]}"
        )
    return lines


def play_and_tell(
    match: Match, bots: tuple[Bot, Bot] | None = None, rng: random.Random | None = None
) -> None:
    rng = rng or random.Random(0)
    players = bots or (make_bot("normal", rng), make_bot("expert", rng))
    while match.phase is not Phase.MATCH_OVER:
        play(match, players, hands=1)
        for line in describe_result(match.results[-1]):
            print(line)
        if match.settlement is None:
            print(f"  totals: {NAMES[0]} {match.scores[0]}, {NAMES[1]} {match.scores[1]}")
    assert match.settlement is not None
    for line in describe_settlement(match.settlement):
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", choices=sorted(PRESETS), default=DEFAULT_PRESET)
    parser.add_argument("--seed", type=int, default=None, help="fix the shuffle (default: OS)")
    args = parser.parse_args()
    rng: random.Random = random.SystemRandom() if args.seed is None else random.Random(args.seed)
    ruleset = preset(args.ruleset)
    print(f"Gin Rummy, {ruleset.name} rules, to {ruleset.target}")
    play_and_tell(Match.new(ruleset, rng), rng=rng)


if __name__ == "__main__":
    main()
