"""运气 for Rommé: what the deal and every stock draw of a finished hand gave a player, in points.

Gin Rummy's measure (``gin_engine.ai.luck``, GnuBG's way) on Rommé's points: an event's luck
is the value after it minus the mean value over every outcome it could have had, both from one
evaluator (``engine_common.luck``): whole play-outs for the deal, short ones for a draw (below).
The review runs after the hand, on the server, so the evaluator reads every true hand; the
stock's order it never uses (it is integrated out), and the site shows net figures only, never
a card. docs/review-romme.md (运气) says what carries
over from Gin Rummy, what does not, and how the figures were measured.

Glossary
    points       what a hand's end is worth to a seat (``rollout.points``): what the others pay
                 when it went out, else minus what it pays
    value        a position's worth in points to each seat: the mean over random orders of the
                 stock (its true cards, shuffled) of the hand played out by the review's fast
                 policy for every seat (``rollout.play_out``). Each order has its own refill
                 key, so the order of any refill the play-out comes to is integrated out too
    deal luck    the dealt position's value (``DEAL_ORDERS`` orders) minus the mean value of a
                 deal at that table size for that seat, counted from the starter (``DEAL_MEANS``,
                 measured by ``benchmarks/luck.py deals --game romme``)
    draw luck    a stock draw's short value (the drawer holding the card it drew) minus the
                 mean of that value over every card the stock held then; ``ORDERS`` random
                 orders of the rest of the stock, in each the card drawn and one other card the
                 stock held played on the same order and refill key (the other card in the
                 drawn card's place), so a pair differs by the one card. Every seat's draws
                 count for every seat: another's draw is worth to this player what it did to
                 its points
    short value  a draw's value from play-outs cut short after ``TURNS`` turns (the drawer's
                 first): a hand that ended by then is scored by its points, one still going by
                 its standing (``standing``). A whole play-out after one swapped card is mostly
                 the noise of who goes out 30 turns later; a short one keeps what the card did
                 to the hands and little of that noise (docs/review-romme.md, 运气, measured).
                 The deal keeps whole play-outs: its means were measured with them
    standing     each seat's points if the hand were scored now as if someone went out and
                 split the rest evenly: the mean over the seats of the penalty their best melds
                 leave, minus the seat's own; zero-sum, as a hand gone out is
    refill       when the stock runs out, the pile below its top card is shuffled into a new
                 stock. Which cards it holds is no chance (they are the pile's); its order is,
                 and it comes out one draw at a time: each draw from a refill is a draw like
                 any other, paired against the other cards of the refilled stock. The shuffle
                 itself has no luck of its own: every order of the stock, before and after a
                 refill, is revealed by (and only by) the draws
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from engine_common.luck import Alternatives, Estimate, HandLuck, paired, total
from romme_engine.actions import DrawStock
from romme_engine.ai.rollout import clone, play_out, play_turns, points
from romme_engine.cards import Card, penalty_total
from romme_engine.errors import InvalidInputError
from romme_engine.hand import Hand, Phase
from romme_engine.laydown import best_lay_down
from romme_engine.match import Match
from romme_engine.replay import dealt, replay
from romme_engine.results import HandResult
from romme_engine.ruleset import ROMME, Ruleset

DEAL_ORDERS = 16
"""Stock orders the dealt position is played out on."""
ORDERS = 8
"""Stock orders each stock draw is played on, each with the card drawn and one other: a hand
with 3 computers has up to 50 stock draws, and a hand's review with its luck must stay within
1 s of processor time at p95 (docs/review-romme.md, 运气: short play-outs of 8 orders cost what
whole ones of 4 did)."""
TURNS = 6
"""Turns a draw's play-outs run, the drawer's first, before the hands are scored by their
standing: 6 with 8 orders took the luck-adjusted result's spread to 0.767 of the raw one's,
whole play-outs of 4 orders to 1.30 (the same 250 hands, docs/review-romme.md)."""

DEAL_MEANS: dict[int, tuple[Estimate, ...]] = {
    2: (Estimate(1.07, 0.18), Estimate(-1.11, 0.18)),
    3: (Estimate(2.40, 0.31), Estimate(0.26, 0.29), Estimate(-2.66, 0.27)),
    4: (Estimate(3.89, 0.42), Estimate(1.84, 0.40), Estimate(-1.58, 0.37), Estimate(-4.15, 0.35)),
}
"""The mean value of a deal, with its standard error, by players at the table and by seat
counted from the starter (the dealer's left: 14 cards, plays first without drawing; the dealer
is last). ``benchmarks/luck.py deals --game romme`` measured them (10,000 deals a table size,
4 stock orders each)."""

Values = tuple[float, ...]
"""A play-out's points, by seat."""


def deal_means(ruleset: Ruleset, players: int) -> tuple[Estimate, ...]:
    """The mean value of a deal by seat from the starter; refused for hand rules not measured
    (both presets share the standard's: they differ only in when the match ends)."""
    if replace(ruleset, name=ROMME.name, hands=ROMME.hands, limit=ROMME.limit) != ROMME:
        raise InvalidInputError(f"no deal means measured for the hand rules of {ruleset.name!r}")
    return DEAL_MEANS[players]


def hand_luck(
    match: Match, number: int, seat: int, orders: tuple[int, int] = (DEAL_ORDERS, ORDERS)
) -> HandLuck:
    """``seat``'s luck in finished hand ``number`` of ``match`` (``table_luck``'s)."""
    return table_luck(match, number, orders)[seat]


def table_luck(
    match: Match, number: int, orders: tuple[int, int] = (DEAL_ORDERS, ORDERS),
    turns: int = TURNS,
) -> tuple[HandLuck, ...]:
    """Every seat's luck in finished hand ``number`` of ``match``: deal, own draws, the
    others' draws, in points for that seat, all seats' from the same play-outs. Refused as
    ``review_hand`` refuses a hand that cannot be replayed. The random stream is
    ``Random(0)``, so the figures never change. ``orders``: the stock orders of the deal and
    of each draw (at least 2 each); fewer make cheaper, noisier figures (a test's); ``turns``,
    a draw's play-outs' (at least 1); the defaults are the site's."""
    if min(orders) < 2:
        raise InvalidInputError(f"luck needs at least 2 stock orders, not {orders!r}")
    if turns < 1:
        raise InvalidInputError(f"a draw's luck needs at least its own turn, not {turns!r}")
    steps = replay(match, number)  # refuses a hand whose moves do not end as recorded
    hand = dealt(match, number)
    means = deal_means(match.ruleset, hand.players)
    rng = random.Random(0)
    deal = dealt_value(hand, rng, orders[0])
    draws: list[tuple[int, Sequence[Estimate]]] = []  # (the drawer, the draw's luck by seat)
    for step in steps:
        if isinstance(step.action, DrawStock):
            draws.append((step.seat, draw_luck(hand, step.seat, rng, orders[1], turns)))
        hand.apply(step.seat, step.action)
    found = []
    for seat in range(hand.players):
        own = [luck[seat] for drawer, luck in draws if drawer == seat]
        theirs = [luck[seat] for drawer, luck in draws if drawer != seat]
        mean = means[(seat - hand.dealer - 1) % hand.players]
        found.append(HandLuck.of(deal[seat] + -mean, total(own), total(theirs)))
    return tuple(found)


def dealt_value(hand: Hand, rng: random.Random, orders: int) -> tuple[Estimate, ...]:
    """The value to each seat of ``hand`` as dealt (nobody has moved), over ``orders`` orders
    of its stock."""
    if hand.history:
        raise InvalidInputError("a dealt value needs a hand before its first move")
    stock = list(hand.stock)
    values = []
    for _ in range(orders):
        rng.shuffle(stock)
        values.append(_played_out(hand, stock, _key(rng)))
    return tuple(paired(v[seat] for v in values) for seat in range(hand.players))


def draw_luck(hand: Hand, player: int, rng: random.Random, orders: int,
              turns: int = TURNS) -> tuple[Estimate, ...]:
    """The luck to each seat of ``player``'s stock draw about to be made in ``hand`` (the card
    is the stock's top), over ``orders`` random orders of the rest of the stock. In each, the
    card drawn and one card the stock held (each of them once before any comes again) are
    played for ``turns`` turns on that order and refill key, the other card taking the drawn
    card's place in it: the pair differs by that card alone."""
    if hand.phase is not Phase.DRAW or hand.turn != player or not hand.stock:
        raise InvalidInputError("a stock draw's luck needs the draw about to be made")
    drawn = hand.stock[-1]
    rest = list(hand.stock)[:-1]
    differences: list[Values] = []
    others = Alternatives(hand.stock, rng)
    for _ in range(orders):
        rng.shuffle(rest)
        key = _key(rng)
        card = others.next()
        if card == drawn:
            differences.append((0.0,) * hand.players)
            continue
        came = _played_short(hand, [*rest, drawn], key, turns)
        swapped = [drawn if c == card else c for c in rest]
        other = _played_short(hand, [*swapped, card], key, turns)
        differences.append(tuple(a - b for a, b in zip(came, other, strict=True)))
    return tuple(paired(d[seat] for d in differences) for seat in range(hand.players))


def _key(rng: random.Random) -> str:
    """A play-out's refill key: the order of every refill it comes to, drawn from ``rng``."""
    return f"luck:{rng.getrandbits(64):x}"


def _world(hand: Hand, stock: list[Card], key: str) -> Hand:
    """A copy of ``hand`` with ``stock`` (its top last) and ``key`` ordering the refills."""
    world = clone(hand)
    world.stock = list(stock)
    world.shuffle_key = key
    return world


def _played_out(hand: Hand, stock: list[Card], key: str) -> Values:
    """Each seat's points when ``hand`` is played out with ``stock`` (its top last) and
    ``key`` ordering the refills; a draw about to be made draws the stock's top."""
    return _scored(play_out(_world(hand, stock, key)), hand.players)


def _played_short(hand: Hand, stock: list[Card], key: str, turns: int) -> Values:
    """As ``_played_out`` for ``turns`` turns at most: each seat's points when the hand ended
    by then, else each seat's standing."""
    world = _world(hand, stock, key)
    result = play_turns(world, turns)
    return standing(world) if result is None else _scored(result, hand.players)


def _scored(result: HandResult, players: int) -> Values:
    return tuple(float(points(result, seat)) for seat in range(players))


def standing(hand: Hand) -> Values:
    """Each seat's standing in ``hand`` (the module's glossary): the mean penalty the seats'
    best melds leave, minus the seat's own."""
    left = []
    for cards in hand.hands:
        found = best_lay_down(cards)
        rest = cards if found is None else found.left
        left.append(float(penalty_total(rest, hand.ruleset.joker_penalty)))
    mean = sum(left) / len(left)
    return tuple(mean - own for own in left)
