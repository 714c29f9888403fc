"""Gin Rummy rules engine: cards, melds, lay-offs, hands, matches and players' views.

Standard library only, so the rules can be used and tested without the website.
"""

from gin_engine.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    NextHand,
    PassUpcard,
    TakeUpcard,
    action_name,
    format_action,
    parse_action,
)
from gin_engine.cards import DECK, Card, CardMask, format_cards, parse_cards
from gin_engine.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidInputError,
    Reason,
    Refusal,
)
from gin_engine.hand import Event, Hand, Move, Phase
from gin_engine.layoff import LayOff, LayOffResult, knocker_arrangement, lay_off
from gin_engine.match import Match
from gin_engine.melds import (
    Arrangement,
    Meld,
    MeldKind,
    arrange,
    best_discards,
    deadwood,
    discard_options,
    knock_arrangements,
)
from gin_engine.results import HandEnd, HandResult, Settlement, Shape, settle
from gin_engine.ruleset import (
    CLASSIC,
    HU,
    HU_RACE,
    PRESETS,
    QUICK,
    STANDARD,
    MatchEnd,
    NextDealer,
    Opening,
    Ruleset,
    Scoring,
    preset,
)
from gin_engine.view import PileCard, PlayerView, endings, legal_actions

__all__ = [
    "Action", "Arrangement", "CLASSIC", "Card", "CardMask", "DECK", "Discard", "DrawDiscard",
    "DrawStock", "Event", "Gin", "HU", "HU_RACE", "Hand", "HandEnd", "HandResult",
    "IllegalActionError", "InvalidActionError", "InvalidCardError", "InvalidInputError", "Knock",
    "LayOff", "LayOffResult", "Match", "MatchEnd", "Meld", "MeldKind", "Move", "NextDealer",
    "NextHand", "Opening", "PRESETS", "PassUpcard", "Phase", "PileCard", "PlayerView", "QUICK",
    "Reason", "Refusal", "Ruleset", "STANDARD", "Scoring", "Settlement", "Shape", "TakeUpcard",
    "action_name", "arrange", "best_discards", "deadwood", "discard_options", "endings",
    "format_action", "format_cards", "knock_arrangements", "knocker_arrangement", "lay_off",
    "legal_actions", "parse_action", "parse_cards", "preset", "settle",
]
