"""Whether the top discard may be taken, and how the turn lays it out.

The rules refuse a take only when no legal sequence of this turn's melds, lay-offs and swaps
uses the card and leaves a card to discard. Before opening there are no lay-offs or swaps: the
card must be in melds of the hand worth the opening (``best_lay_down``). Once opened a use may
take several steps: lay 8♠ off on 5♠ 6♠ 7♠ so that 9♠ fits, or swap 8♦ for the joker of
8♠ 8♥ 王 and lay 5♣ 6♣ 王. ``use_of`` searches those sequences; it also serves mid-turn, where
the freed jokers must go out as well (the bots follow its first step).

Glossary
    pending  the cards that must leave the hand before the discard: the taken card and the
             jokers swapped off the table this turn
    use      a sequence of swaps, lay-offs and melds after which nothing is pending and a card
             is left to discard

The search and why it is exact. Any successful turn can be rearranged into one of this form,
and the search tries every turn of this form:

1. **Swaps first.** A swap needs only a natural of the hand and a joker already on the table,
   and it never shrinks the hand, so it can be made before anything else. A joker laid this
   turn and swapped back is the natural laid instead. Each swap takes one joker off the table:
   at most as many swaps as the table has jokers.
2. **Then lay-offs, only those that can matter.** Cards only leave the hand, so a lay-off
   nothing later needs can be dropped (its card stays in hand, which never hurts). What can be
   needed: a pending card; on a run of the taken card's suit, the cards that bridge to it (a
   natural, or a joker standing in a gap) or add naturals so a joker may join; while a freed
   joker is pending, cards on any run that make room for it. A set never needs a card that is
   not pending (filling it only takes room). Every lay-off moves one card and the last card
   stays: at most ``len(hand) - 1`` of them.
3. **New melds last, in their final form.** A meld laid and then grown this turn is the grown
   meld laid at once, and a meld holding nothing pending can stay in hand; so the turn ends
   with melds of the hand that hold every pending card, and ``best_lay_down`` (told which
   cards and how many jokers must be in them, leaving one card) answers whether they exist.

So the search is bounded: at most (jokers on the table) swaps, then at most ``len(hand) - 1``
lay-offs, then one lay-down check; every position reached is tried once. The two copies of a
card, and the jokers, are equal in play: of each face the search moves the pending one first,
which is why the other copy of a taken card (its twin from the second deck) may stay in hand
and be discarded the same turn.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass

from romme_engine.actions import LayMeld, LayOff, SwapJoker
from romme_engine.cards import Card, rank_of_position
from romme_engine.laydown import best_lay_down
from romme_engine.melds import Meld, MeldKind, lay_off_options, swap_joker

Step = LayMeld | LayOff | SwapJoker


def opening_with(hand: Sequence[Card], card: Card) -> int:
    """The best opening value the hand plus ``card`` can lay with ``card`` in it (0: none)."""
    found = best_lay_down([*hand, card], must=card, keep_one=True)
    return found.value if found is not None else 0


def can_take(
    hand: Sequence[Card], card: Card, table: Sequence[Meld], opened: bool, opening: int
) -> bool:
    """Whether ``card`` may be taken from the discard pile into ``hand``."""
    if not opened:
        return opening_with(hand, card) >= opening
    return use_of([*hand, card], table, card, ()) is not None


def use_of(
    hand: Sequence[Card], table: Sequence[Meld], taken: Card | None, freed: Collection[Card]
) -> tuple[Step, ...] | None:
    """Once opened: steps that lay out the pending cards (``taken`` and ``freed`` still in
    ``hand``) and leave a card, applied in order; () when nothing is pending; None: no use."""
    pending = frozenset(c for c in (taken, *freed) if c is not None and c in hand)
    if not pending:
        return ()
    if taken in pending and not taken.is_joker and not _room_for(taken, hand, table):
        return None
    return _Search(taken).use(_Position(tuple(hand), tuple(table), pending, swapping=True))


def _room_for(card: Card, hand: Sequence[Card], table: Sequence[Meld]) -> bool:
    """A quick necessary condition, so that most refusals need no search: somewhere ``card``
    could end up. A set of its rank; a joker of the table standing for it; a run of its suit
    whose gap to it the hand's naturals can fill, one joker (at most that many in hand and on
    the table) per missing card and never two side by side; or a new meld of the hand with
    every joker of the table freed."""
    jokers = [c for m in table for c in m.cards if c.is_joker]
    held = {c.kind for c in hand}
    spare = len(jokers) + sum(1 for c in hand if c.is_joker)
    for meld in table:
        if meld.kind is MeldKind.SET:
            if meld.low == card.rank:
                return True
            continue
        if meld.suit != card.suit:
            continue
        if swap_joker(meld, card) is not None:
            return True
        for position in (1, 14) if card.rank == 0 else (card.rank + 1,):
            if position > meld.high:
                gap = range(meld.high + 1, position)
            elif position < meld.low:
                gap = range(position + 1, meld.low)
            else:
                continue
            missing = [p for p in gap if card.suit * 13 + rank_of_position(p) not in held]
            apart = all(b - a > 1 for a, b in zip(missing, missing[1:], strict=False))
            if len(missing) <= spare and apart:
                return True
    return best_lay_down([*hand, *jokers], must=card, keep_one=True) is not None


@dataclass(frozen=True, slots=True)
class _Position:
    hand: tuple[Card, ...]
    table: tuple[Meld, ...]
    pending: frozenset[Card]
    swapping: bool
    """Still in the swaps (step 1); the first lay-off ends them."""

    def key(self) -> tuple[tuple[int, ...], tuple[Meld, ...], frozenset[Card], bool]:
        return tuple(sorted(c.id for c in self.hand)), self.table, self.pending, self.swapping


class _Search:
    def __init__(self, taken: Card | None) -> None:
        self.taken = taken
        self.tried: set[tuple[tuple[int, ...], tuple[Meld, ...], frozenset[Card], bool]] = set()

    def use(self, at: _Position) -> tuple[Step, ...] | None:
        if not at.pending:
            return ()
        key = at.key()
        if key in self.tried:
            return None
        self.tried.add(key)
        taken = self.taken if self.taken in at.pending else None
        # Pending cards laid off first, then new melds: the short uses, found quickly.
        for step, after in self._lay_offs(at, taken, pending_only=True):
            rest = self.use(after)
            if rest is not None:
                return (step, *rest)
        melds = self._melds(at, taken)
        if melds is not None:
            return melds
        for step, after in self._lay_offs(at, taken, pending_only=False):
            rest = self.use(after)
            if rest is not None:
                return (step, *rest)
        if at.swapping:
            for step, after in self._swaps(at):
                rest = self.use(after)
                if rest is not None:
                    return (step, *rest)
        return None

    def _melds(self, at: _Position, taken: Card | None) -> tuple[Step, ...] | None:
        """New melds of the hand holding every pending card, one card left (step 3)."""
        jokers = sum(1 for c in at.pending if c.is_joker)
        must = taken if taken is not None and not taken.is_joker else None
        found = best_lay_down(at.hand, must=must, jokers=jokers, keep_one=True, prefer=at.pending)
        if found is None:
            return None
        needed = [m for m in found.melds if at.pending.intersection(m.cards)]
        if not at.pending <= {c for m in needed for c in m.cards}:
            return None  # the jokers laid were not the pending ones: cannot happen, see prefer
        return tuple(LayMeld(m.cards) for m in needed)

    def _lay_offs(
        self, at: _Position, taken: Card | None, *, pending_only: bool
    ) -> Iterator[tuple[Step, _Position]]:
        """Lay-offs that can matter (step 2): pending cards only, or the others."""
        if len(at.hand) < 2:
            return
        owed_joker = any(c.is_joker for c in at.pending)
        for card in _one_of_each_face(at.hand, at.pending):
            if (card in at.pending) != pending_only:
                continue
            for index, meld in enumerate(at.table):
                if not pending_only and not _may_matter(card, meld, taken, owed_joker):
                    continue
                for end, grown in lay_off_options(meld, card).items():
                    yield LayOff(card, index, end), _Position(
                        _without(at.hand, card),
                        (*at.table[:index], grown, *at.table[index + 1 :]),
                        at.pending - {card},
                        swapping=False,
                    )

    def _swaps(self, at: _Position) -> Iterator[tuple[Step, _Position]]:
        """Every swap (step 1): the natural goes in, the freed joker becomes pending."""
        for card in _one_of_each_face(at.hand, at.pending):
            if card.is_joker:
                continue
            for index, meld in enumerate(at.table):
                if not meld.jokers:
                    continue
                swapped = swap_joker(meld, card)
                if swapped is None:
                    continue
                new_meld, joker = swapped
                yield SwapJoker(card, index), _Position(
                    (*_without(at.hand, card), joker),
                    (*at.table[:index], new_meld, *at.table[index + 1 :]),
                    (at.pending - {card}) | {joker},
                    swapping=True,
                )


def _may_matter(card: Card, meld: Meld, taken: Card | None, owed_joker: bool) -> bool:
    """Whether laying off ``card`` (not pending) on ``meld`` can be part of a use: on a run of
    the taken card's suit (a bridge, or naturals so a joker may bridge), or on any run while a
    freed joker is pending (room for it). Never on a set."""
    if meld.kind is MeldKind.SET:
        return False
    if owed_joker and not card.is_joker:
        return True
    return taken is not None and not taken.is_joker and meld.suit == taken.suit


def _one_of_each_face(hand: Sequence[Card], pending: Collection[Card]) -> list[Card]:
    """One card of each face (jokers are one face), the pending one where there is one: the
    copies are equal in play, and the pending one is the one that must go out."""
    chosen: dict[int, Card] = {}
    for card in sorted(hand, key=lambda c: (c not in pending, c.id)):
        chosen.setdefault(card.kind, card)
    return list(chosen.values())


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return (*hand[:i], *hand[i + 1 :])
