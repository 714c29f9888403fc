"""What an ended Gin Rummy match leaves behind for its owner: one ``match_results`` row.

The row goes through `webapp.statistics.ranking.record_result`, the one way any game's end is
counted (statistics, ranking points for a win, the totals). Its ``game`` is the board the
ruleset is ranked on: 胡牌制 (``hu``) apart from the standard game (``gin``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gin_engine as engine
from webapp.i18n import gettext
from webapp.i18n import lazy_gettext as _l
from webapp.models import GIN, HU, PERSON, MatchResult, Outcome, utcnow
from webapp.statistics.declared import Shown, Statistic, percent
from webapp.store import MatchRecord

COMPUTER = 1
"""The Gin Rummy table's other seat: the computer (it deals hand 1, docs/rules.md §3)."""


def _hand_scores(results: list[engine.HandResult]) -> list[dict[str, Any]]:
    return [
        {
            "end": str(r.end),
            "you": r.points if r.scorer == PERSON else 0,
            "computer": r.points if r.scorer == COMPUTER else 0,
        }
        for r in results
    ]


def board_key(ruleset: engine.Ruleset) -> str:
    """The boards' game key of a match played under ``ruleset``: 胡牌制 or the standard game."""
    return HU if ruleset.scoring is engine.Scoring.HU else GIN


# Which hand ends count as the owner's gins, undercuts and plain knocks. 胡牌制 has the same
# three: a 金胡 is its gin, a 诈胡 its undercut (the caller pays the defender), a 米胡 its knock.
_GIN_ENDS = (engine.HandEnd.GIN, engine.HandEnd.JIN_HU)
_UNDERCUT_ENDS = (engine.HandEnd.UNDERCUT, engine.HandEnd.ZHA_HU)
_KNOCK_ENDS = (*_UNDERCUT_ENDS, engine.HandEnd.KNOCK, engine.HandEnd.MI_HU)


COUNTED = tuple(
    Statistic(name)
    for name in ("gins", "undercuts_given", "undercuts_received", "knocks", "knock_deadwood")
)
"""The owner's gins, undercuts scored as defender (``given``) and suffered as knocker
(``received``), knocks that were not gin and the deadwood they were made with
(`webapp.statistics.declared`)."""


def _gins(n: Mapping[str, int]) -> str:
    rate = n["gins"] / n["hands"] if n["hands"] else 0.0
    return gettext("%(count)d (%(rate)s of hands)", count=n["gins"], rate=percent(rate))


def _mean_knock_deadwood(n: Mapping[str, int]) -> str:
    return "%.1f" % (n["knock_deadwood"] / n["knocks"]) if n["knocks"] else "–"


SHOWN = (
    Shown("gins", _l("Gins"), _gins),
    Shown("undercuts-given", _l("Undercuts given"), lambda n: str(n["undercuts_given"])),
    Shown("undercuts-received", _l("Undercuts received"), lambda n: str(n["undercuts_received"])),
    Shown("knock-deadwood", _l("Mean deadwood when knocking"), _mean_knock_deadwood),
)
"""The standard board's own lines on the player page (胡牌制 counts the same statistics but
shows none: under Gin Rummy's names they would mislead)."""


def outcome_of(game: engine.Match) -> Outcome:
    """Won or lost by the settlement; any other ending (no settlement yet) is an abandon."""
    settlement = game.settlement
    if settlement is None:
        return Outcome.ABANDONED
    return Outcome.WON if settlement.winner == PERSON else Outcome.LOST


def statistics(record: MatchRecord, game: engine.Match) -> MatchResult:
    """The owner's statistics row for an ended (or abandoned) match (胡牌制: gins are 金胡,
    undercuts 诈胡, knocks the 米胡 calls whether they held or not)."""
    results = game.results
    own_knocks = [r for r in results if r.knocker == PERSON and r.end in _KNOCK_ENDS]
    totals = game.settlement.totals if game.settlement is not None else game.scores
    assert record.owner_user_id is not None
    return MatchResult(
        match_id=record.id,
        user_id=record.owner_user_id,
        game=board_key(game.ruleset),
        ruleset=record.ruleset,
        difficulty=record.lowest_difficulty,
        outcome=str(outcome_of(game)),
        score=totals[PERSON],
        opponent_score=totals[COMPUTER],
        hands=len(results),
        hands_won=sum(1 for r in results if r.scorer == PERSON),
        statistics={
            "gins": sum(1 for r in results if r.end in _GIN_ENDS and r.knocker == PERSON),
            "undercuts_given": sum(
                1 for r in results if r.end in _UNDERCUT_ENDS and r.scorer == PERSON
            ),
            "undercuts_received": sum(
                1 for r in results if r.end in _UNDERCUT_ENDS and r.knocker == PERSON
            ),
            "knocks": len(own_knocks),
            "knock_deadwood": sum(r.knocker_deadwood for r in own_knocks),
        },
        hand_scores=_hand_scores(results),
        finished_at=record.finished_at or utcnow(),
        opponents=1,
    )


def hand_rows(hand_scores: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The player page's hand-by-hand table of a Gin Rummy (or 胡牌制) match: the stored
    entries as they are (``end``, ``you``, ``computer``)."""
    return hand_scores
