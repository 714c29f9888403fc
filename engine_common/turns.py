"""Who may move now: the checks every game makes before its own rules, written once.

Every game asks the same questions first, in the same order and with the same refusal codes
(``engine_common.refusals``). A match takes no move once it is over; dealing on between hands
is the match's move, any other goes to the hand (``play_move``), and the next hand is dealt
only once this one is over (``check_deal_on``). A hand takes no move once it is over and none
out of turn (``check_turn``). A computer player deals on between hands and refuses to be asked
out of turn (``bot_move``). What a move then does is each engine's own.

A refusal is raised as the engine's own ``IllegalActionError`` (``refuse``), so a caller that
catches one engine's errors catches these too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from engine_common.contract import HAND_OVER
from engine_common.errors import IllegalActionError
from engine_common.refusals import Refusal
from engine_common.view import SeatView

A = TypeVar("A")
"""The engine's action type."""
A_contra = TypeVar("A_contra", contravariant=True)
H = TypeVar("H", covariant=True)
"""The engine's hand result type."""

Refuse = type[IllegalActionError[Any]]
"""The engine's ``IllegalActionError`` class."""


class _Hand(Protocol[A_contra, H]):
    def apply(self, player: int, action: A_contra) -> None: ...

    @property
    def result(self) -> H | None: ...


class _Match(Protocol[A_contra, H]):
    @property
    def is_over(self) -> bool: ...

    @property
    def hand(self) -> _Hand[A_contra, H]: ...

    def next_hand(self) -> None: ...


def play_move(
    refuse: Refuse, match: _Match[A, H], player: int, action: A, next_hand: type[Any]
) -> H | None:
    """Carry out a match's move: none after the match; ``action`` of the engine's
    ``next_hand`` kind deals the next hand, any other is the hand's. Returns the hand's result
    when this move ended the hand, for the match to record."""
    if match.is_over:
        raise refuse(Refusal.MATCH_OVER)
    if isinstance(action, next_hand):
        match.next_hand()
        return None
    match.hand.apply(player, action)
    return match.hand.result


def check_deal_on(refuse: Refuse, match_over: bool, hand_over: bool) -> None:
    """Before the next deal: none after the match, none before this hand is over."""
    if match_over:
        raise refuse(Refusal.MATCH_OVER)
    if not hand_over:
        raise refuse(Refusal.HAND_NOT_OVER)


def check_turn(refuse: Refuse, hand_over: bool, player: int, turn: int) -> None:
    """A hand's first checks: no move once the hand is over, none out of turn."""
    if hand_over:
        raise refuse(Refusal.WRONG_PHASE, "the hand is over")
    if player != turn:
        raise refuse(Refusal.NOT_YOUR_TURN)


def bot_move(
    refuse: Refuse,
    view: SeatView[Any, Any],
    level: str,
    deal_on: Callable[[], A],
    play: Callable[[], A],
) -> A:
    """A computer player's move: between hands it deals on, on its turn it ``play``s; asked
    at any other time (out of turn, after the match) it refuses."""
    if view.phase == HAND_OVER:
        return deal_on()
    if not view.my_turn:
        raise refuse(Refusal.NOT_YOUR_TURN, f"{level} bot asked out of turn")
    return play()
