"""Rollouts for the review: worlds sampled from one player's view, and a fast policy that plays
a hand out in them for every seat.

Glossary
    world       a full ``Hand`` consistent with a view: the cards the view does not show dealt
                at random to the other hands (in the sizes the view shows) and to the stock, in
                a random order (``sample_world``); the real hidden cards are never read
    fast policy every seat's turn in a play-out (``fast_turn``): draw from the stock, lay the
                hand's best melds once they open (or after opening), lay off what fits a table
                meld, throw the loose card (outside the melds kept for the opening) with the
                most penalty points, a joker last
    points      what a hand's end is worth to a player (``points``): what the others pay when it
                went out, else minus what it pays

Why this policy: a play-out must cost well under a millisecond a turn (a hand's review plays
out thousands of turns), and it must be the same for every move compared, so that two moves'
values differ by the moves alone. It never takes a discard (that search is the slow part of a
turn) and keeps no memory: close to the ``easy`` level's turn, without building a view.
"""

from __future__ import annotations

import random

from romme_engine.actions import Discard, DrawStock, LayMeld, LayOff
from romme_engine.cards import DECK, Card, penalty
from romme_engine.hand import Hand, Phase, Saved
from romme_engine.laydown import LayDown, best_lay_down
from romme_engine.melds import End, Meld, MeldKind, lay_off_options
from romme_engine.results import HandResult, score_hand
from romme_engine.view import PlayerView

MAX_TURNS = 400
"""A guard: a play-out still going after this many turns ends as if the stock ran out (the
refills end every hand long before: no play-out measured came near it)."""


def sample_world(view: PlayerView, rng: random.Random) -> Hand:
    """A full hand consistent with ``view``: the cards it does not show dealt at random to the
    other hands (their sizes as shown) and the stock, the refills' order from ``rng`` too."""
    known = {*view.hand, *view.discard_pile, *(c for m in view.table for c in m.cards)}
    unseen = [c for c in DECK if c not in known]
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    at = 0
    for seat, count in enumerate(view.hand_counts):
        if seat == view.player:
            hands.append(list(view.hand))
            continue
        hands.append(unseen[at : at + count])
        at += count
    world = Hand(view.ruleset, view.hand_number, view.dealer, hands, unseen[at:],
                 f"world:{rng.getrandbits(64):x}")
    world.discard_pile = list(view.discard_pile)
    world.table = list(view.table)
    world.owners = list(view.owners)
    world.opened = list(view.opened)
    world.phase = view.phase
    world.turn = view.player
    world.taken_card = view.taken_card
    world.drawn_card = view.drawn_card
    world.freed_jokers = list(view.freed_jokers)
    world.stock_runs = view.stock_runs
    world.history = list(view.history)
    if view.can_take_back:
        before = len(view.table) - len(view.staged)
        world.saved = Saved(tuple(hands[view.player]), tuple(view.table[:before]),
                            tuple(view.owners[:before]), len(view.history))
    return world


def clone(hand: Hand) -> Hand:
    """A copy of ``hand`` that can be played on without touching the original."""
    new = Hand.__new__(Hand)
    new.__dict__.update(hand.__dict__)
    new.hands = [list(h) for h in hand.hands]
    new.stock = list(hand.stock)
    new.discard_pile = list(hand.discard_pile)
    new.table = list(hand.table)
    new.owners = list(hand.owners)
    new.opened = list(hand.opened)
    new.freed_jokers = list(hand.freed_jokers)
    new.history = list(hand.history)
    return new


def points(result: HandResult, seat: int) -> int:
    """What the hand's end is worth to ``seat``: what everyone else pays when ``seat`` went
    out (doubled after a Hand-Rommé), else minus what ``seat`` pays."""
    if result.winner == seat:
        return sum(p for s, p in enumerate(result.penalties) if s != seat)
    return -result.penalties[seat]


def play_out(hand: Hand) -> HandResult:
    """Play ``hand`` (at the start of a turn) to its end, every seat by the fast policy."""
    found = play_turns(hand, MAX_TURNS)
    if found is not None:
        return found
    return score_hand(hand.ruleset, hand.number, hand.dealer, hand.hands, None, False)


def play_turns(hand: Hand, turns: int) -> HandResult | None:
    """Play at most ``turns`` whole turns of ``hand`` (at the start of a turn), every seat by
    the fast policy; the result when the hand ended, else None (``hand`` as it stands)."""
    idle: dict[int, LayDown | None] = {}
    for _ in range(turns):
        if hand.result is not None:
            return hand.result
        fast_turn(hand, hand.turn, idle)
    return hand.result


def fast_turn(hand: Hand, seat: int, idle: dict[int, LayDown | None]) -> None:
    """One whole turn of ``seat`` by the fast policy (see the module's glossary).

    ``idle`` keeps, by seat, the best lay-down of a hand that laid nothing last turn: while
    the card drawn makes no meld with the hand, the lay-down is the same (the discard was a
    loose card), so the search is not run again."""
    if hand.phase is Phase.DRAW:
        hand.apply(seat, DrawStock())
    cards = hand.hands[seat]
    opened = hand.opened[seat]
    drawn = hand.drawn_card
    if seat in idle and drawn is not None and not _may_meld(cards, drawn):
        found = idle[seat]
    else:
        found = best_lay_down(cards, keep_one=True)
    kept: set[Card] = set()
    idle.pop(seat, None)
    if found is not None and (opened or found.value >= hand.ruleset.opening):
        for meld in found.melds:
            hand.apply(seat, LayMeld(meld.cards))
    else:
        idle[seat] = found
        if found is not None:  # the melds are kept towards the opening
            kept = {c for m in found.melds for c in m.cards}
    if opened:
        _lay_off(hand, seat)
    jokers = hand.ruleset.joker_penalty
    loose = [c for c in cards if c not in kept] or cards
    throw = max(loose, key=lambda c: (not c.is_joker, penalty(c, jokers), c.id))
    hand.apply(seat, Discard(throw))


def _positions(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank == 0 else (card.rank + 1,)


def _may_meld(cards: list[Card], drawn: Card) -> bool:
    """Whether ``drawn`` may make a meld with the other ``cards``: a joker, two other suits
    of its rank, two cards of its suit around it, or one card near it and a joker."""
    if drawn.is_joker:
        return True
    suits: set[int] = set()
    near: set[int] = set()
    jokers = False
    for card in cards:
        if card.is_joker:
            jokers = True
        elif card.rank == drawn.rank and card.suit != drawn.suit:
            suits.add(card.suit)
        elif card.suit == drawn.suit:
            near.update(_positions(card))
    mine = _positions(drawn)
    close = {p + d for p in mine for d in (-2, -1, 1, 2)} & near
    if len(suits) >= 2 or (jokers and (suits or close)):
        return True
    return any(
        {p + a, p + b} <= near for p in mine for a, b in ((-2, -1), (-1, 1), (1, 2))
    )


def _lay_off(hand: Hand, seat: int) -> None:
    """Lay off every card that fits a table meld, jokers only as the last cards but one."""
    cards = hand.hands[seat]
    laid = True
    while laid and len(cards) > 1:
        laid = False
        for card in sorted(cards, key=lambda c: (c.is_joker, c.id)):
            if card.is_joker and len(cards) > 2:
                continue
            fit = _fit(hand.table, card)
            if fit is not None:
                hand.apply(seat, LayOff(card, *fit))
                laid = True
                break


def _fit(table: list[Meld], card: Card) -> tuple[int, End | None] | None:
    """The first table meld ``card`` can be laid off on and at which end, or None."""
    for index, meld in enumerate(table):
        if not (card.is_joker or _may_fit(meld, card)):
            continue
        options = lay_off_options(meld, card)
        if options:
            return index, next(iter(options))
    return None


def _may_fit(meld: Meld, card: Card) -> bool:
    """A quick test before ``lay_off_options``: the set's rank and a suit it lacks, or the
    run's suit just beyond one of its ends."""
    if meld.kind is MeldKind.SET:
        return card.rank == meld.low and len(meld.cards) < 4 and all(
            c.suit != card.suit for c in meld.cards)
    return card.suit == meld.suit and any(
        p in (meld.low - 1, meld.high + 1) for p in _positions(card))
