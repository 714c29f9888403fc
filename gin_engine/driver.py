"""The one game loop: players asked in turn until a hand or the match is over.

Glossary
    player   anything with ``choose(view) -> Action``: a computer player (``ai.Bot``), a test's
             scripted player, a timing wrapper; ``None`` in a seat is a person, who acts through
             the site, so the loop stops when that seat must act
    step     one action, by whoever ``Match.to_act`` names

Self-play, the tournament, ``python -m gin_engine``, the engine tests and the site's computer
replies all drive matches through this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from gin_engine.actions import Action
from gin_engine.hand import Phase
from gin_engine.match import Match
from gin_engine.view import PlayerView

MAX_EVENTS = 2000
"""A guard: players that pass cards back and forth for ever would never end a hand."""


class Player(Protocol):
    def choose(self, view: PlayerView) -> Action: ...


Seats = Sequence[Player | None]
"""One entry per seat (0, 1); ``None`` for a person."""


def step(match: Match, players: Seats) -> tuple[int, Action] | None:
    """One action by the player to act; None (nothing done) after the match or for a person."""
    seat = match.to_act
    if seat is None:
        return None
    player = players[seat]
    if player is None:
        return None
    action = player.choose(match.view(seat))
    match.apply(seat, action)
    if len(match.hand.history) > MAX_EVENTS:
        raise RuntimeError(f"hand {match.hand.number} runs on for ever")
    return seat, action


def play_hand(match: Match, players: Seats) -> None:
    """Act until the current hand is over, or a person must act; between hands do nothing."""
    while match.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
        if step(match, players) is None:
            return


def play(match: Match, players: Seats, hands: int | None = None) -> None:
    """Play on until the match is over (or ``hands`` more hands have ended, or a person must act).

    Between hands the next dealer's player deals on.
    """
    ended = 0
    while match.phase is not Phase.MATCH_OVER and (hands is None or ended < hands):
        if match.phase is Phase.HAND_OVER and step(match, players) is None:
            return
        play_hand(match, players)
        if match.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            return  # a person must act
        ended += 1
