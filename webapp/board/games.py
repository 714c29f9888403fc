"""The boards, in the order the switch shows them: every game's boards (`webapp.games`), then
all games summed.

Each key is the ``game`` of `webapp.models.MatchResult` and of the kept totals
(`webapp.statistics.totals`); ``ALL_GAMES`` is the board summed over every game. A new game family
is a board in its registry entry (and its name in the three ``.po`` files); the leaderboard, the
player pages and their switch read this list.

Glossary
    game key     ``"gin"``, ``"hu"``, ``"romme"``, ``"all"``: the ``?game=`` value and the totals'
                 key (``"hu"``: Gin Rummy under 胡牌制 scoring, the ``hu`` and ``hu-race`` presets)
    shown        the lines a board adds to the common totals on the player page: the best
                 match score (`webapp.games.Board.best_score`) and the game's own statistics
                 (`webapp.games.Board.shown`: Gin Rummy's gins, undercuts and knock deadwood,
                 on its standard board only)
"""

from __future__ import annotations

from webapp import games
from webapp.i18n import lazy_pgettext as _lp
from webapp.models import ALL_GAMES

BoardGame = games.Board
ALL = BoardGame(ALL_GAMES, _lp("board game", "All games"))


def all_boards() -> tuple[BoardGame, ...]:
    """Every game's boards, then all games summed, read from the registry when asked (a game
    added to it is on the switch, `webapp.games`)."""
    return (*games.boards(), ALL)


def rated_boards() -> tuple[str, ...]:
    """The boards with a skill rating (`webapp.rating`): each its own; no rating sums games."""
    return tuple(board.key for board in games.boards())


DEFAULT_GAME = games.DEFAULT.boards[0].key
"""The board shown without ``?game=``: the first game's first (Gin Rummy), as before the
switch existed."""


class UnknownGame(LookupError):
    """A ``?game=`` value that names no board."""


def board_game(key: str | None) -> BoardGame:
    """The game named by ``key`` (``None``: the default); `UnknownGame` otherwise."""
    wanted = DEFAULT_GAME if key is None else key
    found = next((board for board in all_boards() if board.key == wanted), None)
    if found is None:
        raise UnknownGame(key)
    return found
