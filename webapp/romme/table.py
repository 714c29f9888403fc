"""What the Rommé table page shows, computed from the person's view of the match.

Every choice offered comes from the engine: the moves from ``legal_actions``, the suggested
lay-down from ``best_lay_down``, a joker's possible places from ``meld_options`` and
``lay_off_options``. Nothing here decides a rule.

Glossary
    slot        one card of the person's hand as shown, with why it must be laid out (the taken
                discard, a freed joker) and whether it may be discarded now
    seat        one player at the table: name, card count, opened, their melds on the table
    meld move   a lay-off or a joker swap the engine allows on one table meld, for one hand
                card: a button inside that meld's box ("Lay off 8♠", "Swap 8♦ for the joker")
    suggestion  the hand's best lay-down (``best_lay_down``), one button per meld
    choice      a joker's place the person must state: the runs some ticked cards can make
                (``?meld=``) or the ends a card fits (``?lay_off=…&at=``), asked in the meld's
                box
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import romme_engine as romme
from romme_engine.actions import action_name
from romme_engine.legal import must_lay_out
from webapp.models import PERSON, ROMME
from webapp.romme.messages import TurnLine, turn_lines
from webapp.store import MatchRecord

SORTS = ("suit", "rank")


@dataclass(frozen=True)
class Slot:
    card: romme.Card
    must_lay: bool = False
    drawn: bool = False
    may_discard: bool = False

    @property
    def code(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class MeldMove:
    """A lay-off or swap onto one table meld, as its button posts it (``action`` is the move's
    name). A card that fits both ends of a run has ``ends``: its button asks which."""

    action: str
    card: romme.Card
    ends: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableMeld:
    index: int
    meld: romme.Meld
    owner: int
    staged: bool
    jokers: tuple[tuple[int, str], ...]
    """(position in the meld, what the joker stands for) for each joker of the meld."""
    moves: tuple[MeldMove, ...] = ()


@dataclass(frozen=True)
class Seat:
    seat: int
    cards: int
    opened: bool
    melds: tuple[TableMeld, ...]


@dataclass(frozen=True)
class EndChoice:
    card: romme.Card
    meld: int
    ends: tuple[str, ...]


@dataclass
class Table:
    record: MatchRecord
    view: romme.PlayerView
    offers: frozenset[str]
    hand: list[Slot]
    seats: list[Seat]
    sort: str = "suit"
    suggestion: romme.LayDown | None = None
    meld_choice: list[TableMeld] = field(default_factory=list)
    end_choice: EndChoice | None = None
    moves: list[TurnLine] = field(default_factory=list)

    @property
    def phase(self) -> str:
        return self.view.phase.value

    @property
    def playing(self) -> bool:
        """The person's play step: the turn form with checkboxes and discard buttons."""
        return self.view.my_turn and self.view.phase is romme.Phase.PLAY

    @property
    def opened(self) -> bool:
        return self.view.opened[PERSON]

    @property
    def suggestion_short(self) -> bool:
        """The suggested lay-down would not reach the opening this turn."""
        return self.suggestion is not None and self.suggestion.value < self.view.opening_needed

    @property
    def laid(self) -> int:
        """The value of this turn's staged melds, towards the opening."""
        return self.view.staged_value

    @property
    def staged(self) -> list[TableMeld]:
        staged = set(self.view.staged)
        return [m for s in self.seats for m in s.melds if m.index in staged]

    @property
    def finished_hand(self) -> bool:
        return self.view.result is not None

    @property
    def again(self) -> dict[str, str] | None:
        """Once the match is over: the start form's fields for another match like it."""
        if self.view.standing is None:
            return None
        return {"game": ROMME, "ruleset": self.record.ruleset,
                "opponents": str(self.view.players - 1), "difficulty": self.record.difficulty}


def sort_key(sort: str) -> Callable[[romme.Card], tuple[int, int, int]]:
    """Naturals by suit then rank (or by rank then suit); the jokers last."""
    def key(card: romme.Card) -> tuple[int, int, int]:
        if card.is_joker:
            return (1, 0, card.id)
        return (0, card.rank, card.suit) if sort == "rank" else (0, card.suit, card.rank)

    return key


def jokers_of(meld: romme.Meld) -> tuple[tuple[int, str], ...]:
    """What each joker of ``meld`` stands for, as the engine reads the meld."""
    found = []
    for i, card in enumerate(meld.cards):
        if card.is_joker:
            suit, rank = meld.stands_for(i)
            if suit < 0:  # a set's joker: the rank, in any suit the set lacks
                stands = romme.Card.natural(0, rank).symbol[:-1]
            else:
                stands = romme.Card.natural(suit, rank).symbol
            found.append((i, stands))
    return tuple(found)


def meld_moves(actions: list[romme.Action], pending: list[romme.Card]
               ) -> dict[int, tuple[MeldMove, ...]]:
    """The legal lay-offs and swaps by table meld, one per move and card face: both copies
    of a card, and every joker, look alike and play alike, so each is offered once, with the
    card that must be laid out this turn (the taken discard, a freed joker) preferred, then
    the lowest id. A lay-off the engine lists once per end becomes one move with its ends."""
    chosen: dict[tuple[int, str, int], romme.Card] = {}
    ends: dict[tuple[int, str, int], list[str]] = {}
    for action in actions:
        if isinstance(action, romme.LayOff):
            key = (action.meld, "lay-off", action.card.kind)
            if action.end is not None:
                ends.setdefault(key, [])
                if action.end.value not in ends[key]:
                    ends[key].append(action.end.value)
        elif isinstance(action, romme.SwapJoker):
            key = (action.meld, "swap", action.card.kind)
        else:
            continue
        held = chosen.get(key)
        if held is None or (action.card in pending, -action.card.id) > (held in pending, -held.id):
            chosen[key] = action.card
    found: dict[int, list[MeldMove]] = {}
    for key in sorted(chosen, key=lambda k: (k[0], k[1] != "lay-off", k[2])):
        found.setdefault(key[0], []).append(MeldMove(key[1], chosen[key], tuple(ends.get(key, ()))))
    return {index: tuple(moves) for index, moves in found.items()}


def build_table(
    record: MatchRecord,
    game: romme.Match,
    sort: str = "suit",
    meld_choice: tuple[romme.Card, ...] = (),
    lay_off_choice: tuple[romme.Card, int] | None = None,
) -> Table:
    view = game.view(PERSON)
    actions = romme.legal_actions(view)
    offers = frozenset(action_name(a) for a in actions)
    discards = {a.card for a in actions if isinstance(a, romme.Discard)}
    pending = set(must_lay_out(view))
    key = sort_key(sort)
    hand = [
        Slot(card, card in pending, card == view.drawn_card, card in discards)
        for card in sorted(view.hand, key=key)
    ]
    staged = set(view.staged)
    moves = meld_moves(actions, list(pending))
    melds = [
        TableMeld(i, meld, view.owners[i], i in staged, jokers_of(meld), moves.get(i, ()))
        for i, meld in enumerate(view.table)
    ]
    seats = [
        Seat(seat, view.hand_counts[seat], view.opened[seat],
             tuple(m for m in melds if m.owner == seat))
        for seat in range(view.players)
    ]
    table = Table(record=record, view=view, offers=offers, hand=hand, seats=seats, sort=sort,
                  moves=turn_lines(view))
    if "meld" in offers:
        must = next(iter(must_lay_out(view)), None)
        table.suggestion = romme.best_lay_down(view.hand, must=must, keep_one=True)
    if meld_choice and table.playing:
        table.meld_choice = [
            TableMeld(-1, m, PERSON, False, jokers_of(m)) for m in romme.meld_options(meld_choice)
        ]
    if lay_off_choice is not None and table.playing:
        card, index = lay_off_choice
        if 0 <= index < len(view.table):
            ends = romme.lay_off_options(view.table[index], card)
            table.end_choice = EndChoice(
                card, index, tuple(e.value for e in ends if e is not None)
            )
    return table
