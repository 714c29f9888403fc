"""复盘: the review of every finished Gin Rummy hand, each decision beside the expert's."""

from webapp.review.views import bp

__all__ = ["bp"]
