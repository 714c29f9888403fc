"""Helpers for Rommé's puzzle tests: a small bank from one computer match, a person's own
puzzle from a reviewed hand, and what a player could see at a decision."""

from __future__ import annotations

import functools

from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from romme_engine.ai.puzzle import match_candidates
from tests.web.romme_helpers import seat_romme, simulated_romme
from tests.web.test_romme_review_hidden import decision_views, kind
from webapp.extensions import db
from webapp.models import ROMME
from webapp.puzzles.data import Candidate
from webapp.puzzles.store import add
from webapp.romme import puzzles as romme_puzzles

OWN_SEED, OWN_PLAYERS = 5, 4
"""simulated_romme(5, 4): the easy player's first hand against three normal computers."""
OWN_PUZZLES = {5: "swap QC 3", 8: "take-discard"}
"""Its flagged decisions with a clearly best move: decision 5, a 失误 (it threw a card where
swapping Q♣ for the joker is clearly best), and decision 8, a 失误 (it drew from the stock
where taking the pile's top is)."""
NO_PUZZLE_SEED, NO_PUZZLE_PLAYERS, NO_PUZZLE_DECISION = 2, 4, 5
"""simulated_romme(2, 4): its one flagged decision, 5, a 大错 (a lay-off) whose moves are
valued but none is clearly best."""
LAY_DOWN_SEED, LAY_DOWN_PLAYERS, LAY_DOWN_DECISION = 32, 3, 1
"""simulated_romme(32, 3): its one flagged decision, 1, a lay-down's (a meld could be laid
out that would stand): never a puzzle, whatever its moves' values (found over the first hands
of seeds 0-59 at 2, 3 and 4 players: the only one)."""
BANK_LEVELS = ("easy", "normal", "expert")


@functools.cache
def _bank(seed: int) -> tuple[Candidate, ...]:
    return tuple(romme_puzzles.bank("romme", seed, BANK_LEVELS, 1))


def romme_bank(app: Flask, seed: int = 1) -> list[Candidate]:
    """Keep the puzzles of one hand between easy, normal and expert; the candidates looked at."""
    found = list(_bank(seed))
    with app.app_context():
        for candidate in found:
            if candidate.data is not None:
                add(ROMME, candidate.source, candidate.data)
        db.session.commit()
    return found


def own_romme_game(seed: int = OWN_SEED, players: int = OWN_PLAYERS) -> romme.Match:
    return simulated_romme(seed, players=players)


def own_romme_puzzle(
    app: Flask,
    client: FlaskClient,
    owner: int | None,
    decision: int,
    seed: int = OWN_SEED,
    players: int = OWN_PLAYERS,
) -> tuple[str, str]:
    """The client's match of ``simulated_romme(seed, players)`` (dealt to ``owner``), its first
    hand reviewed, and 练这一步 followed from ``decision``: (match id, where it led)."""
    match_id = seat_romme(
        app, client, players=players, owner=owner, game=own_romme_game(seed, players)
    )
    assert 'data-review="ready"' in client.get(f"/review/{match_id}/1").get_data(as_text=True)
    answer = client.get(f"/puzzles/from/{match_id}/1/{decision}")
    return match_id, answer.headers.get("Location", "")


def romme_seen_at(view: romme.PlayerView) -> set[str]:
    """Every card (by its face: both copies alike, every joker alike) the player to move could
    see at ``view``: their hand, the discard pile, the melds on the table, the cards the others
    took from the pile this hand."""
    taken = [e.card for e in view.history if e.move is romme.Move.TAKE_DISCARD and e.card]
    cards = {*view.hand, *view.discard_pile, *(c for m in view.table for c in m.cards), *taken}
    return {kind(str(c)) for c in cards}


def romme_bank_view(source: str) -> romme.PlayerView:
    """The view a bank puzzle was found at, played again from its source."""
    _bank_word, ruleset, seed, levels, hand, step = source.split(":")
    for found in match_candidates(
        romme.preset(ruleset), int(seed), tuple(levels.split("-")), int(hand)
    ):
        if (found.hand, found.step) == (int(hand), int(step)):
            return found.view
    raise AssertionError(f"{source} is no decision")


def own_romme_view(game: romme.Match, number: int, decision: int) -> romme.PlayerView:
    return decision_views(game, number)[decision - 1]
