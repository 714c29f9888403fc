"""Rommé's puzzles: a position where one move is clearly best, every legal move valued on
common worlds the review's way (docs/puzzles.md).

Glossary
    candidate     a decision of a player (``review.is_decision``) whose moves can all be
                  valued: the draw (take the discard or draw), or a play step without a meld
                  to lay (which card to throw, a lay-off, a joker swap, going out). A step that
                  may lay a meld is left out: its moves are the lay-down's combinations, each
                  a plan of several melds, too many to value and to show one tap each; except
                  when every meld would have to be taken back (``idle_melds``: no lay-down
                  reaches the opening), where the moves are the discards
    valuation     every move of the candidate valued in points the review's way
                  (``review.worth``: the move, the rest of the turn by the expert's plan, the
                  hand played out by the fast policy) on the same worlds sampled from the
                  view (``rollout.sample_world``: the real hidden cards are never read)
    clearly best  every game's rule (`engine_common.puzzle`): the Hint's move has the highest
                  value and beats every other move by more than twice the standard error of
                  the difference
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from engine_common import puzzle
from engine_common.puzzle import screened, value_on_worlds
from romme_engine.actions import Action, LayMeld, TakeBack
from romme_engine.ai import make_bot
from romme_engine.ai.hints import Hint, hint
from romme_engine.ai.review import Kind, is_decision, kind_of, move_key, worth
from romme_engine.ai.rollout import sample_world
from romme_engine.errors import IllegalActionError, Refusal
from romme_engine.hand import Hand, Phase
from romme_engine.laydown import best_lay_down
from romme_engine.legal import legal_actions, must_lay_out, spelled
from romme_engine.match import Match
from romme_engine.ruleset import Ruleset
from romme_engine.view import PlayerView

WORLDS = 240
"""Worlds each position's moves are valued on (docs/puzzles.md measures how often the answer
stays the best move on another random stream)."""
SCREEN_WORLDS = 24
"""The first worlds of the same stream, valued first: a position whose expert move is not
clearly best on these is dropped without the rest (``puzzle_valuation``)."""


Valuation = puzzle.Valuation[Action, Kind, Hint]
"""Every legal move of a position beside the Hint's (`engine_common.puzzle.Valuation`)."""


def idle_melds(view: PlayerView) -> bool:
    """Whether every meld the player may lay now would have to be taken back: they have not
    opened, laid nothing this turn, need lay out no card, and no lay-down of their hand (a
    card kept to throw) reaches the opening. Laying one is then no move."""
    if view.opened[view.player] or view.staged or must_lay_out(view):
        return False
    found = best_lay_down(view.hand, keep_one=True)
    return found is None or found.value < view.ruleset.opening


def lays_down(view: PlayerView) -> bool:
    """Whether decision ``view`` is a lay-down's: a meld may be laid that need not be taken
    back, so its moves are whole plans of melds, never a puzzle's."""
    return is_decision(view) and _lays_down(view, legal_actions(view))


def _lays_down(view: PlayerView, actions: Sequence[Action]) -> bool:
    return any(isinstance(a, LayMeld) for a in actions) and not idle_melds(view)


def moves_of(view: PlayerView) -> tuple[Action, ...] | None:
    """The moves of a candidate, each once as the table spells it; None when ``view`` is no
    candidate (no decision, or a lay-down's: `lays_down`)."""
    if not is_decision(view):
        return None
    actions = legal_actions(view)
    if _lays_down(view, actions):
        return None
    found: dict[tuple[object, ...], Action] = {}
    for action in actions:
        if not isinstance(action, LayMeld | TakeBack):
            found.setdefault(move_key(view.table, action), spelled(view.table, action))
    return tuple(found.values()) if len(found) >= 2 else None


def value_moves(view: PlayerView, seed: int = 0, worlds: int = WORLDS) -> Valuation:
    """Every move of candidate ``view`` valued on ``worlds`` common worlds drawn by
    ``Random(seed)`` (another seed: another random stream, for the stability check)."""
    moves = moves_of(view)
    if worlds < 2 or moves is None:
        raise IllegalActionError(Refusal.WRONG_PHASE, "no candidate, or fewer than 2 worlds")
    advice = hint(view)
    key = move_key(view.table, advice.action)
    expert = next((m for m in moves if move_key(view.table, m) == key), None)
    if expert is None:
        raise IllegalActionError(Refusal.WRONG_PHASE, "the Hint's move is not a candidate's")
    rng = random.Random(seed)
    out_now = False

    def valued(world: Hand, move: Action) -> float:
        nonlocal out_now
        value, out = worth(view, world, move, copy=True)
        out_now = out_now or (out and move == expert)
        return value

    found = value_on_worlds(moves, expert, worlds, lambda: sample_world(view, rng), valued)
    return Valuation(kind_of(view, expert, expert, out_now), expert, advice, found)


def puzzle_valuation(view: PlayerView, seed: int = 0) -> Valuation | None:
    """The valuation of a puzzle: a candidate whose expert move is clearly best on the first
    `SCREEN_WORLDS` worlds of ``Random(seed)`` and on all `WORLDS`; None for any other view."""
    if moves_of(view) is None:
        return None
    return screened(lambda worlds: value_moves(view, seed, worlds), SCREEN_WORLDS, WORLDS)


Candidate = puzzle.Candidate[PlayerView]
"""A decision of a computer player in one of their own matches."""


def match_candidates(
    ruleset: Ruleset, seed: int, levels: tuple[str, ...], hands: int | None = None
) -> Iterator[Candidate]:
    """Every candidate of a match between computer levels ``levels`` (one a seat: 2 to 4),
    dealt and played from ``seed`` alone (so the same seed gives the same positions), over
    ``hands`` hands (None: the whole match)."""
    game = Match.new(ruleset, len(levels), random.Random(seed))
    seats = [make_bot(level, random.Random(f"{seed}:{seat}")) for seat, level in enumerate(levels)]
    ended = moves = 0
    while game.phase is not Phase.MATCH_OVER and (hands is None or ended < hands):
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            moves = 0
            continue
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        if moves_of(view) is not None:
            yield Candidate(game.hand.number, moves, levels[seat], view)
        game.apply(seat, seats[seat].choose(view))
        moves += 1
        if game.phase is not Phase.PLAY and game.phase is not Phase.DRAW:
            ended += 1


def found_by(view: PlayerView, answer: Action, levels: tuple[str, ...]) -> tuple[str, ...]:
    """The computer levels (of ``levels``) whose own move at ``view`` is ``answer``: what a
    new puzzle's starting rating is estimated from."""
    key = move_key(view.table, answer)
    return tuple(
        level
        for level in levels
        if move_key(view.table, make_bot(level, random.Random(0)).choose(view)) == key
    )
