"""The games the boards rank, in the order the switch shows them: one line per game family.

Each key is the ``game`` of `webapp.models.MatchResult` and of the kept totals
(`webapp.totals`); ``ALL_GAMES`` is the board summed over every game. A new game family is one
more line here (and its name in the three ``.po`` files); the leaderboard, the player pages and
their switch read this list.

Glossary
    game key     ``"gin"``, ``"hu"``, ``"romme"``, ``"all"``: the ``?game=`` value and the totals'
                 key (``"hu"``: Gin Rummy under 胡牌制 scoring, the ``hu`` and ``hu-race`` presets)
    gin columns  gins, undercuts, knocks and the best match score: Gin Rummy's own statistics,
                 shown only on its board (Rommé's score is a penalty total, lowest best, which
                 the kept maximum cannot describe)
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import LazyString

from webapp.i18n import lazy_pgettext as _lp
from webapp.models import ALL_GAMES, GIN, HU, ROMME


@dataclass(frozen=True)
class BoardGame:
    key: str
    name: LazyString
    gin_columns: bool = False


GAMES: tuple[BoardGame, ...] = (
    BoardGame(GIN, _lp("board game", "Gin Rummy"), gin_columns=True),
    # 胡牌制 keeps its own statistics under Gin Rummy's names (金胡 as gins, 诈胡 as undercuts):
    # shown under those names they would mislead, so its board has the common columns only.
    BoardGame(HU, _lp("board game", "胡牌制")),
    BoardGame(ROMME, _lp("board game", "Rommé")),
    BoardGame(ALL_GAMES, _lp("board game", "All games")),
)
RATED_GAMES = (GIN, HU, ROMME)
"""The games with a skill rating (`webapp.rating`): each its own; no rating sums games."""
DEFAULT_GAME = GIN
"""The board shown without ``?game=``: Gin Rummy, as before the switch existed."""
_BY_KEY = {game.key: game for game in GAMES}


class UnknownGame(LookupError):
    """A ``?game=`` value that names no board."""


def board_game(key: str | None) -> BoardGame:
    """The game named by ``key`` (``None``: the default); `UnknownGame` otherwise."""
    found = _BY_KEY.get(DEFAULT_GAME if key is None else key)
    if found is None:
        raise UnknownGame(key)
    return found
