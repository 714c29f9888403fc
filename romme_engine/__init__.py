"""Rommé (德式拉米) rules engine: cards, melds with jokers, turns, matches and players' views.

Standard library only, so the rules can be used and tested without the website. The rules as
implemented are described in ``docs/romme.md``.
"""

from romme_engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    NextHand,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    format_action,
    parse_action,
)
from romme_engine.cards import DECK, Card, format_cards, parse_cards, penalty
from romme_engine.errors import (
    IllegalActionError,
    InvalidCardError,
    InvalidInputError,
    Reason,
    Refusal,
)
from romme_engine.hand import Event, Hand, Move, Phase
from romme_engine.laydown import LayDown, best_lay_down
from romme_engine.legal import legal_actions, melds_in
from romme_engine.match import Match
from romme_engine.melds import End, Meld, MeldKind, lay_off_options, meld_options, read_meld
from romme_engine.results import HandEnd, HandResult, Standing
from romme_engine.ruleset import PRESETS, ROMME, ROMME_500, Ruleset, preset
from romme_engine.view import PlayerView

__all__ = [
    "Action", "Card", "DECK", "Discard", "DrawStock", "End", "Event", "Hand", "HandEnd",
    "HandResult", "IllegalActionError", "InvalidCardError", "InvalidInputError", "LayDown",
    "LayMeld", "LayOff", "Match", "Meld", "MeldKind", "Move", "NextHand", "PRESETS", "Phase",
    "PlayerView", "ROMME", "ROMME_500", "Reason", "Refusal", "Ruleset", "Standing",
    "SwapJoker", "TakeBack", "TakeDiscard", "best_lay_down", "format_action", "format_cards",
    "lay_off_options", "legal_actions", "meld_options", "melds_in", "parse_action",
    "parse_cards", "penalty", "preset", "read_meld",
]
