"""The values the page sources may quote: preset rule numbers, ranking points, example figures."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import pgettext

from gin_engine import ruleset as rulesets
from gin_engine.ruleset import NextDealer, Ruleset
from romme_engine import cards as romme_cards
from romme_engine import ruleset as romme_rulesets
from webapp import points


def presets() -> dict[str, Ruleset]:
    """The presets as they are now (read at call time, so a test may swap them)."""
    return dict(rulesets.PRESETS)


def romme_presets() -> dict[str, romme_rulesets.Ruleset]:
    """Rommé's presets as they are now (read at call time, like `presets`)."""
    return dict(romme_rulesets.PRESETS)


def ranking_points() -> dict[str, int]:
    return dict(points.RANKING_POINTS)


def fingerprint() -> tuple[object, ...]:
    """Everything a rendered page depends on besides its source and language."""
    return (
        tuple((name, tuple(r.to_dict().items())) for name, r in sorted(presets().items())),
        tuple(sorted(ranking_points().items())),
        tuple((name, tuple(r.to_dict().items())) for name, r in sorted(romme_presets().items())),
    )


def next_dealer_words(rule: NextDealer) -> str:
    if rule is NextDealer.WINNER:
        return str(pgettext("next dealer", "the player who scored the hand"))
    return str(pgettext("next dealer", "the player who did not score the hand"))


def rule_values(sets: Mapping[str, Ruleset], ranking: Mapping[str, int]) -> dict[str, object]:
    """``standard.knock_limit`` and friends, plus a few numbers derived from them."""
    values: dict[str, object] = {}
    for name, rule in sets.items():
        for field, value in rule.to_dict().items():
            if isinstance(value, int) and not isinstance(value, bool):
                values[f"{name}.{field}"] = value
        values[f"{name}.next_dealer"] = next_dealer_words(rule.next_dealer)
        # "10 may knock, 11 may not"; the dead hand comes after the card that leaves N in stock.
        values[f"{name}.no_knock"] = rule.knock_limit + 1
        values[f"{name}.upcard_number"] = 2 * rule.hand_size + 1
        values[f"{name}.stock_after_deal"] = 52 - 2 * rule.hand_size - 1
        values[f"{name}.dead_hand_card"] = rule.dead_hand_stock + 1
        values[f"{name}.big_hand"] = rule.hand_size + 1
    for level, earned in ranking.items():
        values[f"points.{level}"] = earned
    return values


def placeholder_name(preset: str) -> str:
    """A preset's name as a placeholder prefix: ``romme-500`` → ``romme_500``."""
    return preset.replace("-", "_")


def romme_rule_values(
    sets: Mapping[str, romme_rulesets.Ruleset], ranking: Mapping[str, int]
) -> dict[str, object]:
    """``romme.opening``, ``romme_500.limit`` and friends, the deck's make-up, ranking points."""
    values: dict[str, object] = {
        "deck.cards": romme_cards.CARD_COUNT,
        "deck.jokers": romme_cards.JOKERS,
        "deck.naturals": romme_cards.NATURALS,
        "card.ace": romme_cards.rank_value(0),
        "card.ace_low": romme_cards.position_value(1),
        "card.face": romme_cards.rank_value(12),
    }
    for name, rule in sets.items():
        prefix = placeholder_name(name)
        for field, value in rule.to_dict().items():
            if isinstance(value, int) and not isinstance(value, bool):
                values[f"{prefix}.{field}"] = value
        values[f"{prefix}.starter_hand"] = rule.hand_size + rule.starter_extra
        # The person takes one seat; the computers fill the others.
        values[f"{prefix}.computers_min"] = rule.min_players - 1
        values[f"{prefix}.computers_max"] = rule.max_players - 1
    for level, earned in ranking.items():
        values[f"points.{level}"] = earned
    return values
