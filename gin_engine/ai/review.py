"""复盘: each decision of a player beside the expert's, both valued in points on the same worlds.

Glossary
    decision     a turn step with a choice (two legal actions or more): take or pass the upcard,
                 stock or pile, which card to throw, go out (knock or gin) or play on
    expert move  exactly the move the table's Hint shows for that view (``hints.hint``)
    why          the Hint's whole decision and the same figures for the move played
                 (``review_why``): what a decision's reason is said from
    value        what a move is expected to be worth in points for the player (negative when
                 the opponent is expected to score): the mean over ``WORLDS`` worlds sampled
                 from the view (``rollout.sample_world``; the real hidden cards are never read)
                 of the hand played out after the move by the fast rollout policy
    loss         the expert's value minus the player's, as the mean of the two moves'
                 differences world by world (common worlds: they differ by the move alone),
                 with its standard error; clipped at 0, so a move estimated at least as good as
                 the expert's loses nothing, and exactly 0 when it is the expert's move
    label        好 (good), 不精确, 失误, 大错 by loss (``LABELS``); a move is labelled worse
                 than good only when its loss exceeds both the threshold and twice its
                 standard error, so that noise is never called a mistake
    accuracy     ``accuracy(loss)``: 100 for no loss, falling exponentially with the points
                 lost (in the spirit of Lichess's accuracy); a hand's or a match's is the mean
                 over its decisions

The thresholds, the accuracy mapping and the measured share of each label for the site's
levels are in docs/review.md.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import astuple, dataclass
from enum import StrEnum

from engine_common import review
from engine_common.review import Label as Label
from engine_common.review import Summary as Summary
from engine_common.review import Thresholds
from engine_common.review import summarise as summarise
from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_engine.ai.base import hand_mask
from gin_engine.ai.decide import PLAY_ON_KNOCK, opponent_knock_rule, opponent_stock_draws
from gin_engine.ai.hints import hint
from gin_engine.ai.inference import odds, weights
from gin_engine.ai.memory import remember
from gin_engine.ai.review_why import Why, why
from gin_engine.ai.rollout import World, after_take, play_out, sample_world, showdown, would_take
from gin_engine.cards import Card, CardMask
from gin_engine.errors import IllegalActionError, InvalidInputError, Refusal
from gin_engine.hand import Phase
from gin_engine.match import Match
from gin_engine.melds import deadwood_mask
from gin_engine.replay import replay
from gin_engine.view import PlayerView, legal_actions

WORLDS = 48
"""Worlds sampled for a decision whose move differs from the expert's; both moves are played
out in each."""
VALUE_WORLDS = 16
"""Worlds sampled for a decision where the player made the expert's move: the loss is 0 by
definition, the worlds only value the move (a third of the cost, for the p95 of docs/review.md)."""
ACCURACY_SCALE = 10.0
"""Points lost at which a decision's accuracy falls to 1/e (about 37%): at the label
thresholds 67%, 45% and 30%, near Lichess's move accuracy at its own (docs/review.md)."""


class Kind(StrEnum):
    UPCARD = "upcard"
    """Take or pass the first upcard."""
    DRAW = "draw"
    """Stock or pile."""
    DISCARD = "discard"
    """Which card to throw (no knock is legal)."""
    GO_OUT = "go-out"
    """Knock or gin, or play on (and which card to throw)."""


LABELS: Thresholds = (
    (Label.BLUNDER, 12.0),
    (Label.MISTAKE, 8.0),
    (Label.INACCURACY, 4.0),
)
"""A loss above the threshold (points) earns the label, worst first (docs/review.md)."""


@dataclass(frozen=True, slots=True)
class Position:
    """A decision's position as the player saw it (all of it public to that player)."""

    hand: tuple[Card, ...]
    """The player's cards, the drawn one included in the discard phase."""
    pile_top: Card | None
    opponent_taken: tuple[Card, ...]
    """The cards the opponent took from the pile and still holds."""
    stock: int

    @classmethod
    def of(cls, view: PlayerView) -> Position:
        return cls(view.hand, view.discard_top, view.opponent_known, view.stock_count)


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One decision: what the player did beside the expert's move, both valued in points."""

    position: Position
    kind: Kind
    played: Action
    expert: Action
    played_value: float
    expert_value: float
    loss: float
    """Points: 0 or more; exactly 0 when the player made the expert's move."""
    error: float
    """The standard error of the loss (0 when the moves are the same)."""
    label: Label
    why: Why | None = None
    """The figures the reason is said from (the Hint's decision, the played move's), for a
    move that is not the expert's; None for the expert's own move (nothing to explain) and in
    a review kept before reviews kept reasons (`review_snapshot`'s format 1)."""

    @property
    def matched(self) -> bool:
        return self.played == self.expert

    @property
    def accuracy(self) -> float:
        return accuracy(self.loss)


class HandReview(review.HandReview[MoveReview]):
    """Every decision one player made in one hand, in order (the shape every game shares)."""

    __slots__ = ()


def accuracy(loss: float) -> float:
    """A decision's accuracy, 0-100, on Gin Rummy's scale (``ACCURACY_SCALE``)."""
    return review.accuracy(loss, ACCURACY_SCALE)


def label(loss: float, error: float) -> Label:
    """The label Gin Rummy's thresholds (``LABELS``) give."""
    return review.label(loss, error, LABELS)


def is_decision(view: PlayerView) -> bool:
    """Whether the player whose view this is has a choice to make now."""
    in_turn = view.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD) and view.my_turn
    return in_turn and len(legal_actions(view)) >= 2


def review_hand(
    match: Match, number: int, seat: int, worlds: tuple[int, int] = (WORLDS, VALUE_WORLDS)
) -> HandReview:
    """The review of ``seat``'s decisions in finished hand ``number`` of ``match``, rebuilt
    from the hand's deal and public moves (``replay``; refused when the match kept none).
    ``worlds``: as `review_move`'s."""
    moves = tuple(
        review_move(step.view, step.action, worlds)
        for step in replay(match, number)
        if step.seat == seat and is_decision(step.view)
    )
    return HandReview(number, seat, moves)


def review_move(
    view: PlayerView, played: Action, worlds: tuple[int, int] = (WORLDS, VALUE_WORLDS)
) -> MoveReview:
    """The review of ``played`` at ``view``: the Hint's move and both valued on the same worlds
    sampled from the view (``Random(0)``, so a review never changes). ``worlds``: how many
    when the moves differ and when they are the same (at least 2 each); fewer make a cheaper,
    noisier review (a test's scan of many hands), the defaults are the site's."""
    if min(worlds) < 2:
        raise InvalidInputError(f"a review needs at least 2 worlds, not {worlds!r}")
    if not is_decision(view) or played not in legal_actions(view):
        raise IllegalActionError(Refusal.WRONG_PHASE, f"not a decision: {played!r}")
    mine = hand_mask(view)
    played = _plain(mine, played)
    advice = hint(view)
    expert = _plain(mine, advice.action)
    memory = remember(view)
    by_odds = odds(weights(memory))
    draws = opponent_stock_draws(view)
    rules = (PLAY_ON_KNOCK, opponent_knock_rule(view))
    rng = random.Random(0)
    count = worlds[1] if played == expert else worlds[0]
    expert_values: list[int] = []
    played_values: list[int] = []
    for _ in range(count):
        world = sample_world(memory, by_odds, rng, draws)
        value = _worth(view, expert, mine, world, rules)
        expert_values.append(value)
        if played != expert:
            value = _worth(view, played, mine, world, rules)
        played_values.append(value)
    loss, error = astuple(review.loss_of(expert_values, played_values))
    kind = _kind(view)
    return MoveReview(
        position=Position.of(view),
        kind=kind,
        played=played,
        expert=expert,
        played_value=statistics.fmean(played_values),
        expert_value=statistics.fmean(expert_values),
        loss=loss,
        error=error,
        label=label(loss, error),
        why=None if played == expert else why(view, played, advice, kind is Kind.GO_OUT),
    )


def _kind(view: PlayerView) -> Kind:
    if view.phase is Phase.UPCARD:
        return Kind.UPCARD
    if view.phase is Phase.DRAW:
        return Kind.DRAW
    if any(isinstance(a, Knock | Gin) for a in legal_actions(view)):
        return Kind.GO_OUT
    return Kind.DISCARD


def _plain(mine: CardMask, action: Action) -> Action:
    """A knock leaving no deadwood is gin (the engine scores it so): one name per move."""
    if isinstance(action, Knock) and deadwood_mask(mine ^ action.card.bit) == 0:
        return Gin(action.card)
    return action


def _worth(
    view: PlayerView, action: Action, mine: CardMask, world: World, rules: tuple[int, int]
) -> int:
    """Points to the player when ``action`` is made in ``world`` and the hand played out."""
    ruleset = view.ruleset
    top = view.discard_top
    if isinstance(action, TakeUpcard | DrawDiscard) and top is not None:
        return after_take(ruleset, mine, world, top.bit, rules)
    if isinstance(action, DrawStock):
        return _draw_stock(view, mine, world, rules)
    if isinstance(action, PassUpcard) and top is not None:
        if view.player == view.dealer:  # the second to pass: the non-dealer draws from stock
            return play_out(ruleset, mine, world, 0, rules)
        if would_take(world.opponent, top.bit):  # the dealer takes it, or passes it back
            return play_out(ruleset, mine, world, top.bit, rules)
        return _draw_stock(view, mine, world, rules)
    if isinstance(action, Knock | Gin):
        return showdown(ruleset, mine ^ action.card.bit, world.opponent)
    if isinstance(action, Discard):
        if view.stock_count <= ruleset.dead_hand_stock:
            return 0  # the discard ends the hand as dead
        return play_out(ruleset, mine ^ action.card.bit, world, action.card.bit, rules)
    raise IllegalActionError(Refusal.WRONG_PHASE, f"not a decision: {action!r}")


def _draw_stock(
    view: PlayerView, mine: CardMask, world: World, rules: tuple[int, int]
) -> int:
    """I draw the first stock card and play on: ``play_out`` with the seats swapped (the
    side that moves first with no pile card draws from the stock), its points negated."""
    swapped = World(mine, world.stock)
    return -play_out(view.ruleset, world.opponent, swapped, 0, (rules[1], rules[0]))


# Public for the puzzles (`ai.puzzle`), which value every legal move of a position the same way.
worth = _worth
plain = _plain
kind_of = _kind
