"""The knock model: what knocking now and playing on are worth, from the sampled estimates and
the position, by weights fitted to hands played out for real.

Why: the sampled estimates (``decide.sampled_positions``) are biased in ways that depend on
the position: the sampled opponent hands are too weak early in a hand and too strong once it
has taken cards from the pile, and the fast play-out policy knocks differently from the expert.
The weights correct them. The play-outs also read the hand kept when playing on only through 16
noisy worlds, so the model is also given that hand's own draw figures (what the next stock card
may save, its chance of gin, of a lower count), which the view gives exactly.

The weights were fitted (ridge regression, ``benchmarks/knock_model.py fit``) on 55,837 of the
expert's own knock choices in which the knock and playing on with each of the first four
discards by hand score were played out to the end of the hand by the real bots with the real
stock and hands (``benchmarks/knock_model.py record``, against ``eager`` and ``simple``, 3,000
matches each, seeds 3001–4500, disjoint from the tournament's seeds), the expert deciding by
the previous weights with two play-on cards: the knock weights on the knock paired with the
best discard by hand score, the play-on weights on all four cards' rows. ``fit`` with its
default penalty prints exactly the weights below from those records (made by
``benchmarks/gin_ai_figures.sh`` as it stands at ``58d4c0d``, whose recorder held that previous
expert as ``record --round11``; the script now records the expert of the committed weights, what
a refit after a change of play needs). Hidden cards were read only there, offline; at play the
model sees just the view's figures below.

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
    38.0621, -0.0485, 0.1566, 3.6241, -3.1574, -8.9770, -5.5689, -13.6550, 1.9709, 0.3053, 1.3421,
    3.8145, 0.0768, 10.7456, -1.2266, -0.5411, 2.6270, -9.7111,
)
PLAY_ON_WEIGHTS = (
    43.6890, -0.2622, 0.4610, 4.1979, -4.7933, -5.9150, -3.0749, -4.1519, -6.5858, 0.3323, -1.3311,
    1.3179, -2.6935, -4.4865, -1.5247, 1.8343, 7.5483, 4.1737,
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
