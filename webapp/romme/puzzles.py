"""Rommé's puzzle hook (`webapp.games.Puzzles`): its engine finds the positions with a clearly
best move (`romme_engine.ai.puzzle`), in the computer players' own matches (the bank) and among
a person's flagged decisions (错题本); this module writes them as the JSON the site keeps and
shows them again as the Rommé table does.

A position keeps only what the player to move saw: their hand, the discard pile's top, the
melds on the table and who laid them, the cards each other player took from the pile this
hand, every player's card count, opening and total, the stock's count. The seats are turned
so that the player to move is first ("You") and the others follow in turn, as at the table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import romme_engine as engine
from romme_engine.actions import format_action, parse_action
from romme_engine.ai import Why
from romme_engine.ai.puzzle import found_by, lays_down, match_candidates, puzzle_valuation
from romme_engine.ai.review import Kind, Position, committed, is_decision
from romme_engine.cards import decode_cards, encode_cards
from romme_engine.replay import replay
from webapp.i18n import gettext as _
from webapp.models import PERSON, ROMME
from webapp.puzzles.data import Candidate, PuzzleData, ShownMove, shown_moves
from webapp.romme.hints import why_text
from webapp.romme.messages import seat_name
from webapp.romme.review_page import kind_name, move_name
from webapp.romme.table import sort_key

ESTIMATE_LEVELS = ("easy", "normal")
"""The levels asked for their own move: a new puzzle starts at the rating of the weakest
that finds the answer (`webapp.puzzles.rating.estimate`)."""
SEATS = (2, 3, 4)
"""The bank's matches: one to three computers against each other's levels, in turn."""


def bank(
    ruleset: str, seed: int, levels: tuple[str, ...], hands: int | None = None
) -> Iterator[Candidate]:
    """Every candidate of one match between the computer levels ``levels`` (one a seat, from
    ``seed``), kept when its expert move is clearly best."""
    rules = engine.preset(ruleset)
    for found in match_candidates(rules, seed, levels, hands):
        source = f"bank:{ruleset}:{seed}:{'-'.join(levels)}:{found.hand}:{found.step}"
        yield Candidate(source, _data(ruleset, found.view))


def own(
    match: engine.Match, ruleset: str, number: int, decisions: Sequence[int]
) -> list[tuple[int, PuzzleData | None]]:
    """The person's decisions ``decisions`` (1-based, the review's numbering) of finished
    hand ``number``, each with its puzzle, or None without a clearly best move (or a
    decision whose moves are a lay-down's, never a puzzle)."""
    views = _decisions(match, number)
    return [(d, _data(ruleset, views[d - 1])) for d in decisions if 0 < d <= len(views)]


def never(match: engine.Match, number: int, decision: int) -> str | None:
    """Why the person's decision ``decision`` of finished hand ``number`` can be no puzzle,
    in words, when it is a lay-down's (`romme_engine.ai.puzzle.lays_down`); None otherwise."""
    views = _decisions(match, number)
    if not 0 < decision <= len(views) or not lays_down(views[decision - 1]):
        return None
    return _("A meld could be laid out here: such a turn is a choice among whole lay-downs, "
             "too many to set as one puzzle.")


def _decisions(match: engine.Match, number: int) -> list[engine.PlayerView]:
    """The person's decisions of finished hand ``number`` as they saw them, the review's way."""
    return [s.view for s in committed(replay(match, number), PERSON) if is_decision(s.view)]


def _turned(view: engine.PlayerView, values: Sequence[Any]) -> list[Any]:
    """``values`` by seat, the player to move first and the others in turn."""
    return [values[(view.player + r) % view.players] for r in range(view.players)]


def _taken(view: engine.PlayerView) -> list[str]:
    """The cards each seat (turned) took from the discard pile this hand: public moves."""
    taken: list[list[engine.Card]] = [[] for _ in range(view.players)]
    for event in view.history:
        if event.move is engine.Move.TAKE_DISCARD and event.card is not None:
            taken[event.player].append(event.card)
    return [encode_cards(cards) for cards in _turned(view, taken)]


def _data(ruleset: str, view: engine.PlayerView) -> PuzzleData | None:
    valued = puzzle_valuation(view)
    if valued is None:
        return None
    advice = valued.advice
    turned = {seat: (seat - view.player) % view.players for seat in range(view.players)}
    return PuzzleData(
        ruleset=ruleset,
        kind=valued.kind.value,
        position={
            "h": encode_cards(view.hand),
            "k": str(view.taken_card) if view.taken_card in view.hand else "",
            "t": str(view.discard_top or ""),
            "st": view.stock_count,
            "m": [encode_cards(meld.cards) for meld in view.table],
            "w": [turned[owner] for owner in view.owners],
            "n": _turned(view, view.hand_counts),
            "op": _turned(view, view.opened),
            "sc": _turned(view, view.scores),
            "o": _taken(view),
        },
        moves=[(format_action(m.action), round(m.value, 2)) for m in valued.moves],
        answer=format_action(valued.expert),
        reason={"w": (advice.reason or Why.DRAW_STOCK).value, "p": advice.penalty},
        board=ROMME,
        found_by=found_by(view, valued.expert, ESTIMATE_LEVELS),
    )


@dataclass(frozen=True)
class Shown:
    """One hand card as the puzzle shows it: a button when throwing it is a move."""

    card: engine.Card
    move: str | None
    taken: bool
    """The discard taken this turn, still to be laid out."""


@dataclass(frozen=True)
class TableMeld:
    index: int
    cards: tuple[engine.Card, ...]


@dataclass(frozen=True)
class Seat:
    """One player at the table, the player to move first (seat 0, "You")."""

    seat: int
    name: str
    cards: int
    opened: bool
    score: int
    taken: list[engine.Card]
    melds: list[TableMeld]


@dataclass(frozen=True)
class Page:
    """What ``templates/romme/_puzzle.html`` draws: the position as its player saw it."""

    kind: str
    hand: tuple[Shown, ...]
    pile_top: engine.Card | None
    stock: int
    seats: tuple[Seat, ...]
    buttons: tuple[ShownMove, ...]
    """The moves that are not a tap under a hand card: the draw's, a lay-off, a joker swap."""
    moves: dict[str, ShownMove]
    """Every move by its form value, with its words and value."""
    taps: bool
    """Some moves are a tap on a hand card (a discard)."""


def _seen(position: dict[str, Any]) -> Position:
    """The review's position from a kept one (the move's words are said from it)."""
    table = tuple(tuple(decode_cards(m)) for m in position["m"])
    top = engine.Card.parse(position["t"]) if position["t"] else None
    taken = engine.Card.parse(position["k"]) if position["k"] else None
    return Position(
        tuple(decode_cards(position["h"])),
        top,
        table,
        tuple(position["w"]),
        tuple(position["n"]),
        tuple(position["op"]),
        int(position["st"]),
        taken,
    )


def page(ruleset: str, kind: str, position: dict[str, Any], moves: list[list[Any]]) -> Page:
    seen = _seen(position)
    named = shown_moves(moves, lambda m: _words(seen, parse_action(m)))
    actions = {m: parse_action(m) for m in named}
    taps = {str(a.card): m for m, a in actions.items() if isinstance(a, engine.Discard)}
    hand = tuple(
        Shown(c, taps.get(str(c)), c == seen.taken) for c in sorted(seen.hand, key=sort_key("suit"))
    )
    taken = [decode_cards(cards) for cards in position["o"]]
    seats = tuple(
        Seat(
            seat,
            seat_name(seat),
            seen.hand_counts[seat],
            seen.opened[seat],
            int(position["sc"][seat]),
            taken[seat],
            [
                TableMeld(i, cards)
                for i, (cards, owner) in enumerate(zip(seen.table, seen.owners, strict=True))
                if owner == seat
            ],
        )
        for seat in range(len(seen.hand_counts))
    )
    return Page(
        kind=kind_name(Kind(kind)),
        hand=hand,
        pile_top=seen.discard_top,
        stock=seen.stock,
        seats=seats,
        buttons=tuple(named[m] for m, a in actions.items() if m not in taps.values()),
        moves=named,
        taps=bool(taps),
    )


def _words(seen: Position, action: engine.Action) -> str:
    """A move in words, as the review says it; a lay-off where the card fits both ends of its
    meld (a joker) says which end, as the table's choice does."""
    said = move_name(seen, action)
    if isinstance(action, engine.LayOff) and action.end is not None:
        end = _("Low end") if action.end is engine.End.LOW else _("High end")
        return f"{said} · {end}"
    return said


def kind(ruleset: str, name: str) -> str:
    return kind_name(Kind(name))


def reason(ruleset: str, answer: str, said: dict[str, Any]) -> str:
    """The Hint's one-line reason for the answer, as the table says it."""
    worth = said["p"]
    return why_text(Why(said["w"]), None if worth is None else int(worth))
