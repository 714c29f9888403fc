"""The puzzle rating: each account's first attempt at a puzzle is one Glicko-2 game between the
player and the puzzle. The kept ratings equal a recomputation written here from Glickman's
steps (``glicko2.math``, not the site's modules) over the recorded attempts; 20 answers racing
with one attempt's token move a rating once. Runs on SQLite and, with TEST_DATABASE_URL,
PostgreSQL."""

from __future__ import annotations

import math
from datetime import datetime
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from glicko2.math import rating_to_mu, rd_to_phi, update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd
from sqlalchemy import func, select

from tests.web.account_helpers import logout, register
from tests.web.play_helpers import post_at_once
from tests.web.puzzle_helpers import bank, form
from webapp.extensions import db
from webapp.models import Puzzle, PuzzleAttempt, PuzzleRating
from webapp.puzzles.recount import differences

pytestmark = pytest.mark.db

Triple = tuple[float, float, float]


def _game(me: Triple, them: Triple, score: float) -> Triple:
    mu, phi, sigma = update_rating(rating_to_mu(me[0]), rd_to_phi(me[1]), me[2],
                                   [(rating_to_mu(them[0]), rd_to_phi(them[1]), score)], 0.5)
    return mu_to_rating(mu), phi_to_rd(phi), sigma


def _grown(me: Triple, since: datetime, now: datetime) -> Triple:
    """Glickman's step 6 for each day away: φ* = sqrt(φ² + σ²·days), at most 350."""
    phi = rd_to_phi(me[1])
    days = (now - since).total_seconds() / 86400
    return me[0], min(phi_to_rd(math.sqrt(phi * phi + me[2] ** 2 * days)), 350.0), me[2]


def _answer(client: FlaskClient, puzzle: Puzzle, right: bool) -> None:
    path = f"/puzzles/{puzzle.id}"
    shown = form(client.get(path).get_data(as_text=True))
    move = puzzle.answer if right else next(m for m in shown.moves if m != puzzle.answer)
    assert client.post(path, data=shown.answer(move)).status_code == 303


def test_ratings_equal_a_reference_recomputation(app: Flask, client: FlaskClient) -> None:
    bank(app)
    bank(app, 8, "hu")
    with app.app_context():
        puzzles = list(db.session.scalars(select(Puzzle).order_by(Puzzle.id)))
        start = {p.id: (p.rating, p.rd, p.volatility) for p in puzzles}
    assert len(puzzles) >= 5
    # Three accounts; each answers every puzzle (right or wrong by a pattern), some twice.
    for n, name in enumerate(("ann", "ben", "cat")):
        register(client, name)
        for i, puzzle in enumerate(puzzles):
            _answer(client, puzzle, (i + n) % 3 != 0)
            if i % 4 == n:
                _answer(client, puzzle, True)  # again: kept, not rated
        logout(client)
    with app.app_context():
        attempts = db.session.execute(
            select(PuzzleAttempt).order_by(PuzzleAttempt.id)).scalars().all()
        players: dict[int, tuple[Triple, datetime]] = {}
        ratings = dict(start)
        rated = 0
        for a in attempts:
            if not a.rated:
                continue
            rated += 1
            me = (1500.0, 350.0, 0.06)
            if a.user_id in players:
                me = _grown(*players[a.user_id], a.played_at)
            them = ratings[a.puzzle_id]
            score = 1.0 if a.correct else 0.0
            players[a.user_id] = (_game(me, them, score), a.played_at)
            ratings[a.puzzle_id] = _game(them, me, 1.0 - score)
        assert rated == 3 * len(puzzles)
        assert len(attempts) > rated
        for row in db.session.scalars(select(PuzzleRating)):
            expected = players[row.user_id][0]
            assert (row.rating, row.rd, row.volatility) == pytest.approx(expected, abs=1e-9)
        for puzzle in db.session.scalars(select(Puzzle)):
            assert (puzzle.rating, puzzle.rd, puzzle.volatility) == pytest.approx(
                ratings[puzzle.id], abs=1e-9)
        assert differences() == []


def test_twenty_racing_answers_move_a_rating_once(
    app: Flask, client: FlaskClient, live_server: str
) -> None:
    bank(app)
    register(client, "dora")
    with app.app_context():
        puzzle = db.session.scalars(select(Puzzle).order_by(Puzzle.id)).first()
        assert puzzle is not None
        before = puzzle.rating
    path = f"/puzzles/{puzzle.id}"
    shown = form(client.get(path).get_data(as_text=True))
    cookie = client.get_cookie("session")
    assert cookie is not None
    body = urlencode(shown.answer(puzzle.answer))
    statuses = post_at_once(live_server, path, body, cookie.value, 20)
    assert statuses == [303] * 20
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(PuzzleAttempt)) == 1
        row = db.session.scalars(select(PuzzleRating)).one()
        attempt = db.session.scalars(select(PuzzleAttempt)).one()
        assert attempt.rated and row.streak == 1 and row.rating == attempt.rating > 1500
        assert db.session.get(Puzzle, puzzle.id).rating == attempt.puzzle_rating < before
        assert differences() == []
