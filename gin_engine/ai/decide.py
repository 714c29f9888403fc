"""The expert's decision: the move, a reason code and the estimates behind it.

One function, two users: the expert bot plays ``decide(view, rng).action``; the table's Hint
shows the whole decision. Only the view is read; hidden cards are sampled, never looked at.

Glossary
    estimate    what one candidate move is expected to be worth, in the decision's unit
    points      unit of the knock decision: the hand's expected points for this player
                (negative when the opponent is expected to score), from sampled worlds
    hand score  unit of draws and discards: deadwood minus what the next draws may bring,
                plus the danger of the card thrown (lower is better), see ``evaluate``
    play on     discarding without knocking although a knock is legal
    knock rule  the opponent's: the most deadwood it has knocked with in this match (its
                earlier showdowns are public); until it has knocked, any legal count

Knock or play on: in each of ``SAMPLES`` worlds (the opponent's hand sampled by inference
weight and then improved by as many draws as the opponent has made this hand, the stock
shuffled from the other unseen cards) the knock is scored against the opponent's best
lay-offs, and the same world is played on by a fast rollout, once for each of the
``PLAY_ON_CARDS`` best discards by hand score, in which this player goes for a low knock
(``PLAY_ON_KNOCK``) and the opponent follows its knock rule (``sampled_positions``). Those
means are biased in ways that depend on the position, so under gin-rummy scoring the knock model
(``knock_model``: weights fitted to the expert's own choices played out for real) turns them and
the position's figures from the view (the play-on hand's own draw chances among them) into the
estimates of knocking and of playing on with each card. The highest estimate wins; ties knock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    NextHand,
    PassUpcard,
    TakeUpcard,
)
from gin_engine.ai import knock_model
from gin_engine.ai.base import hand_mask, min_discard
from gin_engine.ai.evaluate import Option, draw_gain, reach_chances, remembered_deadwood
from gin_engine.ai.expert import Reading, discard_choice, draw_scores, read
from gin_engine.ai.inference import danger, odds
from gin_engine.ai.knock_model import Position
from gin_engine.ai.rollout import play_out, sample_world, showdown
from gin_engine.cards import VALUES, Card, CardMask
from gin_engine.errors import IllegalActionError, Refusal
from gin_engine.hand import Move, Phase
from gin_engine.melds import deadwood_mask
from gin_engine.results import HandEnd
from gin_engine.view import PlayerView

SAMPLES = 16
"""Worlds sampled for a knock-or-play-on decision."""
PLAY_ON_CARDS = 4
"""Play-on discards weighed by the knock model at a knock choice (``_weigh_play_on``)."""
PLAY_ON_KNOCK = 3
"""In a play-on rollout this player knocks with at most this much deadwood while the stock is
deep (any legal knock near its end)."""


class Reason(StrEnum):
    """Why: stable codes the site turns into a sentence."""

    NEXT_HAND = "next-hand"
    GIN_NOW = "gin-now"
    KNOCK_NOW = "knock-now"
    """A knock is estimated to score at least as much as playing on."""
    PLAY_ON = "play-on"
    """A knock is legal, but playing on is estimated to score more."""
    TAKE_UPCARD_COMPLETES_MELD = "take-upcard-completes-meld"
    """The card joins a meld of the hand and the count falls (deadwood_after < before)."""
    TAKE_UPCARD_LOWERS_DEADWOOD = "take-upcard-lowers-deadwood"
    PASS_UPCARD = "pass-upcard"
    """The upcard would not lower the count."""
    PASS_UPCARD_STOCK_BETTER = "pass-upcard-stock-better"
    """The upcard would lower the count, but melds nothing or the hand after a stock draw
    scores better."""
    TAKE_DISCARD_COMPLETES_MELD = "take-discard-completes-meld"
    TAKE_DISCARD_LOWERS_DEADWOOD = "take-discard-lowers-deadwood"
    DRAW_STOCK = "draw-stock"
    """The top discard would not lower the count, or cannot be taken."""
    DRAW_STOCK_BETTER = "draw-stock-better"
    """The top discard would lower the count, but melds nothing or the hand after a stock draw
    scores better."""
    DISCARD_HIGHEST_DEADWOOD = "discard-highest-deadwood"
    DISCARD_SAFE = "discard-safe"
    """A slightly worse count, but the card is unlikely to help the opponent."""
    DISCARD_KEEPS_CHANCES = "discard-keeps-chances"
    """The discard keeps the cards most likely to form melds on later draws."""


class Unit(StrEnum):
    POINTS = "points"
    """Higher is better."""
    HAND_SCORE = "hand-score"
    """Lower is better."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """One compared move and what it is expected to be worth."""

    action: Action
    value: float
    undercut_risk: float | None = None
    """For a knock: the share of sampled worlds in which the opponent undercuts, 0..1."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A move, why, and the numbers behind it."""

    action: Action
    reason: Reason
    deadwood_before: int
    """Deadwood of the hand as held at this step: before the draw in the draw phases, the
    drawn card included in the discard phase (the figure the table shows beside the hand)."""
    deadwood_after: int
    """Deadwood expected after the move (after the best discard, for a take)."""
    card: Card | None = None
    """The card the reason is about: the pile card to take, or the card to throw."""
    unit: Unit = Unit.POINTS
    estimates: tuple[Estimate, ...] = ()
    """The moves compared, the chosen one first; empty when there was nothing to weigh."""
    danger: float | None = None
    """For a discard: the estimated chance the opponent can meld it, 0..1."""


def decide(view: PlayerView, rng: random.Random) -> Decision:
    """The expert's move for the player whose view this is; ``rng`` draws the sampled worlds."""
    if view.phase is Phase.HAND_OVER:
        return Decision(NextHand(), Reason.NEXT_HAND, 0, 0)
    if not view.my_turn or view.phase is Phase.MATCH_OVER:
        raise IllegalActionError(Refusal.NOT_YOUR_TURN, "no decision: not this player's turn")
    if view.phase in (Phase.UPCARD, Phase.DRAW):
        return _draw(view)
    return _discard(view, rng)


def expert_policy(view: PlayerView, rng: random.Random) -> Action:
    return decide(view, rng).action


def _draw(view: PlayerView) -> Decision:
    mask = hand_mask(view)
    before = deadwood_mask(mask)
    top = view.discard_top
    upcard = view.phase is Phase.UPCARD
    take: Action = TakeUpcard() if upcard else DrawDiscard()
    draw: Action = PassUpcard() if upcard else DrawStock()
    takeable = upcard or view.upcard_takeable
    if top is None or not takeable:
        return Decision(draw, Reason.DRAW_STOCK, before, before)
    after, discards = min_discard(mask | top.bit, top, remembered_deadwood)
    scores = draw_scores(view, top, after)
    if scores is None:
        if after < before:  # it would lower the count, but melds nothing: not "no help"
            reason = Reason.PASS_UPCARD_STOCK_BETTER if upcard else Reason.DRAW_STOCK_BETTER
        else:
            reason = Reason.PASS_UPCARD if upcard else Reason.DRAW_STOCK
        return Decision(draw, reason, before, before, top)
    take_estimate = Estimate(take, scores.take)
    draw_estimate = Estimate(draw, scores.stock)
    if scores.take < scores.stock:
        kept = (mask | top.bit) ^ discards[0].bit
        melds = deadwood_mask(kept) < deadwood_mask(kept ^ top.bit) + VALUES[top.rank]
        if upcard:
            reason = (Reason.TAKE_UPCARD_COMPLETES_MELD if melds
                      else Reason.TAKE_UPCARD_LOWERS_DEADWOOD)
        else:
            reason = (Reason.TAKE_DISCARD_COMPLETES_MELD if melds
                      else Reason.TAKE_DISCARD_LOWERS_DEADWOOD)
        return Decision(take, reason, before, after, top, Unit.HAND_SCORE,
                        (take_estimate, draw_estimate))
    reason = Reason.PASS_UPCARD_STOCK_BETTER if upcard else Reason.DRAW_STOCK_BETTER
    return Decision(draw, reason, before, before, top, Unit.HAND_SCORE,
                    (draw_estimate, take_estimate))


def _discard(view: PlayerView, rng: random.Random) -> Decision:
    mask = hand_mask(view)
    # The hand as held, drawn card included: the hint's "(65 → 55)" must start from the count
    # the table shows, not from the count before the draw.
    before = deadwood_mask(mask)
    least, lowest = min_discard(mask, view.taken_card, remembered_deadwood)
    if least == 0:
        return Decision(Gin(lowest[0]), Reason.GIN_NOW, before, 0, lowest[0])
    reading = read(view)
    ranked = discard_choice(view, reading)
    best = ranked[0]
    if least <= view.ruleset.knock_limit:
        knock, play_on, best = _weigh_play_on(view, reading, lowest[0], ranked, rng)
        if knock.value >= play_on.value:
            return Decision(knock.action, Reason.KNOCK_NOW, before, least, lowest[0],
                            Unit.POINTS, (knock, play_on))
        return Decision(play_on.action, Reason.PLAY_ON, before, best.deadwood, best.card,
                        Unit.POINTS, (play_on, knock), best.danger)
    return Decision(Discard(best.card), _discard_reason(best, least, lowest, reading), before,
                    best.deadwood, best.card, Unit.HAND_SCORE,
                    tuple(Estimate(Discard(o.card), o.score) for o in ranked[:2]), best.danger)


def _weigh_play_on(
    view: PlayerView, reading: Reading, knock_card: Card, ranked: list[Option],
    rng: random.Random,
) -> tuple[Estimate, Estimate, Option]:
    """The knock's estimate, and the play-on discard to weigh it against with its estimate.

    Under gin-rummy scoring the first ``PLAY_ON_CARDS`` discards by hand score are each
    estimated by the knock model and the higher wins: the hand score weighs the next draws, the
    model also what the rest of the hand brings. They are estimated on the same sampled worlds,
    so they differ by the card alone. The knock's estimate is the one paired with the best
    discard by hand score, as its weights were fitted (``benchmarks/knock_model.py``; the
    play-on weights on the rows of every weighed card). Under 胡牌制 the best by hand score
    stands (the model does not apply)."""
    weighed = ranked[:PLAY_ON_CARDS] if knock_model.applies(view.ruleset) else ranked[:1]
    positions = sampled_positions(view, reading, knock_card, [o.card for o in weighed], rng)
    knock, play_on = _estimates(view, positions[0], knock_card, weighed[0].card)
    best = weighed[0]
    for option, position in zip(weighed[1:], positions[1:], strict=True):
        _, other = _estimates(view, position, knock_card, option.card)
        if other.value > play_on.value:
            best, play_on = option, other
    return knock, play_on, best


def _discard_reason(best: Option, least: int, lowest: list[Card], reading: Reading) -> Reason:
    if best.deadwood == least and VALUES[best.card.rank] == max(VALUES[c.rank] for c in lowest):
        return Reason.DISCARD_HIGHEST_DEADWOOD
    plain_danger = min(danger(c.index, reading.hold) for c in lowest)
    if best.deadwood > least and best.danger < 0.5 * plain_danger:
        return Reason.DISCARD_SAFE
    return Reason.DISCARD_KEEPS_CHANCES


_KNOCK_ENDS = (HandEnd.KNOCK, HandEnd.UNDERCUT, HandEnd.MI_HU, HandEnd.ZHA_HU)
"""Showdowns of a going out with deadwood (胡牌制: 米胡, held or not)."""


def opponent_knock_rule(view: PlayerView) -> int:
    """The most deadwood the opponent has knocked with this match (the knock limit before)."""
    knocks = [
        r.knocker_deadwood for r in view.results
        if r.knocker == view.opponent and r.end in _KNOCK_ENDS
    ]
    return max(knocks, default=view.ruleset.knock_limit)


def opponent_stock_draws(view: PlayerView) -> int:
    """How many stock cards the opponent has drawn this hand (public: the history shows it)."""
    return sum(1 for e in view.history if e.player == view.opponent and e.move is Move.DRAW_STOCK)


def sampled_positions(
    view: PlayerView, reading: Reading, knock_card: Card, play_cards: list[Card],
    rng: random.Random,
) -> list[Position]:
    """The knock choice's figures for each card of ``play_cards``: the mean points of knocking
    with ``knock_card`` and of discarding that card instead, over the same ``SAMPLES`` sampled
    worlds (each knock scored once), and the position's figures from the view: the public
    facts and the play-on hand's draw figures."""
    mask: CardMask = hand_mask(view)
    knock_hand = mask ^ knock_card.bit
    play_hands = [mask ^ card.bit for card in play_cards]
    rule = opponent_knock_rule(view)
    draws = opponent_stock_draws(view)
    knocked = 0.0
    played = [0.0] * len(play_cards)
    undercuts = 0
    by_odds = odds(reading.weights)
    for _ in range(SAMPLES):
        world = sample_world(reading.memory, by_odds, rng, draws)
        points = showdown(view.ruleset, knock_hand, world.opponent)
        undercuts += points < 0
        knocked += points
        for i, (hand, card) in enumerate(zip(play_hands, play_cards, strict=True)):
            played[i] += play_out(view.ruleset, hand, world, card.bit, (PLAY_ON_KNOCK, rule))
    known = reading.memory.opp_known.bit_count()
    knock_deadwood = deadwood_mask(knock_hand)
    positions = []
    for hand, total in zip(play_hands, played, strict=True):
        play_deadwood = deadwood_mask(hand)
        gin_chance, lower_chance = reach_chances(hand, reading.draw_p, (0, play_deadwood - 1))
        positions.append(Position(
            knock=knocked / SAMPLES,
            play_on=total / SAMPLES,
            undercut=undercuts / SAMPLES,
            stock=view.stock_count,
            opponent_draws=draws,
            opponent_known=known,
            knock_deadwood=knock_deadwood,
            play_on_deadwood=play_deadwood,
            opponent_rule=rule,
            play_on_gain=draw_gain(hand, reading.draw_p),
            gin_chance=gin_chance,
            lower_chance=lower_chance,
        ))
    return positions


def _estimates(
    view: PlayerView, position: Position, knock_card: Card, play_card: Card
) -> tuple[Estimate, Estimate]:
    """What knocking with ``knock_card`` and discarding ``play_card`` instead are worth: the
    knock model's figures (the sampled means as they are under 胡牌制)."""
    knock, play_on = position.knock, position.play_on
    if knock_model.applies(view.ruleset):
        knock, play_on = knock_model.worth(position)
    return (
        Estimate(Knock(knock_card), knock, position.undercut),
        Estimate(Discard(play_card), play_on),
    )
