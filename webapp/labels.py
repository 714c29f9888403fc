"""Translated names for the game's own values: difficulty levels, rulesets, how a hand ended,
the kinds of meld.

Every page reads these through the template globals that ``init_app`` registers once; Python
code imports them from here. The values themselves (level keys, preset names, ``HandEnd``) come
from the engine and the points table, so a new level or preset needs a name here and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask
from flask_babel import LazyString

import gin_engine as engine
import romme_engine
from webapp.i18n import gettext as _
from webapp.i18n import lazy_gettext as _l
from webapp.i18n import lazy_pgettext as _lp
from webapp.points import RANKING_POINTS

_LEVEL_NAMES: dict[str, LazyString] = {
    "easy": _l("Easy"),
    "normal": _l("Normal"),
    "expert": _l("Expert"),
}
_RULESET_NAMES: dict[str, LazyString] = {
    "standard": _l("Standard"),
    "classic": _l("Classic"),
    "quick": _l("Quick"),
    "hu": _l("胡牌制 · six hands"),
    "hu-race": _l("胡牌制 · race to the target"),
    "romme": _l("Rommé, 3 hands"),
    "romme-500": _l("Rommé to 500"),
}
# A preset's name where its game is named beside it (the player page's last matches): what
# tells it from the game's other presets, without the game's name again.
_RULESET_WITHIN_GAME: dict[str, LazyString] = {
    "hu": _lp("ruleset within its game", "six hands"),
    "hu-race": _lp("ruleset within its game", "race to the target"),
    "romme": _lp("ruleset within its game", "3 hands"),
    "romme-500": _lp("ruleset within its game", "to 500"),
}
_HAND_ENDS: dict[engine.HandEnd, LazyString] = {
    engine.HandEnd.KNOCK: _l("knock"),
    engine.HandEnd.GIN: _l("gin"),
    engine.HandEnd.UNDERCUT: _l("undercut"),
    engine.HandEnd.DEAD: _l("dead hand"),
    engine.HandEnd.JIN_HU: _l("金胡"),
    engine.HandEnd.MI_HU: _l("米胡"),
    engine.HandEnd.ZHA_HU: _l("诈胡"),
}
# How a Rommé hand ended, for the player pages' hand-by-hand tables.
_ROMME_HAND_ENDS: dict[romme_engine.HandEnd, LazyString] = {
    romme_engine.HandEnd.OUT: _lp("Rommé hand", "went out"),
    romme_engine.HandEnd.HAND_ROMME: _lp("Rommé hand", "Hand-Rommé"),
    romme_engine.HandEnd.STOCK_OUT: _lp("Rommé hand", "stock ran out"),
}
# A count of matches out of ten, in "wins about six of ten" (Chinese writes the numeral).
_OF_TEN: tuple[LazyString, ...] = (
    _lp("of ten", "0"), _lp("of ten", "1"), _lp("of ten", "2"), _lp("of ten", "3"),
    _lp("of ten", "4"), _lp("of ten", "5"), _lp("of ten", "6"), _lp("of ten", "7"),
    _lp("of ten", "8"), _lp("of ten", "9"), _lp("of ten", "10"),
)
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

DEFAULT_DIFFICULTY = "normal"


def offered_levels(levels: Iterable[str]) -> tuple[str, ...]:
    """The levels of an engine's (its ``ai.LEVELS``) a person can play against: those that
    earn ranking points (the ``simple`` yardstick and any benchmark bot are not offered), in
    the engine's order (`webapp.games.Game.levels`)."""
    return tuple(level for level in levels if level in RANKING_POINTS and level in _LEVEL_NAMES)


def ruleset_names(presets: Iterable[str]) -> dict[str, LazyString]:
    """The translated names of a game's presets, in the engine's order (`webapp.games`)."""
    return {name: _RULESET_NAMES[name] for name in presets}


def difficulty_name(level: str) -> str:
    """The translated name of a difficulty level (the key itself if unknown)."""
    label = _LEVEL_NAMES.get(level)
    return str(label) if label is not None else level


def ruleset_name(name: str) -> str:
    """The translated name of a ruleset preset (the key itself if unknown)."""
    label = _RULESET_NAMES.get(name)
    return str(label) if label is not None else name


def ruleset_within_game(name: str) -> str:
    """A preset's name beside its game's: ``"race to the target"`` for 胡牌制's ``hu-race``
    (its `ruleset_name` where the game's name holds no more than the preset's)."""
    label = _RULESET_WITHIN_GAME.get(name)
    return ruleset_name(name) if label is None else str(label)


def shape_name(shape: engine.Shape) -> str:
    """A 胡牌制 shape: 三金, 二金, 金龙, or the words for a hand with deadwood left."""
    return str(_SHAPES[shape])


def ruleset_summary(ruleset: engine.Ruleset) -> str:
    """One line on how a 胡牌制 preset is played and won, with its numbers (``ruleset_line``)."""
    end = ruleset.match_end
    if end is engine.MatchEnd.HANDS:
        won = _("%(hands)d hands, the higher total wins (a tie plays on).", hands=ruleset.hands)
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
    if ruleset.match_end is engine.MatchEnd.HANDS:
        return hands
    if ruleset.match_end is engine.MatchEnd.TARGET_WITHIN_HANDS:
        return f"{target} · {hands}"
    return target


def hand_end_name(end: str) -> str:
    """How a hand ended, in a word or two ("knock", "dead hand"), for tables and lists."""
    return str(_HAND_ENDS[engine.HandEnd(end)])


def romme_hand_end_name(end: str) -> str:
    """How a Rommé hand ended ("went out", "Hand-Rommé", "stock ran out")."""
    return str(_ROMME_HAND_ENDS[romme_engine.HandEnd(end)])


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


def of_ten(count: int) -> str:
    """``count`` (0 to 10) as the sentence "about six of ten matches" writes it."""
    return str(_OF_TEN[count])


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(
        difficulty_name=difficulty_name,
        ruleset_name=ruleset_name,
        ruleset_within_game=ruleset_within_game,
        hand_end_name=hand_end_name,
        romme_hand_end_name=romme_hand_end_name,
        meld_kind_name=meld_kind_name,
        ruleset_line=ruleset_line,
        match_progress=match_progress,
        of_ten=of_ten,
    )
