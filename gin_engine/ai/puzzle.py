"""Puzzles: a position where one move is clearly best, every legal move valued on common worlds.

Glossary
    candidate     a decision of a player (``review.is_decision``): its view and the Hint's move
    valuation     every legal move of the view valued in points the review's way
                  (``review.worth``: the move, then the hand played out by the rollout
                  policy) on the same ``WORLDS`` worlds sampled from the view
                  (``rollout.sample_world``), so two moves' values differ by the moves alone
    clearly best  the expert's move (the Hint's) has the highest value, and beats every other
                  legal move by more than twice the standard error of the difference
                  (`engine_common.puzzle`, every game's rule)
    puzzle        a candidate whose expert move is clearly best; its answer is that move

A position with two equal moves (two discards that leave the same hand in every world) is
never a puzzle: their difference is 0 in every world. docs/puzzles.md gives the figures.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine_common import puzzle
from engine_common.puzzle import screened, value_on_worlds
from gin_engine.actions import Action
from gin_engine.ai import make_bot
from gin_engine.ai.base import hand_mask
from gin_engine.ai.decide import PLAY_ON_KNOCK, Decision, opponent_knock_rule, opponent_stock_draws
from gin_engine.ai.hints import hint
from gin_engine.ai.inference import odds, weights
from gin_engine.ai.memory import remember
from gin_engine.ai.review import Kind, is_decision, kind_of, plain, worth
from gin_engine.ai.rollout import sample_world
from gin_engine.driver import step
from gin_engine.errors import IllegalActionError, Refusal
from gin_engine.hand import Phase
from gin_engine.match import Match
from gin_engine.ruleset import Ruleset
from gin_engine.view import PlayerView, legal_actions

WORLDS = 240
"""Worlds each position's moves are valued on: enough that a puzzle's answer stays the best
move when valued again on another random stream (docs/puzzles.md measures it)."""
SCREEN_WORLDS = 48
"""The first worlds of the same stream, valued first: a position whose expert move is not
clearly best on these (four in five) is dropped without the rest (``puzzle_valuation``)."""


Valuation = puzzle.Valuation[Action, Kind, Decision]
"""Every legal move of a position beside the Hint's (`engine_common.puzzle.Valuation`)."""


def moves_of(view: PlayerView) -> tuple[Action, ...]:
    """The legal moves of a decision, each once under its plain name (a knock leaving no
    deadwood is gin)."""
    mine = hand_mask(view)
    return tuple(dict.fromkeys(plain(mine, a) for a in legal_actions(view)))


def value_moves(view: PlayerView, seed: int = 0, worlds: int = WORLDS) -> Valuation:
    """Every legal move of ``view`` valued on ``worlds`` common worlds drawn by
    ``Random(seed)`` (another seed: another random stream, for the stability check)."""
    if worlds < 2:
        raise IllegalActionError(Refusal.WRONG_PHASE, "a valuation needs at least 2 worlds")
    if not is_decision(view):
        raise IllegalActionError(Refusal.WRONG_PHASE, "not a decision")
    mine = hand_mask(view)
    advice = hint(view)
    expert = plain(mine, advice.action)
    moves = moves_of(view)
    memory = remember(view)
    by_odds = odds(weights(memory))
    draws = opponent_stock_draws(view)
    rules = (PLAY_ON_KNOCK, opponent_knock_rule(view))
    rng = random.Random(seed)
    found = value_on_worlds(
        moves,
        expert,
        worlds,
        lambda: sample_world(memory, by_odds, rng, draws),
        lambda world, move: worth(view, move, mine, world, rules),
    )
    return Valuation(kind_of(view), expert, advice, found)


def puzzle_valuation(view: PlayerView, seed: int = 0) -> Valuation | None:
    """The valuation of a puzzle: its expert move clearly best on the first `SCREEN_WORLDS`
    worlds of ``Random(seed)`` and on all `WORLDS` of them; None for any other position."""
    return screened(lambda worlds: value_moves(view, seed, worlds), SCREEN_WORLDS, WORLDS)


Candidate = puzzle.Candidate[PlayerView]
"""A decision of a computer player in one of their own matches."""


def match_candidates(
    ruleset: Ruleset, seed: int, levels: tuple[str, ...], hands: int | None = None
) -> Iterator[Candidate]:
    """Every decision of a match between computer levels ``levels`` (seat 0, seat 1), dealt
    and played from ``seed`` alone (so the same seed gives the same positions), over
    ``hands`` hands (None: the whole match)."""
    game = Match.new(ruleset, random.Random(seed), first_dealer=seed % 2)
    seats = [make_bot(level, random.Random(f"{seed}:{seat}")) for seat, level in enumerate(levels)]
    ended = 0
    while game.phase is not Phase.MATCH_OVER and (hands is None or ended < hands):
        if game.phase is Phase.HAND_OVER:
            step(game, seats)
        moves = 0
        while game.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            seat = game.to_act
            if seat is not None:
                view = game.view(seat)
                if is_decision(view):
                    yield Candidate(game.hand.number, moves, levels[seat], view)
            step(game, seats)
            moves += 1
        ended += 1


def found_by(view: PlayerView, answer: Action, levels: tuple[str, ...]) -> tuple[str, ...]:
    """The computer levels (of ``levels``) whose own move at ``view`` is ``answer``, each
    drawing from ``Random(0)``: what a new puzzle's starting rating is estimated from."""
    mine = hand_mask(view)
    return tuple(
        level
        for level in levels
        if plain(mine, make_bot(level, random.Random(0)).choose(view)) == answer
    )
