"""The game switch of the leaderboard and the player pages: Gin Rummy (the default), Rommé, all
games — plain links, per-game boards and statistics, read from the kept totals."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.account_helpers import login, make_user, real_user, register, seed_result, token
from tests.web.board_helpers import cell, listed
from tests.web.sql_helpers import sent_statements
from webapp.board.games import DEFAULT_GAME, all_boards, board_game
from webapp.board.leaderboard import week_start
from webapp.extensions import db
from webapp.models import ALL_GAMES, GIN, HU, ROMME, Match, MatchResult, User, utcnow
from webapp.statistics.points import RANKING_POINTS
from webapp.statistics.ranking import record_result
from webapp.statistics.totals import boards_of

# Hands as the Rommé table records them: how each ended, who went out, what each seat paid.
ROMME_HANDS = [
    {"end": "out", "winner": 0, "penalties": [0, 25, 40]},
    {"end": "hand-romme", "winner": 2, "penalties": [30, 44, 0]},
    {"end": "stock-out", "winner": None, "penalties": [12, 8, 20]},
]


def stat(html: str, name: str) -> str | None:
    found = re.search(rf'data-stat="{name}">([^<]*)<', html)
    return found.group(1) if found else None


def record_romme(
    user: User,
    *,
    outcome: str = "won",
    difficulty: str = "normal",
    score: int = 35,
    hands: int = 3,
    finished_at: datetime | None = None,
) -> str:
    """A finished Rommé match counted through `record_result`, the way the Rommé table ends
    one: ``game="romme"``, Gin's own counts 0, Rommé's hands in ``hand_scores``."""
    when = finished_at or utcnow()
    match = Match(
        ruleset="romme", difficulty=difficulty, lowest_difficulty=difficulty, snapshot={},
        status="finished", version=5, owner_user_id=user.id, created_at=when, updated_at=when,
        finished_at=when,
    )
    db.session.add(match)
    db.session.flush()
    record_result(
        MatchResult(
            match_id=match.id, user_id=user.id, game=ROMME, ruleset="romme",
            difficulty=difficulty, outcome=outcome, score=score, opponent_score=60,
            hands=hands, hands_won=1, statistics={},
            hand_scores=ROMME_HANDS[:hands],
            finished_at=when,
        )
    )
    return match.id


@pytest.fixture
def seeded(app: Flask) -> Flask:
    """Gin: ann 30 (one normal win), bob 10. Rommé: cat 100 (expert), ann 10 + a loss,
    dan 0 (a loss last week too)."""
    now = utcnow()
    with app.app_context():
        ann, bob, cat = (make_user(name) for name in ("ann", "bob", "cat"))
        dan = real_user("dan")
        seed_result(ann, difficulty="normal", score=120, hands=4, gins=1,
                    finished_at=now - timedelta(seconds=60),
                    hand_scores=[{"end": "gin", "you": 45, "computer": 0}])
        seed_result(bob, difficulty="easy", finished_at=now - timedelta(seconds=50))
        record_romme(cat, difficulty="expert", score=12, hands=3)
        record_romme(ann, difficulty="easy", score=20, hands=3,
                     finished_at=now - timedelta(seconds=40))
        record_romme(ann, outcome="lost", score=90, hands=2,
                     finished_at=now - timedelta(seconds=30))
        record_romme(dan, outcome="lost", finished_at=week_start(now) - timedelta(days=2))
        record_romme(dan, outcome="lost")
        db.session.commit()
    return app


def test_one_list_defines_the_board_games() -> None:
    assert [g.key for g in all_boards()] == [GIN, HU, ROMME, ALL_GAMES]
    assert DEFAULT_GAME == GIN and board_game(None).key == GIN
    assert [g.key for g in all_boards() if g.best_score] == [GIN]
    assert [[line.key for line in g.shown] for g in all_boards()] == [
        ["gins", "undercuts-given", "undercuts-received", "knock-deadwood"], [], [], [],
    ]
    # The all-games key is the one the totals are written under.
    row = MatchResult(game=ROMME, finished_at=utcnow())
    assert {game for game, _ in boards_of(row)} == {ROMME, ALL_GAMES}


def test_the_default_board_is_gin_rummy_with_a_switch(seeded: Flask, client: FlaskClient):
    client.get("/?lang=en")
    html = client.get("/leaderboard").get_data(as_text=True)
    assert 'data-game="gin"' in html
    assert listed(html) == ["ann", "bob"]
    assert cell(html, "ann", "points") == "30" and cell(html, "ann", "best") == "120"
    switch = html.split('class="tabs game-switch"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'href="([^"]+)" data-game="(\w+)"', switch) == [
        ("/leaderboard", "gin"), ("/leaderboard?game=hu", "hu"),
        ("/leaderboard?game=romme", "romme"), ("/leaderboard?game=all", "all"),
    ]
    assert 'data-game="gin" aria-current="page">Gin Rummy<' in switch
    assert client.get("/leaderboard?game=gin").get_data(as_text=True).count('data-player=') == 2


def test_the_romme_board_ranks_romme_results_only(seeded: Flask, client: FlaskClient):
    client.get("/?lang=en")
    html = client.get("/leaderboard?game=romme").get_data(as_text=True)
    assert 'data-game="romme"' in html and "Rommé" in html
    assert listed(html) == ["cat", "ann", "dan"]
    assert [cell(html, n, "rank") for n in listed(html)] == ["1", "2", "3"]
    assert cell(html, "cat", "points") == str(RANKING_POINTS["expert"])
    assert cell(html, "ann", "points") == str(RANKING_POINTS["easy"])
    assert cell(html, "ann", "matches") == "2" and cell(html, "ann", "win-rate") == "50%"
    assert cell(html, "cat", "wins-expert") == "1"
    assert cell(html, "dan", "matches") == "2" and cell(html, "dan", "win-rate") == "0%"
    # A Rommé score is a penalty total: no "best match score" column on this board.
    assert 'data-col="best"' not in html and "Best match score" not in html
    assert 'data-game="romme" aria-current="page"' in html


def test_the_all_games_board_sums_both_games(seeded: Flask, client: FlaskClient):
    html = client.get("/leaderboard?game=all").get_data(as_text=True)
    assert listed(html) == ["cat", "ann", "bob", "dan"]
    assert cell(html, "ann", "points") == str(RANKING_POINTS["normal"] + RANKING_POINTS["easy"])
    assert cell(html, "ann", "matches") == "3"
    assert cell(html, "ann", "wins-normal") == "1" and cell(html, "ann", "wins-easy") == "1"


def test_the_switch_keeps_the_period_and_the_period_tabs_keep_the_game(
    seeded: Flask, client: FlaskClient
):
    html = client.get("/leaderboard?game=romme&period=week").get_data(as_text=True)
    assert cell(html, "dan", "matches") == "1"  # last week's loss is not on this week's board
    assert 'href="/leaderboard?period=week" data-game="gin"' in html
    assert 'href="/leaderboard?game=all&amp;period=week" data-game="all"' in html
    assert 'href="/leaderboard?game=romme">' in html  # the all-time tab of the Rommé board


def test_pages_and_the_pinned_row_stay_on_the_chosen_game(seeded: Flask, client: FlaskClient):
    seeded.config["LEADERBOARD_PAGE_SIZE"] = 2
    login(client, "dan")
    first = client.get("/leaderboard?game=romme").get_data(as_text=True)
    assert listed(first) == ["cat", "ann"]
    # Dan played Rommé last: his board without ?game= is Rommé's.
    assert 'rel="next" href="/leaderboard?page=2"' in first
    pinned = first.split('data-pinned="true"', 1)[1]
    assert 'data-player="dan"' in pinned and 'data-col="rank">3<' in pinned
    assert 'colspan="8"' in first  # no best-score column on the Rommé board
    second = client.get("/leaderboard?game=romme&page=2").get_data(as_text=True)
    assert listed(second) == ["dan"]
    assert 'rel="prev" href="/leaderboard?page=1"' in second
    assert client.get("/leaderboard?game=romme&page=3").status_code == 404


@pytest.mark.parametrize("path", ["/leaderboard", "/u/ann", "/me"])
@pytest.mark.parametrize("bad", ["hu-race", "", "GIN", "romme%00", "all;drop", "é"])
def test_an_unknown_game_is_a_translated_400(
    seeded: Flask, client: FlaskClient, path: str, bad: str
):
    if path == "/me":
        login(client, "dan")
    client.get("/?lang=zh-Hant")
    response = client.get(f"{path}?game={bad}")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "錯誤 400" in html
    if "%" in bad:  # a control character: refused as unreadable before any view (form_rules)
        assert "這個地址裡有無法識別的字元" in html
    else:
        assert "沒有這個排行榜，請從金拉米、胡牌制、德式拉米、全部遊戲中選擇。" in html


def test_a_players_page_shows_statistics_per_game(seeded: Flask, client: FlaskClient):
    client.get("/?lang=en")
    gin = client.get("/u/ann?game=gin").get_data(as_text=True)
    assert 'data-game="gin" aria-current="page"' in gin
    assert (stat(gin, "points"), stat(gin, "matches"), stat(gin, "wins")) == ("30", "1", "1")
    assert (stat(gin, "best"), stat(gin, "hands"), stat(gin, "rank")) == ("120", "4", "1")
    assert stat(gin, "gins") is not None and stat(gin, "undercuts-given") == "0"
    switch = gin.split('class="tabs game-switch"', 1)[1].split("</nav>", 1)[0]
    # Ann played Rommé last: her page without ?game= is its board.
    assert 'href="/u/ann"' in switch and 'href="/u/ann?game=gin"' in switch
    assert 'href="/u/ann?game=all"' in switch

    romme = client.get("/u/ann?game=romme").get_data(as_text=True)
    assert 'data-game="romme" aria-current="page"' in client.get("/u/ann").get_data(as_text=True)
    expected = {
        "points": str(RANKING_POINTS["easy"]), "rank": "2", "matches": "2", "wins": "1",
        "wins-easy": "1", "wins-normal": "0", "losses": "1", "abandoned": "0",
        "win-rate": "50%", "hands": "5",
    }
    assert {name: stat(romme, name) for name in expected} == expected
    for gin_only in ("best", "gins", "undercuts-given", "undercuts-received", "knock-deadwood"):
        assert stat(romme, gin_only) is None, gin_only

    every = client.get("/u/ann?game=all").get_data(as_text=True)
    assert stat(every, "points") == str(RANKING_POINTS["normal"] + RANKING_POINTS["easy"])
    assert (stat(every, "matches"), stat(every, "wins"), stat(every, "hands")) == ("3", "2", "9")
    assert stat(every, "rank") == "2"


def test_last_matches_name_their_game_and_table_only_gin_hands(
    seeded: Flask, client: FlaskClient
):
    client.get("/?lang=en")
    for query in ("", "?game=romme"):
        html = client.get(f"/u/ann{query}").get_data(as_text=True)
        items = re.findall(r'<li data-match="[^"]+" data-game="(\w+)">', html)
        assert items == ["romme", "romme", "gin"]  # newest first, every game
        newest = html.split('class="recent-matches"', 1)[1].split("</li>", 1)[0]
        assert "Rommé" in newest and newest.count("<tr data-hand=") == 2
        first, second = newest.split("<tr data-hand=")[1:]
        assert "went out · you went out" in first and "<td>0</td>" in first
        assert "Hand-Rommé" in second and "you went out" not in second
        assert "<td>30</td>" in second
        assert "<td>45</td><td>0</td>" in html  # the Gin match keeps its hand table


def test_the_points_chart_follows_the_game(seeded: Flask, client: FlaskClient):
    client.get("/?lang=en")
    gin = client.get("/u/ann").get_data(as_text=True)
    romme = client.get("/u/ann?game=romme").get_data(as_text=True)
    every = client.get("/u/ann?game=all").get_data(as_text=True)

    def dots(page: str) -> int:  # the points chart's (the rating's chart follows it)
        return page.split('id="chart-title"', 1)[1].split("</svg>", 1)[0].count("<circle")

    assert dots(gin) == dots(romme) == 1
    assert dots(every) == 2
    # The charts' tables are a page of their own, following the game too.
    for game, total in (("gin", 30), ("romme", 10), ("all", 40)):
        data = client.get(f"/u/ann/charts?game={game}").get_data(as_text=True)
        assert f"<td>{total}</td>" in data.split('data-chart="points"', 1)[1]


def test_my_page_has_the_switch_too(seeded: Flask, client: FlaskClient):
    client.get("/?lang=en")
    login(client, "dan")
    html = client.get("/me?game=romme").get_data(as_text=True)
    assert (stat(html, "matches"), stat(html, "losses"), stat(html, "points")) == ("2", "2", "0")
    assert 'href="/me?game=all"' in html and 'href="/me?game=gin"' in html
    assert 'href="/me"' in html  # Rommé, the game he played last
    assert stat(client.get("/me?game=gin").get_data(as_text=True), "matches") == "0"


def test_each_board_takes_the_same_few_queries(app: Flask, client: FlaskClient):
    def queries(path: str) -> int:
        with sent_statements(app) as statements:
            assert client.get(path).status_code == 200
        return len(statements)

    with app.app_context():
        for n in range(3):
            record_romme(make_user(f"r{n:02d}"))
            seed_result(make_user(f"g{n:02d}"))
        db.session.commit()
    few = {game.key: queries(f"/leaderboard?game={game.key}") for game in all_boards()}
    with app.app_context():
        for n in range(3, 30):
            record_romme(make_user(f"r{n:02d}"), outcome="won" if n % 2 else "lost")
            seed_result(make_user(f"g{n:02d}"))
        db.session.commit()
    assert {game.key: queries(f"/leaderboard?game={game.key}") for game in all_boards()} == few
    assert max(few.values()) <= 4


def test_only_the_players_own_page_says_how_to_earn_points(client: FlaskClient) -> None:
    # A logged-in viewer of another player's page is not told to "win a match while logged in".
    register(client, "bea")
    client.post("/logout", data={"csrf_token": token(client, "/")})
    register(client, "cal")
    client.get("/?lang=zh_Hans")
    other = client.get("/u/bea").get_data(as_text=True)
    assert "还没有排名积分。" in other and "登录后赢一场即可获得" not in other
    own = client.get("/me", follow_redirects=True).get_data(as_text=True)
    # Logged in already: not told to log in.
    assert "还没有排名积分：赢一场即可获得。" in own and "登录后" not in own
