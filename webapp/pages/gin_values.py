"""The values the page sources may quote: preset rule numbers, ranking points, example figures."""

from __future__ import annotations

from collections.abc import Mapping

from gin_engine import ruleset as rulesets
from gin_engine.ruleset import NextDealer, Ruleset, Scoring
from webapp.i18n import pgettext
from webapp.pages.gin_examples import hu_examples
from webapp.statistics import points


def presets() -> dict[str, Ruleset]:
    """The presets as they are now (read at call time, so a test may swap them)."""
    return dict(rulesets.PRESETS)


def ranking_points() -> dict[str, int]:
    return dict(points.RANKING_POINTS)


def fingerprint() -> tuple[object, ...]:
    """Everything a rendered page depends on besides its source and language."""
    return (
        tuple(sorted(presets().items())),  # a Ruleset is frozen and hashable
        tuple(sorted(ranking_points().items())),
    )


def next_dealer_words(rule: NextDealer) -> str:
    if rule is NextDealer.WINNER:
        return str(pgettext("next dealer", "the player who scored the hand"))
    return str(pgettext("next dealer", "the player who did not score the hand"))


def rule_values(sets: Mapping[str, Ruleset], ranking: Mapping[str, int]) -> dict[str, object]:
    """``standard.knock_limit`` and friends, plus a few numbers derived from them."""
    values: dict[str, object] = {}
    for preset_name, rule in sets.items():
        name = preset_name.replace("-", "_")  # placeholders are lower-case words: hu_race
        for field, value in rule.to_dict().items():
            if isinstance(value, int) and not isinstance(value, bool):
                values[f"{name}.{field}"] = value
        values[f"{name}.next_dealer"] = next_dealer_words(rule.next_dealer)
        # "10 may knock, 11 may not"; the dead hand comes after the card that leaves N in stock.
        values[f"{name}.no_knock"] = rule.knock_limit + 1
        values[f"{name}.upcard_number"] = 2 * rule.hand_size + 1
        values[f"{name}.stock_after_deal"] = rule.stock_size
        values[f"{name}.dead_hand_card"] = rule.dead_hand_stock + 1
        values[f"{name}.big_hand"] = rule.hand_size + 1
        if rule.scoring is Scoring.HU:
            values[f"{name}.san_jin"], values[f"{name}.er_jin"], values[f"{name}.jin_long"] = (
                rule.shape_bonus
            )
            values[f"{name}.tier_lower_cards"] = rule.full_shape_cards - 1  # one tier lower
    if "hu" in sets:
        values.update(hu_examples(sets["hu"]))
    for level, earned in ranking.items():
        values[f"points.{level}"] = earned
    return values
