"""Actions: the closed set of moves a Rommé player can make, as small frozen values.

Glossary
    draw          take the top card of the face-down stock
    take discard  take the top card of the discard pile; it must be laid out this turn
    lay meld      put a new set or run on the table (staged until the discard)
    lay off       add one card to any meld on the table (once opened; staged)
    swap joker    replace a joker on the table by the natural it stands for (once opened;
                  staged); the joker must be laid out again this turn
    take back     return every staged card of this turn to the hand (摆错)
    discard       put one card on the discard pile: this commits the turn, and a last card
                  discarded goes out
"""

from __future__ import annotations

from dataclasses import dataclass

from engine_common.actions import ActionNames
from romme_engine.cards import Card, parse_cards
from romme_engine.errors import InvalidInputError
from romme_engine.melds import End


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock."""


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile."""


@dataclass(frozen=True, slots=True)
class LayMeld:
    """Lay a new meld; a run's cards from its low end up (``meld_options`` lists the orders)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add ``card`` to table meld number ``meld``; ``end`` only where the card fits both ends."""

    card: Card
    meld: int
    end: End | None = None


@dataclass(frozen=True, slots=True)
class SwapJoker:
    """Put natural ``card`` in place of the joker it stands for in table meld ``meld``."""

    card: Card
    meld: int


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Return every staged card of this turn to the hand."""


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand after a hand ended."""


Action = DrawStock | TakeDiscard | LayMeld | LayOff | SwapJoker | TakeBack | Discard | NextHand

_NAMES = ActionNames({
    "draw": DrawStock,
    "take-discard": TakeDiscard,
    "meld": LayMeld,
    "lay-off": LayOff,
    "swap": SwapJoker,
    "take-back": TakeBack,
    "discard": Discard,
    "next-hand": NextHand,
})
_BARE = (DrawStock, TakeDiscard, TakeBack, NextHand)


def action_name(action: Action) -> str:
    return _NAMES.name(action)


def parse_action(text: str) -> Action:
    """Read ``"draw"``, ``"meld 7S 8S JK1"``, ``"lay-off AC 0 high"``, ``"swap 5H' 2"``,
    ``"discard 3H"``; the inverse of ``format_action``."""
    if not isinstance(text, str):
        raise InvalidInputError(f"not an action: {text!r}")
    name, *args = text.split() or [""]
    cls = _NAMES.kind(name)
    if cls is None:
        raise InvalidInputError(f"unknown action: {name!r}")
    if cls in _BARE:
        if args:
            raise InvalidInputError(f"{name} takes nothing more")
        bare: Action = cls()
        return bare
    if cls is LayMeld:
        if not args:
            raise InvalidInputError("meld needs cards")
        return LayMeld(tuple(parse_cards(args)))
    if cls is Discard:
        if len(args) != 1:
            raise InvalidInputError("discard needs one card")
        return Discard(Card.parse(args[0]))
    if len(args) not in ((2, 3) if cls is LayOff else (2,)):
        raise InvalidInputError(f"{name} needs a card and a meld number")
    card = Card.parse(args[0])
    if not (args[1].isascii() and args[1].isdigit()):  # "²" and "٢" are digits to isdigit()
        raise InvalidInputError(f"not a meld number: {args[1]!r}")
    meld = int(args[1])
    if cls is SwapJoker:
        return SwapJoker(card, meld)
    try:
        end = End(args[2]) if len(args) == 3 else None
    except ValueError:
        raise InvalidInputError(f"not an end: {args[2]!r}") from None
    return LayOff(card, meld, end)


def format_action(action: Action) -> str:
    name = action_name(action)
    if isinstance(action, LayMeld):
        return " ".join([name, *(str(c) for c in action.cards)])
    if isinstance(action, Discard):
        return f"{name} {action.card}"
    if isinstance(action, SwapJoker):
        return f"{name} {action.card} {action.meld}"
    if isinstance(action, LayOff):
        end = f" {action.end.value}" if action.end is not None else ""
        return f"{name} {action.card} {action.meld}{end}"
    return name
