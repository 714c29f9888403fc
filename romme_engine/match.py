"""A match: hands dealt one after another until the ruleset's number of hands or limit.

Glossary
    seat        0..players-1; seat 0 is the person on the site; play passes to seat + 1
                (the player on the left)
    seed        the match's secret shuffle seed; deal ``n`` is shuffled by
                ``Random(f"{deal_seed}:{n}")`` and its stock refills by
                ``Random(f"{deal_seed}:{n}:r{k}")``, so a stored match re-deals identically and
                a refresh can never re-shuffle. Its SHA-256 is shown at the start and the seed
                itself at the end, so deals can be checked (`romme_engine.verify`)
    player seed an optional text the person typed; the deal seed mixes it in
                (`engine_common.fairness.deal_seed`)
    standing    the match's end: totals and the winners (lowest total, ties share)
    moves       every move of the hand in play, as applied (None for a hand begun under
                snapshot v1, which kept none)
    played      each finished hand's moves, by hand number: with the hand's deal they replay
                it move by move (`romme_engine.replay`, for the review)
    stacked     a deal given in full (``deck``: a test's, or a practice of a deal), by hand
                number; the others are the seed's
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine_common import contract
from engine_common.fairness import deal_seed
from engine_common.snapshot import check_version, reading, seal, unseal
from engine_common.turns import check_deal_on, play_move
from romme_engine.actions import Action, NextHand
from romme_engine.cards import Card
from romme_engine.deck import shuffled_deck
from romme_engine.errors import IllegalActionError, InvalidInputError
from romme_engine.hand import Event, Hand, Phase
from romme_engine.legal import legal_actions, spelled
from romme_engine.results import HandResult, Standing, match_over, standing, totals
from romme_engine.ruleset import PRESETS, Ruleset
from romme_engine.snapshot import (
    SNAPSHOT_VERSION,
    VERSIONS,
    Played,
    decode_decks,
    decode_hand,
    decode_moves,
    decode_played,
    decode_result,
    encode_decks,
    encode_hand,
    encode_moves,
    encode_played,
    encode_result,
)
from romme_engine.view import PlayerView, make_view


def first_dealer(players: int) -> int:
    """Hand 1 is dealt by the computer on the person's right, so the person (seat 0) starts."""
    return players - 1


class Match:
    """A Rommé match of 2..4 players. Change it only through ``apply``; read it through ``view``."""

    def __init__(self, ruleset: Ruleset, seed: str, hand: Hand, player_seed: str = "") -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.player_seed = player_seed
        self.hand = hand
        self.results: list[HandResult] = []
        self.standing: Standing | None = None
        self.moves: list[Played] | None = []
        self.played: dict[int, tuple[Played, ...]] = {}
        self.stacked: dict[int, tuple[Card, ...]] = {}

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        players: int,
        rng: random.Random,
        deck: Sequence[Card] | None = None,
        player_seed: str = "",
        dealer: int | None = None,
        seed: str | None = None,
    ) -> Match:
        """Start a match; ``rng`` only draws the secret seed (the site passes ``SystemRandom``).

        ``deck`` fixes the first deal for tests and a practice of a finished hand (dealt first
        card first; `romme_engine.replay.deck_of`), ``dealer`` its dealer (by default the seat
        on the person's right); later deals come from the seed, mixed with ``player_seed`` if
        the person typed one. ``seed``: deal from this seed instead of drawing one (a daily's,
        shared by everyone that day).
        """
        seed = f"{rng.getrandbits(128):032x}" if seed is None else seed
        mixed = deal_seed(seed, player_seed)
        order = list(deck) if deck is not None else shuffled_deck(mixed, 1)
        first = first_dealer(players) if dealer is None else dealer
        if not 0 <= first < players:
            raise InvalidInputError(f"no seat {first} to deal among {players}")
        hand = Hand.deal(ruleset, 1, first, players, order, f"{mixed}:1")
        match = cls(ruleset, seed, hand, player_seed)
        if deck is not None:
            match.stacked[1] = tuple(order)
        return match

    @property
    def players(self) -> int:
        return self.hand.players

    @property
    def phase(self) -> Phase:
        return Phase.MATCH_OVER if self.standing is not None else self.hand.phase

    @property
    def settlement(self) -> Standing | None:
        """The standing, by the name the engines' contract gives how a match ended."""
        return self.standing

    @property
    def is_over(self) -> bool:
        """The match has ended (its standing is known): no move is accepted any more."""
        return self.standing is not None

    @property
    def scores(self) -> tuple[int, ...]:
        return totals(self.results, self.players)

    @property
    def turn(self) -> int | None:
        """Who must act now; None between hands and after the match."""
        return self.hand.turn if self.phase in (Phase.DRAW, Phase.PLAY) else None

    def apply(self, player: int, action: Action) -> None:
        """Validate ``action`` for ``player`` and carry it out; a refusal changes nothing."""
        recorded = spelled(self.hand.table, action)
        result = play_move(IllegalActionError, self, player, action, NextHand)
        if isinstance(action, NextHand):
            return
        if self.moves is not None:
            self.moves.append((player, recorded))
        if result is not None:
            self.results.append(result)
            if self.moves is not None:
                self.played[self.hand.number] = tuple(self.moves)
            self._settle_if_over()

    def next_hand(self, deck: Sequence[Card] | None = None) -> None:
        """Deal the next hand, dealt by the player left of the last dealer."""
        check_deal_on(IllegalActionError, self.is_over, self.hand.phase is Phase.HAND_OVER)
        number = self.hand.number + 1
        mixed = deal_seed(self.seed, self.player_seed)
        order = list(deck) if deck is not None else shuffled_deck(mixed, number)
        dealer = (self.hand.dealer + 1) % self.players
        self.hand = Hand.deal(
            self.ruleset, number, dealer, self.players, order, f"{mixed}:{number}"
        )
        self.moves = []
        if deck is not None:
            self.stacked[number] = tuple(order)

    def _settle_if_over(self) -> None:
        if self.results and match_over(self.ruleset, self.results, self.players):
            self.standing = standing(self.results, self.players)

    def view(self, player: int) -> PlayerView:
        return make_view(self, player)

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``apply`` accepts from ``player`` now (`romme_engine.legal`)."""
        return legal_actions(self.view(player))

    @property
    def deals(self) -> int:
        """How many hands have been dealt so far."""
        return self.hand.number

    @property
    def public_history(self) -> tuple[Event, ...]:
        """The hand's public events so far (the engines' contract)."""
        return tuple(self.hand.history)

    @property
    def given_deals(self) -> frozenset[int]:
        """The deals given card by card (a test's, a practice's first), not the seed's."""
        return frozenset(self.stacked)

    def to_dict(self) -> dict[str, Any]:
        """Rommé's fields in the snapshot envelope: the results, the hand as it stands (table,
        staged turn, stock runs and the key its refills are shuffled by), its moves so far,
        and the finished hands' moves and given deals when there are any."""
        fields: dict[str, Any] = {
            "results": [encode_result(r) for r in self.results],
            "hand": encode_hand(self.hand),
        }
        if self.moves is not None:
            fields["mv"] = encode_moves(self.moves)
        if self.played:
            fields["played"] = encode_played(self.played)
        if self.stacked:
            fields["decks"] = encode_decks(self.stacked)
        return seal(SNAPSHOT_VERSION, self.ruleset, PRESETS, self.seed, self.player_seed, fields)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        with reading():
            check_version(data, *VERSIONS)
            ruleset, seed, player_seed = unseal(data, PRESETS, Ruleset.from_dict)
            results = [decode_result(r) for r in data["results"]]
            hand = decode_hand(ruleset, data["hand"], results)
            match = cls(ruleset, seed, hand, player_seed)
            match.results = results
            # v1 kept no moves: its hand in play is never replayable, not even once it ends
            match.moves = decode_moves(data["mv"]) if "mv" in data else None
            match.played = decode_played(data.get("played", {}))
            match.stacked = decode_decks(data.get("decks", {}))
        match._settle_if_over()
        return match


if TYPE_CHECKING:  # mypy checks that this engine keeps the engines' contract
    _: contract.MatchType[Ruleset, Match, Action, PlayerView] = Match
