"""Checking a match's deals after it ended: ``python -m gin_engine.verify SEED [PLAYER_SEED]``.

At the start of every match the site shows the commitment, SHA-256 of the secret seed; when
the match ends it reveals the seed. Anyone can then hash the seed to compare it with the
commitment and re-deal every hand from it here, without the site's help: a deal that was
changed after the commitment would not match.

Glossary
    commitment  SHA-256 (hex) of the match's secret seed, shown before the first card
    deal        one dealing of the 52 cards, numbered from 1; a dead hand's redeal counts too
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine_common.fairness import (
    DEFAULT_DEALS,
    MAX_DEALS,
    cards_line,
    deal_seed,
    report_head,
    verify_parser,
)
from gin_engine.cards import Card
from gin_engine.deck import shuffled_deck
from gin_engine.ruleset import DEFAULT_PRESET, PRESETS, Opening, Ruleset, preset


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as the cards came off the deck (the deal order of `gin_engine.hand.Hand.deal`)."""

    number: int
    non_dealer: tuple[Card, ...]
    dealer: tuple[Card, ...]
    """The dealer's cards; under the dealer-discards opening (胡牌制) one more than the
    non-dealer's, the last being the card that would have been the upcard."""
    upcard: Card | None
    """None under the dealer-discards opening: that card went to the dealer."""
    stock: tuple[Card, ...]
    """In drawing order: the first card is drawn first."""


def deals(
    seed: str, player_seed: str = "", count: int = DEFAULT_DEALS, ruleset: Ruleset | None = None
) -> list[Deal]:
    """Deals 1..``count`` of the match with this seed, exactly as the match dealt them."""
    rule = preset(DEFAULT_PRESET) if ruleset is None else ruleset
    size = rule.hand_size
    upcard = rule.opening is Opening.UPCARD
    mixed = deal_seed(seed, player_seed)
    found = []
    for number in range(1, count + 1):
        order = shuffled_deck(mixed, number)
        found.append(
            Deal(
                number,
                tuple(order[:size]),
                tuple(order[size : 2 * size + (0 if upcard else 1)]),
                order[2 * size] if upcard else None,
                tuple(order[2 * size + 1 :]),
            )
        )
    return found


def report(seed: str, player_seed: str, count: int, ruleset: Ruleset | None = None) -> list[str]:
    lines = report_head(seed, player_seed)
    for deal in deals(seed, player_seed, count, ruleset):
        lines += [
            f"deal {deal.number}",
            f"  non-dealer: {cards_line(deal.non_dealer)}",
            f"  dealer:     {cards_line(deal.dealer)}",
        ]
        if deal.upcard is not None:
            lines.append(f"  upcard:     {deal.upcard}")
        lines.append(f"  stock:      {cards_line(deal.stock)}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = verify_parser(
        "python -m gin_engine.verify",
        "Re-deal a finished match from its revealed seed (under 胡牌制 the dealer's 11th card"
        " replaces the upcard).",
        PRESETS, DEFAULT_PRESET,
    )
    args = parser.parse_args(argv)
    print("\n".join(report(args.seed, args.player_seed, args.deals, preset(args.ruleset))))
    return 0


__all__ = ["DEFAULT_DEALS", "MAX_DEALS", "Deal", "deals", "main", "report"]


if __name__ == "__main__":
    raise SystemExit(main())
