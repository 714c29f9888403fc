"""What a Rommé review page shows, as plain values for its template: one row per decision in
Rommé's words (the summaries, labels and points are every game's, `webapp.review`).

Every card on the page comes from a decision's position as the person saw it (their own hand,
the discard pile's top, the melds on the table) or from the hand's result as its end showed it
(the banner): never the stock, never another player's hand. The other players appear only by
what the table showed of them: their card counts and whether they had opened.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import LazyString

import romme_engine as romme
from engine_common.review import Label
from romme_engine.ai.review import HandReview, Kind, MoveReview, Position
from webapp.i18n import lazy_pgettext as _lp
from webapp.models import PERSON
from webapp.review import page as shared
from webapp.review.page import judged
from webapp.romme.cards import card_text, cards_text
from webapp.romme.hints import why_text
from webapp.romme.messages import seat_name
from webapp.romme.table import sort_key

_KINDS: dict[Kind, LazyString] = {
    Kind.DRAW: _lp("review", "The draw: stock or discard pile"),
    Kind.MELD: _lp("review", "Laying out a meld"),
    Kind.LAY_OFF: _lp("review", "Laying off a card"),
    Kind.SWAP: _lp("review", "Swapping a joker"),
    Kind.DISCARD: _lp("review", "The discard"),
    Kind.GO_OUT: _lp("review", "Going out or playing on"),
}
# What a decision was about, as the verdict names it ("lost mainly at decision 7, the discard").
_TOPICS: dict[Kind, LazyString] = {
    Kind.DRAW: _lp("review topic", "the draw"),
    Kind.MELD: _lp("review topic", "laying out a meld"),
    Kind.LAY_OFF: _lp("review topic", "laying off a card"),
    Kind.SWAP: _lp("review topic", "swapping a joker"),
    Kind.DISCARD: _lp("review topic", "the discard"),
    Kind.GO_OUT: _lp("review topic", "going out or playing on"),
}
_MOVES: dict[type, LazyString] = {
    romme.DrawStock: _lp("review", "Draw from the stock"),
    romme.TakeDiscard: _lp("review", "Take %(card)s from the discard pile"),
    romme.LayMeld: _lp("review", "Lay out %(cards)s"),
    romme.LayOff: _lp("review", "Lay off %(card)s on %(meld)s"),
    romme.SwapJoker: _lp("review", "Swap %(card)s for the joker in %(meld)s"),
    romme.Discard: _lp("review", "Discard %(card)s"),
    romme.TakeBack: _lp("review", "Take back the melds laid this turn"),
}


@dataclass(frozen=True)
class SeatMelds:
    """One player at the table as the person saw it: name, cards held, opened, melds laid."""

    seat: int
    name: str
    you: bool
    cards: int
    opened: bool
    melds: list[tuple[romme.Card, ...]]


@dataclass(frozen=True)
class DecisionRow(shared.DecisionRow):
    hand: list[romme.Card]
    """The person's hand in the table's order (by suit, the jokers last)."""
    taken: romme.Card | None
    """The discard taken this turn, still to be laid out."""
    discard_top: romme.Card | None
    stock: int
    seats: list[SeatMelds]


def kind_name(kind: Kind) -> str:
    """What a decision is about, as the review's heading names it."""
    return str(_KINDS[kind])


def decision_rows(review: HandReview, ruleset: romme.Ruleset) -> list[DecisionRow]:
    return [_row(i, move, ruleset) for i, move in enumerate(review.moves, start=1)]


def _row(number: int, move: MoveReview, ruleset: romme.Ruleset) -> DecisionRow:
    seen = move.position
    flagged = move.label is not Label.GOOD
    return DecisionRow(
        number=number,
        kind=kind_name(move.kind),
        played=move_name(seen, move.played),
        expert=move_name(seen, move.expert),
        **judged(move),
        topic=str(_TOPICS[move.kind]),
        reason=reason_line(move, ruleset) if flagged else "",
        hand=sorted(seen.hand, key=sort_key("suit")),
        taken=seen.taken,
        discard_top=seen.discard_top,
        stock=seen.stock,
        seats=_seats(seen),
    )


def move_name(seen: Position, action: romme.Action) -> str:
    """One of the decision's two moves in words: "Take 7♠ from the discard pile", "Lay off
    8♠ on 5♠ 6♠ 7♠"; the card taken is the pile top the person saw, the meld one on the
    table then."""
    words = _MOVES[type(action)]
    named: dict[str, str] = {}
    if isinstance(action, romme.TakeDiscard):
        named["card"] = card_text(seen.discard_top) if seen.discard_top else ""
    elif isinstance(action, romme.LayMeld):
        named["cards"] = cards_text(action.cards)
    elif isinstance(action, romme.LayOff | romme.SwapJoker):
        named["card"] = card_text(action.card)
        named["meld"] = cards_text(seen.table[action.meld])
    elif isinstance(action, romme.Discard):
        named["card"] = card_text(action.card)
    return str(words) % named if named else str(words)


def reason_line(move: MoveReview, ruleset: romme.Ruleset) -> str:
    """The Hint's reason for the expert's move, as the table's Hint says it; "" for the
    expert's own move."""
    if move.matched:
        return ""
    worth = None
    if isinstance(move.expert, romme.Discard):
        worth = romme.penalty(move.expert.card, ruleset.joker_penalty)
    return why_text(move.why, worth)


def _seats(seen: Position) -> list[SeatMelds]:
    return [
        SeatMelds(seat, seat_name(seat), seat == PERSON, seen.hand_counts[seat], seen.opened[seat],
                  [m for m, owner in zip(seen.table, seen.owners, strict=True) if owner == seat])
        for seat in range(len(seen.hand_counts))
    ]
