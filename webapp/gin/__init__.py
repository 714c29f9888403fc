"""The Gin Rummy (胡牌制 included) table: one person against the computer, forms only.

``views`` holds the blueprint (``/play``), which moves and saves matches through the match
layer (`webapp.matches`); ``forms`` reads the move form; ``table`` builds what the page shows
from the person's view; ``messages`` words refusals, scores and endings; ``hints`` the Hint;
``results`` is what an ended match leaves for its owner's statistics; ``deals`` re-deals a
seed for ``/verify``; ``start_form`` is the start page's form for the game; ``cards`` is the
markup of the 52 cards.
"""
