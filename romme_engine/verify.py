"""Checking a Rommé match's deals after it ended:
``python -m romme_engine.verify SEED [PLAYER_SEED] --players N``.

At the start of every match the site shows the commitment, SHA-256 of the secret seed; when
the match ends it reveals the seed. Anyone can then hash the seed to compare it with the
commitment and re-deal every hand from it here (the same `Hand.deal` the match used), without
the site's help: a deal that was changed after the commitment would not match.

Glossary
    deal        one dealing of the 110 cards, numbered from 1 (hand ``n`` is deal ``n``)
    refill      when the stock runs out, the discard pile is shuffled into a new stock by
                ``Random(f"{deal_seed}:{n}:r{k}")``; which cards it holds depends on the play,
                so only the deals themselves are shown here
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine_common.fairness import (
    DEFAULT_DEALS,
    cards_line,
    deal_seed,
    report_head,
    verify_parser,
)
from romme_engine.cards import Card
from romme_engine.deck import shuffled_deck
from romme_engine.hand import Hand
from romme_engine.match import first_dealer
from romme_engine.ruleset import DEFAULT_PRESET, PRESETS, Ruleset, preset


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as the match dealt it: every seat's cards and the stock."""

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    """By seat; seat 0 is the person on the site, the starter (dealer's left) has one more."""
    stock: tuple[Card, ...]
    """In drawing order: the first card is drawn first."""


def dealer_of(number: int, players: int) -> int:
    """Hand 1 is dealt by the seat on the person's right, then the deal passes left."""
    return (first_dealer(players) + number - 1) % players


def deals(
    seed: str,
    player_seed: str = "",
    count: int = DEFAULT_DEALS,
    ruleset: Ruleset | None = None,
    players: int = 3,
) -> list[Deal]:
    """Deals 1..``count`` of the match with this seed, exactly as the match dealt them."""
    rule = preset(DEFAULT_PRESET) if ruleset is None else ruleset
    mixed = deal_seed(seed, player_seed)
    found = []
    for number in range(1, count + 1):
        dealer = dealer_of(number, players)
        hand = Hand.deal(
            rule, number, dealer, players, shuffled_deck(mixed, number), f"{mixed}:{number}"
        )
        found.append(Deal(number, dealer, tuple(tuple(h) for h in hand.hands),
                          tuple(reversed(hand.stock))))
    return found


def report(
    seed: str, player_seed: str, count: int, ruleset: Ruleset | None = None, players: int = 3
) -> list[str]:
    lines = report_head(seed, player_seed)
    for deal in deals(seed, player_seed, count, ruleset, players):
        lines.append(f"deal {deal.number} (dealer: seat {deal.dealer})")
        lines += [f"  seat {seat}: {cards_line(hand)}" for seat, hand in enumerate(deal.hands)]
        lines.append(f"  stock:  {cards_line(deal.stock)}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = verify_parser(
        "python -m romme_engine.verify",
        "Re-deal a finished Rommé match from its revealed seed.",
        PRESETS, DEFAULT_PRESET,
    )
    parser.add_argument(
        "--players", type=int, default=3, choices=range(2, 5), metavar="2..4",
        help="players at the table, you included (default 3); seat 0 is you",
    )
    args = parser.parse_args(argv)
    lines = report(args.seed, args.player_seed, args.deals, preset(args.ruleset), args.players)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
