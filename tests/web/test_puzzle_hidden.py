"""No puzzle page names a card its player could not see at that decision: the bank's puzzles
(found from the computer players' own matches, every ruleset) and players' own puzzles (from
their reviewed hands), each page and its answer page scanned for cards (``data-card`` codes
and printed symbols) against the view at the decision, played again.

The same scan over a whole bank and 200 players' own puzzles is ``benchmarks/puzzle_hidden.py``
(figures in docs/puzzles.md)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.web.puzzle_helpers import bank, bank_view, leaked, own_puzzle, own_view, seen_at
from tests.web.review_helpers import simulated
from webapp.extensions import db
from webapp.models import Puzzle


@pytest.mark.parametrize(("seed", "ruleset"), [(3, "standard"), (8, "hu"), (12, "quick")])
def test_bank_puzzles_show_only_what_their_player_saw(
    app: Flask, client: FlaskClient, seed: int, ruleset: str
) -> None:
    bank(app, seed, ruleset)
    with app.app_context():
        kept = db.session.execute(select(Puzzle.id, Puzzle.source)).all()
    assert kept
    for puzzle_id, source in kept:
        assert not leaked(client, puzzle_id, seen_at(bank_view(source))), source


def test_own_puzzles_show_only_what_their_player_saw(app: Flask, client: FlaskClient) -> None:
    """Three players' hands, each with a blunder that has a clearly best move, reached by
    练这一步 from the review."""
    for seed, decision in ((3, 16), (25, 25), (31, 14)):
        _match_id, led = own_puzzle(app, client, None, seed, decision)
        puzzle_id = int(led.rsplit("/", 1)[1])
        seen = seen_at(own_view(simulated("standard", seed), 1, decision))
        assert not leaked(client, puzzle_id, seen), seed
