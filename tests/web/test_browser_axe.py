"""axe-core's audit (through axe-playwright-python, which ships axe-core's script) in real
Chromium with JavaScript off: 0 violations on the reading pages, the account pages, the
leaderboard and a player's page, and on both tables in each of their steps.

The pages run no script of their own, and axe-core needs a page where script runs (its audit
waits on timers): so each page the JavaScript-off browser has reached is opened again, with the
same cookies and viewport, in an audit-only context where Playwright injects axe-core (a GET
shows the same table; the site's own pages load no script either way).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from axe_playwright_python.sync_playwright import Axe
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Page

import romme_engine as romme
from romme_engine.ai import hint
from tests.web.account_helpers import register
from tests.web.browser_helpers import seat_in_browser, share_session, tap
from tests.web.play_helpers import seat_match, stored
from tests.web.romme_helpers import person_choice, post_romme, romme_page, seat_romme
from tests.web.test_browser_play import phase, play_one_turn

AXE = Axe()
LOCALES = ["zh-CN", "en-GB"]


def violations(page: Page) -> list[str]:
    """axe-core's violations on the page the browser shows: rule id and the first nodes."""
    browser = page.context.browser
    assert browser is not None and page.viewport_size is not None
    audit = browser.new_context(viewport=page.viewport_size, locale=page.evaluate(
        "navigator.language"), bypass_csp=True)
    try:
        audit.add_cookies(page.context.cookies())  # type: ignore[arg-type]
        audited = audit.new_page()
        audited.goto(page.url)
        found = AXE.run(audited).response["violations"]
    finally:
        audit.close()
    return [f"{v['id']}: {[n['html'][:100] for n in v['nodes'][:3]]}" for v in found]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("path", ["/", "/login", "/register", "/leaderboard", "/u/ada", "/rules",
                                  "/faq", "/strategy", "/verify", "/romme/rules", "/romme/faq",
                                  "/romme/strategy", "/?game=romme"])
def test_reading_and_account_pages_have_no_violations(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page],
    path: str, locale: str,
) -> None:
    register(client, "ada")  # a player's page to see, and the logged-in header
    page = browser_page(390, 844, locale=locale)
    share_session(client, page, live_server)
    page.goto(live_server + path)
    assert violations(page) == []


@pytest.mark.parametrize("ruleset", ["standard", "hu"])
def test_the_gin_table_in_every_phase_has_no_violations(
    app: Flask, live_server: str, browser_page: Callable[..., Page], ruleset: str
) -> None:
    """A whole hand, auditing each phase the first time it shows (with and without the hint),
    the going-out confirmation and the showdown."""
    page = browser_page(390, 844)
    client: FlaskClient = app.test_client()
    client.get("/?lang=zh_Hans")
    seat_match(app, client, ruleset=ruleset, seed=4)
    share_session(client, page, live_server)
    page.goto(live_server + "/play#table")
    seen: set[str] = set()
    for _ in range(200):
        step = phase(page)
        if step not in seen:
            seen.add(step)
            assert violations(page) == [], step
            if step not in ("hand-over", "match-over"):
                page.goto(live_server + "/play?hint=1#table")
                assert violations(page) == [], f"{step} with the hint"
                page.goto(live_server + "/play#table")
        if step in ("hand-over", "match-over"):
            break
        ending = page.locator(".prompt a[data-confirm]")
        if step == "discard" and ending.count():
            tap(ending.first)
            assert violations(page) == [], "the going-out confirmation"
            seen.add("confirm")
            tap(page.locator(".prompt :is(button[data-action=knock], button[data-action=gin])"
                             ).first)
            continue
        play_one_turn(page)
    assert {"draw", "discard", "hand-over"} <= seen, seen


def test_the_gin_draw_step_and_match_over_have_no_violations(
    app: Flask, live_server: str, browser_page: Callable[..., Page]
) -> None:
    page = browser_page(390, 844)
    seat_in_browser(app, page, live_server, ruleset="quick", lang="zh_Hans")
    page.goto(live_server + "/play#table")
    tap(page.locator("button[data-action=pass-upcard]"))
    assert page.locator("#table").get_attribute("data-phase") == "draw"
    assert violations(page) == [], "draw"
    tap(page.locator("button[data-action=draw-stock]"))
    tap(page.locator("a[data-confirm=knock]"))
    tap(page.locator("button[data-action=knock]").first)
    assert page.locator("#table").get_attribute("data-phase") == "match-over"
    assert violations(page) == [], "match over"


def test_the_romme_table_in_every_step_has_no_violations(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page]
) -> None:
    """Each step the first time it shows (with the hint), the first play step with lay-off or
    swap buttons in the table's melds, the first whose hint is one of them (with its own
    button), the hand-over and the match-over pages."""
    client.get("/?lang=zh_Hans")
    match_id = seat_romme(app, client, players=4, seed=11)
    page = browser_page(390, 844)
    share_session(client, page, live_server)
    seen: set[str] = set()
    for _ in range(2000):
        table = romme_page(client)
        step = table.phase
        if step == "play" and "meld-moves" not in seen and "data-meld-move" in table.html:
            step = "meld-moves"
        elif step == "play" and "hinted-meld-move" not in seen and isinstance(
            hint(romme.Match.from_dict(stored(app, match_id)[1]).view(0)).action,
            romme.LayOff | romme.SwapJoker,
        ):
            step = "hinted-meld-move"  # the hint carries that move's button
        if step not in seen:
            seen.add(step)
            page.goto(live_server + "/romme#table")
            assert violations(page) == [], step
            if step != "match-over":
                page.goto(live_server + "/romme?hint=1#table")
                assert violations(page) == [], f"{step} with the hint"
        if step == "match-over":
            break
        post_romme(client, table, person_choice(stored(app, match_id)[1]))
    steps = {"draw", "play", "meld-moves", "hinted-meld-move", "hand-over", "match-over"}
    assert steps <= seen, seen
    assert isinstance(romme.Match.from_dict(stored(app, match_id)[1]), romme.Match)
