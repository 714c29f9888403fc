"""Worked examples for the Rommé pages, each played or scored by ``romme_engine`` itself.

Only the cards are chosen here. The turns are real: dealt from a stacked deck and applied
through ``Match.apply``, which validates every move, so a refused opening is the engine's
refusal and every value, lay-off, swap and penalty is what the table would do. The story's
openings are worth 39 each and the refused one 27, so it plays under any opening threshold from
28 to 39 (the presets ask 30); outside that range it stops with an `IllegalActionError`.

Glossary
    story       one two-player hand, turn by turn: a refused opening, the opening, a lay-off on
                the other player's meld, a joker swap with the joker laid out again
    hand-Rommé  a three-player hand the starter goes out of in its first turn
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from romme_engine import (
    DrawStock,
    HandResult,
    IllegalActionError,
    LayDown,
    Match,
    Meld,
    Reason,
    Refusal,
    Ruleset,
    best_lay_down,
    parse_action,
    parse_cards,
    penalty,
    read_meld,
)
from romme_engine.cards import Card, position_value, rank_value
from romme_engine.deck import stacked_deck

ME, OTHER = 0, 1
# The story: seat 1 deals, so seat 0 starts with one card more and does not draw.
STORY_HANDS = (
    "9H 9D JK1 3S 4S 5S 2C 7D KH 6H QS 8D 4C TH",
    "JC QC KC 2H 5D 8S 6C TS 3H 7C 4H QD 5H",
)
STORY_STOCK = "2D AC 9C"
FIRST_MELD, SECOND_MELD = "9H 9D JK1", "3S 4S 5S"
OTHER_MELDS = ("JC QC KC", "2H 3H 4H")
OTHER_DISCARD = "QD"
LAY_OFF, SWAP = "AC", "9C"
# Hand-Rommé: seat 2 deals, seat 0 melds 13 cards and discards the 14th in its first turn.
HAND_ROMME_MELDS = ("AS 2S 3S", "7H 7D 7C", "TD JD QD KD", "8C 9C JK1")
HAND_ROMME_DISCARD = "KH"
HAND_ROMME_OTHERS = (
    "2H 5H 6H 9S JS QS 4D 4C KC AH 3D 8S JK2",
    "3C 6D 9D TH 2D 5S 6S AD QH KS 5C JH TC",
)
# Ace values: the same ace low in a run, high in a run, in a set.
ACE_MELDS = ("AH 2H 3H", "QH KH AH", "AS AH AD")
# Strategy: a hand before its opening; the engine finds its best lay-down.
BEST_HAND = "KH KD KS 5C 6C 7C 2H 9D JK2 QS AC 4D 8H"


@dataclass(frozen=True, slots=True)
class Opening:
    refused: tuple[Meld, ...]
    refused_total: int
    refusal: Refusal | Reason
    melds: tuple[Meld, ...]
    total: int
    discard: Card


@dataclass(frozen=True, slots=True)
class Grown:
    """A table meld before and after one card went into it."""

    card: Card
    before: Meld
    after: Meld


@dataclass(frozen=True, slots=True)
class Swap:
    swap: Grown
    joker: Card
    relaid: Grown


@dataclass(frozen=True, slots=True)
class HandRomme:
    melds: tuple[Meld, ...]
    discard: Card
    result: HandResult

    @property
    def losers(self) -> list[int]:
        return [p for p in range(len(self.result.hands)) if p != self.result.winner]


@dataclass(frozen=True, slots=True)
class CardValue:
    """One rank's worth in a meld (for the opening) and in hand at the end (penalty)."""

    rank: Card
    in_meld: int
    penalty: int
    low: int | None = None
    """The ace's value at the low end of a run (A-2-3); None for every other card."""


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _meld(text: str) -> Meld:
    meld = read_meld(_cards(text))
    if meld is None:  # pragma: no cover - the cards above are chosen to meld
        raise AssertionError(f"not a meld: {text}")
    return meld


def _grown(match: Match, player: int, action: str, card: Card, index: int) -> Grown:
    before = match.view(player).table[index]
    match.apply(player, parse_action(action))
    return Grown(card, before, match.view(player).table[index])


@dataclass(frozen=True, slots=True)
class Story:
    opening: Opening
    lay_off: Grown
    swap: Swap


def story(ruleset: Ruleset) -> Story:
    """Four turns of a two-player hand, each move applied (and checked) by the engine."""
    deck = stacked_deck(ruleset, OTHER, list(STORY_HANDS), STORY_STOCK)
    match = Match.new(ruleset, 2, random.Random(0), deck=deck)
    discard = _cards("KH")[0]
    # Turn 1 (seat 0, no draw): one meld is not enough, the discard is refused.
    match.apply(ME, parse_action(f"meld {FIRST_MELD}"))
    try:
        match.apply(ME, parse_action(f"discard {discard}"))
    except IllegalActionError as refusal:
        reason = refusal.reason
    else:  # pragma: no cover - the engine refuses an opening below the threshold
        raise AssertionError("the low opening was accepted")
    refused = match.view(ME).table
    match.apply(ME, parse_action(f"meld {SECOND_MELD}"))
    melds = match.view(ME).table
    match.apply(ME, parse_action(f"discard {discard}"))
    # Turn 2 (seat 1): draws and opens with two runs; the first is laid off on below.
    match.apply(OTHER, DrawStock())
    other_index = len(match.view(OTHER).table)
    for meld in OTHER_MELDS:
        match.apply(OTHER, parse_action(f"meld {meld}"))
    match.apply(OTHER, parse_action(f"discard {OTHER_DISCARD}"))
    # Turn 3 (seat 0, opened last turn): lays off on seat 1's run.
    match.apply(ME, DrawStock())
    lay_off_card = _cards(LAY_OFF)[0]
    lay_off = _grown(match, ME, f"lay-off {LAY_OFF} {other_index}", lay_off_card, other_index)
    match.apply(ME, parse_action("discard 7D"))
    # Turn 4 (seat 1): swaps the joker out of seat 0's set and lays it off on its own run.
    match.apply(OTHER, DrawStock())
    swapped = _grown(match, OTHER, f"swap {SWAP} 0", _cards(SWAP)[0], 0)
    joker = match.view(OTHER).freed_jokers[0]
    relaid = _grown(match, OTHER, f"lay-off {joker} {other_index}", joker, other_index)
    match.apply(OTHER, parse_action("discard 8S"))
    return Story(
        opening=Opening(
            refused=refused,
            refused_total=sum(m.value for m in refused),
            refusal=reason,
            melds=melds,
            total=sum(m.value for m in melds),
            discard=discard,
        ),
        lay_off=lay_off,
        swap=Swap(swapped, joker, relaid),
    )


def hand_romme(ruleset: Ruleset) -> HandRomme:
    """A three-player hand the starter goes out of at once, every loser paying the multiple."""
    starter = " ".join((*HAND_ROMME_MELDS, HAND_ROMME_DISCARD))
    deck = stacked_deck(ruleset, 2, [starter, *HAND_ROMME_OTHERS])
    match = Match.new(ruleset, 3, random.Random(0), deck=deck)
    for meld in HAND_ROMME_MELDS:
        match.apply(ME, parse_action(f"meld {meld}"))
    melds = match.view(ME).table
    match.apply(ME, parse_action(f"discard {HAND_ROMME_DISCARD}"))
    return HandRomme(melds, _cards(HAND_ROMME_DISCARD)[0], match.results[-1])


def card_values(ruleset: Ruleset) -> list[CardValue]:
    """Each rank (ace first) and the joker: its meld value and its penalty in hand."""
    ace_low = position_value(1)
    values = [
        CardValue(c, rank_value(c.rank), rank_value(c.rank), ace_low if c.rank == 0 else None)
        for c in (Card.natural(0, rank) for rank in range(13))
    ]
    joker = _cards("JK1")[0]
    return [*values, CardValue(joker, 0, ruleset.joker_penalty)]


def best(hand: str) -> LayDown:
    found = best_lay_down(_cards(hand), keep_one=True)
    if found is None:  # pragma: no cover - the strategy hand is chosen to meld
        raise AssertionError("no lay-down")
    return found


@dataclass(frozen=True, slots=True)
class RommeExamples:
    story: Story
    hand_romme: HandRomme
    aces: tuple[Meld, ...]
    values: list[CardValue]
    best_hand: tuple[Card, ...]
    best: LayDown
    joker_penalty: int

    @classmethod
    def compute(cls, ruleset: Ruleset) -> RommeExamples:
        return cls(
            story=story(ruleset),
            hand_romme=hand_romme(ruleset),
            aces=tuple(_meld(m) for m in ACE_MELDS),
            values=card_values(ruleset),
            best_hand=tuple(sorted(_cards(BEST_HAND))),
            best=best(BEST_HAND),
            joker_penalty=ruleset.joker_penalty,
        )

    @property
    def best_left_penalty(self) -> int:
        """What the cards left after the best lay-down would cost if someone went out now."""
        return sum(penalty(c, self.joker_penalty) for c in self.best.left)

    def values_quoted(self) -> dict[str, object]:
        """The figures the prose may quote, as ``ex.<example>.<figure>`` placeholders."""
        s, h = self.story, self.hand_romme
        first, second = s.opening.melds[0], s.opening.melds[1]
        return {
            "ex.refused.total": s.opening.refused_total,
            "ex.opening.first": first.value,
            "ex.opening.second": second.value,
            "ex.opening.total": s.opening.total,
            "ex.layoff.card": s.lay_off.card.symbol,
            "ex.layoff.before": s.lay_off.before.value,
            "ex.swap.card": s.swap.swap.card.symbol,
            "ex.swap.stands_for": _stands_for(s.swap.relaid.after, s.swap.joker),
            "ex.handromme.cards": sum(len(m.cards) for m in h.melds),
            "ex.handromme.value_a": h.result.hand_values[1],
            "ex.handromme.pays_a": h.result.penalties[1],
            "ex.handromme.value_b": h.result.hand_values[2],
            "ex.handromme.pays_b": h.result.penalties[2],
            "ex.ace.low_run": self.aces[0].value,
            "ex.ace.high_run": self.aces[1].value,
            "ex.ace.set": self.aces[2].value,
            "ex.best.cards": len(self.best_hand),
            "ex.best.value": self.best.value,
            "ex.best.left": self.best_left_penalty,
        }


def _stands_for(meld: Meld, joker: Card) -> str:
    """The card a joker in ``meld`` stands for, as a symbol (``10♣``)."""
    suit, rank = meld.stands_for(meld.cards.index(joker))
    return Card.natural(suit, rank).symbol
