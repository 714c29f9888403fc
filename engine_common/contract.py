"""The contract every game's engine keeps: what a match offers whoever plays it.

A game's package (``gin_engine``, ``romme_engine``) has a ``Match`` class whose objects
satisfy ``Match`` below and whose class satisfies ``MatchType``: each engine's ``match.py``
ends with the assignment mypy checks, and ``tests/engine/test_conformance.py`` plays both
engines through the contract. Each engine keeps its own rules, actions, views and words; the
contract only fixes how they are reached:

- one validating entry point, ``apply(seat, action)``: a refused action raises the engine's
  ``IllegalActionError`` (``engine_common.errors``) with a stable reason and changes nothing;
- ``view(seat)``: what that seat may know, never another seat's hidden cards or the stock's
  order; ``legal_actions(seat)`` lists exactly the actions ``apply`` accepts from that seat now;
- ``to_dict()`` / ``MatchType.from_dict``: a versioned JSON-safe snapshot in
  ``engine_common.snapshot``'s envelope that restores the exact match;
- ``seed``, ``player_seed``, ``deals`` and ``given_deals``: what the fairness panel and
  ``/verify`` need, so that the site reads no snapshot key; ``public_history``: the hand's
  public moves, by which a daily's computer decides;
- ``phase`` is a ``StrEnum`` of the engine's own phases, among them ``hand-over`` (between
  hands: any seat may deal on with the engine's ``NextHand``) and ``match-over``;
- seat 0 is the person on the site; the computer players take the other seats.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from enum import StrEnum
from typing import Any, Protocol, TypeVar

A = TypeVar("A")
"""The engine's action type."""
V = TypeVar("V", covariant=True)
"""The engine's player view type."""
R = TypeVar("R", contravariant=True)
"""The engine's ruleset type."""

HAND_OVER = "hand-over"
MATCH_OVER = "match-over"
"""Phase values every engine has (its ``Phase`` enum spells them so)."""


class Settled(Protocol):
    """How a match ended: each seat's total in the game's own sense (Gin Rummy: points won,
    the higher the better; Rommé: penalty points, the lower the better) and who won."""

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...


class Match(Protocol[A, V]):
    """A match of one game, changed only through ``apply`` and read through ``view``."""

    @property
    def players(self) -> int:
        """How many seats play: 0 .. players - 1."""

    @property
    def phase(self) -> StrEnum: ...

    @property
    def turn(self) -> int | None:
        """The seat that must act; None between hands and after the match."""

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total of the hands played."""

    @property
    def results(self) -> Sequence[Any]:
        """Each finished hand's result, first hand first."""

    @property
    def settlement(self) -> Settled | None:
        """How the match ended, once it is over."""

    @property
    def seed(self) -> str:
        """The secret deal seed (``engine_common.fairness``), revealed when the match ends."""

    @property
    def player_seed(self) -> str:
        """The text the person mixed into every deal (``""``: none), shown from the start."""

    @property
    def deals(self) -> int:
        """How many hands have been dealt so far (``/verify`` re-deals as many)."""

    @property
    def public_history(self) -> Sequence[object]:
        """The hand's public moves so far, as every seat saw them (no hidden card): what a
        daily's computer decides by besides the day's seed and the board
        (``engine_common.fairness.reply_rng``)."""

    @property
    def given_deals(self) -> Collection[int]:
        """The numbers of the deals given card by card (a test's or a practice's ``deck``)
        and kept in the snapshot: the seed does not deal them, so its commitment does not
        cover them."""

    def apply(self, player: int, action: A) -> None: ...

    def view(self, player: int) -> V: ...

    def legal_actions(self, player: int) -> list[A]: ...

    def to_dict(self) -> dict[str, Any]:
        """A versioned, compact, JSON-safe snapshot (``engine_common.snapshot``'s envelope);
        ``MatchType.from_dict`` restores the exact match."""


M = TypeVar("M", bound=Match[Any, Any], covariant=True)
"""The engine's match type."""


class MatchType(Protocol[R, M, A, V]):
    """A game's ``Match`` class: how a match is started and read back from its snapshot; its
    matches keep ``Match[A, V]``."""

    def new(
        self, ruleset: R, *, rng: random.Random, players: int, player_seed: str = ""
    ) -> M:
        """Deal a new match for ``players`` seats; ``rng`` only draws the secret seed."""

    def from_dict(self, data: dict[str, Any]) -> Match[A, V]: ...
