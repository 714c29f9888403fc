"""A player's view: everything one player may know, and nothing more.

The opponent's cards and the stock order are not reachable from a view until the showdown,
when the hand result reveals both hands. Computer players and pages see only views.

Glossary
    discardable   the cards a player may throw now (discard, knock or gin): its hand but the
                  card it took from the discard pile this turn
    pile history  every card laid on the discard pile this hand, with who laid it (None for
                  the upcard) and who took it back, read from the public history
    ending        a knock or gin a player may choose now; a knock that leaves no deadwood
                  scores as gin, so such a card is offered as ``Gin`` only (``endings``)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine_common.view import SeatView
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
from gin_engine.hand import Event, Move, Phase
from gin_engine.melds import discard_options
from gin_engine.results import HandResult, Settlement
from gin_engine.ruleset import Opening, Ruleset

if TYPE_CHECKING:
    from gin_engine.match import Match


@dataclass(frozen=True, slots=True)
class PileCard:
    """A card laid on the discard pile this hand: by ``player`` (None for the upcard), taken
    back by ``taken_by`` (None while it lies there, on top or under later discards)."""

    player: int | None
    card: Card
    taken_by: int | None = None


_LAID = (Move.DISCARD, Move.KNOCK, Move.GIN)
_TAKEN = (Move.TAKE_UPCARD, Move.DRAW_DISCARD)


@dataclass(frozen=True, slots=True)
class PlayerView(SeatView[Card, HandResult]):
    """One seat's view of a Gin Rummy match (the fields every game's view holds are
    ``SeatView``'s). The ``taken_card`` may not be discarded this turn."""

    ruleset: Ruleset
    phase: Phase
    opponent_card_count: int
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    """For each player, the cards it took from the discard pile and still holds (public)."""
    upcard_takeable: bool
    history: tuple[Event, ...]
    scores: tuple[int, int]
    settlement: Settlement | None

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def opponent_known(self) -> tuple[Card, ...]:
        return self.known[1 - self.player]

    @property
    def discardable(self) -> tuple[Card, ...]:
        """The cards this player may throw now, in card order: in its discard phase the whole
        hand but the card taken from the discard pile this turn; otherwise none."""
        if not self.my_turn or self.phase is not Phase.DISCARD:
            return ()
        return tuple(c for c in self.hand if c != self.taken_card)

    @property
    def pile_history(self) -> tuple[PileCard, ...]:
        """Every card laid on the discard pile this hand, in order, the upcard first.

        A take removes the pile's top card (docs/rules.md §3: only the upcard decision can take
        the upcard; later takes reach only the cards discarded on top of it). Under the
        dealer-discards opening there is no upcard: the dealer's first discard starts the pile.
        """
        entries: list[PileCard] = []
        upcard = self._upcard()
        if upcard is not None:
            entries.append(PileCard(None, upcard))
        lying = list(range(len(entries)))  # indexes of the entries still on the pile
        for event in self.history:
            if event.move in _LAID and event.card is not None:
                lying.append(len(entries))
                entries.append(PileCard(event.player, event.card))
            elif event.move in _TAKEN and lying:
                top = lying.pop()
                taken = entries[top]
                entries[top] = PileCard(taken.player, taken.card, taken_by=event.player)
        return tuple(entries)

    def _upcard(self) -> Card | None:
        """The hand's first face-up card, whether or not someone took it: taken only by the
        upcard decision, else it lies at the bottom of the pile. None under dealer-discards."""
        if self.ruleset.opening is Opening.DEALER_DISCARDS:
            return None
        for event in self.history:
            if event.move is Move.TAKE_UPCARD:
                return event.card
        return self.discard_pile[0] if self.discard_pile else None


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
    discardable = view.discardable
    for card, left in discard_options(view.hand):
        if card not in discardable:
            continue
        actions.append(Discard(card))
        if left <= view.ruleset.knock_limit:
            actions.append(Knock(card))
        if left == 0:
            actions.append(Gin(card))
    return actions


def endings(view: PlayerView) -> list[Knock | Gin]:
    """The knocks and gins this player may choose now, one per card, in ``legal_actions``'
    order: ``Gin`` for a card that leaves no deadwood (a ``Knock`` with it scores as gin too,
    so it is not offered again), ``Knock`` for one within the knock limit."""
    found: list[Knock | Gin] = []
    discardable = view.discardable
    if not discardable:
        return found
    for card, left in discard_options(view.hand):
        if card not in discardable:
            continue
        if left == 0:
            found.append(Gin(card))
        elif left <= view.ruleset.knock_limit:
            found.append(Knock(card))
    return found
