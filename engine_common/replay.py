"""What replaying a finished hand means in every game: the hand kept its moves, and its deal is
the seed's or was given in full. Each engine deals and applies the moves itself
(`gin_engine.replay`, `romme_engine.replay`).

Glossary
    step         one move of the hand: who made it, that player's view just before, the move
    replayable   the hand is over and the match kept its moves (``played``)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine_common.errors import EngineError, InvalidInputError
from engine_common.fairness import deal_seed

V = TypeVar("V")
A = TypeVar("A")
C = TypeVar("C")
C_co = TypeVar("C_co", covariant=True)
V_co = TypeVar("V_co", covariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


@dataclass(frozen=True)  # no slots: a generic alias's instances take ``__orig_class__``
class Step(Generic[V, A]):
    seat: int
    view: V
    """The view of ``seat`` just before its move."""
    action: A


class Recorded(Protocol[C_co]):
    """A match that keeps its finished hands' moves and its given deals."""

    @property
    def seed(self) -> str: ...

    @property
    def player_seed(self) -> str: ...

    @property
    def played(self) -> Mapping[int, Sequence[Any]]: ...

    @property
    def stacked(self) -> Mapping[int, tuple[C_co, ...]]: ...

    @property
    def results(self) -> Sequence[Any]: ...


def replayable(match: Recorded[Any], number: int) -> bool:
    """Whether hand ``number`` is over and the match kept its moves."""
    return number in match.played and 0 < number <= len(match.results)


def deck_of(
    match: Recorded[C], number: int, shuffled: Callable[[str, int], Sequence[C]]
) -> tuple[C, ...]:
    """The order hand ``number`` was dealt from: given in full (``stacked``), else the seed's
    (``shuffled``: the engine's deal order from a deal seed). Only for a hand that is over
    (`replayable`): the deck holds the stock's order."""
    if not replayable(match, number):
        raise InvalidInputError(f"hand {number} is not over or kept no moves")
    given = match.stacked.get(number)
    if given is not None:
        return given
    return tuple(shuffled(deal_seed(match.seed, match.player_seed), number))


class Replaying(Protocol[V_co, A_contra]):
    """A match dealt again at a finished hand's start, to play its moves on."""

    @property
    def results(self) -> Sequence[Any]: ...

    def view(self, player: int) -> V_co: ...

    def apply(self, player: int, action: A_contra) -> None: ...


def play_back(
    again: Replaying[V, A], moves: Iterable[tuple[int, A]], result: Any, number: int
) -> list[Step[V, A]]:
    """Apply the hand's ``moves`` to ``again``, each with its player's view just before; the
    hand must end in ``result``, the one the match recorded (else ``InvalidInputError``)."""
    steps: list[Step[V, A]] = []
    try:
        for seat, action in moves:
            steps.append(Step(seat, again.view(seat), action))
            again.apply(seat, action)
    except EngineError as exc:
        raise InvalidInputError(f"hand {number} does not replay: {exc}") from exc
    if list(again.results[-1:]) != [result]:
        raise InvalidInputError(f"hand {number} does not replay to its result")
    return steps
