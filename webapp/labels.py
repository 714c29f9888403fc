"""Translated names for the game's own values: difficulty levels, rulesets, how a hand ended,
the kinds of meld.

Every page reads these through the template globals that ``init_app`` registers once; Python
code imports them from here. The values themselves (level keys, preset names, ``HandEnd``) come
from the engine and the points table, so a new level or preset needs a name here and nothing else.
"""

from __future__ import annotations

from flask import Flask
from flask_babel import LazyString
from flask_babel import lazy_gettext as _l

import gin_engine as engine
from gin_engine.ai import LEVELS
from gin_engine.ruleset import DEFAULT_PRESET, PRESETS
from romme_engine.ruleset import PRESETS as ROMME_PRESETS
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
    "romme": _l("Rommé, 3 hands"),
    "romme-500": _l("Rommé to 500"),
}
_HAND_ENDS: dict[engine.HandEnd, LazyString] = {
    engine.HandEnd.KNOCK: _l("knock"),
    engine.HandEnd.GIN: _l("gin"),
    engine.HandEnd.UNDERCUT: _l("undercut"),
    engine.HandEnd.DEAD: _l("dead hand"),
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

# The levels a person can play against: the engine's bots that earn ranking points
# (the ``simple`` yardstick and any benchmark bot are not offered).
DIFFICULTIES: dict[str, LazyString] = {
    level: _LEVEL_NAMES[level] for level in LEVELS if level in RANKING_POINTS
}
DEFAULT_DIFFICULTY = "normal"
RULESETS: dict[str, LazyString] = {name: _RULESET_NAMES[name] for name in PRESETS}
ROMME_RULESETS: dict[str, LazyString] = {name: _RULESET_NAMES[name] for name in ROMME_PRESETS}
DEFAULT_RULESET = DEFAULT_PRESET


def difficulty_name(level: str) -> str:
    """The translated name of a difficulty level (the key itself if unknown)."""
    label = _LEVEL_NAMES.get(level)
    return str(label) if label is not None else level


def ruleset_name(name: str) -> str:
    """The translated name of a ruleset preset (the key itself if unknown)."""
    label = _RULESET_NAMES.get(name)
    return str(label) if label is not None else name


def hand_end_name(end: str) -> str:
    """How a hand ended, in a word or two ("knock", "dead hand"), for tables and lists."""
    return str(_HAND_ENDS[engine.HandEnd(end)])


def meld_kind_name(kind: engine.MeldKind) -> str:
    """A meld's kind as players say it: "set" (刻子) or "run" (顺子)."""
    return str(_MELD_KINDS[kind])


def ruleset_line(ruleset: engine.Ruleset) -> str:
    """How a ruleset differs from the others, in one line, for the start page."""
    text = _RULESET_LINES[(ruleset.settlement, ruleset.next_dealer)]
    return str(text) % {
        "target": ruleset.target, "game": ruleset.game_bonus, "box": ruleset.box_bonus,
    }


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(
        difficulties=DIFFICULTIES,
        difficulty_name=difficulty_name,
        ruleset_name=ruleset_name,
        hand_end_name=hand_end_name,
        meld_kind_name=meld_kind_name,
        ruleset_line=ruleset_line,
    )
