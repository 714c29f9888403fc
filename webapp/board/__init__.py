"""The leaderboard and the players' pages."""

from webapp.board.views import bp

__all__ = ["bp"]
