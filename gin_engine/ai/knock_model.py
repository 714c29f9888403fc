"""The knock model: what knocking now and playing on are worth, from the sampled estimates and
the position, by weights fitted to hands played out for real.

Why: the sampled estimates (``decide.sampled_position``) are biased in ways that depend on the
position: the sampled opponent hands are too weak early in a hand and too strong once it has
taken cards from the pile, and the fast play-out policy knocks differently from the expert. The
weights correct them. The play-outs also read the hand kept when playing on only through 16
noisy worlds, so the model is also given that hand's own draw figures (what the next stock card
may save, its chance of gin, of a lower count), which the view gives exactly.

The weights were fitted (ridge regression, ``benchmarks/knock_model.py fit``) on 56,694 of the
expert's own knock choices in which both moves were played out to the end of the hand by the
real bots with the real stock and hands (``benchmarks/knock_model.py record``, against
``eager`` and ``simple``, 3,000 matches each, seeds 3001–4500, disjoint from the tournament's
seeds), the expert deciding by the previous model (13 features, ``record --round8``); ``fit``
with its default penalty prints exactly the weights below (commands in
``benchmarks/ai_run_all.sh``). Hidden cards were read only there, offline; at play the model
sees just the view's figures below.

Glossary
    position    the figures of one knock choice the model reads (``Position``)
    worth       the model's expected hand points of knocking, and of playing on
"""

from __future__ import annotations

from dataclasses import dataclass

from gin_engine.ruleset import Ruleset, Scoring


@dataclass(frozen=True, slots=True)
class Position:
    """One knock choice as the model sees it: nothing here is hidden from the deciding player."""

    knock: float
    """Sampled mean points of knocking now."""
    play_on: float
    """Sampled mean points of playing on (fast play-outs)."""
    undercut: float
    """Share of the sampled worlds in which the knock is undercut, 0..1."""
    stock: int
    """Cards left in the stock."""
    opponent_draws: int
    """Stock cards the opponent has drawn this hand."""
    opponent_known: int
    """The opponent's cards known to be in its hand (taken from the pile)."""
    knock_deadwood: int
    play_on_deadwood: int
    """Deadwood after the play-on discard."""
    opponent_rule: int
    """The most deadwood the opponent has knocked with this match
    (``decide.opponent_knock_rule``)."""
    play_on_gain: float
    """The hand kept when playing on: the deadwood the next stock draw is expected to save
    (``evaluate.draw_gain``)."""
    gin_chance: float
    """The chance the next stock card lets that hand go gin."""
    lower_chance: float
    """The chance the next stock card lowers that hand's deadwood."""


def features(p: Position) -> tuple[float, ...]:
    """The model's inputs, scaled to similar ranges (the ridge penalty treats them alike)."""
    return (
        1.0,
        p.knock,
        p.play_on,
        p.undercut,
        p.stock / 10,
        p.opponent_draws / 5,
        float(p.opponent_known),
        p.knock_deadwood / 5,
        p.play_on_deadwood / 5,
        (p.knock - p.play_on) * p.stock / 30,
        p.undercut * p.opponent_draws / 5,
        p.knock_deadwood * p.stock / 50,
        p.opponent_rule / 10,
        p.play_on_gain / 5,
        p.gin_chance * 10,
        p.lower_chance * 5,
        p.gin_chance * p.stock / 3,
        p.play_on_gain * p.stock / 50,
    )


KNOCK_WEIGHTS = (
    35.0404, 0.0348, 0.0924, 4.4867, -2.1751, -8.0687, -5.5583, -13.3885, 2.4344, 0.2221, 1.4965,
    3.6563, -0.1808, 10.4319, -0.4122, -0.8356, 1.5829, -10.1914,
)
PLAY_ON_WEIGHTS = (
    39.3871, -0.1045, 0.2822, 3.4228, -2.1051, -5.7232, -2.6912, -2.5317, -7.6174, 0.1444, -0.0989,
    -0.0762, -3.0462, -4.4090, -0.5012, 2.9061, 5.4520, 5.0446,
)


def applies(ruleset: Ruleset) -> bool:
    """Fitted on gin-rummy scoring only: under 胡牌制 the sampled means decide as they are."""
    return ruleset.scoring is Scoring.GIN_RUMMY


def worth(p: Position) -> tuple[float, float]:
    """(knock, play on): the model's expected hand points of each move."""
    f = features(p)
    return (
        sum(w * x for w, x in zip(KNOCK_WEIGHTS, f, strict=True)),
        sum(w * x for w, x in zip(PLAY_ON_WEIGHTS, f, strict=True)),
    )
