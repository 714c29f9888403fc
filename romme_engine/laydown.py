"""The best lay-down: the largest-value set of melds a hand can lay out, jokers included.

The search works on card faces (``kind`` 0..51, counted 0..2 because of the two decks) and a
number of jokers. It always settles the lowest face left: leave it out, or put it in one of the
melds that contain it. Every meld holds more naturals than jokers, so settling the naturals
settles everything. Faces below the current one are already settled, which bounds the runs to
look at: a run through the current face starts at it, or one joker below it.

Results are memoised per (faces left, jokers left, jokers still owed), so a 14-card hand is
searched in milliseconds (``benchmarks/romme_laydown.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from romme_engine.cards import Card, position_value, rank_of_position, rank_value
from romme_engine.melds import MAX_RUN, Meld, read_meld

# A meld shape: its faces in order, None for a joker; the tuple is also the run order.
Shape = tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class LayDown:
    """Melds a hand can lay out together, their total value and the cards left over."""

    melds: tuple[Meld, ...]
    value: int
    left: tuple[Card, ...]

    @property
    def cards(self) -> int:
        return sum(len(m.cards) for m in self.melds)


def best_lay_down(
    hand: Sequence[Card],
    *,
    must: Card | None = None,
    keep_one: bool = False,
    jokers: int = 0,
    prefer: Collection[Card] = (),
) -> LayDown | None:
    """The highest-value melds from ``hand``; None when no meld (with ``must`` in it) exists.

    ``must``: a card of the hand that has to be in a meld (the taken discard, a freed joker).
    ``keep_one``: leave at least one card to discard (the last card is never melded).
    ``jokers``: at least this many jokers must be in the melds (``must`` a joker counts one);
    the jokers of ``prefer`` (freed ones, which must be laid out) are the ones laid first.
    """
    counts = [0] * 52
    held_jokers = 0
    for card in hand:
        if card.is_joker:
            held_jokers += 1
        else:
            counts[card.kind] += 1
    must_kind = None if must is None or must.is_joker else must.kind
    owed = max(jokers, 1 if must is not None and must.is_joker else 0)
    best = _Search(must_kind).run(counts, held_jokers, owed)
    if best is None:
        return None
    value, shapes = best
    used = sum(len(s) for s in shapes)
    if keep_one and used == len(hand):
        return _best_leaving_one(hand, must, owed, prefer)
    return _realise(hand, shapes, value, must, prefer)


def _best_leaving_one(
    hand: Sequence[Card], must: Card | None, jokers: int, prefer: Collection[Card]
) -> LayDown | None:
    """Only when the best uses every card: the best that leaves some one card out (of each
    face the one not preferred, so a card that must be laid out is not the one kept)."""
    best: LayDown | None = None
    tried: set[int] = set()
    order = sorted(range(len(hand)), key=lambda i: (hand[i] == must or hand[i] in prefer, i))
    for i in order:
        card = hand[i]
        if card.kind in tried or (must is not None and card == must):
            continue
        tried.add(card.kind)
        rest = [*hand[:i], *hand[i + 1 :]]
        found = best_lay_down(rest, must=must, jokers=jokers, prefer=prefer)
        if found is not None and (best is None or found.value > best.value):
            best = LayDown(found.melds, found.value, (*found.left, card))
    return best


class _Search:
    def __init__(self, must_kind: int | None) -> None:
        self.must_kind = must_kind
        self.memo: dict[tuple[bytes, int, int], tuple[int, tuple[Shape, ...]] | None] = {}

    def run(
        self, counts: list[int], jokers: int, need_joker: int
    ) -> tuple[int, tuple[Shape, ...]] | None:
        found = self._best(counts, 0, jokers, need_joker, self.must_kind is not None)
        if found is None or not found[1]:
            return None
        return found

    def _best(
        self, counts: list[int], start: int, jokers: int, need_joker: int, need_must: bool
    ) -> tuple[int, tuple[Shape, ...]] | None:
        """Best (value, shapes) from faces ``start`` on; None if an obligation cannot be met
        (``need_joker``: jokers still owed to the melds)."""
        while start < 52 and counts[start] == 0:
            start += 1
        if need_must and start > (self.must_kind or 0):
            return None
        if start == 52:
            return None if need_joker or need_must else (0, ())
        key = (bytes(counts[start:]), jokers, need_joker)
        if key in self.memo and not need_must:
            return self.memo[key]
        best: tuple[int, tuple[Shape, ...]] | None = None
        is_must = need_must and start == self.must_kind
        if not is_must:
            counts[start] -= 1
            best = self._best(counts, start, jokers, need_joker, need_must)
            counts[start] += 1
        for shape, value, used_jokers in _melds_from(counts, start, jokers):
            for face in shape:
                if face is not None:
                    counts[face] -= 1
            rest = self._best(
                counts,
                start,
                jokers - used_jokers,
                max(0, need_joker - used_jokers),
                need_must and self.must_kind not in shape,
            )
            for face in shape:
                if face is not None:
                    counts[face] += 1
            if rest is not None and (best is None or value + rest[0] > best[0]):
                best = (value + rest[0], (shape, *rest[1]))
        if not need_must:
            self.memo[key] = best
        return best


def _melds_from(
    counts: list[int], face: int, jokers: int
) -> Iterable[tuple[Shape, int, int]]:
    """Every meld shape holding ``face`` from the faces at or above it: (shape, value, jokers)."""
    suit, rank = divmod(face, 13)
    # Sets: this face with other suits of the rank (higher suits only: lower ones are settled).
    others = [s * 13 + rank for s in range(suit + 1, 4) if counts[s * 13 + rank]]
    value = rank_value(rank)
    for mask in range(1, 1 << len(others)):
        chosen = (others[i] for i in range(len(others)) if mask >> i & 1)
        members: list[int | None] = [face, *chosen]
        if len(members) >= 3:
            yield tuple(members), value * len(members), 0
        if jokers and len(members) in (2, 3):
            yield (*members, None), value * (len(members) + 1), 1
    # Runs through this face's position; ranks below it in this suit are settled (count 0),
    # so a run starts at this face or one joker below it. An ace also ends runs high (at 14).
    base = suit * 13
    if rank == 0:
        yield from _runs_up(counts, base, face, 1, jokers)
        yield from _runs_down(counts, base, face, jokers)
    else:
        yield from _runs_up(counts, base, face, rank + 1, jokers)
        if jokers and rank + 1 > 1:
            yield from _runs_up(counts, base, face, rank, jokers)


_VALUE = tuple(position_value(p) if p else 0 for p in range(15))


def _runs_up(
    counts: list[int], base: int, face: int, low: int, jokers: int
) -> Iterable[tuple[Shape, int, int]]:
    """Runs of one suit from position ``low`` up, holding ``face``: at ``low`` itself, or at
    ``low + 1`` after a joker at ``low``."""
    if low == (face - base) + 1:
        first: tuple[Shape, int, int, int] = ((face,), _VALUE[low], 0, 1)
    else:
        first = ((None, face), _VALUE[low] + _VALUE[low + 1], 1, 1)
    stack = [first]
    while stack:
        shape, value, used, naturals = stack.pop()
        length = len(shape)
        if length >= 3 and naturals > used:
            yield shape, value, used
        pos = low + length
        if pos > 14 or length >= MAX_RUN or (low == 1 and pos == 14):
            continue
        own = base + rank_of_position(pos)
        if counts[own] and own != face:
            stack.append(((*shape, own), value + _VALUE[pos], used, naturals + 1))
        if used < jokers and shape[-1] is not None:
            stack.append(((*shape, None), value + _VALUE[pos], used + 1, naturals))


def _runs_down(
    counts: list[int], base: int, face: int, jokers: int
) -> Iterable[tuple[Shape, int, int]]:
    """Runs of one suit ending with this ace high (position 14), grown downwards."""
    stack: list[tuple[Shape, int, int, int]] = [((face,), _VALUE[14], 0, 1)]
    while stack:
        shape, value, used, naturals = stack.pop()
        length = len(shape)
        if length >= 3 and naturals > used:
            yield shape, value, used
        pos = 14 - length
        if pos < 2:
            continue
        own = base + rank_of_position(pos)
        if counts[own]:
            stack.append(((own, *shape), value + _VALUE[pos], used, naturals + 1))
        if used < jokers and shape[0] is not None:
            stack.append(((None, *shape), value + _VALUE[pos], used + 1, naturals))


def _realise(
    hand: Sequence[Card],
    shapes: Sequence[Shape],
    value: int,
    must: Card | None,
    prefer: Collection[Card],
) -> LayDown:
    """Turn face shapes back into the hand's own cards (``must``, then ``prefer``, first of
    their face)."""
    pool: dict[int, list[Card]] = {}
    for card in sorted(hand, key=lambda c: (c != must, c not in prefer, c.id)):
        pool.setdefault(card.kind, []).append(card)
    melds: list[Meld] = []
    for shape in shapes:
        cards = [pool[52 if face is None else face].pop(0) for face in shape]
        meld = read_meld(cards)
        if meld is None:  # the search only builds valid shapes
            raise AssertionError(f"search built an invalid meld: {cards}")
        melds.append(meld)
    left = tuple(c for cards in pool.values() for c in cards)
    return LayDown(tuple(melds), value, tuple(sorted(left, key=lambda c: c.id)))
