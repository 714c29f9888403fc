"""Compact JSON-safe encodings of hands and results for match snapshots (never pickle).

Cards are written as their two-character codes run together (``"7S8S9S"``), melds separated by
``|``; a finished standard match fits in well under 4 KB of JSON.
"""

from __future__ import annotations

from typing import Any

from engine_common.events import decode_event
from gin_engine.cards import Card, to_mask
from gin_engine.errors import InvalidInputError
from gin_engine.hand import Event, Hand, Move, Phase
from gin_engine.layoff import LayOff, LayOffResult
from gin_engine.melds import Arrangement, Meld
from gin_engine.results import HandEnd, HandResult, Shape
from gin_engine.ruleset import Ruleset

SNAPSHOT_VERSION = 3
"""v2: the hand stores whether the upcard was declined (``ud``) instead of the engine guessing
it from the history; results may carry a 胡牌制 shape (``sh``, ``pa``). v3: the public moves of
each finished hand (``played``) and the order of any deal not shuffled from the seed
(``decks``), so that a finished hand can be replayed for its review; the hands a v1 or v2
snapshot finished kept no moves (they have no review)."""


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older snapshot up to ``SNAPSHOT_VERSION`` (a copy; the input is not changed)."""
    version = data["v"]
    if version == SNAPSHOT_VERSION:
        return data
    if version not in (1, 2):
        raise InvalidInputError(f"unknown snapshot version {version!r}")
    if version == 1:
        hand = dict(data["hand"])
        # v1 engines treated the upcard as declined exactly when both passed and nobody had drawn
        hand["ud"] = int(hand["up"]) == 2 and len(hand["hi"]) == 2
        data = {**data, "hand": hand}
    # the hands finished before v3 kept no moves: nothing to add, they simply have no review
    return {**data, "v": SNAPSHOT_VERSION}


def encode_cards(cards: Any) -> str:
    return "".join(str(c) for c in cards)


def decode_cards(text: str) -> list[Card]:
    if len(text) % 2:
        raise InvalidInputError(f"bad card run: {text!r}")
    return [Card.parse(text[i : i + 2]) for i in range(0, len(text), 2)]


def _decode_event(text: str) -> Event:
    return Event(*decode_event(text, Move, Card.parse))


def _encode_melds(melds: tuple[Meld, ...]) -> str:
    return "|".join(encode_cards(m.cards) for m in melds)


def _decode_melds(text: str) -> tuple[Meld, ...]:
    return tuple(Meld.from_mask(to_mask(decode_cards(part))) for part in text.split("|") if part)


def encode_result(result: HandResult) -> dict[str, Any]:
    data: dict[str, Any] = {"n": result.number, "dl": result.dealer, "e": result.end.value}
    if result.knocker is None or result.knocker_melds is None or result.defender is None:
        return data
    defender = result.defender
    data.update(
        k=result.knocker,
        s=result.scorer,
        b=result.bonus,
        d=result.difference,
        km=_encode_melds(result.knocker_melds.melds),
        kw=encode_cards(result.knocker_melds.deadwood_cards),
        dm=_encode_melds(defender.melds),
        lo=" ".join(f"{lo.card}{lo.meld_index}" for lo in defender.lay_offs),
        dw=encode_cards(defender.deadwood_cards),
    )
    if result.shape is not None and result.paid_as is not None:
        data.update(sh=result.shape.value, pa=result.paid_as.value)
    return data


def decode_result(data: dict[str, Any]) -> HandResult:
    end = HandEnd(data["e"])
    base = HandResult(number=int(data["n"]), dealer=int(data["dl"]), end=end)
    if end is HandEnd.DEAD:
        return base
    knocker_dead = decode_cards(data["kw"])
    knocker_melds = Arrangement(
        _decode_melds(data["km"]), tuple(knocker_dead), sum(c.value for c in knocker_dead)
    )
    lay_offs = tuple(LayOff(Card.parse(p[:2]), int(p[2:])) for p in data["lo"].split())
    defender_dead = decode_cards(data["dw"])
    defender = LayOffResult(
        _decode_melds(data["dm"]),
        lay_offs,
        tuple(defender_dead),
        sum(c.value for c in defender_dead),
    )
    return HandResult(
        number=base.number,
        dealer=base.dealer,
        end=end,
        knocker=int(data["k"]),
        scorer=int(data["s"]),
        bonus=int(data["b"]),
        difference=int(data["d"]),
        knocker_deadwood=knocker_melds.deadwood,
        defender_deadwood=defender.deadwood,
        knocker_melds=knocker_melds,
        defender=defender,
        shape=Shape(data["sh"]) if "sh" in data else None,
        paid_as=Shape(data["pa"]) if "pa" in data else None,
    )


def encode_played(played: dict[int, tuple[Event, ...]]) -> dict[str, str]:
    """Each finished hand's moves by hand number: ``{"1": "0p 1p 0s 0x7S ..."}``."""
    return {
        str(number): " ".join(e.encode(str) for e in events) for number, events in played.items()
    }


def decode_played(data: dict[str, str]) -> dict[int, tuple[Event, ...]]:
    return {
        int(number): tuple(_decode_event(e) for e in text.split()) for number, text in data.items()
    }


def encode_decks(decks: dict[int, tuple[Card, ...]]) -> dict[str, str]:
    return {str(number): encode_cards(deck) for number, deck in decks.items()}


def decode_decks(data: dict[str, str]) -> dict[int, tuple[Card, ...]]:
    return {int(number): tuple(decode_cards(text)) for number, text in data.items()}


def encode_hand(hand: Hand) -> dict[str, Any]:
    return {
        "n": hand.number,
        "dl": hand.dealer,
        "h": [encode_cards(hand.hands[0]), encode_cards(hand.hands[1])],
        "st": encode_cards(hand.stock),
        "dp": encode_cards(hand.discard_pile),
        "ph": hand.phase.value,
        "t": hand.turn,
        "up": hand.upcard_passes,
        "ud": hand.upcard_declined,
        "tk": str(hand.taken_card or ""),
        "dr": str(hand.drawn_card or ""),
        "kn": [encode_cards(sorted(hand.known[0])), encode_cards(sorted(hand.known[1]))],
        "hi": [e.encode(str) for e in hand.history],
    }


def decode_hand(ruleset: Ruleset, data: dict[str, Any], results: list[HandResult]) -> Hand:
    hand = Hand(
        ruleset,
        int(data["n"]),
        int(data["dl"]),
        (decode_cards(data["h"][0]), decode_cards(data["h"][1])),
        decode_cards(data["st"]),
        decode_cards(data["dp"]),
    )
    hand.phase = Phase(data["ph"])
    hand.turn = int(data["t"])
    hand.upcard_passes = int(data["up"])
    hand.upcard_declined = bool(data["ud"])
    hand.taken_card = Card.parse(data["tk"]) if data["tk"] else None
    hand.drawn_card = Card.parse(data["dr"]) if data["dr"] else None
    hand.known = (set(decode_cards(data["kn"][0])), set(decode_cards(data["kn"][1])))
    hand.history = [_decode_event(e) for e in data["hi"]]
    if hand.phase is Phase.HAND_OVER:
        hand.result = results[-1]
    cards = [*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard_pile]
    if len(cards) != 52 or len(set(cards)) != 52:
        raise InvalidInputError("snapshot does not hold the 52 distinct cards")
    return hand

