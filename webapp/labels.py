"""Translated names every game's pages share: difficulty levels, rulesets, "of ten".

Every page reads these through the template globals that ``init_app`` registers once; Python
code imports them from here. The values themselves (level keys, preset names) come
from the engines and the points table, so a new level or preset needs a name here and nothing
else. A game's own values (how a hand ended) are named in its package (`webapp.gin.labels`).
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask
from flask_babel import LazyString

from webapp.i18n import lazy_gettext as _l
from webapp.i18n import lazy_pgettext as _lp
from webapp.statistics.points import RANKING_POINTS

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
# A count of matches out of ten, in "wins about six of ten" (Chinese writes the numeral).
_OF_TEN: tuple[LazyString, ...] = (
    _lp("of ten", "0"), _lp("of ten", "1"), _lp("of ten", "2"), _lp("of ten", "3"),
    _lp("of ten", "4"), _lp("of ten", "5"), _lp("of ten", "6"), _lp("of ten", "7"),
    _lp("of ten", "8"), _lp("of ten", "9"), _lp("of ten", "10"),
)
DEFAULT_DIFFICULTY = "normal"


def offered_levels(levels: Iterable[str]) -> tuple[str, ...]:
    """The levels of an engine's (its ``ai.LEVELS``) a person can play against: those that
    earn ranking points (the ``simple`` yardstick and any benchmark bot are not offered), in
    the engine's order (`webapp.games.Game.levels`)."""
    return tuple(level for level in levels if level in RANKING_POINTS and level in _LEVEL_NAMES)


def ruleset_names(presets: Iterable[str]) -> dict[str, LazyString | str]:
    """The translated names of a game's presets, in the engine's order (`webapp.games`); a
    preset not named here is called by its key, as `ruleset_name` calls it."""
    return {name: _RULESET_NAMES.get(name, name) for name in presets}


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


def of_ten(count: int) -> str:
    """``count`` (0 to 10) as the sentence "about six of ten matches" writes it."""
    return str(_OF_TEN[count])


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(
        difficulty_name=difficulty_name,
        ruleset_name=ruleset_name,
        ruleset_within_game=ruleset_within_game,
        of_ten=of_ten,
    )
