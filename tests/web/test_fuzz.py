"""Hostile input on every route: never a 500, and a refused request changes nothing.

Every example is invalid by construction where it could otherwise change the game: a table
form never carries the match's current version, a new-match form never names a real ruleset
and difficulty together, a registration's two passwords always differ. So after each request
the stored state must be exactly what it was. Requests go out with no CSRF token, a wrong
one, or the session's real one (so the views' own validation runs too).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from gin_engine.ruleset import PRESETS
from tests.sizes import sized
from tests.web.play_helpers import get, seat_match
from webapp.extensions import db
from webapp.games import DEFAULT
from webapp.models import Match, MatchResult, PointAward, User

METHODS = ("GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS")
FIELDS = (
    "csrf_token", "version", "action", "card", "confirm", "difficulty", "ruleset", "username",
    "password", "confirm", "next", "remember", "lang", "page", "period", "hint",
)
ACTIONS = (
    "take-upcard", "pass-upcard", "draw-stock", "draw-discard", "discard", "knock", "gin",
    "next-hand",
)
# A few milliseconds per example. 300 examples (derandomized: the same ones every run) still
# reach every route and method with each kind of hostile value several times over (the routes
# and the TRICKY values are sampled, not searched); FULL_TESTS=1 sends the 1,500 (800 paths)
# of before.
FUZZ = settings(
    max_examples=sized(300, 1500),
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

TRICKY = (
    "", " ", "0", "-1", "+1", "1e9", "999999999", "9" * 40, "²", "١", "٣٤", "NaN", "null", "[]",
    "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "%00", "\x00",
    "7S", "AH", "10H", "KC ", "ＡＨ", "7s", "S7", "standard", "expert", "knock", "admin",
    "\u202e", "名字", "a" * 5000, "//evil.example", "https://evil.example/",
) + ACTIONS
hostile_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=string.printable, max_size=40),
    st.sampled_from(TRICKY),
    st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=3), st.integers(100, 5000)),
)
header_text = st.text(
    alphabet=st.characters(min_codepoint=32, max_codepoint=255, blacklist_characters="\x7f"),
    max_size=80,
)


class Site:
    """A seated match and the session cookie and CSRF token of the browser that plays it."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        app.config["WTF_CSRF_ENABLED"] = True
        app.config["PROPAGATE_EXCEPTIONS"] = False  # a crash must show up as a 500, not raise
        client = app.test_client()
        self.match_id = seat_match(app, client)
        self.token = get(client).token
        cookie = client.get_cookie("session")
        assert cookie is not None
        self.cookie = cookie.value
        self.before = self.state()
        self.version = self.before[0][self.match_id][0]

    def state(self) -> tuple[dict[str, tuple[Any, ...]], tuple[int, int, int]]:
        with self.app.app_context():
            matches = {
                m.id: (m.version, m.status, m.snapshot, m.difficulty, m.pending_difficulty,
                       m.owner_user_id, m.updated_at)
                for m in db.session.scalars(select(Match))
            }
            counts = tuple(
                db.session.scalar(select(func.count()).select_from(model)) or 0
                for model in (User, PointAward, MatchResult)
            )
            db.session.remove()
        return matches, counts  # type: ignore[return-value]

    def client(self, cookie: str | None) -> FlaskClient:
        client = self.app.test_client()
        if cookie is not None:
            client.set_cookie("session", cookie)
        return client

    def make_invalid(self, data: dict[str, str]) -> dict[str, str]:
        """Spoil whatever could make the form a valid state-changing request."""
        version = data.get("version", "").strip()
        if version.isascii() and version.isdigit() and len(version) < 20:
            if int(version) == self.version:
                data["version"] = str(self.version + 1000)
        if data.get("ruleset") in PRESETS and data.get("difficulty") in DEFAULT.levels:
            data["ruleset"] += "-no-such-ruleset"
        if "password" in data or "confirm" in data:
            data["confirm"] = data.get("password", "") + "-differs"
        return data

    def check(self, response: Any, what: str) -> None:
        assert response.status_code < 500, f"{what} → {response.status_code}"
        assert "script-src 'none'" in response.headers.get("Content-Security-Policy", ""), what
        assert self.state() == self.before, f"state changed by {what}"


@pytest.fixture
def site(app: Flask) -> Site:
    return Site(app)


def concrete_paths(app: Flask) -> list[tuple[str, str]]:
    """(rule, an example path) for every route of the app."""
    examples = {"name": "nobody", "filename": "css/site.css", "game": "romme", "page": "rules"}
    paths = []
    for rule in app.url_map.iter_rules():
        path = rule.rule
        for argument in rule.arguments:
            path = path.replace(f"<{argument}>", examples.get(argument, "x"))
            path = path.replace(f"<path:{argument}>", examples.get(argument, "x"))
            # A reading page of a game not at root (``/<game:game>/<any(…):page>``).
            path = re.sub(rf"<(game|any\([^)]*\)):{argument}>", examples.get(argument, "x"), path)
        paths.append((rule.rule, path))
    return paths


def test_every_route_and_method_with_each_kind_of_csrf_token(app: Flask, site: Site) -> None:
    """A systematic pass before the random one: every route × method × token, empty form."""
    routes = concrete_paths(app)
    assert {rule for rule, _ in routes} >= {"/", "/new", "/play", "/difficulty", "/login",
                                             "/register", "/logout", "/healthz", "/me"}
    for _, path in routes:
        for method in METHODS:
            for token in (None, "forged", site.token):
                data = {} if token is None else {"csrf_token": token}
                response = site.client(site.cookie).open(path, method=method, data=data)
                site.check(response, f"{method} {path} token={token is not None}")


def test_tricky_values_in_every_field_of_every_form(app: Flask, site: Site) -> None:
    """Each tricky value in every field at once, with the real token, on every POST route."""
    posts = [path for rule, path in concrete_paths(app)
             if "POST" in (next(r for r in app.url_map.iter_rules() if r.rule == rule).methods
                           or ())]
    for path in posts:
        for value in TRICKY:
            forms = [{field: value for field in FIELDS}]
            if path == "/play":  # past the version check: stale version, each action
                forms += [{field: value for field in FIELDS} | {"version": "999", "action": a}
                          for a in ACTIONS]
            for form in forms:
                form = site.make_invalid(form | {"csrf_token": site.token})
                response = site.client(site.cookie).post(path, data=form)
                site.check(response, f"POST {path} {value!r} {form.get('action')}")
        for value in TRICKY:
            response = site.client(site.cookie).get(path, query_string={f: value for f in FIELDS})
            site.check(response, f"GET {path}?…={value!r}")


@st.composite
def form_data(draw: Callable[..., Any], token: str) -> dict[str, str]:
    data = draw(
        st.dictionaries(
            st.one_of(st.sampled_from(FIELDS), st.text(max_size=12)), hostile_text, max_size=8
        )
    )
    if draw(st.booleans()):
        data["action"] = draw(st.sampled_from(ACTIONS))
    if draw(st.booleans()):
        data["version"] = draw(st.one_of(st.integers(-5, 50).map(str), hostile_text))
    csrf = draw(st.sampled_from(["valid", "valid", "missing", "forged"]))
    if csrf == "valid":
        data["csrf_token"] = token
    elif csrf == "forged":
        data["csrf_token"] = draw(st.sampled_from([token[:-1] + "x", token + token, "", "x"]))
    else:
        data.pop("csrf_token", None)
    return data


@FUZZ
@given(data=st.data())
def test_hostile_forms_and_queries_on_every_route(app: Flask, site: Site, data: Any) -> None:
    rule_paths = concrete_paths(app)
    rule, path = data.draw(st.sampled_from(rule_paths), label="route")
    if "<" in rule:  # fill the route's variable part with hostile text as well
        if data.draw(st.booleans()):
            tail = data.draw(hostile_text)
            path = path.rsplit("/", 1)[0] + "/" + quote(tail.encode("utf-8", "surrogatepass"),
                                                        safe="")
    methods = sorted(next(r for r in app.url_map.iter_rules() if r.rule == rule).methods or ())
    method = data.draw(
        st.one_of(st.just("POST"), st.sampled_from(methods), st.sampled_from(METHODS))
    )
    form = site.make_invalid(data.draw(form_data(site.token), label="form"))
    query = data.draw(
        st.dictionaries(st.sampled_from(FIELDS + ("v", "x")), hostile_text, max_size=4),
        label="query",
    )
    headers = data.draw(
        st.dictionaries(
            st.sampled_from(
                ["Accept-Language", "Referer", "X-Forwarded-For", "User-Agent", "Origin",
                 "If-None-Match", "Range", "Accept"]
            ),
            header_text,
            max_size=4,
        ),
        label="headers",
    )
    cookie = data.draw(st.sampled_from([site.cookie, site.cookie, None, "garbage", "a.b.c"]))
    client = site.client(cookie)
    response = client.open(
        path, method=method, data=form, query_string=query, headers=headers
    )
    site.check(response, f"{method} {path} {form!r} {query!r} {headers!r}")


@settings(FUZZ, max_examples=sized(200, 800))
@given(
    path=st.one_of(
        st.binary(max_size=60).map(lambda raw: "/" + quote(raw, safe="/")),
        st.text(max_size=60).map(
            lambda text: "/" + quote(text.encode("utf-8", "surrogatepass"), safe="/")
        ),
        st.sampled_from(["//evil.example/", "/play/../new", "/static/../webapp/config.py",
                         "/static/%2e%2e/pyproject.toml", "/static/css/", "/u/" + "a" * 3000,
                         "/play%00", "/%ff%fe", "/play/", "/healthz/"]),
    ),
    method=st.sampled_from(METHODS),
    body=st.binary(max_size=300),
    content_type=st.sampled_from([
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "multipart/form-data",
        "application/json",
        "text/plain; charset=utf-16",
        "application/x-www-form-urlencoded; charset=ebcdic",
        "",
    ]),
)
def test_random_paths_and_raw_bodies(
    site: Site, path: str, method: str, body: bytes, content_type: str
) -> None:
    response = site.client(site.cookie).open(
        path, method=method, data=body, headers={"Content-Type": content_type}
    )
    site.check(response, f"{method} {path} {content_type} {body!r}")
    if response.status_code == 200 and path.startswith("/static/"):
        assert b"SECRET" not in response.get_data()


def test_an_oversized_body_is_refused(site: Site) -> None:
    response = site.client(site.cookie).post(
        "/play", data={"csrf_token": site.token, "version": "1", "action": "x" * 200_000}
    )
    assert response.status_code == 413
    site.check(response, "oversized body")
