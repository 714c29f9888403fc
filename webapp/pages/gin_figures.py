"""The ``[[kind:name]]`` blocks: engine examples and rule tables drawn by Jinja macros.

The macros live in ``templates/pages/_figures.html`` and use the table's card markup; Jinja's
autoescaping makes the fragments safe to insert into the rendered markdown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from flask import current_app
from markupsafe import Markup

from gin_engine.ruleset import Ruleset, Scoring
from webapp.labels import difficulty_name, ruleset_name
from webapp.pages import gin_values
from webapp.pages.gin_examples import Examples, hu_showdowns
from webapp.pages.placeholders import Inputs


def inputs() -> Inputs:
    """The Gin Rummy pages' values and blocks, from the presets as they are now."""
    sets, ranking = gin_values.presets(), gin_values.ranking_points()
    examples = Examples.compute(sets["standard"])
    quoted = {**gin_values.rule_values(sets, ranking), **examples.values()}
    return quoted, blocks(examples, sets, ranking)


def blocks(
    examples: Examples, sets: Mapping[str, Ruleset], ranking: Mapping[str, int]
) -> dict[str, Callable[[], Markup]]:
    macros = current_app.jinja_env.get_template("pages/_figures.html").module
    showdown = macros.showdown  # type: ignore[attr-defined]
    # the table compares the gin-rummy presets; 胡牌制 has its own section
    standard_game = {n: r for n, r in sets.items() if r.scoring is Scoring.GIN_RUMMY}
    # 胡牌制's worked examples, drawn like the others: [[example:hu-san-jin-vs-seven]] ...
    hu_figures = {
        "example:hu-" + key.split(".", 1)[1].replace("_", "-"): partial(showdown, result)
        for key, result in (hu_showdowns(sets["hu"]) if "hu" in sets else {}).items()
    }
    return {
        **hu_figures,
        "example:meld": partial(macros.meld_choice, examples.meld),  # type: ignore[attr-defined]
        "example:chain": partial(showdown, examples.chain),
        "example:undercut": partial(showdown, examples.undercut),
        "example:gin": partial(showdown, examples.gin),
        "example:settlement": partial(
            macros.settlement, examples.settle, sets["standard"]  # type: ignore[attr-defined]
        ),
        "table:presets": partial(
            macros.presets, standard_game, ruleset_name  # type: ignore[attr-defined]
        ),
        "table:points": partial(
            macros.ranking, ranking, difficulty_name  # type: ignore[attr-defined]
        ),
    }
