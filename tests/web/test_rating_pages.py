"""Where the rating shows: the rating board, the player pages, the match-over page and the
start page's levels, in three languages."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from tests.web.account_helpers import (
    finish_by_knocking,
    login,
    make_user,
    real_user,
    register,
    seat_winning_match,
    seed_result,
    user_id,
)
from tests.web.board_helpers import cell, listed, pinned
from tests.web.play_helpers import get
from tests.web.romme_helpers import post_romme, romme_page
from tests.web.sql_helpers import changed_after, sent_statements
from tests.web.test_romme_ranking import lay_the_opening, seat_last_hand
from webapp.extensions import db
from webapp.models import GIN, HU, ROMME, PlayerRating, User, utcnow
from webapp.rating.glicko import START, WIN, updated
from webapp.rating.levels import level
from webapp.rating.standing import label

NOW = utcnow()


def play(user: User, outcomes: str, start: timedelta, game: str = GIN) -> None:
    """``outcomes`` one letter a match (w won, l lost, a abandoned), an hour apart from
    ``start`` ago, all at normal."""
    words = {"w": "won", "l": "lost", "a": "abandoned"}
    for n, letter in enumerate(outcomes):
        seed_result(user, outcome=words[letter], game=game,
                    finished_at=NOW - start + timedelta(hours=n))
        db.session.commit()


SETTLED = 14
"""Matches after which a rating of mixed results at normal has settled (RD ≤ 110)."""


def test_every_page_lists_what_a_full_sort_would_with_competition_ranks(
    app: Flask, client: FlaskClient
) -> None:
    client.get("/?lang=en")
    rng = random.Random(34)
    sequences = ["".join(rng.choice("wwla") for _ in range(SETTLED)) for _ in range(8)]
    with app.app_context():
        for n in range(22):
            # Players sharing a sequence share a rating: ties, listed by name.
            play(make_user(f"r{rng.randrange(1000):03d}{n:02d}"), sequences[n % 8],
                 timedelta(days=10))
        # The viewer, last on the board, below the stale player: pinned with their rank.
        play(real_user("zed"), "lllw" * 5, timedelta(days=10))
        play(make_user("fresh"), "www", timedelta(days=2))  # provisional
        play(make_user("gone"), "wl" * 8, timedelta(days=100))  # 90 days inactive
        stale = make_user("stale")
        play(stale, "lw" * 8, timedelta(days=3))
        # Inactive since, but no ending has swept stale off the ladder yet.
        db.session.execute(
            update(PlayerRating).where(PlayerRating.user_id == stale.id)
            .values(last_played=NOW - timedelta(days=91))
        )
        db.session.commit()
        rows = db.session.execute(
            select(User.username, PlayerRating.rating, PlayerRating.rd, PlayerRating.listed)
            .join(User, User.id == PlayerRating.user_id)
        ).all()
    kept = {name: round(rating) for name, rating, rd, is_listed in rows
            if name not in ("fresh", "gone", "stale")}
    exact = {name: rating for name, rating, _, _ in rows}
    assert {name for name, _, rd, _ in rows if rd > 110} == {"fresh"}
    assert {name for name, *_, is_listed in rows if is_listed} == set(kept) | {"stale"}
    order = sorted(kept, key=lambda name: (-exact[name], name))
    ranks = {name: 1 + sum(1 for other in kept.values() if other > kept[name]) for name in kept}
    assert len(set(ranks.values())) < len(ranks), "the seed must make ties"
    app.config["LEADERBOARD_PAGE_SIZE"] = 4
    seen: list[str] = []
    for page in range(1, 7):
        html = client.get(f"/leaderboard?by=rating&page={page}").get_data(as_text=True)
        on_page = listed(html)
        assert [cell(html, name, "rank") for name in on_page] == [
            str(ranks[name]) for name in on_page
        ]
        assert [cell(html, name, "rating") for name in on_page] == [
            str(kept[name]) for name in on_page
        ]
        seen += on_page
        assert f"page {page} of 6" in html
    assert seen == order
    assert client.get("/leaderboard?by=rating&page=7").status_code == 404
    # The unswept stale player prints a higher rating than zed's but is not counted above.
    assert order[-1] == "zed" and round(exact["stale"]) > kept["zed"]
    login(client, "zed")
    html = client.get("/leaderboard?by=rating").get_data(as_text=True)
    assert pinned(html) == ["zed"]
    assert cell(html.split('data-pinned="true"', 1)[1], "zed", "rank") == str(ranks["zed"])


def test_the_viewers_row_is_pinned_ranked_or_with_why_not(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    with app.app_context():
        for n, name in enumerate(("ann", "bob", "cat")):
            play(make_user(name), "w" * (n + 1) + "wl" * 7, timedelta(days=5))
        for name in ("dan", "eve", "fay"):
            real_user(name)
        db.session.commit()
        play(db.session.scalars(select(User).where(User.username == "eve")).one(), "wl",
             timedelta(days=1))
        play(db.session.scalars(select(User).where(User.username == "fay")).one(), "wl" * 8,
             timedelta(days=120))
        dan = db.session.scalars(select(User).where(User.username == "dan")).one()
        play(dan, "l" * 2 + "wl" * 7, timedelta(days=5))
    app.config["LEADERBOARD_PAGE_SIZE"] = 2
    login(client, "dan")
    html = client.get("/leaderboard?by=rating").get_data(as_text=True)
    assert listed(html) == ["cat", "bob"] and pinned(html) == ["dan"]
    assert cell(html.split('data-pinned="true"', 1)[1], "dan", "rank") == "4"
    assert 'rel="next" href="/leaderboard?by=rating&amp;page=2"' in html
    last = client.get("/leaderboard?by=rating&page=2").get_data(as_text=True)
    assert listed(last) == ["ann", "dan"] and pinned(last) == [] and 'class="own-row"' in last

    eve = app.test_client()
    eve.get("/?lang=en")
    login(eve, "eve")
    html = eve.get("/leaderboard?by=rating").get_data(as_text=True)
    assert pinned(html) == ["eve"]
    with app.app_context():
        kept = db.session.get(PlayerRating, (user_id(app, "eve"), GIN))
        assert kept is not None
        shown = label(kept.rating, kept.rd)
    pinned_row = html.split('data-pinned="true"', 1)[1]
    assert shown.endswith("?") and cell(pinned_row, "eve", "rating") == shown
    assert cell(pinned_row, "eve", "rank") == "–"
    assert "Your rating is still provisional (deviation" in html
    fay = app.test_client()
    fay.get("/?lang=en")
    login(fay, "fay")
    html = fay.get("/leaderboard?by=rating").get_data(as_text=True)
    assert "more than 90 days old: finish one to be ranked again." in html
    assert "You have no rating on this board yet" in fay.get(
        "/leaderboard?by=rating&game=romme"
    ).get_data(as_text=True)


@pytest.mark.parametrize(
    ("query", "message"),
    [("by=elo", "請選擇積分榜或等級分榜。"),
     ("by=rating&game=all", "等級分按遊戲分開計算：請選擇金拉米、胡牌制、德式拉米之一。"),
     ("by=rating&page=0", "頁碼必須是大於或等於 1 的整數。")],
)
def test_bad_parameters_get_a_translated_400(client: FlaskClient, query: str, message: str):
    client.get("/?lang=zh-Hant")
    response = client.get(f"/leaderboard?{query}")
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_the_rating_board_takes_the_same_few_queries_however_many_players(
    app: Flask, client: FlaskClient
) -> None:
    def queries() -> int:
        with sent_statements(app) as statements:
            assert client.get("/leaderboard?by=rating").status_code == 200
        return len(statements)

    with app.app_context():
        for n in range(3):
            play(make_user(f"p{n:02d}"), "wl" * 8, timedelta(days=3))
    few = queries()
    with app.app_context():
        for n in range(3, 25):
            play(make_user(f"p{n:02d}"), "lw" * 8 if n % 2 else "wwl" * 5, timedelta(days=3))
    assert queries() == few <= 3


def test_the_ladder_is_kept_between_requests_until_an_ending_moves_it(
    app: Flask, client: FlaskClient
) -> None:
    """Read once per worker while its version holds: one statement fewer when kept; an
    ending that moves a rung is on the board at the next request."""
    client.get("/?lang=en")
    with app.app_context():
        for n in range(3):
            play(make_user(f"p{n:02d}"), "wl" * 8, timedelta(days=3))

    def board() -> tuple[str, list[str]]:
        with sent_statements(app) as statements:
            html = client.get("/leaderboard?by=rating").get_data(as_text=True)
        return html, statements

    first, statements = board()
    assert len(statements) == 3 and any("rating_ladder " in s for s in statements)
    assert [cell(first, f"p{n:02d}", "rank") for n in range(3)] == ["1", "1", "1"]
    again, statements = board()
    assert len(statements) == 2 and not any("rating_ladder " in s for s in statements)
    assert listed(again) == listed(first) == ["p00", "p01", "p02"]
    with app.app_context():
        play(make_user("top"), "wwl" * 5, timedelta(days=2))
    moved, statements = board()
    assert len(statements) == 3
    assert listed(moved) == ["top", "p00", "p01", "p02"]
    assert [cell(moved, name, "rank") for name in listed(moved)] == ["1", "2", "2", "2"]


def test_the_logged_in_board_reads_the_viewers_row_with_the_ladders_version(
    app: Flask, client: FlaskClient
) -> None:
    """Logged in, the kept board takes three statements: the login's account row with the
    board of their last game, the ladder's version with the inactive players and the viewer's
    row, the page."""
    client.get("/?lang=en")
    with app.app_context():
        for n in range(3):
            play(make_user(f"p{n:02d}"), "wl" * 8, timedelta(days=3))
        play(real_user("zed"), "lllw" * 5, timedelta(days=2))
    login(client, "zed")
    app.config["LEADERBOARD_PAGE_SIZE"] = 2
    client.get("/leaderboard?by=rating")
    with sent_statements(app) as statements:
        html = client.get("/leaderboard?by=rating").get_data(as_text=True)
    # The account's row comes with one index probe for the board of the viewer's last game:
    # the board without ?game= (and the one the links without it lead to).
    assert len(statements) == 3
    assert "match_results.game" in statements[0] and "FROM users" in statements[0]
    assert pinned(html) == ["zed"] and listed(html) == ["p00", "p01"]
    assert cell(html.split('data-pinned="true"', 1)[1], "zed", "rank") == "4"


def test_the_switch_leads_between_the_points_and_rating_boards(client: FlaskClient):
    client.get("/?lang=en")
    points = client.get("/leaderboard?game=hu").get_data(as_text=True)
    assert '<a href="/leaderboard?game=hu&amp;by=rating" data-board="rating">Rating</a>' in points
    every = client.get("/leaderboard?game=all").get_data(as_text=True)
    assert 'href="/leaderboard?by=rating" data-board="rating"' in every
    rating = client.get("/leaderboard?game=romme&by=rating").get_data(as_text=True)
    assert 'href="/leaderboard?game=romme" data-board="points"' in rating
    assert 'data-board="rating" aria-current="page"' in rating
    # The rating board's game switch has no "all games": ratings are per game.
    assert 'data-game="all"' not in rating.split("game-switch", 1)[1].split("</nav>", 1)[0]
    assert "Easy 1334 · Normal 1500 · Expert 1594." in rating


def test_the_player_page_shows_each_games_rating_and_its_history(app: Flask, client):
    client.get("/?lang=en")
    with app.app_context():
        ann = make_user("ann")
        play(ann, "wl" * 8, timedelta(days=3))
        play(ann, "w", timedelta(days=2), game=HU)
        kept = {r.game: r for r in db.session.scalars(select(PlayerRating))}
    html = client.get("/u/ann?game=gin").get_data(as_text=True)
    gin, hu = kept[GIN], kept[HU]
    assert (f'data-rating="gin">{round(gin.rating)} <span class="rating-rd">± {round(gin.rd)}'
            in html)
    assert f'data-rating="hu">{round(hu.rating)}? <span class="rating-rd">± {round(hu.rd)}' in html
    assert 'data-rating="romme">–<' in html
    assert html.count('aria-labelledby="rating-chart-title rating-chart-desc"') == 1
    chart = html.split('id="rating-chart-title"', 1)[1].split("</figure>", 1)[0]
    assert "after each of the last 16 rated matches" in chart
    assert f"now {round(gin.rating)}." in chart
    assert chart.count('<circle class="dot"') == 1 + 16  # from the starting rating
    data = client.get("/u/ann/charts?game=gin").get_data(as_text=True)
    rows = data.split('data-chart="rating"', 1)[1].split("</table>", 1)[0]
    assert rows.count("<tr><td>") == 16
    assert '<tr data-start="true"><td>' in rows and '<td>1500</td><td>±350</td>' in rows
    assert f"<td>{round(gin.rating)}</td><td>±{round(gin.rd)}</td></tr>" in rows
    assert client.get("/u/nobody/charts").status_code == 404
    romme = client.get("/u/ann?game=romme").get_data(as_text=True)
    assert "No rated match on this board yet." in romme
    assert "rating-chart" not in client.get("/u/ann?game=all").get_data(as_text=True)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("zh-Hans", "等级分 {} → {}"), ("zh-Hant", "等級分 {} → {}"), ("en", "Rating {} → {}")],
)
def test_the_match_over_page_shows_the_rating_change(
    app: Flask, client: FlaskClient, lang: str, words: str
) -> None:
    client.get(f"/?lang={lang}")
    register(client, "alice")
    seat_winning_match(app, client, owner="alice")
    finish_by_knocking(client)
    after = updated(START, [(level(GIN, "easy").anchor, WIN)])
    html = get(client).html
    shown = f"{round(after.rating)}?"
    change = words.format("1500?", shown)
    assert (f'<p class="rating-change" data-rating-before="1500?" data-rating-after="{shown}">'
            f"{change}</p>") in html


def test_a_guests_match_over_page_shows_no_rating(app: Flask, client: FlaskClient):
    seat_winning_match(app, client)
    finish_by_knocking(client)
    assert 'class="rating-change"' not in get(client).html


def test_the_romme_match_over_page_shows_one_change_for_both_seats(app, client):
    seat_last_hand(app, client, totals=(0, 50, 60))
    lay_the_opening(client)
    assert post_romme(client, romme_page(client), {"discard": "2D"}).status_code == 303
    page = romme_page(client)
    assert page.phase == "match-over"
    easy = level(ROMME, "easy").anchor
    after = updated(START, [(easy, WIN), (easy, WIN)])
    assert f"Rating 1500? → {round(after.rating)}?" in page.html


@pytest.mark.parametrize(
    ("query", "lines"),
    [
        ("lang=zh-Hans", ["简单 1359", "普通 1500", "专家 1664", "普通对简单：十场约赢七场。",
                          "专家对普通：十场约赢七场。", "专家对普通：十场约赢六场。"]),
        ("lang=zh-Hant&game=romme", ["簡單 1334", "專家 1594", "普通對簡單：十場約贏七場。",
                                      "專家對普通：十場約贏六場。"]),
        ("lang=en", ["Easy 1392", "Expert 1571", "Normal against Easy: wins about 7 of ten"
                     " matches.", "Expert against Normal: wins about 6 of ten matches."]),
    ],
)
def test_the_start_page_rates_each_level_and_says_how_it_fares(
    client: FlaskClient, query: str, lines: list[str]
) -> None:
    html = client.get(f"/?{query}", follow_redirects=True).get_data(as_text=True)
    section = html.split('data-zone="levels"', 1)[1].split("</section>", 1)[0]
    text = re.sub(r"<[^>]+>", "", section)
    for line in lines:
        assert line in text


def test_a_rating_moved_between_the_ladder_and_the_listing_is_ranked_by_the_ladder(
    app: Flask, client: FlaskClient
) -> None:
    """The board reads its ladder's version (and the ladder, kept per worker) and its listing
    in two statements; on PostgreSQL each sees what is committed when it starts, so an ending
    recorded between them can move a listed rating onto a printed rating the ladder does not
    list. Moved here between the two in the request's own transaction (the same on both
    databases): the row is ranked by the ladder read, never a 500."""
    client.get("/?lang=en")
    with app.app_context():
        for n in range(3):
            play(make_user(f"p{n:02d}"), "wl" * 8, timedelta(days=3))
    assert client.get("/leaderboard?by=rating").status_code == 200  # the ladder kept
    p02 = select(User.id).where(User.username == "p02").scalar_subquery()
    lower = (
        update(PlayerRating)
        .where(PlayerRating.user_id == p02, PlayerRating.game == GIN)
        .values(shown=PlayerRating.shown - 7, rating=PlayerRating.rating - 7)
    )
    with changed_after(
        app, "rating_ladder_versions", lambda connection: connection.execute(lower)
    ) as moved:
        response = client.get("/leaderboard?by=rating")
    assert moved and response.status_code == 200
    html = response.get_data(as_text=True)
    assert listed(html) == ["p00", "p01", "p02"]
    # One more than the players the ladder read prints above the new rating: all three, p02's
    # own place before the move among them (the ladder of that moment, as the page's others).
    assert [cell(html, name, "rank") for name in listed(html)] == ["1", "1", "4"]
