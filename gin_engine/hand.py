"""One hand of Gin Rummy: the deal, the upcard offer, turns, and how the hand ends.

Glossary
    dealer / non-dealer  the dealer deals; the non-dealer always acts first
    upcard               card 2n+1 of the deal, turned face up as the first discard; under the
                         dealer-discards opening that card is the dealer's extra card instead,
                         and the dealer opens the hand by discarding (胡牌制)
    upcard declined      both players passed the upcard: the first draw must be from the stock
    stock                the face-down cards, drawn from the front of ``stock``
    taken card           the card taken from the discard pile this turn; it may not be
                         discarded in the same turn
    known cards          cards a player took from the discard pile and still holds (public)
    history              the public record of moves; stock draws carry no card
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from engine_common import events
from engine_common.turns import check_turn
from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_engine.cards import Card
from gin_engine.errors import IllegalActionError, InvalidInputError, Reason, Refusal
from gin_engine.hu import hu_showdown
from gin_engine.layoff import LayOffResult, knocker_arrangement, lay_off
from gin_engine.melds import arrange, deadwood
from gin_engine.results import HandResult, dead_hand, score_hand
from gin_engine.ruleset import Opening, Ruleset, Scoring


class Phase(StrEnum):
    UPCARD = "upcard"
    DRAW = "draw"
    DISCARD = "discard"
    HAND_OVER = "hand-over"
    MATCH_OVER = "match-over"


class Move(StrEnum):
    """Kinds of public events in a hand's history."""

    TAKE_UPCARD = "t"
    PASS_UPCARD = "p"
    DRAW_STOCK = events.DRAW_STOCK
    DRAW_DISCARD = "d"
    DISCARD = events.DISCARD
    KNOCK = "k"
    GIN = "g"


class Event(events.Event[Move, Card]):
    """One public move. ``card`` is None for a stock draw (hidden) and for a pass; snapshots
    write the card as its code (``0x7S``)."""

    __slots__ = ()


class Hand:
    """The mutable state of one hand. Change it only through ``apply``."""

    def __init__(
        self,
        ruleset: Ruleset,
        number: int,
        dealer: int,
        hands: tuple[list[Card], list[Card]],
        stock: list[Card],
        discard_pile: list[Card],
    ) -> None:
        self.ruleset = ruleset
        self.number = number
        self.dealer = dealer
        self.hands = hands
        self.stock = stock
        self.discard_pile = discard_pile
        opens = ruleset.opening is Opening.DEALER_DISCARDS
        self.phase = Phase.DISCARD if opens else Phase.UPCARD
        self.turn = dealer if opens else 1 - dealer
        self.upcard_passes = 0
        """How many players declined the upcard."""
        self.upcard_declined = False
        """Both passed the upcard and nobody has drawn yet: the next draw must be from stock."""
        self.taken_card: Card | None = None
        self.drawn_card: Card | None = None
        self.known: tuple[set[Card], set[Card]] = (set(), set())
        self.history: list[Event] = []
        self.result: HandResult | None = None

    @classmethod
    def deal(cls, ruleset: Ruleset, number: int, dealer: int, deck: Sequence[Card]) -> Hand:
        """Deal from an explicit order: non-dealer, dealer, upcard, then the stock in draw order.

        Under the dealer-discards opening the card in the upcard's place is the dealer's extra
        card, so one deck order deals the same cards under either opening.
        """
        if len(deck) != 52 or len(set(deck)) != 52:
            raise InvalidInputError("a deal needs the 52 distinct cards")
        n = ruleset.hand_size
        hands: tuple[list[Card], list[Card]] = ([], [])
        hands[1 - dealer].extend(deck[:n])
        hands[dealer].extend(deck[n : 2 * n + 1])
        pile: list[Card] = []
        if ruleset.opening is Opening.UPCARD:
            pile.append(hands[dealer].pop())
        return cls(ruleset, number, dealer, hands, list(deck[2 * n + 1 :]), pile)

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def upcard_takeable(self) -> bool:
        """The first draw of the hand may not take the upcard once both players passed it."""
        return not self.upcard_declined

    def apply(self, player: int, action: Action) -> None:
        """Validate ``action`` for ``player`` and carry it out; a refusal changes nothing."""
        check_turn(IllegalActionError, self.phase is Phase.HAND_OVER, player, self.turn)
        if isinstance(action, TakeUpcard | PassUpcard):
            self._upcard(player, action)
        elif isinstance(action, DrawStock | DrawDiscard):
            self._draw(player, action)
        elif isinstance(action, Discard | Knock | Gin):
            self._discard(player, action)
        else:
            raise IllegalActionError(Refusal.WRONG_PHASE, type(action).__name__)

    def _upcard(self, player: int, action: TakeUpcard | PassUpcard) -> None:
        if self.phase is not Phase.UPCARD:
            raise IllegalActionError(Reason.UPCARD_ALREADY_DECIDED)
        if isinstance(action, TakeUpcard):
            card = self.discard_pile.pop()
            self._take_into_hand(player, card, from_pile=True)
            self.history.append(Event(player, Move.TAKE_UPCARD, card))
            self.phase = Phase.DISCARD
            return
        self.history.append(Event(player, Move.PASS_UPCARD))
        self.upcard_passes += 1
        self.turn = 1 - player
        if self.upcard_passes == 2:
            self.phase = Phase.DRAW
            self.upcard_declined = True

    def _draw(self, player: int, action: DrawStock | DrawDiscard) -> None:
        if self.phase is Phase.UPCARD:
            raise IllegalActionError(Reason.DECIDE_UPCARD)
        if self.phase is not Phase.DRAW:
            raise IllegalActionError(Refusal.ALREADY_DREW)
        if isinstance(action, DrawStock):
            card = self.stock.pop(0)
            self._take_into_hand(player, card, from_pile=False)
            self.history.append(Event(player, Move.DRAW_STOCK))
        else:
            if not self.discard_pile:
                raise IllegalActionError(Refusal.DISCARD_PILE_EMPTY)
            if not self.upcard_takeable:
                raise IllegalActionError(Reason.UPCARD_DECLINED)
            card = self.discard_pile.pop()
            self._take_into_hand(player, card, from_pile=True)
            self.history.append(Event(player, Move.DRAW_DISCARD, card))
        self.upcard_declined = False
        self.phase = Phase.DISCARD

    def _take_into_hand(self, player: int, card: Card, *, from_pile: bool) -> None:
        self.hands[player].append(card)
        self.drawn_card = card
        if from_pile:
            self.taken_card = card
            self.known[player].add(card)

    def _discard(self, player: int, action: Discard | Knock | Gin) -> None:
        if self.phase is Phase.UPCARD:
            raise IllegalActionError(Reason.DECIDE_UPCARD)
        if self.phase is not Phase.DISCARD:
            raise IllegalActionError(Refusal.DRAW_FIRST)
        card = action.card
        hand = self.hands[player]
        if card not in hand:
            raise IllegalActionError(Refusal.NOT_IN_HAND, str(card))
        if card == self.taken_card:
            raise IllegalActionError(Refusal.CANNOT_DISCARD_TAKEN_CARD, str(card))
        remaining = [c for c in hand if c != card]
        if isinstance(action, Knock | Gin):
            left = deadwood(remaining)
            if isinstance(action, Gin) and left != 0:
                raise IllegalActionError(Reason.NOT_GIN, str(left))
            if left > self.ruleset.knock_limit:
                raise IllegalActionError(Reason.DEADWOOD_TOO_HIGH, str(left))
        hand.remove(card)
        self.known[player].discard(card)
        self.taken_card = None
        self.drawn_card = None
        if isinstance(action, Knock | Gin):
            move = Move.GIN if deadwood(remaining) == 0 else Move.KNOCK
            self.history.append(Event(player, move, card))
            self.discard_pile.append(card)
            self._showdown(player)
            return
        self.discard_pile.append(card)
        self.history.append(Event(player, Move.DISCARD, card))
        if len(self.stock) <= self.ruleset.dead_hand_stock:
            self.result = dead_hand(self.number, self.dealer)
            self.phase = Phase.HAND_OVER
            return
        self.turn = 1 - player
        self.phase = Phase.DRAW

    def _showdown(self, knocker: int) -> None:
        knocker_cards, defender_cards = self.hands[knocker], self.hands[1 - knocker]
        if self.ruleset.scoring is Scoring.HU:
            self.result = hu_showdown(
                self.ruleset, self.number, self.dealer, knocker, knocker_cards, defender_cards
            )
            self.phase = Phase.HAND_OVER
            return
        melds = knocker_arrangement(
            knocker_cards, defender_cards, self.ruleset.knock_limit, self.ruleset.undercut_bonus
        )
        defender: LayOffResult
        if melds.deadwood == 0:
            own = arrange(defender_cards)  # no lay-offs on gin
            defender = LayOffResult(own.melds, (), own.deadwood_cards, own.deadwood)
        else:
            defender = lay_off(defender_cards, melds.melds)
        self.result = score_hand(self.ruleset, self.number, self.dealer, knocker, melds, defender)
        self.phase = Phase.HAND_OVER
