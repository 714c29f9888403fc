"""A match: hands dealt one after another until the ruleset's match end is reached.

Glossary
    seed        the match's secret shuffle seed; deal ``n`` is shuffled by
                ``Random(f"{deal_seed}:{n}")``, so a stored match re-deals identically and a
                refresh can never re-shuffle. Its SHA-256 is shown at the start and the seed
                itself at the end, so deals can be checked (`gin_engine.verify`)
    player seed an optional text the player typed; the deal seed mixes it in
    deal seed   the seed itself, or SHA-256 of ``seed:player_seed`` when there is a player seed
    deal        one dealing of the cards; a dead hand is followed by a new deal by the same dealer
    settlement  the final account (game bonus, boxes, shutout) when the ruleset asks for it
    played      each finished hand's public moves, by hand number: with the hand's deal they
                replay the hand (``gin_engine.replay``) for its review
    stacked     a deal given in full (``deck``, for tests and a practice of a deal), by hand
                number: a deal the seed does not give, so it is kept to replay its hand
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine_common import contract
from engine_common.fairness import deal_seed
from engine_common.snapshot import reading, seal, unseal
from engine_common.turns import check_deal_on, play_move
from gin_engine.actions import Action, NextHand
from gin_engine.cards import Card
from gin_engine.deck import shuffled_deck
from gin_engine.errors import IllegalActionError, InvalidInputError
from gin_engine.hand import Event, Hand, Phase
from gin_engine.results import HandResult, Settlement, hand_points, settle
from gin_engine.ruleset import PRESETS, MatchEnd, NextDealer, Ruleset
from gin_engine.snapshot import (
    SNAPSHOT_VERSION,
    decode_decks,
    decode_hand,
    decode_played,
    decode_result,
    encode_decks,
    encode_hand,
    encode_played,
    encode_result,
    migrate,
)
from gin_engine.view import PlayerView, legal_actions, make_view

COMPUTER_DEALS_FIRST = 1
"""Seat 0 is the person on the site; in hand 1 the computer (seat 1) deals (docs/rules.md §3)."""


class Match:
    """A two-player match. Change it only through ``apply``; read it through ``view``."""

    def __init__(
        self, ruleset: Ruleset, seed: str, hand: Hand, deals: int = 1, player_seed: str = ""
    ) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.player_seed = player_seed
        self.hand = hand
        self.deals = deals
        self.results: list[HandResult] = []
        self.settlement: Settlement | None = None
        self.played: dict[int, tuple[Event, ...]] = {}
        self.stacked: dict[int, tuple[Card, ...]] = {}

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        rng: random.Random,
        first_dealer: int = COMPUTER_DEALS_FIRST,
        deck: Sequence[Card] | None = None,
        player_seed: str = "",
        *,
        players: int = 2,
        seed: str | None = None,
    ) -> Match:
        """Start a match; ``rng`` only draws the secret seed (the site passes ``SystemRandom``).

        ``deck`` fixes the first deal for tests; later deals come from the seed, mixed with
        ``player_seed`` when one is given. Gin Rummy has two ``players``; the argument is the
        engines' contract (``engine_common.contract.MatchType``). ``seed``: deal from this
        seed instead of drawing one (a daily's, shared by everyone who plays that day).
        """
        if players != 2:
            raise InvalidInputError(f"Gin Rummy is played by 2, not {players}")
        seed = f"{rng.getrandbits(128):032x}" if seed is None else seed
        first = list(deck) if deck is not None else shuffled_deck(deal_seed(seed, player_seed), 1)
        hand = Hand.deal(ruleset, 1, first_dealer, first)
        match = cls(ruleset, seed, hand, player_seed=player_seed)
        if deck is not None:
            match.stacked[1] = tuple(first)
        return match

    @property
    def phase(self) -> Phase:
        return Phase.MATCH_OVER if self.settlement is not None else self.hand.phase

    @property
    def players(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        """The match has ended (settled): no move is accepted any more."""
        return self.settlement is not None

    @property
    def scores(self) -> tuple[int, int]:
        return hand_points(self.results)

    @property
    def turn(self) -> int | None:
        """Who must act now; None between hands (either side may deal on) and after the match."""
        return self.hand.turn if self.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD) else None

    @property
    def to_act(self) -> int | None:
        """Who acts next: the player to move, or between hands the next dealer (who deals on);
        None once the match is over. Either player may still deal on (``apply`` allows it)."""
        if self.phase is Phase.MATCH_OVER:
            return None
        if self.phase is Phase.HAND_OVER:
            return self.next_dealer()
        return self.hand.turn

    def apply(self, player: int, action: Action) -> None:
        """Validate ``action`` for ``player`` and carry it out; a refusal changes nothing."""
        result = play_move(IllegalActionError, self, player, action, NextHand)
        if result is not None:
            self._record(result)

    def next_hand(self, deck: Sequence[Card] | None = None) -> None:
        """Deal the next hand; ``deck`` fixes its order for tests."""
        check_deal_on(IllegalActionError, self.is_over, self.hand.phase is Phase.HAND_OVER)
        self.deals += 1
        seed = deal_seed(self.seed, self.player_seed)
        order = list(deck) if deck is not None else shuffled_deck(seed, self.deals)
        number = self.hand.number + 1
        if deck is not None:
            self.stacked[number] = tuple(order)
        self.hand = Hand.deal(self.ruleset, number, self.next_dealer(), order)

    def next_dealer(self) -> int:
        if self.ruleset.match_end is MatchEnd.BOARDS:
            return self.hand.dealer  # every board is dealt by the same seat
        last = self.results[-1] if self.results else None
        if last is None or last.scorer is None:
            return self.hand.dealer  # a dead hand is redealt by the same dealer
        if self.ruleset.next_dealer is NextDealer.WINNER:
            return last.scorer
        return 1 - last.scorer

    def _record(self, result: HandResult) -> None:
        self.results.append(result)
        self.played[self.hand.number] = tuple(self.hand.history)
        self._settle_if_over()

    def _settle_if_over(self) -> None:
        winner = self._winner()
        if winner is not None:
            self.settlement = settle(self.ruleset, self.results, winner)

    def _winner(self) -> int | None:
        """Who has won once the match is over, else None (docs/rules.md, match end).

        By target: the scorer whose total reaches it. By hands: after the last hand the higher
        total; a tie plays further hands until one side leads. Every dealt hand counts. By
        boards: after the last board, the higher total, a tie to the non-dealer (a daily is
        scored board by board against the field, not by this winner).
        """
        end, scores = self.ruleset.match_end, self.scores
        if end is MatchEnd.BOARDS:
            if len(self.results) < self.ruleset.hands:
                return None
            dealer = self.hand.dealer
            return dealer if scores[dealer] > scores[1 - dealer] else 1 - dealer
        scorer = self.results[-1].scorer if self.results else None
        by_target = end in (MatchEnd.TARGET, MatchEnd.TARGET_WITHIN_HANDS)
        if by_target and scorer is not None and scores[scorer] >= self.ruleset.target:
            return scorer
        by_hands = end in (MatchEnd.HANDS, MatchEnd.TARGET_WITHIN_HANDS)
        if by_hands and len(self.results) >= self.ruleset.hands and scores[0] != scores[1]:
            return 0 if scores[0] > scores[1] else 1
        return None

    def view(self, player: int) -> PlayerView:
        return make_view(self, player)

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``apply`` accepts from ``player`` now (`gin_engine.view.legal_actions`)."""
        return legal_actions(self.view(player))

    @property
    def public_history(self) -> tuple[Event, ...]:
        """The hand's public events so far (the engines' contract)."""
        return tuple(self.hand.history)

    @property
    def given_deals(self) -> frozenset[int]:
        """The deals given card by card (a practice's first, a test's), not the seed's."""
        return frozenset(self.stacked)

    def to_dict(self) -> dict[str, Any]:
        """Gin Rummy's fields in the snapshot envelope: the deals so far, the results, the
        hand, and the played hands and stacked decks when there are any."""
        data = seal(SNAPSHOT_VERSION, self.ruleset, PRESETS, self.seed, self.player_seed, {
            "deals": self.deals,
            "results": [encode_result(r) for r in self.results],
            "hand": encode_hand(self.hand),
        })
        if self.played:
            data["played"] = encode_played(self.played)
        if self.stacked:
            data["decks"] = encode_decks(self.stacked)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        with reading():
            data = migrate(data)
            ruleset, seed, player_seed = unseal(data, PRESETS, Ruleset.from_dict)
            results = [decode_result(r) for r in data["results"]]
            hand = decode_hand(ruleset, data["hand"], results)
            match = cls(ruleset, seed, hand, int(data["deals"]), player_seed)
            match.results = results
            match.played = decode_played(data.get("played", {}))
            match.stacked = decode_decks(data.get("decks", {}))
        match._settle_if_over()
        return match


if TYPE_CHECKING:  # mypy checks that this engine keeps the engines' contract
    _: contract.MatchType[Ruleset, Match, Action, PlayerView] = Match
