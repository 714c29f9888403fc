"""The reading pages: rules, FAQ and strategy, rendered from markdown with engine-checked numbers."""

from webapp.pages.views import bp

__all__ = ["bp"]
