"""Worked examples for the pages, each played or scored by the engine itself.

Only the cards are chosen here; every count, lay-off and score comes from the engine, so the
pages cannot drift from what the table does. The knock examples are real hands: dealt from a
stacked deck, the knocker draws one spare card and knocks by discarding it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gin_engine import (
    DECK,
    Arrangement,
    Card,
    DrawStock,
    HandEnd,
    HandResult,
    Knock,
    Match,
    PassUpcard,
    Ruleset,
    Settlement,
    arrange,
    deadwood,
    parse_cards,
    settle,
)
from gin_engine.deck import stacked_deck
from gin_engine.hu import hu_showdown
from gin_engine.melds import Meld, MeldKind

KNOCKER, DEFENDER = 0, 1

MELD_CHOICE = "7H 7S 7D 8H 9H"
CHAIN = ("5S 6S 7S AH 2H 3H KH KD KC 4C", "4S 8S 9S JH JD JC 6D 7D 8D TC")
UNDERCUT = ("2S 3S 4S 9H 9D 9C JH QH KH 8C", "AD 2D 3D 4D TC TD TS 5S 9S 8D")
GIN = ("2S 3S 4S 5S 9H 9D 9C JH QH KH", "AD 2D 3D TC TD TS 6S 9S 8D 4C")
HU_SHOWDOWNS = {
    # 胡牌制 (caller, opponent): 三金 against 7 left; 2 against 5; 3 against a lay-off into an
    # eight-card 二金 (the seed examples of docs/rules.md)
    "huex.san_jin_vs_seven": ("3S 4S 5S 7H 7D 7C 9D TD JD QD", "KS KH KC 2C 3C 4C 5C AH 2D 4H"),
    "huex.two_against_five": ("3S 4S 5S 7H 7D 7C 9D TD JD 2H", "KS KH KD KC 2C 3C 4C 5C AH 4H"),
    "huex.three_against_er_jin": (
        "3S 4S 5S 7H 7D 7C 9D TD JD 3H", "6S 7S KS KH KD KC 2C 3C 4C 5C"
    ),
}
SHUTOUT_HANDS = (30, 40, 35)
LOSER_HAND = 20


@dataclass(frozen=True, slots=True)
class MeldChoice:
    hand: tuple[Card, ...]
    set_first: Arrangement
    best: Arrangement


@dataclass(frozen=True, slots=True)
class SettlementExample:
    hands: tuple[int, ...]
    shutout: Settlement
    with_loss: Settlement
    loser_hand: int


def hu_showdowns(ruleset: Ruleset) -> dict[str, HandResult]:
    """The 胡牌制 examples, scored by the engine under ``ruleset`` (the caller is KNOCKER)."""
    return {
        key: hu_showdown(ruleset, 1, 1, KNOCKER, parse_cards(caller), parse_cards(other))
        for key, (caller, other) in HU_SHOWDOWNS.items()
    }


def hu_examples(ruleset: Ruleset) -> dict[str, int]:
    """The 胡牌制 examples' points, as ``huex.<example>`` placeholders."""
    return {key: result.points for key, result in hu_showdowns(ruleset).items()}


def meld_choice() -> MeldChoice:
    """The same five cards held two ways: the set of 7s first, or the engine's minimum."""
    hand = tuple(parse_cards(MELD_CHOICE))
    sevens = tuple(c for c in hand if c.rank == hand[0].rank)
    rest = tuple(c for c in hand if c not in sevens)
    set_first = Arrangement((Meld(MeldKind.SET, sevens),), rest, deadwood(rest))
    return MeldChoice(hand, set_first, arrange(hand))


def showdown(ruleset: Ruleset, knocker: str, defender: str) -> HandResult:
    """Deal the two hands, let the non-dealer draw a spare card and knock by discarding it."""
    k, d = parse_cards(knocker), parse_cards(defender)
    spare = [c for c in reversed(DECK) if c not in k and c not in d]
    deck = stacked_deck(k, d, spare[0], [spare[1]])
    match = Match.new(ruleset, random.Random(0), first_dealer=DEFENDER, deck=deck)
    match.apply(KNOCKER, PassUpcard())
    match.apply(DEFENDER, PassUpcard())
    match.apply(KNOCKER, DrawStock())
    match.apply(KNOCKER, Knock(spare[1]))
    result = match.hand.result
    if result is None:  # pragma: no cover - the engine ends the hand on a knock
        raise AssertionError("the knock did not end the hand")
    return result


def settlement(ruleset: Ruleset) -> SettlementExample:
    """Three hands won by one side, then the same with one hand lost."""

    def won(points: int, number: int, scorer: int) -> HandResult:
        return HandResult(
            number=number, dealer=0, end=HandEnd.KNOCK, knocker=scorer, scorer=scorer,
            difference=points,
        )

    shut = [won(p, n, KNOCKER) for n, p in enumerate(SHUTOUT_HANDS, 1)]
    lost = [*shut, won(LOSER_HAND, len(shut) + 1, DEFENDER)]
    return SettlementExample(
        hands=SHUTOUT_HANDS,
        shutout=settle(ruleset, shut, KNOCKER),
        with_loss=settle(ruleset, lost, KNOCKER),
        loser_hand=LOSER_HAND,
    )


@dataclass(frozen=True, slots=True)
class Examples:
    meld: MeldChoice
    chain: HandResult
    undercut: HandResult
    gin: HandResult
    settle: SettlementExample
    chain_before: int
    undercut_before: int

    @classmethod
    def compute(cls, ruleset: Ruleset) -> Examples:
        return cls(
            meld=meld_choice(),
            chain=showdown(ruleset, *CHAIN),
            undercut=showdown(ruleset, *UNDERCUT),
            gin=showdown(ruleset, *GIN),
            settle=settlement(ruleset),
            chain_before=deadwood(parse_cards(CHAIN[1])),
            undercut_before=deadwood(parse_cards(UNDERCUT[1])),
        )

    def values(self) -> dict[str, object]:
        """The figures the prose may quote, as ``ex.<example>.<figure>`` placeholders."""
        s, w = self.settle.shutout, self.settle.with_loss
        return {
            "ex.meld.set_first": self.meld.set_first.deadwood,
            "ex.meld.best": self.meld.best.deadwood,
            "ex.chain.knocker": self.chain.knocker_deadwood,
            "ex.chain.before": self.chain_before,
            "ex.chain.after": self.chain.defender_deadwood,
            "ex.chain.points": self.chain.points,
            "ex.undercut.knocker": self.undercut.knocker_deadwood,
            "ex.undercut.before": self.undercut_before,
            "ex.undercut.after": self.undercut.defender_deadwood,
            "ex.undercut.points": self.undercut.points,
            "ex.gin.defender": self.gin.defender_deadwood,
            "ex.gin.points": self.gin.points,
            "ex.settle.hands": " + ".join(str(p) for p in self.settle.hands),
            "ex.settle.hand_total": s.hand_points[KNOCKER],
            "ex.settle.shutout_total": s.totals[KNOCKER],
            "ex.settle.winner_total": w.totals[KNOCKER],
            "ex.settle.loser_total": w.totals[DEFENDER],
            "ex.settle.loser_hand": self.settle.loser_hand,
        }
