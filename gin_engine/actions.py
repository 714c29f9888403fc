"""Actions: the closed set of moves a player can make, as small frozen values.

Glossary
    upcard      the first face-up card of a hand, offered to the non-dealer, then the dealer
    stock       the face-down pile players draw from
    discard     putting one card face up on the discard pile, ending the turn
    knock       a discard that ends the hand, allowed when the 10 cards left have
                deadwood <= the ruleset's knock limit
    gin         a knock with deadwood 0
"""

from __future__ import annotations

from dataclasses import dataclass

from engine_common.actions import ActionNames
from gin_engine.cards import Card
from gin_engine.errors import InvalidActionError


@dataclass(frozen=True, slots=True)
class TakeUpcard:
    """Take the offered upcard (first-upcard phase only)."""


@dataclass(frozen=True, slots=True)
class PassUpcard:
    """Decline the offered upcard."""


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the face-down stock."""


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Take the top card of the discard pile."""


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard ``card`` and end the hand; it is gin when no deadwood is left."""

    card: Card


@dataclass(frozen=True, slots=True)
class Gin:
    """Discard ``card`` and go gin; refused unless every remaining card is melded."""

    card: Card


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand after a showdown or a dead hand."""


Action = TakeUpcard | PassUpcard | DrawStock | DrawDiscard | Discard | Knock | Gin | NextHand

_NAMES = ActionNames({
    "take-upcard": TakeUpcard,
    "pass-upcard": PassUpcard,
    "draw-stock": DrawStock,
    "draw-discard": DrawDiscard,
    "discard": Discard,
    "knock": Knock,
    "gin": Gin,
    "next-hand": NextHand,
})
_WITH_CARD = (Discard, Knock, Gin)


def action_name(action: Action) -> str:
    return _NAMES.name(action)


def parse_action(name: str, card: str | None = None) -> Action:
    """Build an action from its name (``"discard"``) and, where it takes one, a card (``"7S"``)."""
    cls = _NAMES.kind(name)
    if cls is None:
        raise InvalidActionError(f"unknown action: {name!r}")
    if cls in _WITH_CARD:
        if not card:
            raise InvalidActionError(f"{name} needs a card", needs_card=True)
        result: Action = cls(Card.parse(card))
        return result
    if card:
        raise InvalidActionError(f"{name} takes no card")
    made: Action = cls()
    return made


def format_action(action: Action) -> str:
    """``"discard 7S"``; the inverse of ``parse_action(*text.split())``."""
    name = action_name(action)
    if isinstance(action, _WITH_CARD):
        return f"{name} {action.card}"
    return name
