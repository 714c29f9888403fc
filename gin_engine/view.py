"""A player's view: everything one player may know, and nothing more.

The opponent's cards and the stock order are not reachable from a view until the showdown,
when the hand result reveals both hands. Computer players and pages see only views.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    NextHand,
    PassUpcard,
    TakeUpcard,
)
from gin_engine.cards import Card
from gin_engine.hand import Event, Phase
from gin_engine.melds import discard_options
from gin_engine.results import HandResult, Settlement
from gin_engine.ruleset import Ruleset

if TYPE_CHECKING:
    from gin_engine.match import Match


@dataclass(frozen=True, slots=True)
class PlayerView:
    player: int
    ruleset: Ruleset
    phase: Phase
    turn: int | None
    """Who must act; None between hands and after the match."""
    dealer: int
    hand_number: int
    hand: tuple[Card, ...]
    """This player's cards, in card order."""
    drawn_card: Card | None
    """The card this player just drew (its turn, discard phase)."""
    taken_card: Card | None
    """The card this player took from the discard pile this turn: it may not be discarded."""
    discard_pile: tuple[Card, ...]
    """Bottom first; the top is the last card."""
    stock_count: int
    opponent_card_count: int
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    """For each player, the cards it took from the discard pile and still holds (public)."""
    upcard_takeable: bool
    history: tuple[Event, ...]
    scores: tuple[int, int]
    results: tuple[HandResult, ...]
    settlement: Settlement | None

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def opponent_known(self) -> tuple[Card, ...]:
        return self.known[1 - self.player]

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def result(self) -> HandResult | None:
        """This hand's result once it is over."""
        if self.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and self.results:
            return self.results[-1]
        return None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.player


def make_view(match: Match, player: int) -> PlayerView:
    hand = match.hand
    phase = match.phase
    mine = hand.turn == player and phase is Phase.DISCARD
    return PlayerView(
        player=player,
        ruleset=match.ruleset,
        phase=phase,
        turn=match.turn,
        dealer=hand.dealer,
        hand_number=hand.number,
        hand=tuple(sorted(hand.hands[player])),
        drawn_card=hand.drawn_card if mine else None,
        taken_card=hand.taken_card if mine else None,
        discard_pile=tuple(hand.discard_pile),
        stock_count=len(hand.stock),
        opponent_card_count=len(hand.hands[1 - player]),
        known=(tuple(sorted(hand.known[0])), tuple(sorted(hand.known[1]))),
        upcard_takeable=hand.upcard_takeable,
        history=tuple(hand.history),
        scores=match.scores,
        results=tuple(match.results),
        settlement=match.settlement,
    )


def legal_actions(view: PlayerView) -> list[Action]:
    """Every action the rules allow this player now, in a stable order."""
    if view.phase is Phase.HAND_OVER:
        return [NextHand()]
    if not view.my_turn:
        return []
    if view.phase is Phase.UPCARD:
        return [TakeUpcard(), PassUpcard()]
    if view.phase is Phase.DRAW:
        draws: list[Action] = [DrawStock()]
        if view.discard_pile and view.upcard_takeable:
            draws.append(DrawDiscard())
        return draws
    actions: list[Action] = []
    for card, left in discard_options(view.hand):
        if card == view.taken_card:
            continue
        actions.append(Discard(card))
        if left <= view.ruleset.knock_limit:
            actions.append(Knock(card))
        if left == 0:
            actions.append(Gin(card))
    return actions
