"""Gin Rummy's puzzle hook (`webapp.games.Puzzles`): its engine finds the positions with a
clearly best move (`gin_engine.ai.puzzle`), in the computer players' own matches (the bank)
and among a person's flagged decisions (错题本); this module writes them as the JSON the site
keeps and shows them again in Gin Rummy's words.

A position keeps only what the player to move saw: their hand, the pile top, the cards the
opponent took from the pile, the stock's count and the match score (``Position`` below).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import gin_engine as engine
from gin_engine.actions import format_action, parse_action
from gin_engine.ai import Decision, Reason, Unit
from gin_engine.ai.puzzle import found_by, match_candidates, puzzle_valuation
from gin_engine.ai.review import Kind, Label, MoveReview, Position, is_decision
from gin_engine.cards import display_order
from gin_engine.replay import replay
from gin_engine.snapshot import decode_cards, encode_cards
from webapp.gin.hints import hint_text
from webapp.gin.review_words import kind_name, move_name
from webapp.models import GIN, HU, PERSON
from webapp.puzzles.data import Candidate, PuzzleData, ShownMove, shown_moves

ESTIMATE_LEVELS = ("easy", "normal")
"""The levels asked for their own move: a new puzzle starts at the rating of the weakest
that finds the answer (`webapp.puzzles.rating.estimate`)."""


def bank(ruleset: str, seed: int, levels: tuple[str, ...],
         hands: int | None = None) -> Iterator[Candidate]:
    """Every decision of one match between the computer levels ``levels`` (from ``seed``),
    kept when its expert move is clearly best."""
    rules = engine.preset(ruleset)
    for found in match_candidates(rules, seed, levels, hands):
        source = f"bank:{ruleset}:{seed}:{'-'.join(levels)}:{found.hand}:{found.step}"
        yield Candidate(source, _data(ruleset, found.view))


def own(match: engine.Match, ruleset: str, number: int,
        decisions: Sequence[int]) -> list[tuple[int, PuzzleData | None]]:
    """The person's decisions ``decisions`` (1-based, the review's numbering) of finished
    hand ``number``, each with its puzzle, or None without a clearly best move."""
    views = [s.view for s in replay(match, number) if s.seat == PERSON and is_decision(s.view)]
    return [(d, _data(ruleset, views[d - 1])) for d in decisions if 0 < d <= len(views)]


def _data(ruleset: str, view: engine.PlayerView) -> PuzzleData | None:
    valued = puzzle_valuation(view)
    if valued is None:
        return None
    me = view.player
    advice = valued.advice
    return PuzzleData(
        ruleset=ruleset,
        kind=valued.kind.value,
        position={
            "h": encode_cards(view.hand),
            "t": str(view.discard_top or ""),
            "o": encode_cards(view.opponent_known),
            "st": view.stock_count,
            "sc": [view.scores[me], view.scores[1 - me]],
        },
        moves=[(format_action(m.action), round(m.value, 2)) for m in valued.moves],
        answer=format_action(valued.expert),
        reason={
            "r": advice.reason.value,
            "c": str(advice.card or ""),
            "b": advice.deadwood_before,
            "a": advice.deadwood_after,
            "u": advice.unit.value,
            "d": advice.danger,
        },
        board=HU if view.ruleset.scoring is engine.Scoring.HU else GIN,
        found_by=found_by(view, valued.expert, ESTIMATE_LEVELS),
    )


@dataclass(frozen=True)
class Shown:
    """One card of the hand as the puzzle shows it: a button when discarding it is a move."""

    card: engine.Card
    move: str | None


@dataclass(frozen=True)
class Group:
    kind: str
    """``set``, ``run`` or ``deadwood``."""
    cards: tuple[Shown, ...]
    points: int = 0


@dataclass(frozen=True)
class Page:
    """What ``templates/gin/_puzzle.html`` draws: the position as its player saw it."""

    rules: engine.Ruleset
    kind: str
    groups: tuple[Group, ...]
    deadwood: int
    pile_top: engine.Card | None
    opponent_taken: list[engine.Card]
    stock: int
    scores: tuple[int, int]
    buttons: tuple[ShownMove, ...]
    """The moves that are not a tap on a hand card (take, pass, stock, knock, gin)."""
    moves: dict[str, ShownMove]
    """Every move by its form value, with its words and value."""
    taps: bool
    """Some moves are a tap on a hand card (a discard)."""


def page(ruleset: str, kind: str, position: dict[str, Any], moves: list[list[Any]]) -> Page:
    rules = engine.preset(ruleset)
    hand = decode_cards(position["h"])
    top = engine.Card.parse(position["t"]) if position["t"] else None
    seen = Position(tuple(hand), top, tuple(decode_cards(position["o"])), int(position["st"]))
    named = shown_moves(moves, lambda m: _words(seen, Kind(kind), m, rules))
    taps = {m.move.split()[1]: m.move for m in named.values() if m.move.startswith("discard ")}
    arrangement = engine.arrange(hand)
    groups = [Group(meld.kind.value, tuple(Shown(c, taps.get(str(c))) for c in meld.cards))
              for meld in arrangement.melds]
    if arrangement.deadwood_cards:
        groups.append(Group("deadwood", tuple(
            Shown(c, taps.get(str(c))) for c in display_order(arrangement.deadwood_cards)),
            arrangement.deadwood))
    return Page(
        rules=rules,
        kind=kind_name(Kind(kind), rules.scoring),
        groups=tuple(groups),
        deadwood=arrangement.deadwood,
        pile_top=top,
        opponent_taken=display_order(seen.opponent_taken),
        stock=seen.stock,
        scores=(int(position["sc"][0]), int(position["sc"][1])),
        buttons=tuple(m for m in named.values() if not m.move.startswith("discard ")),
        moves=named,
        taps=bool(taps),
    )


def kind(ruleset: str, name: str) -> str:
    return kind_name(Kind(name), engine.preset(ruleset).scoring)


def _words(seen: Position, kind: Kind, move: str, rules: engine.Ruleset) -> str:
    action = parse_action(*move.split())
    said = MoveReview(seen, kind, action, action, 0.0, 0.0, 0.0, 0.0, Label.GOOD)
    return move_name(said, action, rules.scoring)


def reason(ruleset: str, answer: str, said: dict[str, Any]) -> str:
    """The Hint's one-line reason for the answer, as the table says it."""
    card = engine.Card.parse(said["c"]) if said["c"] else None
    decision = Decision(parse_action(*answer.split()), Reason(said["r"]), int(said["b"]),
                        int(said["a"]), card, Unit(said["u"]), (), said["d"])
    return hint_text(decision, engine.preset(ruleset).scoring)

