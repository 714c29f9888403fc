"""The leaderboard and the players' pages, on a seeded set of finished matches."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from tests.web.account_helpers import PASSWORD, login, make_user, real_user, seed_result
from tests.web.board_helpers import cell, listed, pinned
from tests.web.sql_helpers import changed_after, sent_statements
from webapp.accounts.passwords import hash_password
from webapp.board.leaderboard import week_start
from webapp.extensions import db
from webapp.models import PlayerTotal, User, utcnow
from webapp.statistics.charts import LENGTH as CHART_AWARDS


@pytest.fixture
def seeded(app: Flask) -> Flask:
    """ann 130 (expert + normal wins), bob 60 (one win last week), eve 60, cat 10, dan 0."""
    now = utcnow()
    last_week = week_start(now) - timedelta(days=1)
    with app.app_context():
        ann, bob, cat, eve = (make_user(name) for name in ("ann", "bob", "cat", "eve"))
        dan = real_user("dan")
        seed_result(ann, difficulty="expert", score=150, finished_at=now - timedelta(seconds=50),
                    hands=4, gins=1, undercuts_given=1, knocks=2, knock_deadwood=9,
                    hand_scores=[{"end": "gin", "you": 45, "computer": 0},
                                 {"end": "knock", "you": 0, "computer": 12}])
        seed_result(ann, difficulty="normal", score=120, finished_at=now - timedelta(seconds=40),
                    hands=3, undercuts_received=1, knocks=3, knock_deadwood=12)
        seed_result(ann, outcome="lost", difficulty="easy", score=40,
                    finished_at=now - timedelta(seconds=30), hands=5, gins=2, knocks=1,
                    knock_deadwood=4)
        seed_result(bob, finished_at=last_week, score=180)
        seed_result(bob, finished_at=now)
        seed_result(eve, finished_at=now)
        seed_result(eve, finished_at=now)
        seed_result(cat, difficulty="easy", finished_at=now)
        seed_result(cat, outcome="lost", difficulty="easy", finished_at=now)
        seed_result(dan, outcome="lost", finished_at=now, score=20)
        db.session.commit()
    return app


def test_players_are_ranked_by_points_with_shared_ranks_for_ties(seeded, client):
    html = client.get("/leaderboard").get_data(as_text=True)
    assert listed(html) == ["ann", "bob", "eve", "cat", "dan"]
    ranks = [cell(html, name, "rank") for name in listed(html)]
    assert ranks == ["1", "2", "2", "4", "5"]
    assert cell(html, "ann", "points") == "130"
    assert cell(html, "ann", "wins-expert") == "1" and cell(html, "ann", "wins-normal") == "1"
    assert cell(html, "ann", "wins-easy") == "0"
    assert cell(html, "ann", "matches") == "3" and cell(html, "ann", "win-rate") == "67%"
    assert cell(html, "ann", "best") == "150"
    assert cell(html, "bob", "best") == "180" and cell(html, "cat", "win-rate") == "50%"
    assert pinned(html) == []


def test_the_weekly_board_counts_only_this_iso_week(seeded, client):
    html = client.get("/leaderboard?period=week").get_data(as_text=True)
    assert 'data-period="week"' in html
    assert listed(html) == ["ann", "eve", "bob", "cat", "dan"]
    assert cell(html, "bob", "points") == "30" and cell(html, "bob", "matches") == "1"
    assert cell(html, "bob", "best") == "100"


def test_pages_and_the_viewers_pinned_row(seeded, client):
    seeded.config["LEADERBOARD_PAGE_SIZE"] = 2
    login(client, "dan")
    first = client.get("/leaderboard").get_data(as_text=True)
    assert listed(first) == ["ann", "bob"]
    assert pinned(first) == ["dan"]
    assert first.split('data-pinned="true"', 1)[1].count('data-col="rank">5<') == 1
    assert 'rel="next" href="/leaderboard?page=2"' in first and 'rel="prev"' not in first
    second = client.get("/leaderboard?page=2").get_data(as_text=True)
    assert listed(second) == ["eve", "cat"] and pinned(second) == ["dan"]
    third = client.get("/leaderboard?page=3").get_data(as_text=True)
    assert listed(third) == ["dan"] and pinned(third) == []
    assert 'class="own-row"' in third
    week = client.get("/leaderboard?period=week&page=2").get_data(as_text=True)
    assert 'href="/leaderboard?period=week&amp;page=3"' in week


@pytest.mark.parametrize(
    ("query", "message"),
    [("period=month", "請選擇總排行榜或本週排行榜。")]
    + [(f"page={bad}", "頁碼必須是大於或等於 1 的整數。")
       for bad in ("0", "-1", "abc", "١", "99999999999", "")],
)
def test_bad_parameters_get_a_translated_400(seeded, client, query, message):
    client.get("/?lang=zh-Hant")
    response = client.get(f"/leaderboard?{query}")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "錯誤 400" in html and message in html


def test_a_page_past_the_end_is_not_found(seeded, client):
    assert client.get("/leaderboard?page=2").status_code == 404
    assert client.get("/leaderboard?page=1").status_code == 200


def test_the_board_takes_the_same_few_queries_however_many_players(app: Flask, client):
    def queries_for_board() -> int:
        with sent_statements(app) as statements:
            assert client.get("/leaderboard").status_code == 200
        return len(statements)

    with app.app_context():
        for n in range(3):
            seed_result(make_user(f"p{n:02d}"))
        db.session.commit()
    few = queries_for_board()
    with app.app_context():
        for n in range(3, 40):
            seed_result(make_user(f"p{n:02d}"), outcome="won" if n % 2 else "lost")
        db.session.commit()
    assert queries_for_board() == few <= 4


def test_an_empty_board_says_so(client):
    client.get("/?lang=en")
    html = client.get("/leaderboard").get_data(as_text=True)
    assert "No matches have been finished yet." in html


def test_the_week_starts_on_monday_utc():
    wednesday = datetime(2026, 12, 2, 15, 30, tzinfo=UTC)
    sunday_night = datetime(2026, 12, 6, 23, 59, 59, tzinfo=UTC)
    monday = datetime(2026, 11, 30, tzinfo=UTC)
    assert week_start(wednesday) == week_start(sunday_night) == week_start(monday) == monday
    assert week_start(datetime(2026, 12, 7, 0, 0, tzinfo=UTC)) == datetime(2026, 12, 7, tzinfo=UTC)


def stat(html: str, name: str) -> str:
    found = re.search(rf'data-stat="{name}">([^<]*)<', html)
    assert found, name
    return found.group(1)


def test_a_players_page_shows_totals_rates_and_hands(seeded, client: FlaskClient):
    client.get("/?lang=en")
    html = client.get("/u/ANN").get_data(as_text=True)
    assert "Statistics of <bdi>ann</bdi>" in html
    expected = {
        "points": "130", "rank": "1", "matches": "3", "wins": "2", "wins-easy": "0",
        "wins-normal": "1", "wins-expert": "1", "losses": "1", "abandoned": "0",
        "win-rate": "67%", "best": "150", "hands": "12", "undercuts-given": "1",
        "undercuts-received": "1", "knock-deadwood": "4.2",
    }
    assert {name: stat(html, name) for name in expected} == expected
    assert stat(html, "gins").startswith("3 (25%")
    # Last matches, newest first, each with its hands.
    assert html.index("lost") < html.index("+30 ranking points") < html.index("+100 ranking")
    assert "<td>45</td><td>0</td>" in html


def test_the_points_chart_is_accessible_svg_with_a_table(seeded, client: FlaskClient):
    client.get("/?lang=en")
    html = client.get("/u/ann").get_data(as_text=True)
    svg = html[html.index("<svg"): html.index("</svg>")]
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert "130 points from 2 won matches" in svg
    assert "<path" in svg and svg.count("<circle") == 2
    assert "<script" not in html
    # The chart links to its data as a table, a page of its own.
    assert 'href="/u/ann/charts?game=gin">' in html
    data = client.get("/u/ann/charts").get_data(as_text=True)
    table = data[data.index('data-chart="points"'):]
    assert table.index("<td>100</td>") < table.index("<td>130</td>")


def test_my_page_needs_a_login_and_a_player_without_points_has_no_chart(seeded, client):
    client.get("/?lang=en")
    assert client.get("/me").status_code == 302
    login(client, "dan")
    html = client.get("/me").get_data(as_text=True)
    # No points chart; the rating's chart has his one lost match.
    assert "Your statistics" in html and 'id="chart-title"' not in html
    assert html.count("<svg") == 1 and 'id="rating-chart-title"' in html
    assert stat(html, "losses") == "1" and stat(html, "knock-deadwood") == "–"


def test_an_unknown_player_is_not_found(client):
    assert client.get("/u/nobody").status_code == 404


def test_every_page_lists_what_a_full_sort_would_with_competition_ranks(app: Flask, client):
    """31 players in tie groups (equal points, equal wins too), walked 4 to a page."""
    rng = random.Random(18)
    with app.app_context():
        for n in range(31):
            name = f"q{rng.randrange(10_000):04d}{n:02d}"
            user = make_user(name)
            wins = rng.choice([0, 1, 1, 2, 3])
            for level in rng.sample(["easy", "easy", "normal"], wins):
                seed_result(user, difficulty=level)
            if rng.random() < 0.5 or not wins:
                seed_result(user, outcome=rng.choice(["lost", "abandoned"]))
        db.session.commit()
        kept = {
            name: (points, wins)
            for name, points, wins in db.session.execute(
                select(User.username, PlayerTotal.points, PlayerTotal.wins)
                .join(User, User.id == PlayerTotal.user_id)
                .where(PlayerTotal.game == "gin", PlayerTotal.period == "all")
            )
        }
    order = sorted(kept, key=lambda name: (-kept[name][0], -kept[name][1], name))
    ranks = {name: 1 + sum(1 for other in kept.values() if other[0] > kept[name][0])
             for name in kept}
    assert len(set(ranks.values())) < len(ranks), "the seed must make ties"
    app.config["LEADERBOARD_PAGE_SIZE"] = 4
    seen: list[str] = []
    for page in range(1, 9):
        html = client.get(f"/leaderboard?page={page}").get_data(as_text=True)
        on_page = listed(html)
        assert [cell(html, name, "rank") for name in on_page] == [
            str(ranks[name]) for name in on_page
        ]
        seen += on_page
    assert seen == order
    assert client.get("/leaderboard?page=9").status_code == 404
    last = order[-1]
    with app.app_context():
        db.session.execute(
            update(User).where(User.username == last).values(password_hash=hash_password(PASSWORD))
        )
        db.session.commit()
    login(client, last)
    html = client.get("/leaderboard").get_data(as_text=True)
    assert pinned(html) == [last]
    assert cell(html.split('data-pinned="true"', 1)[1], last, "rank") == str(ranks[last])


def test_the_chart_shows_the_last_awards_from_the_total_before_them(app: Flask, client):
    with app.app_context():
        ann = make_user("ann")
        start = utcnow() - timedelta(days=200)
        for n in range(CHART_AWARDS + 3):
            seed_result(ann, difficulty="easy", finished_at=start + timedelta(days=n))
        db.session.commit()
    client.get("/?lang=en")
    html = client.get("/u/ann").get_data(as_text=True)
    svg = html[html.index("<svg"): html.index("</svg>")]
    assert svg.count("<circle") == CHART_AWARDS
    assert f"1030 points from {CHART_AWARDS + 3} won matches; the last {CHART_AWARDS}" in svg
    data = client.get("/u/ann/charts").get_data(as_text=True)
    table = data[data.index('data-chart="points"'):]
    # The first row shown is the 4th award: 40 points, the three before it counted in.
    assert table.index("<td>40</td>") < table.index("<td>1030</td>")
    assert "<td>10</td>" not in table and "<td>30</td>" not in table
    # The line starts at the 30 points held before the first award shown, not at zero.
    path = re.search(r'<path class="line" d="M([\d.]+),([\d.]+)', svg)
    assert path is not None and float(path.group(2)) < 240 - 32


def test_a_total_moved_between_the_rungs_and_the_page_is_ranked_by_the_rungs(seeded, client):
    """The board reads its ladder's rungs and its page in two statements; on PostgreSQL each
    sees what is committed when it starts, so a result recorded between them (another
    request's) can move a listed player onto a points total the rungs do not list. Here the
    move is made between the two in the request's own transaction (the same on both
    databases): the row is ranked by the rungs read — the players above its new total — never
    a 500."""
    cat = select(User.id).where(User.username == "cat").scalar_subquery()
    # cat's 10 points become 20, a total no rung holds.
    twenty = update(PlayerTotal).where(PlayerTotal.user_id == cat).values(points=20)
    with changed_after(seeded, "running", lambda connection: connection.execute(twenty)) as moved:
        response = client.get("/leaderboard")
    assert moved and response.status_code == 200
    html = response.get_data(as_text=True)
    assert listed(html) == ["ann", "bob", "eve", "cat", "dan"]
    assert cell(html, "cat", "points") == "20"
    # Above 20 by the rungs read: ann (130), bob and eve (60).
    assert [cell(html, name, "rank") for name in listed(html)] == ["1", "2", "2", "4", "5"]
