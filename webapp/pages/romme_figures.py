"""The ``[[kind:name]]`` blocks of the Rommé pages: the engine's examples and rule tables.

The macros live in ``templates/pages/_romme_figures.html``. Rommé cards are drawn as on the
table (``webapp.romme.cards``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from flask import current_app
from markupsafe import Markup

from romme_engine.ruleset import Ruleset
from webapp.labels import difficulty_name, ruleset_name
from webapp.pages import gin_values, romme_values
from webapp.pages.placeholders import Inputs
from webapp.pages.romme_examples import RommeExamples
from webapp.romme.cards import card_html as romme_card
from webapp.romme.cards import card_row as romme_row


def inputs() -> Inputs:
    """The Rommé pages' values and blocks, from the presets as they are now."""
    sets, ranking = romme_values.presets(), gin_values.ranking_points()
    examples = RommeExamples.compute(sets["romme"])
    quoted = {**romme_values.rule_values(sets, ranking), **examples.values_quoted()}
    # The pages name a preset as the start page does ("Rommé, 3 hands"), never by its id.
    for name in sets:
        quoted[f"name.{romme_values.placeholder_name(name)}"] = ruleset_name(name)
    return quoted, blocks(examples, sets, ranking)


def blocks(
    examples: RommeExamples, sets: Mapping[str, Ruleset], ranking: Mapping[str, int]
) -> dict[str, Callable[[], Markup]]:
    env = current_app.jinja_env
    # A template module's macros are attributes mypy cannot see.
    macros: Any = env.get_template("pages/_romme_figures.html").module
    shared: Any = env.get_template("pages/_figures.html").module
    story, rules = examples.story, sets["romme"]
    return {
        "example:opening": partial(macros.opening, story.opening, rules.opening, romme_row),
        "example:layoff": partial(macros.grown, story.lay_off, "layoff", romme_row),
        "example:swap": partial(macros.swap, story.swap, romme_row),
        "example:hand-romme": partial(macros.hand_romme, examples.hand_romme, rules, romme_row),
        "example:aces": partial(macros.aces, examples.aces, romme_row),
        "example:best": partial(
            macros.best, examples.best_hand, examples.best, examples.best_left_penalty, romme_row
        ),
        "table:values": partial(macros.values, examples.values, romme_card),
        "table:presets": partial(macros.presets, sets, ruleset_name),
        "table:points": partial(shared.ranking, ranking, difficulty_name),
    }
