"""The Gin Rummy table (胡牌制 included). Its views (``views``, the blueprint) render the match
from its engine snapshot and move it through the match layer (`webapp.matches`)."""
