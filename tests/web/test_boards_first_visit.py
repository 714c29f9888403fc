"""The boards and player pages as a new player meets them (issue 45, items 9 to 13 and 15): the
board of the game they played last, a rating board never blank, a rating line from where they
began, dates in one zone and one format, and words that fit who reads them."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from tests.web.account_helpers import login, logout, make_user, real_user, seed_result
from tests.web.board_helpers import cell, listed, pinned, provisional
from tests.web.test_board_games import record_romme
from webapp.extensions import db
from webapp.models import GIN, HU, ROMME, MatchResult, utcnow

pytestmark = pytest.mark.db


def current_game(html: str) -> str:
    found = re.search(r'data-game="(\w+)" aria-current="page"', html)
    assert found, "no game is marked current"
    return found.group(1)


def test_a_romme_only_player_opens_on_the_romme_boards(app: Flask, client: FlaskClient):
    with app.app_context():
        rita = real_user("rita")
        seed_result(make_user("gus"), finished_at=utcnow() - timedelta(hours=1))
        record_romme(rita)
        db.session.commit()
    client.get("/?lang=zh_Hans")
    login(client, "rita")
    board = client.get("/leaderboard").get_data(as_text=True)
    assert current_game(board) == ROMME
    assert "你还不在榜上" not in board and listed(board) == ["rita"]
    # The other games are a link away, each named; Rommé's is the page without ?game=.
    assert 'href="/leaderboard?game=gin" data-game="gin"' in board
    assert 'href="/leaderboard" data-game="romme"' in board
    for path in ("/u/rita", "/me"):
        page = client.get(path).get_data(as_text=True)
        assert current_game(page) == ROMME
        assert re.search(r'data-stat="matches">1<', page), path
    # Chosen explicitly, the Gin Rummy board is still there; a guest's default is unchanged.
    assert current_game(client.get("/u/rita?game=gin").get_data(as_text=True)) == GIN
    logout(client)
    assert current_game(client.get("/leaderboard").get_data(as_text=True)) == GIN
    # A player page follows its player's last game, whoever reads it.
    assert current_game(client.get("/u/gus").get_data(as_text=True)) == GIN
    assert current_game(client.get("/u/rita").get_data(as_text=True)) == ROMME


def test_a_new_sites_rating_board_shows_its_provisional_players(
    app: Flask, client: FlaskClient
):
    now = utcnow()
    with app.app_context():
        for n, name in enumerate(("ann", "bob", "cat")):
            seed_result(make_user(name), finished_at=now - timedelta(hours=3 - n))
        # Provisional but gone for 100 days: not among the newest.
        seed_result(make_user("old"), finished_at=now - timedelta(days=100))
        seed_result(make_user("hugo"), finished_at=now, game=HU)
        db.session.commit()
    client.get("/?lang=zh_Hans")
    html = client.get("/leaderboard?by=rating").get_data(as_text=True)
    assert listed(html) == []
    # Newest first, each marked provisional and without a rank.
    assert provisional(html) == ["cat", "bob", "ann"]
    assert 'data-provisional="true"' in html and "尚未排名：最新的暂定等级分" in html
    assert cell(html, "cat", "rank") == "–" and cell(html, "cat", "rating").endswith("?")


def test_provisional_players_follow_the_ranked_ones_on_the_last_page(
    app: Flask, client: FlaskClient
):
    now = utcnow()
    with app.app_context():
        for n in range(3):
            player = make_user(f"p{n}")
            for k in range(16):  # settled: listed on the ladder
                seed_result(player, outcome="won" if k % 2 else "lost",
                            finished_at=now - timedelta(hours=40 - k, minutes=n))
        seed_result(make_user("new"), finished_at=now)
        zed = real_user("zed")
        seed_result(zed, finished_at=now - timedelta(minutes=5))
        db.session.commit()
    app.config["LEADERBOARD_PAGE_SIZE"] = 2
    login(client, "zed")
    first = client.get("/leaderboard?by=rating&game=gin").get_data(as_text=True)
    assert len(listed(first)) == 2 and provisional(first) == []
    assert pinned(first) == ["zed"]
    last = client.get("/leaderboard?by=rating&game=gin&page=2").get_data(as_text=True)
    assert len(listed(last)) == 1 and provisional(last) == ["new", "zed"]
    # The viewer's row is on the page already: not pinned again.
    assert pinned(last) == []


def test_a_rating_chart_after_one_match_draws_from_the_starting_rating(
    app: Flask, client: FlaskClient
):
    with app.app_context():
        seed_result(make_user("one"), difficulty="expert",
                    finished_at=datetime(2026, 12, 4, 12, tzinfo=UTC))
        db.session.commit()
    client.get("/?lang=en")
    html = client.get("/u/one").get_data(as_text=True)
    chart = html.split('id="rating-chart-title"', 1)[1].split("</svg>", 1)[0]
    # 1500 before, 1779 after beating expert: two dots, on an axis from 1500 to 1900.
    assert chart.count('<circle class="dot"') == 2
    ticks = re.findall(r">(\d{4})</text>", chart)
    assert ticks[0] == "1500" and ticks[-1] == "1900"
    assert re.search(r'd="M(\S+),208\.0 L\1,', chart), chart  # the line rises from 1500
    data = client.get("/u/one/charts").get_data(as_text=True)
    start = data.split('data-start="true">', 1)[1].split("</tr>", 1)[0]
    assert "(start)" in start and "<td>1500</td><td>±350</td>" in start


def test_chart_dates_are_in_the_readers_zone_and_the_lists_format(
    app: Flask, client: FlaskClient
):
    # 23:30 in Shanghai, 00:30 the next day in Tokyo.
    at = datetime(2026, 12, 4, 15, 30, tzinfo=UTC)
    with app.app_context():
        seed_result(make_user("ann"), finished_at=at)
        tokyo = real_user("tokyo")
        tokyo.time_zone = "Asia/Tokyo"
        db.session.commit()
    client.get("/?lang=zh_Hans")
    shanghai = client.get("/u/ann").get_data(as_text=True)
    assert "2026/12/4 23:30" in shanghai  # the last matches
    points = shanghai.split('id="chart-title"', 1)[1].split("</figure>", 1)[0]
    assert "2026/12/4" in points and "2026-12-04" not in points
    rating = shanghai.split('id="rating-chart-title"', 1)[1].split("</figure>", 1)[0]
    assert "2026/12/4" in rating and "2026-12-" not in rating
    # The kept parts are another reader's: a Tokyo reader's dates are their own.
    login(client, "tokyo")
    mine = client.get("/u/ann").get_data(as_text=True)
    assert "2026/12/5 00:30" in mine
    for title in ("chart-title", "rating-chart-title"):
        part = mine.split(f'id="{title}"', 1)[1].split("</figure>", 1)[0]
        assert "2026/12/5" in part and "2026/12/4" not in part, title


def test_words_on_the_rating_board_and_the_last_matches(app: Flask, client: FlaskClient):
    with app.app_context():
        seed_result(real_user("hu"), game=HU, difficulty="normal")
        db.session.execute(update(MatchResult).values(ruleset="hu-race"))
        db.session.commit()
    client.get("/?lang=zh_Hans")
    board = client.get("/leaderboard?by=rating&game=gin").get_data(as_text=True)
    assert "专家 1664。" in board and "1664." not in board
    login(client, "hu")
    line = client.get("/me").get_data(as_text=True).split("<li data-match=", 1)[1]
    summary = line.split("<summary>", 1)[1].split("</summary>", 1)[0]
    assert summary.count("胡牌制") == 1 and "达标赛规则，普通难度。" in summary
