"""Puzzles through the site's forms: a bank puzzle answered right and wrong, bad answers
refused, a person's own puzzle (错题本) seen by them and nobody else, a decision without a
clearly best move never a puzzle, 每日一题's share, the streak on /me."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from tests.web.account_helpers import login, logout, register, user_id
from tests.web.puzzle_helpers import (
    NO_PUZZLE_DECISION,
    NO_PUZZLE_SEED,
    OWN_ANSWER,
    bank,
    form,
    own_puzzle,
)
from webapp.extensions import db
from webapp.models import Puzzle, PuzzleAttempt


def _answer(client: FlaskClient, path: str, move: str | None = None) -> str:
    """Answer the puzzle at ``path`` (its first move unless ``move``); the answer page."""
    shown = form(client.get(path).get_data(as_text=True))
    posted = client.post(path, data=shown.answer(move or shown.moves[0]))
    assert posted.status_code == 303
    return client.get(posted.headers["Location"]).get_data(as_text=True)


def _puzzles(app: Flask) -> list[Puzzle]:
    with app.app_context():
        return list(db.session.scalars(select(Puzzle).order_by(Puzzle.id)))


def test_a_bank_puzzle_answered_wrong_then_right(app: Flask, client: FlaskClient) -> None:
    found = bank(app)
    kept = _puzzles(app)
    assert len(kept) == sum(c.data is not None for c in found) > 0
    nxt = client.get("/puzzles/next")
    assert nxt.status_code == 303
    path = nxt.headers["Location"]
    puzzle = next(p for p in kept if path.endswith(f"/puzzles/{p.id}"))
    shown = client.get(path)
    assert shown.headers["Cache-Control"] == "no-store"  # its form's attempt token is one's own
    moves = form(shown.get_data(as_text=True)).moves
    assert sorted(moves) == sorted(m for m, _v in puzzle.moves)  # one button per legal move
    wrong = next(m for m in moves if m != puzzle.answer)
    page = _answer(client, path, wrong)
    assert 'data-verdict="wrong"' in page and 'data-move="best"' in page
    assert 'data-link="next"' in page and 'data-reason="answer"' in page
    page = _answer(client, path, puzzle.answer)
    assert 'data-verdict="right"' in page and 'data-move="best"' not in page
    with app.app_context():
        rows = db.session.execute(select(PuzzleAttempt.correct, PuzzleAttempt.rated)).all()
    assert sorted(rows) == [(False, False), (True, False)]  # a guest's answers: never rated


def test_bad_answers_are_refused_and_change_nothing(app: Flask, client: FlaskClient) -> None:
    bank(app)
    path = client.get("/puzzles/next").headers["Location"]
    shown = form(client.get(path).get_data(as_text=True))
    good = shown.answer(shown.moves[0])
    for data in ({**good, "move": "discard ZZ"}, {**good, "token": "short"},
                 {k: v for k, v in good.items() if k != "token"}):
        refused = client.post(path, data=data)
        assert refused.status_code == 400
    assert "That is not one of this puzzle" in client.post(
        path, data={**good, "move": "gin 2S"}, headers={"Accept-Language": "en"}
    ).get_data(as_text=True)
    assert client.get("/puzzles/999999").status_code == 404
    assert client.get("/puzzles/answer/" + "x" * 22).status_code == 404
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(PuzzleAttempt)) == 0


def test_a_mistake_is_in_its_players_own_list_and_nobody_elses(
    app: Flask, client: FlaskClient
) -> None:
    register(client, "alice")
    match_id, led = own_puzzle(app, client, user_id(app, "alice"))
    [puzzle] = _puzzles(app)
    assert (puzzle.match_id, puzzle.hand, puzzle.answer) == (match_id, 1, OWN_ANSWER)
    assert led.endswith(f"/puzzles/{puzzle.id}")
    mine = client.get("/puzzles/mine").get_data(as_text=True)
    assert f'data-own="{puzzle.id}" data-state="new"' in mine
    wrong = next(m for m, _v in puzzle.moves if m != OWN_ANSWER)
    assert 'data-verdict="wrong"' in _answer(client, led, wrong)
    assert 'data-state="failed"' in client.get("/puzzles/mine").get_data(as_text=True)
    page = _answer(client, led, OWN_ANSWER)
    assert 'data-verdict="right"' in page and 'data-link="review"' in page
    assert 'data-state="solved"' in client.get("/puzzles/mine").get_data(as_text=True)
    _answer(client, led, OWN_ANSWER)  # right again the same day: not learned yet
    assert 'data-state="solved"' in client.get("/puzzles/mine").get_data(as_text=True)
    with app.app_context():  # the first right answer was on another day
        first = db.session.scalar(select(func.min(PuzzleAttempt.id)).where(PuzzleAttempt.correct))
        db.session.execute(
            update(PuzzleAttempt).where(PuzzleAttempt.id == first).values(day="2026-01-01"))
        db.session.commit()
    assert 'data-state="learned"' in client.get("/puzzles/mine").get_data(as_text=True)
    logout(client)
    register(client, "bob")
    assert f'data-own="{puzzle.id}"' not in client.get("/puzzles/mine").get_data(as_text=True)
    assert client.get(led).status_code == 404
    assert client.get(f"/puzzles/from/{match_id}/1/16").status_code == 404
    assert client.get("/puzzles/next").headers.get("Location", "") != led  # never in the bank
    logout(client)
    assert client.get(led).status_code == 404  # nor a guest's
    login(client, "alice")
    assert client.get(led).status_code == 200


def test_a_decision_without_a_clearly_best_move_is_no_puzzle(
    app: Flask, client: FlaskClient
) -> None:
    match_id, led = own_puzzle(app, client, None, NO_PUZZLE_SEED, NO_PUZZLE_DECISION)
    assert led == ""
    assert _puzzles(app) == []
    page = client.get(f"/puzzles/from/{match_id}/1/{NO_PUZZLE_DECISION}")
    assert page.status_code == 200 and 'data-puzzle="none"' in page.get_data(as_text=True)
    assert client.get(f"/puzzles/from/{match_id}/1/3").status_code == 200  # a good move
    assert _puzzles(app) == []


def test_the_daily_puzzle_is_everyones_and_shows_the_share(
    app: Flask, client: FlaskClient
) -> None:
    bank(app)
    first = client.get("/puzzles/daily").get_data(as_text=True)
    other = app.test_client()
    assert form(other.get("/puzzles/daily").get_data(as_text=True)).moves == form(first).moves
    puzzle_id = first.split('data-puzzle="')[1].split('"')[0]
    page = _answer(client, f"/puzzles/{puzzle_id}")
    assert 'data-share="daily" data-right="1" data-answered="1"' in page


def test_the_streak_is_on_the_players_page(app: Flask, client: FlaskClient) -> None:
    bank(app)
    register(client, "carol")
    for puzzle in _puzzles(app)[:3]:
        _answer(client, f"/puzzles/{puzzle.id}", puzzle.answer)
    me = client.get("/me").get_data(as_text=True)
    assert 'data-streak="current">3<' in me and 'data-streak="best">3<' in me
    wrong = _puzzles(app)[0]  # tried again: unrated, but it counts for the streak
    _answer(client, f"/puzzles/{wrong.id}", next(m for m, _v in wrong.moves if m != wrong.answer))
    me = client.get("/me").get_data(as_text=True)
    assert 'data-streak="current">0<' in me and 'data-streak="best">3<' in me


def test_the_start_page_and_me_link_to_the_puzzles(app: Flask, client: FlaskClient) -> None:
    start = client.get("/").get_data(as_text=True)
    assert 'href="/puzzles" data-link="puzzles"' in start
    register(client, "dave")
    me = client.get("/me").get_data(as_text=True)
    assert 'href="/puzzles/next" data-link="next"' in me
    assert 'href="/puzzles/mine" data-link="mine"' in me
