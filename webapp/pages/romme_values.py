"""The values the Rommé page sources may quote: preset rule numbers, the deck, card values.

Read from ``romme_engine`` at call time (a test may swap a preset); ranking points are the
site's one table (`webapp.statistics.points`), as for Gin Rummy.
"""

from __future__ import annotations

from collections.abc import Mapping

from romme_engine import cards
from romme_engine import ruleset as rulesets
from webapp.pages.gin_values import ranking_points


def presets() -> dict[str, rulesets.Ruleset]:
    """Rommé's presets as they are now."""
    return dict(rulesets.PRESETS)


def fingerprint() -> tuple[object, ...]:
    """Everything a rendered Rommé page depends on besides its source and language."""
    return (
        tuple((name, tuple(r.to_dict().items())) for name, r in sorted(presets().items())),
        tuple(sorted(ranking_points().items())),
    )


def placeholder_name(preset: str) -> str:
    """A preset's name as a placeholder prefix: ``romme-500`` → ``romme_500``."""
    return preset.replace("-", "_")


def rule_values(
    sets: Mapping[str, rulesets.Ruleset], ranking: Mapping[str, int]
) -> dict[str, object]:
    """``romme.opening``, ``romme_500.limit`` and friends, the deck's make-up, ranking points."""
    values: dict[str, object] = {
        "deck.cards": cards.CARD_COUNT,
        "deck.jokers": cards.JOKERS,
        "deck.naturals": cards.NATURALS,
        "card.ace": cards.rank_value(0),
        "card.ace_low": cards.position_value(1),
        "card.face": cards.rank_value(12),
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
