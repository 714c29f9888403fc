"""Helpers for the review (复盘) tests: matches simulated by the engine and stored as a client's
match, and the review page read back into its rows."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from html import unescape

from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from engine_common.luck import HandLuck
from gin_engine.ai import make_bot
from gin_engine.driver import play
from webapp.matches import SESSION_MATCH_KEY
from webapp.store import create_match

ROW = re.compile(
    r'<li class="decision[^"]*" id="d\d+" data-decision="(\d+)" data-label="(\w+)"'
    r' data-loss="([\d.]+)" data-matched="(true|false)">(.*?)</li>',
    re.S,
)
MOVE = re.compile(r'data-move="(played|expert)">(.*?) <span class="value">([^<]*)</span>', re.S)


@dataclass(frozen=True)
class Row:
    number: int
    label: str
    loss: float
    matched: bool
    played: str
    expert: str
    html: str


def rows(html: str) -> list[Row]:
    found = []
    for number, label, loss, matched, body in ROW.findall(html):
        moves = {kind: unescape(text) for kind, text, _value in MOVE.findall(body)}
        found.append(Row(int(number), label, float(loss), matched == "true",
                         moves["played"], moves["expert"], body))
    return found


def simulated(ruleset: str, seed: int, hands: int | None = 1, person: str = "easy",
              computer: str = "normal") -> engine.Match:
    """A match whose seat 0 is played by the ``person`` level, seeded: the same every time."""
    game = engine.Match.new(engine.preset(ruleset), random.Random(seed), first_dealer=1)
    seats = [make_bot(person, random.Random(seed)), make_bot(computer, random.Random(seed + 1))]
    play(game, seats, hands=hands)
    return game


def seat_game(app: Flask, client: FlaskClient, game: engine.Match, ruleset: str,
              difficulty: str = "normal", owner: int | None = None) -> str:
    """Store ``game`` as a guest match (or one dealt to the account ``owner``) and make it this
    client's match."""
    with app.test_request_context():
        record = create_match(ruleset=ruleset, difficulty=difficulty, snapshot=game.to_dict(),
                              owner_user_id=owner)
    with client.session_transaction() as session:
        session[SESSION_MATCH_KEY] = record.id
    return record.id


def count_as_finished(app: Flask, match_id: str) -> None:
    """Mark a stored match whose game is over as finished and count it, as the site does
    when its last move is played (its result, totals, rating)."""
    from webapp.matches import save_and_count
    from webapp.store import load_match

    with app.test_request_context():
        record = load_match(match_id)
        assert record is not None
        record.status = "finished"
        save_and_count(record, record.version)


def followed_page(client: FlaskClient, match_id: str, number: int) -> tuple[str, list[Row]]:
    """The review page of a hand the person played by the Hint, checked: every decision 好,
    loss 0, the expert's move; the first screen with no points lost to mistakes, nothing to
    jump to, no reason to give. The page and its rows."""
    page = client.get(f"/review/{match_id}/{number}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    shown = rows(html)
    assert all(r.label == "good" and r.loss == 0.0 and r.matched for r in shown), shown
    assert all(r.played == r.expert for r in shown)
    assert ('<span data-figure="mistakes">Your mistakes <strong>0</strong></span>' in html
            and "<strong>100%</strong>" in html)
    assert 'data-mistake=' not in html and 'class="reason"' not in html
    assert 'data-verdict="mistake"' not in html
    return html, shown


def planted_verdict(app: Flask, client: FlaskClient, match_id: str, number: int,
                    luck: HandLuck) -> str:
    """The hand page's ``data-verdict`` once the kept review of hand ``number`` holds ``luck``
    in place of the luck measured with it (the review itself kept as it was)."""
    from webapp.extensions import db
    from webapp.models import HandReviewRow

    assert client.get(f"/review/{match_id}/{number}").status_code == 200  # reviewed and kept
    with app.test_request_context():
        row = db.session.get(HandReviewRow, (match_id, number))
        assert row is not None
        row.luck_deal, row.luck_own_draws = luck.deal, luck.own_draws
        row.luck_their_draws, row.luck_error = luck.their_draws, luck.error
        db.session.commit()
    html = client.get(f"/review/{match_id}/{number}").get_data(as_text=True)
    found = re.search(r'<p class="verdict" data-verdict="(\w+)">', html)
    assert found is not None
    return found.group(1)
