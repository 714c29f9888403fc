"""A hand's review as compact JSON, so that the site computes it once and stores it.

Cards are written as in match snapshots (``"7S8S9S"``), moves as ``format_action`` writes them
(``"discard 7S"``); the figures are kept as computed, so a stored review reads back equal.

Format 2 keeps each decision's reason (``MoveReview.why``: the Hint's decision and the played
move's figures, key ``"w"``). A review kept in format 1 still reads, each decision without its
reason (``why`` None): its figures are as they were, and the page shows them without a reason
(docs/review.md). Reviews never change once kept, so none is computed again for a reason.
"""

from __future__ import annotations

from typing import Any

from gin_engine.actions import Action, format_action, parse_action
from gin_engine.ai.decide import Decision, Estimate, Reason, Unit
from gin_engine.ai.review import HandReview, Kind, Label, MoveReview, Position
from gin_engine.ai.review_why import Why
from gin_engine.cards import Card
from gin_engine.errors import InvalidInputError
from gin_engine.snapshot import decode_cards, encode_cards

REVIEW_VERSION = 2
READ_VERSIONS = (1, 2)
"""Formats that still read: 1 has no reasons."""


def encode_review(review: HandReview) -> dict[str, Any]:
    return {
        "v": REVIEW_VERSION,
        "n": review.number,
        "s": review.seat,
        "m": [_encode_move(m) for m in review.moves],
    }


def decode_review(data: dict[str, Any]) -> HandReview:
    try:
        if data["v"] not in READ_VERSIONS:
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
        **({} if move.why is None else {"w": _encode_why(move.why)}),
    }


def _encode_why(why: Why) -> dict[str, Any]:
    advice = why.advice
    return {
        "r": advice.reason.value,
        "a": format_action(advice.action),
        "db": advice.deadwood_before,
        "da": advice.deadwood_after,
        "c": str(advice.card or ""),
        "u": advice.unit.value,
        "x": [[format_action(e.action), e.value, e.undercut_risk] for e in advice.estimates],
        "dg": advice.danger,
        "pd": why.deadwood,
        "pg": why.danger,
        "g": why.gin_chance,
    }


def _decode_why(data: dict[str, Any]) -> Why:
    advice = Decision(
        action=_action(data["a"]),
        reason=Reason(data["r"]),
        deadwood_before=int(data["db"]),
        deadwood_after=int(data["da"]),
        card=Card.parse(data["c"]) if data["c"] else None,
        unit=Unit(data["u"]),
        estimates=tuple(
            Estimate(_action(action), float(value), _chance(risk))
            for action, value, risk in data["x"]
        ),
        danger=_chance(data["dg"]),
    )
    return Why(advice, int(data["pd"]), _chance(data["pg"]), _chance(data["g"]))


def _chance(value: Any) -> float | None:
    return None if value is None else float(value)


def _action(text: Any) -> Action:
    return parse_action(*str(text).split())


def _decode_move(data: dict[str, Any]) -> MoveReview:
    top = Card.parse(data["t"]) if data["t"] else None
    seen = Position(
        tuple(decode_cards(data["h"])), top, tuple(decode_cards(data["o"])), int(data["st"])
    )
    return MoveReview(
        position=seen,
        kind=Kind(data["k"]),
        played=_action(data["p"]),
        expert=_action(data["e"]),
        played_value=float(data["pv"]),
        expert_value=float(data["ev"]),
        loss=float(data["l"]),
        error=float(data["se"]),
        label=Label(data["lb"]),
        why=_decode_why(data["w"]) if "w" in data else None,
    )
