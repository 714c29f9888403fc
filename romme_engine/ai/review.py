"""复盘 for Rommé: each decision of a player beside the expert's, both valued in points on the
same worlds.

Glossary
    decision     a turn step with a choice (two legal moves or more that are not the same move
                 with the other copy of a card or another joker): take the discard or draw;
                 lay a meld (which, or open now or hold); a lay-off; a joker swap; which card
                 to throw; going out. Steps a take-back undid, and the take-back itself, are
                 not decisions: they did not happen
    expert move  exactly the move the table's Hint shows for that view (``hints.hint``)
    value        what a move is expected to be worth in points for the player: the mean over
                 worlds sampled from the view (``rollout.sample_world``: the real hidden cards
                 are never read) of the hand played on after the move — the rest of the
                 player's turn by the expert's plan, then every seat by the fast policy
                 (``rollout.play_out``) — and scored by ``rollout.points`` (what the others pay
                 when the player goes out, else minus what the player pays)
    loss, label, accuracy
                 as for every game (``engine_common.review``), on Rommé's point scale
                 (``LABELS``, ``ACCURACY_SCALE``)

The thresholds, the accuracy scale and the measured share of each label for the site's levels
are in docs/review-romme.md.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine_common import review
from engine_common.review import Label, Thresholds, accuracy, label, loss_of
from romme_engine.actions import Action, Discard, LayMeld, LayOff, SwapJoker, TakeBack
from romme_engine.ai.hints import hint
from romme_engine.ai.levels import EXPERT
from romme_engine.ai.plan import Why, step
from romme_engine.ai.rollout import clone, play_out, points, sample_world
from romme_engine.cards import Card
from romme_engine.errors import IllegalActionError, InvalidInputError, Refusal
from romme_engine.hand import Hand, Phase
from romme_engine.legal import legal_actions, spelled
from romme_engine.match import Match
from romme_engine.melds import Meld
from romme_engine.replay import Step, replay
from romme_engine.view import PlayerView, hand_view

WORLDS = 24
"""Worlds sampled for a decision whose move differs from the expert's; both moves are played
out in each."""
MORE_WORLDS = 48
"""Worlds added (``WORLDS`` at a time) while a differing move's loss is above the first
threshold but within twice its standard error: Rommé's points vary widely (one player going
out collects every other hand), and a label should rest on a clear loss, not on noise."""
VALUE_WORLDS = 4
"""Worlds sampled for a decision where the player made the expert's move: the loss is 0 by
definition, the worlds only value the move."""
LABELS: Thresholds = (
    (Label.BLUNDER, 20.0),
    (Label.MISTAKE, 10.0),
    (Label.INACCURACY, 5.0),
)
"""A loss above the threshold (points) earns the label, worst first (docs/review-romme.md)."""
ACCURACY_SCALE = 12.5
"""Points lost at which a decision's accuracy falls to 1/e: at the inaccuracy threshold 67%,
as in Gin Rummy at its own (docs/review-romme.md)."""
TURN_STEPS = 60
"""A guard on the rest of a turn played by the expert's plan inside a world."""


class Kind(StrEnum):
    DRAW = "draw"
    """Take the top discard or draw from the stock."""
    MELD = "meld"
    """Lay a meld (which one, or open now or hold back): either move lays one."""
    LAY_OFF = "lay-off"
    SWAP = "swap"
    """A joker swap (换王)."""
    DISCARD = "discard"
    """Which card to throw."""
    GO_OUT = "go-out"
    """Either move goes out in this turn, played on by the expert's plan."""


@dataclass(frozen=True, slots=True)
class Position:
    """A decision's position as the player saw it (all of it public to that player)."""

    hand: tuple[Card, ...]
    """The player's cards, the drawn one included in a play step."""
    discard_top: Card | None
    table: tuple[tuple[Card, ...], ...]
    """The melds on the table, each's cards in order (this turn's staged ones included)."""
    owners: tuple[int, ...]
    """Who laid each table meld."""
    hand_counts: tuple[int, ...]
    opened: tuple[bool, ...]
    stock: int
    taken: Card | None
    """The discard taken this turn, while it still has to be laid out."""

    @classmethod
    def of(cls, view: PlayerView) -> Position:
        taken = view.taken_card if view.taken_card in view.hand else None
        return cls(
            view.hand, view.discard_top, tuple(m.cards for m in view.table), view.owners,
            view.hand_counts, view.opened, view.stock_count, taken,
        )


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One decision: what the player did beside the expert's move, both valued in points."""

    position: Position
    kind: Kind
    played: Action
    expert: Action
    matched: bool
    """The player made the expert's move (perhaps with the other copy of a card or another
    joker: ``same_move``)."""
    why: Why
    """The Hint's reason for the expert's move."""
    played_value: float
    expert_value: float
    loss: float
    """Points: 0 or more; exactly 0 when the player made the expert's move."""
    error: float
    """The standard error of the loss (0 when the moves are the same)."""
    label: Label

    @property
    def accuracy(self) -> float:
        return accuracy(self.loss, ACCURACY_SCALE)


class HandReview(review.HandReview[MoveReview]):
    """Every decision one player made in one hand, in order (the shape every game shares)."""

    __slots__ = ()


def move_key(table: Sequence[Meld], action: Action) -> tuple[object, ...]:
    """``action`` with its cards as faces (jokers all alike): two actions with the same key
    are the same move with the other copy of a card or another joker."""
    action = spelled(table, action)
    if isinstance(action, LayMeld):
        return ("meld", tuple(c.kind for c in action.cards))
    if isinstance(action, Discard):
        return ("discard", action.card.kind)
    if isinstance(action, LayOff):
        return ("lay-off", action.card.kind, action.meld, action.end)
    if isinstance(action, SwapJoker):
        return ("swap", action.card.kind, action.meld)
    return (type(action).__name__,)


def same_move(table: Sequence[Meld], a: Action, b: Action) -> bool:
    return move_key(table, a) == move_key(table, b)


def is_decision(view: PlayerView) -> bool:
    """Whether the player whose view this is has a choice to make now (a take-back is no
    choice of a move: it undoes them)."""
    if not view.my_turn or view.phase not in (Phase.DRAW, Phase.PLAY):
        return False
    keys = {move_key(view.table, a) for a in legal_actions(view) if not isinstance(a, TakeBack)}
    return len(keys) >= 2


def committed(steps: Sequence[Step], seat: int) -> list[Step]:
    """``seat``'s steps that stood: a take-back and the steps of the turn it undid left out."""
    kept: list[Step] = []
    staged: list[int] = []
    for s in steps:
        if s.seat != seat:
            continue
        if isinstance(s.action, TakeBack):
            drop = set(staged)
            kept = [k for i, k in enumerate(kept) if i not in drop]
            staged = []
            continue
        if isinstance(s.action, LayMeld | LayOff | SwapJoker):
            staged.append(len(kept))
        elif isinstance(s.action, Discard):
            staged = []
        kept.append(s)
    return kept


def review_hand(
    match: Match, number: int, seat: int, worlds: tuple[int, int] = (WORLDS, VALUE_WORLDS)
) -> HandReview:
    """The review of ``seat``'s decisions in finished hand ``number`` of ``match``, rebuilt
    from the hand's deal and moves (``replay``; refused when the match kept none).
    ``worlds``: as `review_move`'s."""
    moves = tuple(
        review_move(s.view, s.action, worlds)
        for s in committed(replay(match, number), seat)
        if is_decision(s.view)
    )
    return HandReview(number, seat, moves)


def review_move(
    view: PlayerView, played: Action, worlds: tuple[int, int] = (WORLDS, VALUE_WORLDS)
) -> MoveReview:
    """The review of ``played`` at ``view``: the Hint's move and both valued on the same worlds
    sampled from the view (``Random(0)``, so a review never changes). ``worlds``: how many
    when the moves differ and when they are the same (at least 2 each)."""
    if min(worlds) < 2:
        raise InvalidInputError(f"a review needs at least 2 worlds, not {worlds!r}")
    legal = {move_key(view.table, a) for a in legal_actions(view)}
    if not is_decision(view) or move_key(view.table, played) not in legal:
        raise IllegalActionError(Refusal.WRONG_PHASE, f"not a decision: {played!r}")
    advice = hint(view)
    played = spelled(view.table, played)
    expert = spelled(view.table, advice.action)
    same = same_move(view.table, played, expert)
    rng = random.Random(0)
    expert_values: list[float] = []
    played_values: list[float] = []
    out_now = False
    count, more = (worlds[1], 0) if same else (worlds[0], MORE_WORLDS)
    while True:
        for _ in range(count):
            world = sample_world(view, rng)
            value, out = worth(view, world, expert, copy=not same)
            expert_values.append(value)
            out_now = out_now or out
            if not same:
                value, out = worth(view, world, played, copy=False)
                out_now = out_now or out
            played_values.append(value)
        found = loss_of(expert_values, played_values)
        if more <= 0 or not found.loss > LABELS[-1][1] or found.loss > 2.0 * found.error:
            break
        more -= count  # a loss that may earn a label but is within twice its error: look again
    loss, error = (0.0, 0.0) if same else (found.loss, found.error)
    return MoveReview(
        position=Position.of(view),
        kind=kind_of(view, played, expert, out_now),
        played=played,
        expert=expert,
        matched=same,
        why=advice.reason or Why.DRAW_STOCK,
        played_value=statistics.fmean(played_values),
        expert_value=statistics.fmean(expert_values),
        loss=loss,
        error=error,
        label=label(loss, error, LABELS),
    )


def kind_of(view: PlayerView, played: Action, expert: Action, out_now: bool) -> Kind:
    if view.phase is Phase.DRAW:
        return Kind.DRAW
    if out_now:
        return Kind.GO_OUT
    moves = (type(played), type(expert))
    if LayMeld in moves:
        return Kind.MELD
    if SwapJoker in moves:
        return Kind.SWAP
    if LayOff in moves:
        return Kind.LAY_OFF
    return Kind.DISCARD


def worth(view: PlayerView, world: Hand, action: Action, copy: bool) -> tuple[float, bool]:
    """Points to the player when ``action`` is made in ``world`` (a copy of it when ``copy``)
    and the hand played on; and whether the player went out in this very turn."""
    hand = clone(world) if copy else world
    seat = view.player
    hand.apply(seat, action)
    for _ in range(TURN_STEPS):
        if hand.result is not None or hand.turn != seat or hand.phase is not Phase.PLAY:
            break
        seen = hand_view(hand, seat, ruleset=hand.ruleset, phase=hand.phase, turn=seat,
                         scores=view.scores)
        hand.apply(seat, step(seen, EXPERT).action)
    out = hand.result is not None and hand.result.winner == seat
    return float(points(play_out(hand), seat)), out
