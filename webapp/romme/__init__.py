"""The Rommé (德式拉米) table: one person against 1–3 computer players, forms only.

``views`` holds the blueprint (``/romme``), which moves and saves matches through the match
layer (`webapp.matches`); ``forms`` reads the turn form; ``table`` builds what the page shows
from the person's view; ``messages`` words refusals and the computers' turns; ``results`` is
what an ended match leaves for its owner's statistics; ``deals`` re-deals a seed for
``/verify``; ``start_form`` is the start page's form for the game; ``cards`` is the markup of
the 110 cards.
"""
