"""A hand's review page, whatever the game: the first screen (the result, the luck and skill
line, what decided the hand, the mistakes to jump to), the decisions with the good ones folded,
and the links at the bottom. The game gives its rows in its own words (its ``Review.hand_page``
hook, `webapp.games`); this module only sorts and sums them, and imports no engine.

What decided the hand (``verdict``), from the figures the page shows and nothing else: ``R``
the hand's points to the person (as its banner says them: won +, paid −, 0 when nobody
scored), ``M`` the points lost to the person's decisions (the summary's: every decision's
estimated loss, flagged or not), ``L`` the hand's luck (when measured) and ``E`` its standard
error, and the flagged decision with the largest loss (the worst mistake). Luck decides a hand
only when it is beyond its own noise, |L| > 2E: a luck within two standard errors of 0 could be
the estimate's noise alone (a Rommé hand's error is 14 points on average, docs/review-romme.md),
and the page does not blame what it cannot tell from 0:

- a hand lost (R < 0): *mainly to luck* when L < 0, −L ≥ M and −L > 2E; else *mainly at the
  worst mistake* when there is one; else *without a mistake of yours*;
- a hand won (R > 0): *but the worst mistake cost about its loss* when there is one; else
  *mainly on luck* when L > 0, L ≥ R and L > 2E; else *on your play*;
- nobody scored: the worst mistake *cost the most*, or *no mistake*.

The docs say the same (docs/review.md, "The hand page, phone first").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from engine_common.luck import HandLuck
from webapp.i18n import gettext as _
from webapp.review.summary import KeptHand, Summarised, luck_sum, percent
from webapp.review.words import label_name, loss_note, points


@dataclass(frozen=True)
class DecisionRow:
    """What every game's row of a decision holds, the skeleton's part (each game's row adds
    its position, for its row template): filled from the decision's review by `judged`."""

    number: int
    kind: str
    """The decision's kind, as its heading names it."""
    topic: str
    """What the decision was about, as the verdict names it ("the discard")."""
    played: str
    expert: str
    """The move made and the expert's, in the game's words."""
    reason: str
    """Why the expert's move is better, for a flagged decision ("" otherwise)."""
    played_value: str
    expert_value: str
    loss: str
    """The estimated points lost, one decimal ("0.0" when none)."""
    error: str
    """Its standard error, "" when the moves are the same."""
    note: str
    """What a loss of 0 means ("" when there is a loss)."""
    label: str
    """The label's code: "good", "inaccuracy", "mistake", "blunder"."""
    label_name: str
    matched: bool
    """The move made was the expert's."""
    flagged: bool
    """Labelled worse than good (不精确, 失误, 大错): listed first, shown open."""
    lost: float
    """The estimated points lost as computed (the verdict compares it)."""


class Judged(Protocol):
    """A decision's review as a game's engine gives it (its ``MoveReview``)."""

    @property
    def played_value(self) -> float: ...

    @property
    def expert_value(self) -> float: ...

    @property
    def loss(self) -> float: ...

    @property
    def error(self) -> float: ...

    @property
    def matched(self) -> bool: ...

    @property
    def label(self) -> str: ...


def judged(move: Judged) -> dict[str, Any]:
    """The fields of `DecisionRow` every game fills alike from a decision's review: the
    values, the loss and its error, what a loss of 0 means, the label."""
    return {
        "played_value": points(move.played_value),
        "expert_value": points(move.expert_value),
        "loss": f"{move.loss:.1f}",
        "error": "" if move.matched else f"{move.error:.1f}",
        "note": loss_note(move.matched, move.loss),
        "label": move.label,
        "label_name": label_name(move.label),
        "matched": move.matched,
        "flagged": move.label != "good",
        "lost": move.loss,
    }


@dataclass(frozen=True)
class HandPage:
    """The game's part of a hand's review page (``Review.hand_page``)."""

    rows: Sequence[DecisionRow]
    """One per decision, in order."""
    row_template: str
    """The game's template of one decision's body (``d`` the row)."""
    thresholds: dict[str, str]
    """Each label's threshold in points, for the note: {"mistake": "8", …}."""


@dataclass(frozen=True)
class Run:
    """Consecutive decisions shown the same way: the flagged ones open, the good ones folded."""

    folded: bool
    rows: Sequence[DecisionRow]

    @property
    def first(self) -> int:
        return self.rows[0].number

    @property
    def last(self) -> int:
        return self.rows[-1].number


class Decided(StrEnum):
    """Which sentence says what decided the hand (``data-verdict`` on the page)."""

    LUCK = "luck"
    MISTAKE = "mistake"
    CLEAN = "clean"


@dataclass(frozen=True)
class LuckFigures:
    """The hand's result taken apart, as the page writes it (whole points, signed): the
    result = the luck + the luck-adjusted result; of that, the decisions' losses against the
    expert's moves, and what remains (neither measure's: the computer's play, the noise)."""

    result: str
    luck: str
    error: str
    deal: str
    own_draws: str
    their_draws: str
    adjusted: str
    mistakes: str
    remains: str


def luck_figures(result: int, luck: HandLuck, lost: float) -> LuckFigures:
    adjusted = result - luck.total
    return LuckFigures(
        result=signed(result), luck=signed(luck.total), error=f"{luck.error:.0f}",
        deal=signed(luck.deal), own_draws=signed(luck.own_draws),
        their_draws=signed(luck.their_draws), adjusted=signed(adjusted),
        mistakes=signed(-lost), remains=signed(adjusted + lost),
    )


@dataclass(frozen=True)
class MatchLuck:
    """Luck and skill over a match's hands whose luck was measured (``hands`` of them): the
    summed luck and the match's result taken apart the same way as a hand's."""

    hands: int
    luck: HandLuck
    figures: LuckFigures


def match_luck(hands: Iterable[KeptHand]) -> MatchLuck | None:
    """The luck of the hands that have it, and their results taken apart; None when no hand's
    luck was measured."""
    measured = [h for h in hands if h.luck is not None and h.points is not None]
    luck = luck_sum(h.luck for h in measured if h.luck is not None)
    if luck is None:
        return None
    result = sum(h.points or 0 for h in measured)
    lost = sum(h.summary.points_lost for h in measured)
    return MatchLuck(len(measured), luck, luck_figures(result, luck, lost))


@dataclass(frozen=True)
class Verdict:
    decided: Decided
    text: str


def runs(rows: Sequence[DecisionRow]) -> list[Run]:
    """The rows in order, cut where flagged and good rows meet."""
    found: list[Run] = []
    for row in rows:
        folded = not row.flagged
        if folded and found and found[-1].folded:
            found[-1] = Run(True, [*found[-1].rows, row])
        else:
            found.append(Run(folded, [row]))
    return found


def flagged(rows: Sequence[DecisionRow]) -> list[DecisionRow]:
    return [row for row in rows if row.flagged]


def signed(value: float) -> str:
    """A whole number of points with its sign and a real minus: "+12", "−18", "0"."""
    shown = round(value)
    return "0" if shown == 0 else f"{shown:+d}".replace("-", "−")


def skill_line(summary: Summarised, luck: float | None) -> list[tuple[str, str, str]]:
    """The first screen's line, part by part: (key, name, figure); luck first when measured."""
    parts = []
    if luck is not None:
        parts.append(("luck", _("Luck"), signed(luck)))
    parts.append(("mistakes", _("Your mistakes"), signed(-summary.points_lost)))
    parts.append(("accuracy", _("Accuracy"), percent(summary.accuracy)))
    return parts


NOISE = 2.0
"""How many standard errors a hand's luck must exceed before it can be said to decide it."""


def beyond_noise(luck: HandLuck | None) -> float:
    """The hand's luck when it is more than ``NOISE`` standard errors from 0, else 0 (the
    luck rows of the verdict never apply to 0)."""
    if luck is None or abs(luck.total) <= NOISE * luck.error:
        return 0.0
    return luck.total


def verdict(result: int, summary: Summarised, measured: HandLuck | None,
            rows: Sequence[DecisionRow]) -> Verdict:
    """What decided the hand (``result``: its points to the person), by the rule in this
    module's docstring."""
    lost = summary.points_lost
    luck = beyond_noise(measured)
    worst = max(flagged(rows), key=lambda row: row.lost, default=None)
    at = {} if worst is None else {"number": worst.number, "topic": worst.topic,
                                   "points": worst.loss}
    if result < 0:
        if luck < 0 and -luck >= lost:
            return Verdict(Decided.LUCK, _("This hand was lost mainly to the luck of the cards."))
        if worst is not None:
            return Verdict(Decided.MISTAKE, _(
                "This hand was lost mainly at decision %(number)d, %(topic)s.", **at))
        return Verdict(Decided.CLEAN, _("This hand was lost without a mistake of yours."))
    if result > 0:
        if worst is not None:
            return Verdict(Decided.MISTAKE, _(
                "You won this hand, but decision %(number)d, %(topic)s, cost about %(points)s "
                "points.", **at))
        if 0 < result <= luck:
            return Verdict(Decided.LUCK, _("This hand was won mainly on the luck of the cards."))
        return Verdict(Decided.CLEAN, _("You won this hand on your play: no mistake."))
    if worst is not None:
        return Verdict(Decided.MISTAKE, _(
            "Nobody scored; decision %(number)d, %(topic)s, cost the most: about %(points)s "
            "points.", **at))
    return Verdict(Decided.CLEAN, _("Nobody scored, and you made no mistake."))
