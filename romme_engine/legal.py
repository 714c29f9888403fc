"""Legal actions: every action the rules allow a player now, read from the player's view.

The meld and lay-off checks are the same functions ``Hand.apply`` uses, so a listed action is
never refused and a refused action is never listed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from itertools import combinations

from romme_engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    NextHand,
    SwapJoker,
    TakeBack,
    TakeDiscard,
)
from romme_engine.cards import Card, rank_of_position
from romme_engine.hand import Phase, commit_problem
from romme_engine.melds import MAX_RUN, Meld, lay_off_options, read_meld, swap_joker
from romme_engine.view import PlayerView


def melds_in(hand: Sequence[Card], prefer: Collection[Card] = ()) -> list[Meld]:
    """Every meld shape the cards of ``hand`` can make, each once.

    Copies of a card and jokers are interchangeable in play, so each shape is listed with one
    copy of each face and the jokers in order: ``prefer`` first (the taken discard and freed
    jokers, which must be laid out), then the lowest ids. The same shape with the other copy or
    another joker is legal too.
    """
    def preference(card: Card) -> tuple[bool, int]:
        return card not in prefer, card.id

    faces: dict[int, Card] = {}
    for card in sorted(hand, key=preference, reverse=True):
        faces[card.kind] = card
    jokers = sorted((c for c in hand if c.is_joker), key=preference)
    found: list[Meld] = []
    for rank in range(13):
        naturals = [faces[s * 13 + rank] for s in range(4) if s * 13 + rank in faces]
        for size in (2, 3, 4):
            for chosen in combinations(naturals, size):
                shapes = [list(chosen)] if size >= 3 else []
                if jokers and size < 4:
                    shapes.append([*chosen, jokers[0]])
                for cards in shapes:
                    meld = read_meld(cards)
                    if meld is not None:
                        found.append(meld)
    for suit in range(4):
        for low in range(1, 13):
            _runs_from(faces, jokers, suit, low, [], found)
    return found


def _runs_from(
    faces: dict[int, Card], jokers: list[Card], suit: int, pos: int, run: list[Card],
    found: list[Meld],
) -> None:
    if len(run) >= 3:
        meld = read_meld(run)
        if meld is not None:
            found.append(meld)
    low = pos - len(run)
    if pos > 14 or len(run) >= MAX_RUN or (low == 1 and pos == 14):
        return
    natural = faces.get(suit * 13 + rank_of_position(pos))
    if natural is not None:
        _runs_from(faces, jokers, suit, pos + 1, [*run, natural], found)
    used = sum(1 for c in run if c.is_joker)
    if used < len(jokers) and run and not run[-1].is_joker:
        _runs_from(faces, jokers, suit, pos + 1, [*run, jokers[used]], found)
    elif used < len(jokers) and not run:
        _runs_from(faces, jokers, suit, pos + 1, [jokers[0]], found)


def lay_offs(hand: Iterable[Card], table: Sequence[Meld]) -> list[LayOff]:
    actions = []
    for card in hand:
        for index, meld in enumerate(table):
            options = lay_off_options(meld, card)
            if len(options) == 1:
                actions.append(LayOff(card, index))
            else:
                actions.extend(LayOff(card, index, end) for end in options)
    return actions


def swaps(hand: Iterable[Card], table: Sequence[Meld]) -> list[SwapJoker]:
    return [
        SwapJoker(card, index)
        for card in hand
        if not card.is_joker
        for index, meld in enumerate(table)
        if meld.jokers and swap_joker(meld, card) is not None
    ]


def must_lay_out(view: PlayerView) -> list[Card]:
    """The taken discard and freed jokers still in hand: the turn cannot end before they are out."""
    held = set(view.hand)
    pending = [view.taken_card, *view.freed_jokers]
    return [c for c in pending if c is not None and c in held]


def legal_discards(view: PlayerView) -> list[Discard]:
    laid = view.staged_value
    opened = view.opened[view.player]
    return [
        Discard(card)
        for card in view.hand
        if commit_problem(
            view.hand, card, view.taken_card, view.freed_jokers, opened, laid,
            view.ruleset.opening,
        ) is None
    ]


def spelled(table: Sequence[Meld], action: Action) -> Action:
    """``action`` in one spelling per outcome, so that equal moves are recorded alike: a meld's
    cards in the order the table keeps them, a lay-off's end only where the card fits both."""
    if isinstance(action, LayMeld):
        meld = read_meld(action.cards)
        return action if meld is None else LayMeld(meld.cards)
    if isinstance(action, LayOff) and action.end is not None and 0 <= action.meld < len(table):
        if len(lay_off_options(table[action.meld], action.card)) == 1:
            return LayOff(action.card, action.meld)
    return action


def legal_actions(view: PlayerView) -> list[Action]:
    """Every action the rules allow this player now, in a stable order."""
    if view.phase is Phase.HAND_OVER:
        return [NextHand()]
    if not view.my_turn:
        return []
    if view.phase is Phase.DRAW:
        draws: list[Action] = [DrawStock()]
        if view.may_take_discard:
            draws.append(TakeDiscard())
        return draws
    actions: list[Action] = []
    if len(view.hand) > 3:
        actions.extend(
            LayMeld(m.cards)
            for m in melds_in(view.hand, must_lay_out(view))
            if len(m.cards) < len(view.hand)
        )
    if view.opened[view.player] and len(view.hand) > 1:
        actions.extend(lay_offs(view.hand, view.table))
        actions.extend(swaps(view.hand, view.table))
    if view.can_take_back:
        actions.append(TakeBack())
    actions.extend(legal_discards(view))
    return actions
