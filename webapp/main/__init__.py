"""Start page: choose the game, its ruleset and difficulty; start or continue a match."""

from webapp.main.views import bp

__all__ = ["bp"]
