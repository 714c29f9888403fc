"""A hand's review as compact JSON, so that the site computes it once and stores it.

Cards are written as in match snapshots (``"7S8S9S"``), moves as ``format_action`` writes them
(``"discard 7S"``); the figures are kept as computed, so a stored review reads back equal.
"""

from __future__ import annotations

from typing import Any

from gin_engine.actions import format_action, parse_action
from gin_engine.ai.review import HandReview, Kind, Label, MoveReview, Position
from gin_engine.cards import Card
from gin_engine.errors import InvalidInputError
from gin_engine.snapshot import decode_cards, encode_cards

REVIEW_VERSION = 1


def encode_review(review: HandReview) -> dict[str, Any]:
    return {
        "v": REVIEW_VERSION,
        "n": review.number,
        "s": review.seat,
        "m": [_encode_move(m) for m in review.moves],
    }


def decode_review(data: dict[str, Any]) -> HandReview:
    try:
        if data["v"] != REVIEW_VERSION:
            raise InvalidInputError(f"unknown review version {data['v']!r}")
        moves = tuple(_decode_move(m) for m in data["m"])
        return HandReview(int(data["n"]), int(data["s"]), moves)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise InvalidInputError(f"bad review: {exc!r}") from exc


def _encode_move(move: MoveReview) -> dict[str, Any]:
    seen = move.position
    return {
        "h": encode_cards(seen.hand),
        "t": str(seen.pile_top or ""),
        "o": encode_cards(seen.opponent_taken),
        "st": seen.stock,
        "k": move.kind.value,
        "p": format_action(move.played),
        "e": format_action(move.expert),
        "pv": move.played_value,
        "ev": move.expert_value,
        "l": move.loss,
        "se": move.error,
        "lb": move.label.value,
    }


def _decode_move(data: dict[str, Any]) -> MoveReview:
    top = Card.parse(data["t"]) if data["t"] else None
    seen = Position(
        tuple(decode_cards(data["h"])), top, tuple(decode_cards(data["o"])), int(data["st"])
    )
    return MoveReview(
        position=seen,
        kind=Kind(data["k"]),
        played=parse_action(*str(data["p"]).split()),
        expert=parse_action(*str(data["e"]).split()),
        played_value=float(data["pv"]),
        expert_value=float(data["ev"]),
        loss=float(data["l"]),
        error=float(data["se"]),
        label=Label(data["lb"]),
    )
