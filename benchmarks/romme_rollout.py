"""Rommé rollouts for ``romme_cheat.py``: play a hand out from a state with fixed styles, to
weigh one decision's options. A helper of that benchmark, never a computer player of the site
(the Monte Carlo level that sampled worlds from a view with it, ``expert-mc``, gained nothing
and was deleted; its code is in the commit named in ``CHANGELOG.md``).

Glossary
    world       a full ``Hand`` (every hand, the stock's order): here the true one
    rollout     a copy of a world, one option applied, then every player follows its style
                until the hand ends
    utility     what a finished rollout is worth to the deciding player: the others' mean
                penalty minus its own; in the match's last hand, winning the match counts
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from romme_engine import view
from romme_engine.actions import Action, Discard
from romme_engine.ai.plan import Style, step
from romme_engine.ai.rollout import clone
from romme_engine.errors import IllegalActionError
from romme_engine.hand import Hand, Phase
from romme_engine.results import HandResult, score_hand
from romme_engine.ruleset import Ruleset
from romme_engine.view import PlayerView

MAX_ROLLOUT_STEPS = 1500
"""A guard: a rollout that does not end is abandoned (it counts as the worst outcome)."""

Utility = Callable[[HandResult], float]


def hand_view(hand: Hand, player: int, scores: tuple[int, ...]) -> PlayerView:
    """``make_view`` for a bare hand (a rollout has no match around it)."""
    phase = hand.phase
    return view.hand_view(
        hand,
        player,
        ruleset=hand.ruleset,
        phase=phase,
        turn=hand.turn if phase in (Phase.DRAW, Phase.PLAY) else None,
        scores=scores,
    )


def playout(hand: Hand, styles: Sequence[Style], scores: tuple[int, ...],
            horizon: int | None = None) -> HandResult | None:
    """Play ``hand`` to its end, seat ``s`` following ``styles[s]``; None if it got stuck.

    With a ``horizon``, stop after that many more turns (discards) and score the hand as if
    it ended there with no winner (everyone pays what they hold)."""
    turns = 0
    for _ in range(MAX_ROLLOUT_STEPS):
        if hand.phase is Phase.HAND_OVER:
            return hand.result
        seat = hand.turn
        action = step(hand_view(hand, seat, scores), styles[seat])[0]
        try:
            hand.apply(seat, action)
        except IllegalActionError:
            return None
        if isinstance(action, Discard) and hand.result is None:
            turns += 1
            if horizon is not None and turns >= horizon:
                return score_hand(hand.ruleset, hand.number, hand.dealer, hand.hands, None,
                                  hand_romme=False)
    return None


def margin_utility(player: int) -> Utility:
    """The others' mean penalty minus ``player``'s."""
    def value(result: HandResult) -> float:
        own = result.penalties[player]
        others = [p for s, p in enumerate(result.penalties) if s != player]
        return sum(others) / len(others) - own
    return value


def match_utility(view: PlayerView) -> Utility:
    """The margin; in the match's last hand, 100 for winning the match alone, 50 for sharing
    it, on top."""
    margin = margin_utility(view.player)
    if not _last_hand(view.ruleset, view.hand_number):
        return margin
    scores = view.scores
    player = view.player

    def value(result: HandResult) -> float:
        totals = [s + p for s, p in zip(scores, result.penalties, strict=True)]
        low = min(totals)
        bonus = 0.0
        if totals[player] == low:
            bonus = 100.0 if totals.count(low) == 1 else 50.0
        return bonus + margin(result)
    return value


def _last_hand(ruleset: Ruleset, number: int) -> bool:
    return ruleset.hands is not None and number >= ruleset.hands


def weigh(
    player: int,
    options: Sequence[Action],
    worlds: Sequence[Hand],
    styles: Sequence[Style],
    scores: tuple[int, ...],
    utility: Utility,
    horizon: int | None = None,
) -> list[float]:
    """Each option's mean utility over ``worlds`` (the same worlds for every option); an
    option a world refuses, or a stuck rollout, counts -1000."""
    means: list[float] = []
    for option in options:
        total = 0.0
        for world in worlds:
            played = clone(world)
            try:
                played.apply(player, option)
            except IllegalActionError:
                total -= 1000.0
                continue
            result = playout(played, styles, scores, horizon)
            total += -1000.0 if result is None else utility(result)
        means.append(total / max(1, len(worlds)))
    return means


def best_option(means: Sequence[float]) -> int:
    """Index of the highest mean; on a tie the earlier option (the expert's own choice
    comes first) stays."""
    best = 0
    for i, mean in enumerate(means):
        if mean > means[best]:
            best = i
    return best
