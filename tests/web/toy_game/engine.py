"""High card: each hand deals both seats one card from a seeded deck of 1..20; each seat in
turn keeps it or swaps it for the stock's top card; the higher card wins the hand; the first
to ``target`` hands wins the match. It keeps `engine_common.contract` and nothing more.

A snapshot is the envelope (`engine_common.snapshot`) around the moves: the match is dealt
again from its seed and the moves replayed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine_common.contract import HAND_OVER, MATCH_OVER, MatchType
from engine_common.errors import IllegalActionError, InvalidInputError
from engine_common.fairness import deal_seed, shuffled
from engine_common.refusals import Refusal
from engine_common.snapshot import check_version, reading, seal, unseal

DECK = tuple(range(1, 21))
VERSION = 1


@dataclass(frozen=True)
class Ruleset:
    name: str
    target: int
    boards: int | None = None
    """A daily's: the match is exactly this many hands, whoever wins them."""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target, "boards": self.boards}


PRESETS = {"first-to-2": Ruleset("first-to-2", 2)}
DEFAULT_PRESET = "first-to-2"


class Phase(StrEnum):
    CHOOSE = "choose"
    HAND_OVER = HAND_OVER
    MATCH_OVER = MATCH_OVER


class Move(StrEnum):
    KEEP = "keep"
    SWAP = "swap"


@dataclass(frozen=True)
class NextHand:
    """Deal the next hand (any seat, between hands)."""


@dataclass(frozen=True)
class HandResult:
    cards: tuple[int, int]
    swapped: tuple[bool, bool]
    winner: int


@dataclass(frozen=True)
class Settlement:
    totals: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class View:
    seat: int
    phase: Phase
    turn: int | None
    card: int | None
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]


class Match:
    players = 2

    def __init__(self, ruleset: Ruleset, seed: str, player_seed: str) -> None:
        self.ruleset, self.seed, self.player_seed = ruleset, seed, player_seed
        self.moves: list[tuple[int, str]] = []
        self._hand_moves: list[tuple[int, str]] = []
        self.results: list[HandResult] = []
        self.deals = 0
        self.given_deals: frozenset[int] = frozenset()
        self._deal()

    @classmethod
    def new(cls, ruleset: Ruleset, *, rng: random.Random, players: int = 2,
            player_seed: str = "", seed: str | None = None) -> Match:
        if players != 2:
            raise InvalidInputError("high card has two seats")
        return cls(ruleset, seed or rng.getrandbits(128).to_bytes(16).hex(), player_seed)

    def _deal(self) -> None:
        self.deals += 1
        self._stock = shuffled(list(DECK), deal_seed(self.seed, self.player_seed), self.deals)
        self._cards = [self._stock.pop(0), self._stock.pop(0)]
        self._swapped = [False, False]
        self._turn: int | None = 0
        self._hand_moves = []

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(sum(1 for r in self.results if r.winner == s) for s in range(2))

    @property
    def is_over(self) -> bool:
        if self.ruleset.boards is not None:
            return len(self.results) >= self.ruleset.boards
        return max(self.scores) >= self.ruleset.target

    @property
    def public_history(self) -> tuple[tuple[int, str], ...]:
        """Who kept and who swapped this hand (the cards stay hidden)."""
        return tuple(self._hand_moves)

    @property
    def phase(self) -> Phase:
        if self.is_over:
            return Phase.MATCH_OVER
        return Phase.HAND_OVER if self._turn is None else Phase.CHOOSE

    @property
    def turn(self) -> int | None:
        return None if self.is_over else self._turn

    @property
    def settlement(self) -> Settlement | None:
        if not self.is_over:
            return None
        return Settlement(self.scores, (max(range(2), key=lambda s: self.scores[s]),))

    def legal_actions(self, player: int) -> list[Any]:
        if self.phase is Phase.HAND_OVER:
            return [NextHand()]
        return [Move.KEEP, Move.SWAP] if self.turn == player else []

    def apply(self, player: int, action: Any) -> None:
        if action not in self.legal_actions(player):
            raise IllegalActionError(Refusal.WRONG_PHASE, f"{action!r} from seat {player}")
        self.moves.append((player, "next" if isinstance(action, NextHand) else str(action)))
        if isinstance(action, NextHand):
            self._deal()
            return
        self._hand_moves.append(self.moves[-1])
        if action is Move.SWAP:
            self._cards[player], self._swapped[player] = self._stock.pop(0), True
        if player == 0:
            self._turn = 1
            return
        a, b = self._cards
        self.results.append(HandResult((a, b), (self._swapped[0], self._swapped[1]),
                                       0 if a > b else 1))
        self._turn = None

    def view(self, player: int) -> View:
        # The other seat's card and the stock stay hidden until the hand is over.
        return View(player, self.phase, self.turn, self._cards[player], self.scores,
                    tuple(self.results))

    def to_dict(self) -> dict[str, Any]:
        return seal(VERSION, self.ruleset, PRESETS, self.seed, self.player_seed,
                    {"moves": [list(m) for m in self.moves]})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        with reading():
            check_version(data, VERSION)
            ruleset, seed, player_seed = unseal(
                data, PRESETS, lambda d: Ruleset(str(d["name"]), int(d["target"]),
                                                 d.get("boards")))
            match = cls(ruleset, seed, player_seed)
            for seat, move in data["moves"]:
                match.apply(int(seat), NextHand() if move == "next" else Move(move))
        return match


_CONTRACT: MatchType[Ruleset, Match, Any, View] = Match  # mypy checks the contract here


class Bot:
    """Keeps a card above ``keep_above``."""

    def __init__(self, keep_above: int) -> None:
        self.keep_above = keep_above

    def choose(self, view: View) -> Any:
        if view.phase is Phase.HAND_OVER:
            return NextHand()
        assert view.card is not None
        return Move.KEEP if view.card > self.keep_above else Move.SWAP


LEVELS = ("easy", "normal", "expert")


def make_bot(level: str, rng: random.Random) -> Bot:
    return Bot({"easy": 15, "normal": 10, "expert": 11}[level])
