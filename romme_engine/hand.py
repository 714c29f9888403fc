"""One hand of Rommé: the deal, turns with staged lay-downs, going out, the stock running out.

Glossary
    dealer       deals; the player on the dealer's left (seat ``dealer + 1``) starts, with one
                 card more, and does not draw on that first turn; play goes on to the left
    stock        the face-down cards; the top is the last element of ``stock``
    discard pile face up; the top is the last element; none until the first discard
    table        the melds laid out, anyone's, numbered in the order they were laid
    opened       a player opened once a turn of theirs committed a lay-down (开牌)
    staging      a turn's melds, lay-offs and swaps stay provisional until the discard;
                 ``saved`` keeps the hand and table as they were, for a take-back
    taken card   the card taken from the discard pile this turn: it must be laid out
    freed jokers jokers swapped off the table this turn: they must be laid out again
    stock runs   how often the stock ran out; the pile below its top card is shuffled into a
                 new stock (``Random(f"{shuffle_key}:r{runs}")``) until the last allowed run
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine_common import events
from engine_common.turns import check_turn
from romme_engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    SwapJoker,
    TakeBack,
    TakeDiscard,
)
from romme_engine.cards import CARD_COUNT, Card
from romme_engine.discard_use import can_take
from romme_engine.errors import IllegalActionError, InvalidInputError, Reason, Refusal
from romme_engine.melds import Meld, lay_off_options, read_meld, swap_joker
from romme_engine.results import HandResult, score_hand
from romme_engine.ruleset import Ruleset


class Phase(StrEnum):
    DRAW = "draw"
    PLAY = "play"
    """Drawn (or the first turn): lay melds, lay off, swap, take back; a discard ends it."""
    HAND_OVER = "hand-over"
    MATCH_OVER = "match-over"


class Move(StrEnum):
    """Kinds of public events in a hand's history (the table itself shows the melds)."""

    DRAW_STOCK = events.DRAW_STOCK
    TAKE_DISCARD = "t"
    DISCARD = events.DISCARD
    OUT = "o"
    """The final discard of the player going out."""
    RESHUFFLE = "r"
    MELD = "m"
    """A meld laid (``card``: its first card); staged, so a take-back removes the event."""
    LAY_OFF = "l"
    """``card`` laid off on a table meld; staged like a meld."""
    SWAP = "w"
    """``card`` put in a joker's place on the table; staged like a meld."""


class Event(events.Event[Move, Card]):
    """One public move; ``card`` is None for a stock draw (hidden) and a reshuffle. Snapshots
    write the card as its two hex digits (``0x0c``)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Saved:
    """The hand and table as they were before this turn's first staged change."""

    hand: tuple[Card, ...]
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    events: int = 0
    """How many events the hand's history held then: a take-back drops the later ones."""


class Hand:
    """The mutable state of one hand. Change it only through ``apply``."""

    def __init__(
        self,
        ruleset: Ruleset,
        number: int,
        dealer: int,
        hands: list[list[Card]],
        stock: list[Card],
        shuffle_key: str,
    ) -> None:
        self.ruleset = ruleset
        self.number = number
        self.dealer = dealer
        self.hands = hands
        self.stock = stock
        self.shuffle_key = shuffle_key
        self.discard_pile: list[Card] = []
        self.table: list[Meld] = []
        self.owners: list[int] = []
        self.opened = [False] * len(hands)
        self.phase = Phase.PLAY  # the starter does not draw
        self.turn = (dealer + 1) % len(hands)
        self.taken_card: Card | None = None
        self.drawn_card: Card | None = None
        self.freed_jokers: list[Card] = []
        self.saved: Saved | None = None
        self.stock_runs = 0
        self.history: list[Event] = []
        self.result: HandResult | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    @classmethod
    def deal(
        cls,
        ruleset: Ruleset,
        number: int,
        dealer: int,
        players: int,
        deck: Sequence[Card],
        shuffle_key: str,
    ) -> Hand:
        """Deal one at a time from the dealer's left: ``hand_size`` each and the starter's extra;
        ``deck[0]`` is dealt first, the rest is the stock (its last card on top)."""
        if len(deck) != CARD_COUNT or len(set(deck)) != CARD_COUNT:
            raise InvalidInputError("a deal needs the 110 distinct cards")
        if not ruleset.min_players <= players <= ruleset.max_players:
            raise InvalidInputError(f"{players} players")
        hands: list[list[Card]] = [[] for _ in range(players)]
        dealt = ruleset.hand_size * players + ruleset.starter_extra
        for i in range(dealt):
            hands[(dealer + 1 + i) % players].append(deck[i])
        stock = list(reversed(deck[dealt:]))
        return cls(ruleset, number, dealer, hands, stock, shuffle_key)

    def all_cards(self) -> list[Card]:
        """Every card of the hand, wherever it is (110 of them)."""
        return [
            *(c for h in self.hands for c in h),
            *self.stock,
            *self.discard_pile,
            *(c for m in self.table for c in m.cards),
        ]

    def staged(self) -> list[int]:
        """Table indices of melds laid this turn."""
        return list(range(len(self.saved.table), len(self.table))) if self.saved else []

    def apply(self, player: int, action: Action) -> None:
        """Validate ``action`` for ``player`` and carry it out; a refusal changes nothing."""
        check_turn(IllegalActionError, self.phase is Phase.HAND_OVER, player, self.turn)
        if isinstance(action, DrawStock | TakeDiscard):
            self._draw(player, action)
            return
        if self.phase is not Phase.PLAY:
            raise IllegalActionError(Refusal.DRAW_FIRST)
        if isinstance(action, LayMeld):
            self._lay_meld(player, action)
        elif isinstance(action, LayOff):
            self._lay_off(player, action)
        elif isinstance(action, SwapJoker):
            self._swap(player, action)
        elif isinstance(action, TakeBack):
            self._take_back(player)
        elif isinstance(action, Discard):
            self._discard(player, action.card)
        else:
            raise IllegalActionError(Refusal.WRONG_PHASE, type(action).__name__)

    def may_take_discard(self, player: int) -> bool:
        if not self.discard_pile:
            return False
        top = self.discard_pile[-1]
        return can_take(
            self.hands[player], top, self.table, self.opened[player], self.ruleset.opening
        )

    def _draw(self, player: int, action: DrawStock | TakeDiscard) -> None:
        if self.phase is not Phase.DRAW:
            raise IllegalActionError(Refusal.ALREADY_DREW)
        if isinstance(action, DrawStock):
            card = self.stock.pop()
            self.history.append(Event(player, Move.DRAW_STOCK))
        else:
            if not self.discard_pile:
                raise IllegalActionError(Refusal.DISCARD_PILE_EMPTY)
            if not self.may_take_discard(player):
                raise IllegalActionError(Reason.TAKEN_CARD_UNUSABLE, str(self.discard_pile[-1]))
            card = self.discard_pile.pop()
            self.taken_card = card
            self.history.append(Event(player, Move.TAKE_DISCARD, card))
        self.hands[player].append(card)
        self.drawn_card = card
        self.phase = Phase.PLAY

    def _hold(self, player: int, cards: Sequence[Card]) -> None:
        hand = self.hands[player]
        for card in cards:
            if card not in hand:
                raise IllegalActionError(Refusal.NOT_IN_HAND, str(card))
        if len(set(cards)) != len(cards):  # no meld holds one card twice
            raise IllegalActionError(Reason.NOT_A_MELD, " ".join(map(str, cards)))

    def _save(self, player: int) -> None:
        if self.saved is None:
            self.saved = Saved(
                tuple(self.hands[player]), tuple(self.table), tuple(self.owners),
                len(self.history),
            )

    def _lay_meld(self, player: int, action: LayMeld) -> None:
        self._hold(player, action.cards)
        meld = read_meld(action.cards)
        if meld is None:
            raise IllegalActionError(Reason.NOT_A_MELD, " ".join(map(str, action.cards)))
        hand = self.hands[player]
        if len(hand) - len(meld.cards) < 1:
            raise IllegalActionError(Reason.KEEP_A_CARD)
        self._save(player)
        for card in meld.cards:
            hand.remove(card)
        self.table.append(meld)
        self.owners.append(player)
        self.history.append(Event(player, Move.MELD, meld.cards[0]))

    def _table_meld(self, player: int, index: int) -> Meld:
        if not self.opened[player]:
            raise IllegalActionError(Reason.NOT_OPENED)
        if not 0 <= index < len(self.table):
            raise IllegalActionError(Reason.NO_SUCH_MELD, str(index))
        return self.table[index]

    def _lay_off(self, player: int, action: LayOff) -> None:
        meld = self._table_meld(player, action.meld)
        self._hold(player, [action.card])
        options = lay_off_options(meld, action.card)
        if not options or (action.end is not None and action.end not in options):
            raise IllegalActionError(Reason.DOES_NOT_FIT, str(action.card))
        if action.end is None and len(options) > 1:
            raise IllegalActionError(Reason.END_NEEDED, str(action.card))
        hand = self.hands[player]
        if len(hand) < 2:
            raise IllegalActionError(Reason.KEEP_A_CARD)
        grown = options[action.end] if action.end is not None else next(iter(options.values()))
        self._save(player)
        hand.remove(action.card)
        self.table[action.meld] = grown
        self.history.append(Event(player, Move.LAY_OFF, action.card))

    def _swap(self, player: int, action: SwapJoker) -> None:
        meld = self._table_meld(player, action.meld)
        self._hold(player, [action.card])
        swapped = swap_joker(meld, action.card)
        if swapped is None:
            raise IllegalActionError(Reason.NO_JOKER_TO_SWAP, str(action.card))
        new_meld, joker = swapped
        self._save(player)
        hand = self.hands[player]
        hand.remove(action.card)
        hand.append(joker)
        self.table[action.meld] = new_meld
        self.freed_jokers.append(joker)
        self.history.append(Event(player, Move.SWAP, action.card))

    def _take_back(self, player: int) -> None:
        if self.saved is None:
            raise IllegalActionError(Reason.NOTHING_STAGED)
        self.hands[player] = list(self.saved.hand)
        self.table = list(self.saved.table)
        self.owners = list(self.saved.owners)
        del self.history[self.saved.events :]
        self.freed_jokers = []
        self.saved = None

    def commit_problem(self, player: int, card: Card) -> IllegalActionError | None:
        """Why discarding ``card`` now would be refused, or None: the turn's checks."""
        laid = sum(self.table[i].value for i in self.staged())
        return commit_problem(
            self.hands[player],
            card,
            self.taken_card,
            self.freed_jokers,
            self.opened[player],
            laid,
            self.ruleset.opening,
        )

    def _discard(self, player: int, card: Card) -> None:
        problem = self.commit_problem(player, card)
        if problem is not None:
            raise problem
        hand = self.hands[player]
        hand.remove(card)
        self.discard_pile.append(card)
        opened_before = self.opened[player]
        if self.staged():
            self.opened[player] = True
        if not hand:
            self.history.append(Event(player, Move.OUT, card))
            self._end(winner=player, hand_romme=not opened_before)
            return
        self.history.append(Event(player, Move.DISCARD, card))
        self._next_turn((player + 1) % self.players)

    def _next_turn(self, player: int) -> None:
        self.turn = player
        self.phase = Phase.DRAW
        self.taken_card = None
        self.drawn_card = None
        self.freed_jokers = []
        self.saved = None
        if not self.stock:
            self._stock_ran_out(player)

    def _stock_ran_out(self, player: int) -> None:
        """Shuffle the pile below its top card into a new stock; the last allowed run ends it."""
        self.stock_runs += 1
        if self.stock_runs >= self.ruleset.stock_runs or len(self.discard_pile) < 2:
            self._end(winner=None, hand_romme=False)
            return
        top = self.discard_pile.pop()
        refill = self.discard_pile
        random.Random(f"{self.shuffle_key}:r{self.stock_runs}").shuffle(refill)
        self.stock = refill
        self.discard_pile = [top]
        self.history.append(Event(player, Move.RESHUFFLE))

    def _end(self, winner: int | None, hand_romme: bool) -> None:
        self.result = score_hand(
            self.ruleset, self.number, self.dealer, self.hands, winner, hand_romme
        )
        self.phase = Phase.HAND_OVER
        self.taken_card = None
        self.drawn_card = None
        self.freed_jokers = []
        self.saved = None


def commit_problem(
    hand: Sequence[Card],
    card: Card,
    taken_card: Card | None,
    freed_jokers: Sequence[Card],
    opened: bool,
    laid: int,
    opening: int,
) -> IllegalActionError | None:
    """Why a discard of ``card`` would not commit the turn, or None.

    ``laid`` is the value of the melds staged this turn; before opening it must reach
    ``opening`` (or be 0: nothing laid).
    """
    if card not in hand:
        return IllegalActionError(Refusal.NOT_IN_HAND, str(card))
    if card == taken_card:
        return IllegalActionError(Refusal.CANNOT_DISCARD_TAKEN_CARD, str(card))
    if taken_card is not None and taken_card in hand:
        return IllegalActionError(Reason.TAKEN_CARD_NOT_USED, str(taken_card))
    if any(j in hand for j in freed_jokers):
        return IllegalActionError(Reason.JOKER_NOT_RELAID)
    if not opened and 0 < laid < opening:
        return IllegalActionError(Reason.OPENING_TOO_LOW, str(laid))
    return None
