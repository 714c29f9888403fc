"""A won 胡牌制 match earns ranking points and statistics like any other, under the game key
``hu`` (so the boards can rank the family apart); the standard game keeps ``gin``."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

import gin_engine as engine
from gin_engine import parse_cards
from gin_engine.deck import stacked_deck
from gin_engine.hu import hu_showdown
from tests.web.account_helpers import counts, register, user_id
from tests.web.play_helpers import get, post_move, seat_match
from webapp.extensions import db
from webapp.gin import results
from webapp.models import (
    ALL_GAMES,
    ALL_TIME,
    GIN,
    HU,
    MatchResult,
    PlayerStatistic,
    PlayerTotal,
    PointAward,
)
from webapp.statistics.points import RANKING_POINTS
from webapp.store import MatchRecord

JIN_LONG = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH"  # one ten-card run: a 金龙
LOOSE = "KS KD 2C 6D 8C AC 2D 4D 6C 9S"
THREE_MI = "3S 4S 5S 7H 7D 7C 9D TD JD 3H"
ER_JIN_8 = "6S 7S KS KH KD KC 2C 3C 4C 5C"
PERSON, COMPUTER = 0, 1


def test_a_won_hu_race_match_records_game_hu_with_its_points(app: Flask, client: FlaskClient):
    client.get("/?lang=zh_Hans")
    # The computer deals 11 (its 11th card Q♠) and opens; the person draws K♣ and goes out
    # with a 金龙: 400 + the computer's deadwood passes hu-race's target in one hand.
    deck = stacked_deck(JIN_LONG, LOOSE, "QS", "KC")
    register(client, "lin")
    match_id = seat_match(app, client, deck=deck, ruleset="hu-race", difficulty="normal",
                          owner=user_id(app, "lin"))
    page = get(client)
    assert post_move(client, page, "draw-stock").status_code == 303
    page = get(client)
    assert post_move(client, page, "gin", "KC").status_code == 303
    assert get(client).phase == "match-over"
    assert counts(app, match_id) == (1, 1)
    lin = user_id(app, "lin")
    with app.app_context():
        row = db.session.get(MatchResult, match_id)
        assert row is not None
        assert (row.game, row.ruleset, row.outcome, row.difficulty) == (
            HU, "hu-race", "won", "normal"
        )
        assert row.score >= engine.HU_RACE.target and row.opponent_score == 0
        assert (row.hands, row.hands_won) == (1, 1)
        assert row.statistics["gins"] == 1  # the 金胡 counts as a gin
        assert row.hand_scores[0]["end"] == "jin-hu"
        award = db.session.scalar(select(PointAward).where(PointAward.match_id == match_id))
        assert award is not None and award.points == RANKING_POINTS["normal"]
        gins = {
            (s.game, s.period): s.value
            for s in db.session.scalars(
                select(PlayerStatistic).where(
                    PlayerStatistic.user_id == lin, PlayerStatistic.name == "gins"
                )
            )
        }
        boards = {
            (t.game, t.period): (t.points, t.wins, gins.get((t.game, t.period), 0))
            for t in db.session.scalars(select(PlayerTotal).where(PlayerTotal.user_id == lin))
        }
        won = (RANKING_POINTS["normal"], 1, 1)
        assert boards[(HU, ALL_TIME)] == won and boards[(ALL_GAMES, ALL_TIME)] == won
        assert (GIN, ALL_TIME) not in boards
    # The leaderboard's 胡牌制 board lists the winner; Gin Rummy's does not.
    assert 'data-player="lin"' in client.get("/leaderboard?game=hu").get_data(as_text=True)
    assert 'data-player="lin"' not in client.get("/leaderboard?game=gin").get_data(as_text=True)
    # With no board named, lin's own leaderboard opens on the game lin played last: 胡牌制.
    assert 'data-player="lin"' in client.get("/leaderboard").get_data(as_text=True)


def test_the_game_key_follows_the_scoring_scheme() -> None:
    assert {name: results.board_key(rule) for name, rule in engine.PRESETS.items()} == {
        "standard": GIN, "classic": GIN, "quick": GIN, "hu": HU, "hu-race": HU,
    }


def test_hu_statistics_count_zha_hu_as_undercuts_and_mi_hu_calls_as_knocks() -> None:
    """A 诈胡 the person called is an undercut received and one of its knocks; a 诈胡 it
    caught is an undercut given."""
    caller, defender = parse_cards(THREE_MI), parse_cards(ER_JIN_8)
    game = engine.Match.new(engine.HU, random.Random(1))
    game.results.extend([
        hu_showdown(engine.HU, 1, 1, PERSON, caller, defender),
        hu_showdown(engine.HU, 2, 0, COMPUTER, caller, defender),
    ])
    now = datetime.now(UTC)
    record = MatchRecord(
        id="m", version=1, snapshot={}, game=GIN, ruleset="hu", difficulty="easy",
        pending_difficulty=None,
        status="finished", lowest_difficulty="easy", owner_user_id=1, created_at=now,
        updated_at=now, finished_at=now,
    )
    row = results.statistics(record, game)
    assert (row.game, row.hands_won) == (HU, 1)
    assert dict(row.statistics) == {
        "gins": 0, "undercuts_given": 1, "undercuts_received": 1, "knocks": 1,
        "knock_deadwood": 3,
    }
