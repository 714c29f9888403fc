"""The knock model: what knocking now and playing on are worth, from the sampled estimates and
the position, by weights fitted to hands played out for real.

Why: the sampled estimates (``decide.sampled_position``) are biased in ways that depend on the
position: the sampled opponent hands are too weak early in a hand and too strong once it has
taken cards from the pile, and the fast play-out policy knocks differently from the expert. The
weights correct them. They were fitted (ridge regression, ``benchmarks/knock_model.py fit``) on
48,538 of the expert's own knock choices in which both moves were played out to the end of the
hand by the real bots with the real stock and hands (``benchmarks/knock_model.py record``,
against ``eager`` and ``simple``, 3,000 matches each, seeds 3001–4500, disjoint from the
tournament's seeds), the expert deciding by the sampled means as before the model
(``record --sampled-means``); ``fit`` with its default penalty prints exactly the weights
below (commands in ``benchmarks/ai_run_all.sh``). Hidden cards were read only there, offline;
at play the model sees just the view's figures below.

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
    )


KNOCK_WEIGHTS = (
    39.4287, 0.0438, 0.0978, 4.8195, -3.6019, -9.7630, -6.1636, -12.1568, 0.9672, 0.2541,
    1.7335, 2.7991, 0.6438,
)
PLAY_ON_WEIGHTS = (
    46.3070, -0.1336, 0.2811, -3.7047, -2.3579, -7.0743, -2.8715, -6.6925, -3.9847, -0.0253,
    3.2732, 0.5365, -2.3460,
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
