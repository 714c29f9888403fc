"""The skill rating in real Chromium with JavaScript off, on a 390×844 phone, in three
languages (zh_Hans, zh_Hant, en): the rating board, the player page's rating ± RD and its
chart, and the rating change on the match-over page of Gin Rummy and of Rommé.

On the first screen as the page opens: Gin Rummy's change under the match's result, the
board's top row. Reached by scrolling (Playwright scrolls; the pages run no script) and then
wholly on screen: the viewer's pinned row, the player page's rating and chart (the totals come
first), Rommé's change (under the hand-by-hand table). Each is at least a readable line high,
the chart's axis labels too, and no page is wider than the screen; the words are the
language's and the figures those kept in the database. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Locator, Page

from tests.web.account_helpers import (
    finish_by_knocking,
    make_user,
    register,
    seat_winning_match,
    seed_result,
    user_id,
)
from tests.web.browser_helpers import in_viewport, page_width, share_session
from tests.web.romme_helpers import last_hand, post_romme, romme_page, seat_romme
from tests.web.test_romme_ranking import OUT_IN_ONE, lay_the_opening
from webapp.extensions import db
from webapp.models import GIN, ROMME, PlayerRating, RatingUpdate, User, utcnow
from webapp.rating.standing import label

WIDTH, HEIGHT = 390, 844
LOCALES = {"zh_Hans": "zh-CN", "zh_Hant": "zh-TW", "en": "en-GB"}
WORDS = {
    "zh_Hans": {"change": "等级分 {} → {}", "board": "等级分", "rating": "等级分",
                "your_place": "你的名次", "chart": "等级分走势"},
    "zh_Hant": {"change": "等級分 {} → {}", "board": "等級分", "rating": "等級分",
                "your_place": "你的名次", "chart": "等級分走勢"},
    "en": {"change": "Rating {} → {}", "board": "Rating", "rating": "Rating",
           "your_place": "Your place", "chart": "Rating over time"},
}
MIN_TEXT = 12
"""The smallest line box, in CSS px, counted as readable on a phone (an 11 px font's)."""


def readable(page: Page, locator: Locator) -> dict[str, float]:
    """``locator`` scrolled to (no script: Playwright scrolls the page itself) is wholly on
    screen, inside the screen's width and at least `MIN_TEXT` high; its box."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    assert in_viewport(page, locator), box
    assert box["height"] >= MIN_TEXT and box["width"] > 0, box
    return box


def seed_players(alice: int) -> None:
    """Twelve settled players on the Gin Rummy board, and alice settled below most of them
    (so her row is pinned under page 1 with a page size of 10)."""
    now = utcnow()
    for n in range(12):
        user = make_user(f"rated{n:02d}")
        for k in range(16):
            seed_result(user, outcome="won" if (k + n) % 3 else "lost",
                        finished_at=now - timedelta(days=5, hours=k))
    owner = db.session.get(User, alice)
    assert owner is not None
    for k in range(16):
        seed_result(owner, outcome="lost" if k % 3 else "won",
                    finished_at=now - timedelta(days=4, hours=k))
    db.session.commit()


@pytest.mark.parametrize("lang", LOCALES)
def test_the_rating_reads_on_a_phone_in_each_language(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page],
    lang: str,
) -> None:
    words = WORDS[lang]
    client.get(f"/?lang={lang}")
    register(client, "alice")
    alice = user_id(app, "alice")
    with app.app_context():
        seed_players(alice)
    app.config["LEADERBOARD_PAGE_SIZE"] = 10
    # A won match through the table's forms: its match-over page shows the change.
    match_id = seat_winning_match(app, client, owner="alice")
    finish_by_knocking(client)
    with app.app_context():
        update = db.session.get(RatingUpdate, match_id)
        assert update is not None
        before = label(update.rating_before, update.rd_before)
        after = label(update.rating, update.rd)
        kept = db.session.get(PlayerRating, (alice, GIN))
        assert kept is not None
        assert not kept.rd > 110, "alice must be settled, so the board ranks her"
    page = browser_page(WIDTH, HEIGHT, locale=LOCALES[lang])
    share_session(client, page, live_server)

    # The match-over page: the change under the result, on the first screen.
    page.goto(live_server + "/play#table")
    change = page.locator("p.rating-change")
    assert change.inner_text() == words["change"].format(before, after)
    assert in_viewport(page, change), change.bounding_box()
    readable(page, change)
    assert page_width(page) <= WIDTH
    page.screenshot(path=f"test-artifacts/rating-{lang}-match-over.png")

    # The rating board: its first rows on the first screen, alice's row pinned and reachable.
    page.goto(live_server + "/leaderboard?by=rating")
    rows = page.locator("table.rating-board tbody:not(.pinned) tr")
    assert rows.count() == 10
    first = rows.first
    assert in_viewport(page, first.locator("[data-col=rating]")), first.bounding_box()
    for column in ("rank", "rating", "rd"):
        assert readable(page, first.locator(f"[data-col={column}]")).get("width", 0) > 0
    readable(page, first.locator("th[scope=row] a"))
    assert first.locator("[data-col=rank]").inner_text() == "1"
    own = page.locator("tbody.pinned tr[data-player=alice]")
    readable(page, own.locator("[data-col=rating]"))
    assert own.locator("[data-col=rating]").inner_text() == label(kept.rating, kept.rd)
    assert page.locator("tbody.pinned th[scope=rowgroup]").inner_text() == words["your_place"]
    assert page_width(page) <= WIDTH
    page.screenshot(path=f"test-artifacts/rating-{lang}-board.png")

    # The player page: the rating ± RD of each game and the rating's chart.
    page.goto(live_server + "/me")
    gin = page.locator("dd[data-rating=gin]")
    readable(page, gin)
    assert gin.inner_text() == f"{label(kept.rating, kept.rd)} ± {round(kept.rd)}"
    assert page.locator("#rating-title").inner_text() == words["rating"]
    chart = page.locator("[data-zone=ratings] svg[aria-labelledby^=rating-chart-title]")
    box = readable(page, chart)
    assert box["width"] >= WIDTH * 0.6, box  # drawn across most of the screen, not a thumbnail
    assert chart.locator("circle.dot").count() == 1 + 17  # from the starting rating
    # Its axis labels (the ratings, the dates) at a size a phone shows legibly.
    labels = chart.locator("g.grid text")
    assert labels.count() >= 4
    for i in range(labels.count()):
        text = labels.nth(i).bounding_box()
        assert text is not None and text["height"] >= MIN_TEXT, (i, text)
        assert text["x"] >= 0 and text["x"] + text["width"] <= WIDTH, (i, text)
    assert words["chart"] in page.locator("[data-zone=ratings]").inner_text()
    assert page_width(page) <= WIDTH
    page.locator("[data-zone=ratings]").screenshot(path=f"test-artifacts/rating-{lang}-me.png")


@pytest.mark.parametrize("lang", LOCALES)
def test_the_romme_match_over_page_shows_the_change_on_a_phone(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page],
    lang: str,
) -> None:
    client.get(f"/?lang={lang}")
    register(client, "alice")
    match_id = seat_romme(app, client, players=3, difficulty="easy",
                          owner=user_id(app, "alice"),
                          game=last_hand(3, OUT_IN_ONE, (0, 50, 60)))
    lay_the_opening(client)
    assert post_romme(client, romme_page(client), {"discard": "2D"}).status_code == 303
    assert romme_page(client).phase == "match-over"
    with app.app_context():
        update = db.session.get(RatingUpdate, match_id)
        assert update is not None and update.game == ROMME
        change_words = WORDS[lang]["change"].format(
            label(update.rating_before, update.rd_before), label(update.rating, update.rd)
        )
    page = browser_page(WIDTH, HEIGHT, locale=LOCALES[lang])
    share_session(client, page, live_server)
    page.goto(live_server + "/romme#table")
    change = page.locator("p.rating-change")
    assert change.inner_text() == change_words
    readable(page, change)
    assert page_width(page) <= WIDTH
    page.screenshot(path=f"test-artifacts/rating-{lang}-romme-match-over.png")


PROVISIONAL_HEADING = {
    "zh_Hans": "尚未排名：最新的暂定等级分", "zh_Hant": "尚未排名：最新的暫定等級分",
    "en": "Not ranked yet: the newest provisional ratings",
}


@pytest.mark.parametrize("lang", LOCALES)
def test_a_new_sites_rating_board_shows_its_provisional_players_on_a_phone(
    app: Flask, live_server: str, browser_page: Callable[..., Page], lang: str
) -> None:
    """Nobody settled yet: the board's first screen holds the newest provisional players,
    under their heading, each rating marked "?" and without a rank."""
    now = utcnow()
    with app.app_context():
        for n in range(4):
            seed_result(make_user(f"newcomer{n}"), difficulty="expert",
                        finished_at=now - timedelta(minutes=10 - n))
        db.session.commit()
        ratings = {
            r.user_id: r for r in db.session.scalars(db.select(PlayerRating))
        }
        newest = db.session.scalar(db.select(User).where(User.username == "newcomer3"))
        assert newest is not None
        kept = ratings[newest.id]
    page = browser_page(WIDTH, HEIGHT, locale=LOCALES[lang])
    page.goto(live_server + f"/leaderboard?by=rating&lang={lang}")
    heading = page.locator("tbody.provisional th[scope=rowgroup]")
    assert heading.inner_text() == PROVISIONAL_HEADING[lang]
    rows = page.locator("tbody.provisional tr[data-player]")
    assert rows.count() == 4
    first = rows.first
    assert first.get_attribute("data-player") == "newcomer3"
    assert in_viewport(page, first.locator("[data-col=rating]")), first.bounding_box()
    for column in ("rank", "rating", "rd"):
        readable(page, first.locator(f"[data-col={column}]"))
    assert first.locator("[data-col=rating]").inner_text() == label(kept.rating, kept.rd)
    assert first.locator("[data-col=rating]").inner_text().endswith("?")
    assert first.locator("[data-col=rank]").inner_text() == "–"
    assert page_width(page) <= WIDTH
    page.screenshot(path=f"test-artifacts/rating-{lang}-provisional-board.png")
