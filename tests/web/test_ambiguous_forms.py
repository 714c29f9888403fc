"""Ambiguous forms are refused on every POST route (issue 36): a field sent twice, or a digit of
another script, gets the translated 400 ("表单内容有误") and leaves every stored row as it was.

The routes come from the URL map, so a POST route added later is walked too: every route gets
a field twice and a number in Arabic-Indic and in full-width digits. The routes whose forms
are known below (both tables, the start page, a practice of a deal, the accounts) also get
each field of a real form sent twice and each field with other digits; after all that, the
same forms as a page sends them are accepted, so each refusal was for the ambiguity alone.
Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html import unescape
from tempfile import TemporaryDirectory

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text
from werkzeug.datastructures import MultiDict

import gin_engine as engine
from tests.web.account_helpers import logout, register, token, user_id
from tests.web.play_helpers import get, post_move, seat_match, stored, stored_rows
from tests.web.review_helpers import seat_game, simulated
from tests.web.romme_helpers import seat_romme, stack_deck
from webapp import create_app, games
from webapp.extensions import db
from webapp.form_rules import LISTS, OWN_TEXT
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import User
from webapp.pages.views import page_url

REFUSED = {
    "zh_Hans": "表单内容有误，请刷新页面后重试。",
    "zh_Hant": "表單內容有誤，請重新整理頁面後再試。",
    "en": "The form's contents are not valid. Reload the page and try again.",
}
# Other scripts' digits for 0–9: Arabic-Indic (U+0660…) and full-width (U+FF10…).
FOREIGN_DIGITS = {
    "arabic-indic": str.maketrans("0123456789", "".join(chr(0x660 + d) for d in range(10))),
    "full-width": str.maketrans("0123456789", "".join(chr(0xFF10 + d) for d in range(10))),
}
# The probe's own examples (issue 36) are among the forms tried.
ISSUE_CASES = {
    "gin.move": {"action twice"},
    "romme.move": {"discard twice", "action twice"},
    "main.new_match": {"opponents in arabic-indic digits", "opponents in full-width digits"},
}
VERSION = "{version}"  # filled in with the match's stored version when the form is posted
# The Rommé person (seat 0, to play, no draw) can open with J♣ Q♣ K♣ = 30 and discard 2♦.
ROMME_HAND = "JC QC KC 8S 9S TS 5H 6H JK1 2D 7C 4S 9H AD"
# A password and a name as a Chinese keyboard may type them: own text, any digit is content.
OWN_PASSWORD = "正确的马٢٠٢٤"
FULL_WIDTH_NAME = "ｂｏｂ２"


def post_endpoints() -> list[str]:
    """Every endpoint of the URL map that takes a POST, read from an app built for the purpose."""
    with TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "walk", "INSTANCE_PATH": folder,
                          "DATABASE_URL": "sqlite://"})
    return sorted({rule.endpoint for rule in app.url_map.iter_rules()
                   if "POST" in (rule.methods or ())})


@dataclass
class Scenario:
    """A route, the forms its page sends (pairs in order; a list field repeats its name), and
    for each field a second value a forged form might add (``discard=4S&discard=9H``)."""

    path: str
    forms: list[list[tuple[str, str]]] = field(default_factory=lambda: [[]])
    second: dict[str, str] = field(default_factory=dict)
    accepted: Callable[[Flask], None] | None = None  # checks what the accepted forms did


def gin_in_discard_phase(app: Flask, client: FlaskClient) -> tuple[str, list[str]]:
    match_id = seat_match(app, client)
    assert post_move(client, get(client), "take-upcard").status_code == 303
    _, snapshot, _ = stored(app, match_id)
    hand = sorted(str(c) for c in engine.Match.from_dict(snapshot).view(0).hand)
    return match_id, hand


def version_moved(app: Flask, match_id: str, by: int) -> Callable[[Flask], None]:
    """A check that the match moved on by ``by`` versions from where it stands now."""
    start = stored(app, match_id)[0]

    def check(app: Flask) -> None:
        assert stored(app, match_id)[0] == start + by

    return check


def play_move(app: Flask, client: FlaskClient) -> Scenario:
    match_id, hand = gin_in_discard_phase(app, client)
    return Scenario(
        "/play", [[("version", VERSION), ("action", "discard"), ("card", hand[0])]],
        second={"action": "knock", "card": hand[1]}, accepted=version_moved(app, match_id, 1),
    )


def play_difficulty(app: Flask, client: FlaskClient) -> Scenario:
    match_id, _ = gin_in_discard_phase(app, client)

    def pending_expert(app: Flask) -> None:
        assert stored(app, match_id)[2].pending_difficulty == "expert"

    return Scenario("/difficulty", [[("version", VERSION), ("difficulty", "expert")]],
                    second={"difficulty": "easy"}, accepted=pending_expert)


def romme_move(app: Flask, client: FlaskClient) -> Scenario:
    match_id = seat_romme(app, client, players=2, deck=stack_deck([ROMME_HAND, ""]))
    meld = [("version", VERSION), ("action", "meld"),
            ("cards", "JC"), ("cards", "QC"), ("cards", "KC"), ("ordered", "1")]
    return Scenario(
        "/romme", [meld, [("version", VERSION), ("discard", "2D")]],
        second={"action": "lay-off", "discard": "4S", "ordered": "0"},
        accepted=version_moved(app, match_id, 2),
    )


def new_match(app: Flask, client: FlaskClient) -> Scenario:
    match_id = seat_match(app, client)  # a running match: the forms confirm abandoning it

    def two_new_matches(app: Flask) -> None:
        assert stored(app, match_id)[2].status == "abandoned"
        with app.app_context():
            count = db.session.execute(text("SELECT count(*) FROM matches")).scalar_one()
        assert count == 3

    gin = [("ruleset", "standard"), ("difficulty", "easy"), ("player_seed", "春节٢٠٢٤"),
           ("confirm", "1")]
    romme = [("game", "romme"), ("ruleset", "romme"), ("opponents", "2"),
             ("difficulty", "easy"), ("confirm", "1")]
    return Scenario("/new", [gin, romme], second={"opponents": "3", "ruleset": "quick"},
                    accepted=two_new_matches)


def practice_deal(app: Flask, client: FlaskClient) -> Scenario:
    game = simulated("quick", 5)  # hand 1 over, the match running: the form confirms
    match_id = seat_game(app, client, game, "quick")

    def practised(app: Flask) -> None:
        assert stored(app, match_id)[2].status == "abandoned"
        with client.session_transaction() as session:
            practice = stored(app, session[SESSION_MATCH_KEY])[2]
        assert (practice.practice_of, practice.practice_hand) == (match_id, 1)

    return Scenario(f"/review/{match_id}/1/practice", [[("confirm", "1")]],
                    second={"confirm": "0"}, accepted=practised)


def login(app: Flask, client: FlaskClient) -> Scenario:
    register(client, "alice", OWN_PASSWORD)
    logout(client)

    def logged_in(app: Flask) -> None:
        assert client.get("/me").status_code == 200

    return Scenario(
        "/login",
        [[("username", "alice"), ("password", OWN_PASSWORD), ("remember", "y"),
          ("next", "/rules")]],
        second={"username": "mallory", "next": "/faq"}, accepted=logged_in,
    )


def register_account(app: Flask, client: FlaskClient) -> Scenario:
    def bob2_exists(app: Flask) -> None:
        assert user_id(app, "bob2") > 0

    return Scenario(
        "/register",
        [[("username", FULL_WIDTH_NAME), ("password", OWN_PASSWORD),
          ("confirm", OWN_PASSWORD), ("next", "/rules")]],
        second={"username": "carol"}, accepted=bob2_exists,
    )


def logout_account(app: Flask, client: FlaskClient) -> Scenario:
    register(client, "alice")

    def logged_out(app: Flask) -> None:
        assert client.get("/me").status_code == 302

    return Scenario("/logout", accepted=logged_out)


def time_zone(app: Flask, client: FlaskClient) -> Scenario:
    register(client, "alice")

    def in_tokyo(app: Flask) -> None:
        with app.app_context():
            assert db.session.get(User, user_id(app, "alice")).time_zone == "Asia/Tokyo"

    return Scenario("/me/time-zone", [[("time_zone", "Asia/Tokyo")]],
                    second={"time_zone": "UTC"}, accepted=in_tokyo)


KNOWN: dict[str, Callable[[Flask, FlaskClient], Scenario]] = {
    "accounts.login": login,
    "accounts.logout": logout_account,
    "accounts.register": register_account,
    "accounts.time_zone": time_zone,
    "main.new_match": new_match,
    "difficulty.switch": play_difficulty,
    "gin.move": play_move,
    "review.practice": practice_deal,
    "romme.move": romme_move,
}


def filled(form: list[tuple[str, str]], app: Flask, client: FlaskClient
           ) -> list[tuple[str, str]]:
    """The form with its CSRF token and the stored version of the client's match."""
    pairs = [("csrf_token", token(client, "/"))]
    for name, value in form:
        if value == VERSION:
            with client.session_transaction() as session:
                value = str(stored(app, session[SESSION_MATCH_KEY])[0])
        pairs.append((name, value))
    return pairs


def spoiled(form: list[tuple[str, str]], second: dict[str, str]
            ) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """Each one-value field sent twice, then each field not of own text in other digits."""
    for index, (name, value) in enumerate(form):
        if name in LISTS:
            continue
        again = (name, second.get(name, value))
        yield f"{name} twice", [*form[:index + 1], again, *form[index + 1:]]
    for index, (name, value) in enumerate(form):
        if name in OWN_TEXT:
            continue
        for script, table in FOREIGN_DIGITS.items():
            digits = value.translate(table)
            if digits == value:  # no digit to write otherwise: add one
                digits = value + "2".translate(table)
            yield f"{name} in {script} digits", [*form[:index], (name, digits),
                                                 *form[index + 1:]]
    # A field no page sends, twice or with other digits: refused all the same.
    yield "a stray field twice", [*form, ("note", "1"), ("note", "2")]
    yield "a stray number in Arabic-Indic digits", [*form, ("note", "٢")]


@pytest.mark.parametrize("endpoint", post_endpoints())
def test_repeated_fields_and_other_digits_are_refused_and_change_nothing(
    app: Flask, client: FlaskClient, endpoint: str
) -> None:
    app.config.update(AUTH_RATE_LIMIT="1000 per minute", NEW_MATCH_RATE_LIMIT="1000 per minute")
    if endpoint in KNOWN:
        scenario = KNOWN[endpoint](app, client)
    else:  # a POST route added after this test: the stray fields still reach it
        rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
        # Its address with a number for each part: the form is refused before any look-up.
        scenario = Scenario(re.sub(r"<(?:int:)?[^>]+>", "1", rule.rule))
    before = stored_rows(app)
    tried = []
    for form in scenario.forms:
        page_form = filled(form, app, client)
        for what, data in spoiled(page_form, scenario.second):
            response = client.post(scenario.path, data=MultiDict(data))
            html = response.get_data(as_text=True)
            assert response.status_code == 400, (what, response.status_code, html[:300])
            assert REFUSED["zh_Hans"] in html, (what, html[:600])
            assert stored_rows(app) == before, f"{what} changed a stored row"
            tried.append(what)
    # In the reader's language, as every error page.
    for language, header in (("zh_Hant", "zh-TW"), ("en", "en")):
        response = client.post(scenario.path, headers={"Accept-Language": header},
                               data=MultiDict([*page_form, ("note", "1"), ("note", "1")]))
        assert REFUSED[language] in unescape(response.get_data(as_text=True)), language
    assert stored_rows(app) == before
    assert ISSUE_CASES.get(endpoint, set()) <= set(tried)
    if scenario.accepted is None:
        return
    for form in scenario.forms:  # as the page sends them: accepted
        response = client.post(scenario.path, data=MultiDict(filled(form, app, client)))
        assert response.status_code == 303, (form, response.get_data(as_text=True)[:600])
    scenario.accepted(app)


def test_the_walk_knows_every_post_route_of_the_site() -> None:
    """The known forms are the site's: a renamed endpoint cannot leave its form untried."""
    assert set(KNOWN) <= set(post_endpoints())


ADDRESS_REFUSED = {
    "zh_Hans": "这个地址把同一项写了两次。请检查地址，或从首页开始。",
    "zh_Hant": "這個地址把同一項寫了兩次。請檢查地址，或從首頁開始。",
    "en": "That address names the same thing twice. Check the address or start from the home page.",
}


def get_paths() -> list[str]:
    """Every GET route of the URL map without a part of its own in the path, and every game's
    reading pages (one route for the games not at root: ``/<game>/<page>``)."""
    with TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "walk", "INSTANCE_PATH": folder,
                          "DATABASE_URL": "sqlite://"})
    with app.test_request_context():
        pages = {page_url(game, page) for game in games.GAMES for page in game.pages.titles}
    return sorted(pages | {rule.rule for rule in app.url_map.iter_rules()
                           if "GET" in (rule.methods or ()) and not rule.arguments})


@pytest.mark.parametrize("path", get_paths())
def test_an_address_naming_a_key_twice_is_refused(
    app: Flask, client: FlaskClient, path: str
) -> None:
    """``?page=1&page=2`` reads neither value: the translated 400, whatever the route."""
    seat_match(app, client)  # a running match, so the tables are the pages themselves
    response = client.get(f"{path}?page=1&page=2")
    assert response.status_code == 400, (path, response.status_code)
    assert ADDRESS_REFUSED["zh_Hans"] in response.get_data(as_text=True), path
    assert client.get(f"{path}?page=1&hint=1").status_code != 400, path


@pytest.mark.parametrize("language", ["zh_Hant", "en"])
def test_the_address_refusal_speaks_the_readers_language(
    client: FlaskClient, language: str
) -> None:
    client.get(f"/?lang={language}")
    for query in ("/play?hint=1&hint=0", "/leaderboard?game=gin&game=romme",
                  "/verify?seed=abc&deals=2&deals=3"):
        response = client.get(query)
        assert response.status_code == 400, query
        assert ADDRESS_REFUSED[language] in unescape(response.get_data(as_text=True)), query
