"""Translated names for Gin Rummy's own values: how a hand ended, the kinds of meld, the
胡牌制 shapes, how a ruleset is played and how far a match is (template globals of the Gin
table's blueprint, `webapp.gin.views`)."""

from __future__ import annotations

from flask import Blueprint
from flask_babel import LazyString

import gin_engine as engine
from webapp.i18n import gettext as _
from webapp.i18n import lazy_gettext as _l

_HAND_ENDS: dict[engine.HandEnd, LazyString] = {
    engine.HandEnd.KNOCK: _l("knock"),
    engine.HandEnd.GIN: _l("gin"),
    engine.HandEnd.UNDERCUT: _l("undercut"),
    engine.HandEnd.DEAD: _l("dead hand"),
    engine.HandEnd.JIN_HU: _l("金胡"),
    engine.HandEnd.MI_HU: _l("米胡"),
    engine.HandEnd.ZHA_HU: _l("诈胡"),
}
_MELD_KINDS: dict[engine.MeldKind, LazyString] = {
    engine.MeldKind.SET: _l("Set"),
    engine.MeldKind.RUN: _l("Run"),
}

# How a ruleset differs, in one whole sentence per combination the presets can make.
_RULESET_LINES: dict[tuple[bool, engine.NextDealer], LazyString] = {
    (True, engine.NextDealer.WINNER): _l(
        "To %(target)d points; the hand's winner deals next; game bonus %(game)d, "
        "%(box)d per hand won, a shutout doubles."
    ),
    (True, engine.NextDealer.LOSER): _l(
        "To %(target)d points; the hand's loser deals next; game bonus %(game)d, "
        "%(box)d per hand won, a shutout doubles."
    ),
    (False, engine.NextDealer.WINNER): _l(
        "To %(target)d points, no bonuses; the hand's winner deals next."
    ),
    (False, engine.NextDealer.LOSER): _l(
        "To %(target)d points, no bonuses; the hand's loser deals next."
    ),
}

_SHAPES: dict[engine.Shape, LazyString] = {
    engine.Shape.DEADWOOD: _l("deadwood left"),
    engine.Shape.SAN_JIN: _l("三金"),
    engine.Shape.ER_JIN: _l("二金"),
    engine.Shape.JIN_LONG: _l("金龙"),
}


def shape_name(shape: engine.Shape) -> str:
    """A 胡牌制 shape: 三金, 二金, 金龙, or the words for a hand with deadwood left."""
    return str(_SHAPES[shape])


def ruleset_summary(ruleset: engine.Ruleset) -> str:
    """One line on how a 胡牌制 preset is played and won, with its numbers (``ruleset_line``)."""
    end = ruleset.match_end
    if end is engine.MatchEnd.HANDS:
        won = _("%(hands)d hands, the higher total wins (a tie plays on).", hands=ruleset.hands)
    elif end is engine.MatchEnd.BOARDS:
        won = _("%(hands)d boards, each scored against the field.", hands=ruleset.hands)
    elif end is engine.MatchEnd.TARGET_WITHIN_HANDS:
        won = _(
            "First to %(target)d points within %(hands)d hands, else the higher total.",
            target=ruleset.target,
            hands=ruleset.hands,
        )
    else:
        won = _("Play to %(target)d points.", target=ruleset.target)
    parts = [won]
    if ruleset.scoring is engine.Scoring.HU:
        bonus = ruleset.shape_bonus
        parts.append(_(
            "胡牌制: 米胡 %(low)d + the difference; 金胡 三金 %(san)d, 二金 %(er)d, 金龙 %(long)d.",
            low=ruleset.low_hu_bonus, san=bonus[0], er=bonus[1], long=bonus[2],
        ))
    return " ".join(parts)


def match_progress(ruleset: engine.Ruleset, hands_played: int) -> str:
    """How far the match is from its end: the target, hands played of N, or both."""
    target: str = _("target %(target)d", target=ruleset.target)
    hands: str = _("hands played %(played)d of %(hands)d", played=hands_played, hands=ruleset.hands)
    if ruleset.match_end in (engine.MatchEnd.HANDS, engine.MatchEnd.BOARDS):
        return hands
    if ruleset.match_end is engine.MatchEnd.TARGET_WITHIN_HANDS:
        return f"{target} · {hands}"
    return target


def hand_end_name(end: str) -> str:
    """How a hand ended, in a word or two ("knock", "dead hand"), for tables and lists."""
    return str(_HAND_ENDS[engine.HandEnd(end)])


def meld_kind_name(kind: engine.MeldKind) -> str:
    """A meld's kind as players say it: "set" (刻子) or "run" (顺子)."""
    return str(_MELD_KINDS[kind])


def ruleset_line(ruleset: engine.Ruleset) -> str:
    """How a ruleset differs from the others, in one line, for the start page."""
    if ruleset.scoring is engine.Scoring.HU:
        return ruleset_summary(ruleset)
    text = _RULESET_LINES[(ruleset.settlement, ruleset.next_dealer)]
    return str(text) % {
        "target": ruleset.target, "game": ruleset.game_bonus, "box": ruleset.box_bonus,
    }


def init_blueprint(bp: Blueprint) -> None:
    """The names Gin Rummy's templates (its table, its board's hands) say."""
    for name in (hand_end_name, meld_kind_name, ruleset_line, match_progress):
        bp.add_app_template_global(name)
