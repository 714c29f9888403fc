"""The Rommé (德式拉米) table: one person against 1–3 computer players, forms only.

``views`` holds the blueprint (``/romme``); ``service`` loads, moves and saves a match;
``forms`` reads the turn form; ``table`` builds what the page shows from the person's view;
``messages`` words refusals and the computers' turns; ``results`` is what an ended match
leaves for its owner's statistics; ``cards`` is the markup of the 110 cards.
"""
