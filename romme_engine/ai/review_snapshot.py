"""A hand's review as compact JSON, so that the site computes it once and stores it.

Cards are written as in match snapshots (two hex digits of their id run together, melds
separated by ``|``), moves as ``format_action`` writes them (``"discard 7S'"``); the figures
are kept as computed, so a stored review reads back equal.
"""

from __future__ import annotations

from typing import Any

from engine_common.review import Label, decode_envelope, encode_envelope
from romme_engine.actions import format_action, parse_action
from romme_engine.ai.plan import Why
from romme_engine.ai.review import HandReview, Kind, MoveReview, Position
from romme_engine.cards import decode_cards, encode_cards

REVIEW_VERSION = 1


def encode_review(review: HandReview) -> dict[str, Any]:
    moves = [_encode_move(m) for m in review.moves]
    return encode_envelope(REVIEW_VERSION, review.number, review.seat, moves)


def decode_review(data: dict[str, Any]) -> HandReview:
    return HandReview(*decode_envelope(data, REVIEW_VERSION, _decode_move))


def _one(card: Any) -> str:
    return encode_cards([card]) if card is not None else ""


def _encode_move(move: MoveReview) -> dict[str, Any]:
    seen = move.position
    return {
        "h": encode_cards(seen.hand),
        "t": _one(seen.discard_top),
        "tb": "|".join(encode_cards(m) for m in seen.table),
        "ow": "".join(str(o) for o in seen.owners),
        "c": [*seen.hand_counts],
        "op": "".join("1" if o else "0" for o in seen.opened),
        "st": seen.stock,
        "tk": _one(seen.taken),
        "k": move.kind.value,
        "p": format_action(move.played),
        "e": format_action(move.expert),
        "mt": move.matched,
        "y": move.why.value,
        "pv": move.played_value,
        "ev": move.expert_value,
        "l": move.loss,
        "se": move.error,
        "lb": move.label.value,
    }


def _card(text: str) -> Any:
    return decode_cards(text)[0] if text else None


def _decode_move(data: dict[str, Any]) -> MoveReview:
    seen = Position(
        hand=tuple(decode_cards(data["h"])),
        discard_top=_card(data["t"]),
        table=tuple(tuple(decode_cards(m)) for m in data["tb"].split("|") if m),
        owners=tuple(int(o) for o in data["ow"]),
        hand_counts=tuple(int(c) for c in data["c"]),
        opened=tuple(o == "1" for o in data["op"]),
        stock=int(data["st"]),
        taken=_card(data["tk"]),
    )
    return MoveReview(
        position=seen,
        kind=Kind(data["k"]),
        played=parse_action(str(data["p"])),
        expert=parse_action(str(data["e"])),
        matched=bool(data["mt"]),
        why=Why(data["y"]),
        played_value=float(data["pv"]),
        expert_value=float(data["ev"]),
        loss=float(data["l"]),
        error=float(data["se"]),
        label=Label(data["lb"]),
    )
