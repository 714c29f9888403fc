"""The reading pages: rules, FAQ and strategy, from markdown with engine-checked numbers."""

from webapp.pages.views import bp

__all__ = ["bp"]
