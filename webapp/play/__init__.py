"""The table. Its views render the match from its engine snapshot."""

from webapp.play.views import bp

__all__ = ["bp"]
