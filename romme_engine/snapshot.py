"""Compact JSON-safe encodings of a hand and its results for match snapshots (never pickle).

Cards are two hex digits of their id run together (``"06423a"``); a meld is its cards in order,
melds separated by ``|``. A meld's shape is read again from its cards, so a snapshot cannot
smuggle in an invalid meld.
"""

from __future__ import annotations

from typing import Any

from engine_common.events import decode_event
from romme_engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    SwapJoker,
    TakeBack,
    TakeDiscard,
)
from romme_engine.cards import CARD_COUNT, Card, decode_card, decode_cards, encode_cards
from romme_engine.errors import InvalidInputError
from romme_engine.hand import Event, Hand, Move, Phase, Saved
from romme_engine.melds import End, Meld, read_meld
from romme_engine.results import HandEnd, HandResult
from romme_engine.ruleset import Ruleset

SNAPSHOT_VERSION = 2
"""v2: every move of the hand in play (``mv``) and of each finished hand (``played``), and the
order of any deal not shuffled from the seed (``decks``), so that a finished hand can be
replayed for its review (`romme_engine.replay`). A v1 snapshot reads as before: its finished
hands and the hand it was saved in kept no moves, so they have no review."""
VERSIONS = (1, SNAPSHOT_VERSION)

Played = tuple[int, Action]
"""One move of a hand: the seat and its action, as ``Match.apply`` accepted it (a take-back
included: the moves it took back stay in the record, so a replay is exact)."""

_LETTERS: dict[type, str] = {
    DrawStock: "s", TakeDiscard: "t", TakeBack: "b", Discard: "x", LayMeld: "m", LayOff: "l",
    SwapJoker: "w",
}
_KINDS = {letter: kind for kind, letter in _LETTERS.items()}
_ENDS = {End.LOW: "l", End.HIGH: "h"}
_END_OF = {letter: end for end, letter in _ENDS.items()}


def encode_melds(melds: tuple[Meld, ...] | list[Meld]) -> str:
    return "|".join(encode_cards(m.cards) for m in melds)


def decode_melds(text: str) -> list[Meld]:
    melds = []
    for part in text.split("|") if text else []:
        meld = read_meld(decode_cards(part))
        if meld is None:
            raise InvalidInputError(f"not a meld: {part!r}")
        melds.append(meld)
    return melds


def _card(text: str) -> Card | None:
    return decode_card(text) if text else None


def _card_code(card: Card) -> str:
    return encode_cards([card])


def encode_move(move: Played) -> str:
    """``0s`` (seat 0 draws), ``1m0a0b0c`` (a meld's cards), ``2l0d3h`` (a lay-off on table
    meld 3 at its high end), ``0w0e1`` (a joker swap on meld 1), ``0x3c`` (a discard)."""
    seat, action = move
    head = f"{seat}{_LETTERS[type(action)]}"
    if isinstance(action, LayMeld):
        return head + encode_cards(action.cards)
    if isinstance(action, Discard):
        return head + _card_code(action.card)
    if isinstance(action, SwapJoker):
        return f"{head}{_card_code(action.card)}{action.meld}"
    if isinstance(action, LayOff):
        end = "" if action.end is None else _ENDS[action.end]
        return f"{head}{_card_code(action.card)}{action.meld}{end}"
    return head


def decode_move(text: str) -> Played:
    seat, kind, body = int(text[0]), _KINDS[text[1]], text[2:]
    if kind is LayMeld:
        return seat, LayMeld(tuple(decode_cards(body)))
    if kind is Discard:
        return seat, Discard(decode_card(body))
    if kind is SwapJoker:
        return seat, SwapJoker(decode_card(body[:2]), int(body[2:]))
    if kind is LayOff:
        end = _END_OF.get(body[-1])
        digits = body[2:-1] if end is not None else body[2:]
        return seat, LayOff(decode_card(body[:2]), int(digits), end)
    if body:
        raise InvalidInputError(f"bad move: {text!r}")
    return seat, kind()


def encode_moves(moves: list[Played] | tuple[Played, ...]) -> str:
    return " ".join(encode_move(m) for m in moves)


def decode_moves(text: str) -> list[Played]:
    return [decode_move(part) for part in text.split()]


def encode_played(played: dict[int, tuple[Played, ...]]) -> dict[str, str]:
    """Each finished hand's moves by hand number: ``{"1": "0m0a0b0c 0x3c 1s 1x20 …"}``."""
    return {str(number): encode_moves(moves) for number, moves in played.items()}


def decode_played(data: dict[str, str]) -> dict[int, tuple[Played, ...]]:
    return {int(number): tuple(decode_moves(text)) for number, text in data.items()}


def encode_decks(decks: dict[int, tuple[Card, ...]]) -> dict[str, str]:
    return {str(number): encode_cards(deck) for number, deck in decks.items()}


def decode_decks(data: dict[str, str]) -> dict[int, tuple[Card, ...]]:
    decks = {int(number): tuple(decode_cards(text)) for number, text in data.items()}
    if any(len(set(deck)) != CARD_COUNT or len(deck) != CARD_COUNT for deck in decks.values()):
        raise InvalidInputError("a kept deal does not hold the 110 distinct cards")
    return decks


def encode_result(result: HandResult) -> dict[str, Any]:
    return {
        "n": result.number,
        "dl": result.dealer,
        "e": result.end.value,
        "w": result.winner,
        "h": [encode_cards(h) for h in result.hands],
        "hv": list(result.hand_values),
        "p": list(result.penalties),
    }


def decode_result(data: dict[str, Any]) -> HandResult:
    return HandResult(
        number=int(data["n"]),
        dealer=int(data["dl"]),
        end=HandEnd(data["e"]),
        winner=None if data["w"] is None else int(data["w"]),
        hands=tuple(tuple(decode_cards(h)) for h in data["h"]),
        hand_values=tuple(int(v) for v in data["hv"]),
        penalties=tuple(int(p) for p in data["p"]),
    )


def encode_hand(hand: Hand) -> dict[str, Any]:
    data: dict[str, Any] = {
        "n": hand.number,
        "dl": hand.dealer,
        "k": hand.shuffle_key,
        "h": [encode_cards(h) for h in hand.hands],
        "st": encode_cards(hand.stock),
        "dp": encode_cards(hand.discard_pile),
        "tb": encode_melds(hand.table),
        "ow": "".join(str(o) for o in hand.owners),
        "op": "".join("1" if o else "0" for o in hand.opened),
        "ph": hand.phase.value,
        "t": hand.turn,
        "tk": encode_cards([hand.taken_card] if hand.taken_card else []),
        "dr": encode_cards([hand.drawn_card] if hand.drawn_card else []),
        "fj": encode_cards(hand.freed_jokers),
        "sr": hand.stock_runs,
        "hi": [e.encode(_card_code) for e in hand.history],
    }
    if hand.saved is not None:
        data["sv"] = [
            encode_cards(hand.saved.hand),
            encode_melds(hand.saved.table),
            "".join(str(o) for o in hand.saved.owners),
            hand.saved.events,
        ]
    return data


def decode_hand(ruleset: Ruleset, data: dict[str, Any], results: list[HandResult]) -> Hand:
    hands = [decode_cards(h) for h in data["h"]]
    hand = Hand(
        ruleset, int(data["n"]), int(data["dl"]), hands, decode_cards(data["st"]), str(data["k"])
    )
    hand.discard_pile = decode_cards(data["dp"])
    hand.table = decode_melds(data["tb"])
    hand.owners = [int(o) for o in data["ow"]]
    hand.opened = [o == "1" for o in data["op"]]
    hand.phase = Phase(data["ph"])
    hand.turn = int(data["t"])
    hand.taken_card = _card(data["tk"])
    hand.drawn_card = _card(data["dr"])
    hand.freed_jokers = decode_cards(data["fj"])
    hand.stock_runs = int(data["sr"])
    hand.history = [Event(*decode_event(e, Move, decode_card)) for e in data["hi"]]
    if "sv" in data:
        cards, melds, owners, *events = data["sv"]  # snapshots before events: 3 fields
        hand.saved = Saved(
            tuple(decode_cards(cards)), tuple(decode_melds(melds)), tuple(int(o) for o in owners),
            int(events[0]) if events else len(hand.history),
        )
    if hand.phase is Phase.HAND_OVER:
        hand.result = results[-1]
    cards = hand.all_cards()
    if len(cards) != CARD_COUNT or len(set(cards)) != CARD_COUNT:
        raise InvalidInputError("snapshot does not hold the 110 distinct cards")
    if len(hand.owners) != len(hand.table) or len(hand.opened) != len(hands):
        raise InvalidInputError("snapshot table owners or openings do not match")
    return hand
