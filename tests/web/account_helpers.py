"""Helpers for the account, ranking and leaderboard tests."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from gin_engine.deck import stacked_deck
from tests.web.play_helpers import CSRF, get, post_move, seat_match
from webapp.accounts.names import username_key
from webapp.accounts.passwords import hash_password
from webapp.extensions import db
from webapp.models import GIN, Match, MatchResult, PointAward, User, utcnow
from webapp.statistics.ranking import record_result

PASSWORD = "correct horse"
# The person knocks with deadwood 10 after drawing KC and scores 80 − 10 = 70: with the quick
# ruleset (target 50) that knock wins the match.
KNOCK_10 = "2S 3S 4S 5S 9H 9D 9C AH AD 8C"
LOOSE = "KH QD JS TH 7C 6D 4H 3C KD QC"


def token(client: FlaskClient, path: str) -> str:
    found = CSRF.search(client.get(path).get_data(as_text=True))
    assert found, f"no CSRF token on {path}"
    return found.group(1)


def register(
    client: FlaskClient, name: str, password: str = PASSWORD, confirm: str | None = None,
    next: str | None = None,
) -> Any:
    data = {
        "csrf_token": token(client, "/register"),
        "username": name,
        "password": password,
        "confirm": password if confirm is None else confirm,
    }
    if next is not None:
        data["next"] = next
    return client.post("/register", data=data)


def login(
    client: FlaskClient, name: str, password: str = PASSWORD, remember: bool = False,
    next: str | None = None,
) -> Any:
    data = {"csrf_token": token(client, "/login"), "username": name, "password": password}
    if remember:
        data["remember"] = "y"
    if next is not None:
        data["next"] = next
    return client.post("/login", data=data)


def logout(client: FlaskClient) -> Any:
    return client.post("/logout", data={"csrf_token": token(client, "/")})


def seat_winning_match(app: Flask, client: FlaskClient, owner: str | None = None) -> str:
    """A quick-ruleset match the person wins with one knock (see `finish_by_knocking`): a
    guest's, or dealt to the logged-in account named ``owner`` (ranked)."""
    deck = stacked_deck(KNOCK_10, LOOSE, "JC", "KC")
    owner_id = None if owner is None else user_id(app, owner)
    return seat_match(app, client, deck=deck, ruleset="quick", difficulty="easy", owner=owner_id)


def set_difficulty(app: Flask, match_id: str, level: str) -> None:
    with app.app_context():
        row = db.session.get(Match, match_id)
        assert row is not None
        row.difficulty = row.lowest_difficulty = level
        db.session.commit()


def reach_the_winning_knock(client: FlaskClient) -> Any:
    """Pass the upcard and draw KC; returns the page on which knocking KC wins."""
    page = get(client)
    assert page.phase == "upcard", page.html[:300]
    assert post_move(client, page, "pass-upcard").status_code == 303
    page = get(client)
    assert post_move(client, page, "draw-stock").status_code == 303
    page = get(client)
    assert page.phase == "discard"
    return page


def finish_by_knocking(client: FlaskClient) -> None:
    page = reach_the_winning_knock(client)
    assert post_move(client, page, "knock", "KC").status_code == 303
    assert get(client).phase == "match-over"


def user_id(app: Flask, name: str) -> int:
    with app.app_context():
        found = db.session.scalar(select(User.id).where(User.username_key == username_key(name)))
        assert found is not None
        return found


def counts(app: Flask, match_id: str) -> tuple[int, int]:
    """(point awards, statistics rows) stored for a match."""
    with app.app_context():
        awards = db.session.scalars(select(PointAward).where(PointAward.match_id == match_id))
        results = db.session.scalars(select(MatchResult).where(MatchResult.match_id == match_id))
        return len(list(awards)), len(list(results))


def make_user(name: str) -> User:
    """A user with a cheap placeholder hash (seeding many users must be fast)."""
    user = User(username=name, username_key=username_key(name), password_hash="x")
    db.session.add(user)
    db.session.flush()
    return user


_fast_hash: dict[str, str] = {}


def real_user(name: str, password: str = PASSWORD) -> User:
    if password not in _fast_hash:
        _fast_hash[password] = hash_password(password)
    user = User(username=name, username_key=username_key(name), password_hash=_fast_hash[password])
    db.session.add(user)
    db.session.flush()
    return user


def seed_result(
    user: User,
    *,
    outcome: str = "won",
    difficulty: str = "normal",
    finished_at: datetime | None = None,
    score: int = 100,
    opponent_score: int = 40,
    hands: int = 3,
    gins: int = 0,
    undercuts_given: int = 0,
    undercuts_received: int = 0,
    knocks: int = 0,
    knock_deadwood: int = 0,
    hand_scores: list[dict[str, Any]] | None = None,
    game: str = GIN,
    opponents: int = 1,
    statistics: dict[str, int] | None = None,
) -> str:
    """Store a finished match with its statistics (and award, when won) through the site's one
    recording path, which moves the owner's rating too; return its id."""
    when = finished_at or utcnow()
    match = Match(
        ruleset="standard", difficulty=difficulty, lowest_difficulty=difficulty, snapshot={},
        status="abandoned" if outcome == "abandoned" else "finished", version=9,
        owner_user_id=user.id, created_at=when, updated_at=when, finished_at=when,
    )
    db.session.add(match)
    db.session.flush()
    # Through the site's one recording path, so the totals count it as a real ending would.
    record_result(
        MatchResult(
            match_id=match.id, user_id=user.id, game=game, ruleset="standard",
            difficulty=difficulty, outcome=outcome, score=score, opponent_score=opponent_score,
            hands=hands, hands_won=0,
            statistics={"gins": gins, "undercuts_given": undercuts_given,
                        "undercuts_received": undercuts_received, "knocks": knocks,
                        "knock_deadwood": knock_deadwood, **(statistics or {})},
            hand_scores=hand_scores or [], finished_at=when, opponents=opponents,
        )
    )
    return match.id
