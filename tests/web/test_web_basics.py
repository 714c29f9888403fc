"""Start page, languages, error pages, CSRF and the no-JavaScript rule."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from gin_engine.snapshot import SNAPSHOT_VERSION
from webapp import create_app
from webapp.config import ConfigError
from webapp.models import Match

LANGUAGE_CASES = [
    # (?lang= value, <html lang>, a word only that language's start page has)
    ("zh_Hans", "zh-Hans", "开始对局"),
    ("zh_Hant", "zh-Hant", "開始對局"),
    ("en", "en", "Start match"),
]


def test_start_page_defaults_to_simplified_chinese(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert '<html lang="zh-Hans">' in html
    assert "开始对局" in html
    assert 'value="normal" checked' in html
    assert 'value="standard" checked' in html


@pytest.mark.parametrize(("lang", "html_lang", "word"), LANGUAGE_CASES)
def test_start_page_in_each_language(
    client: FlaskClient, lang: str, html_lang: str, word: str
) -> None:
    switch = client.get(f"/?lang={lang}")
    assert switch.status_code == 303
    assert switch.headers["Location"] == "/"
    html = client.get("/").get_data(as_text=True)
    assert f'<html lang="{html_lang}">' in html
    assert word in html
    for ruleset in ("standard", "classic", "quick"):
        assert f'name="ruleset" value="{ruleset}"' in html
    for difficulty in ("easy", "normal", "expert"):
        assert f'name="difficulty" value="{difficulty}"' in html


@pytest.mark.parametrize(
    ("header", "html_lang"),
    [("zh-TW,zh;q=0.8", "zh-Hant"), ("en-GB,en;q=0.9", "en"), ("fr-FR", "zh-Hans"),
     ("zh-CN", "zh-Hans"), ("de, zh-HK;q=0.5", "zh-Hant")],
)
def test_accept_language_picks_the_best_locale(
    client: FlaskClient, header: str, html_lang: str
) -> None:
    html = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert f'<html lang="{html_lang}">' in html


def test_language_choice_beats_accept_language_and_keeps_other_query_args(
    client: FlaskClient,
) -> None:
    switch = client.get("/play?card=7S&lang=zh-Hant", headers={"Accept-Language": "en"})
    assert switch.status_code == 303
    assert switch.headers["Location"] == "/play?card=7S"
    html = client.get("/play", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="zh-Hant">' in html


def test_unknown_language_is_ignored(client: FlaskClient) -> None:
    assert client.get("/?lang=xx").status_code == 303
    assert '<html lang="zh-Hans">' in client.get("/").get_data(as_text=True)


def test_language_links_on_every_page(client: FlaskClient) -> None:
    for path in ("/", "/play", "/no-such-page"):
        html = client.get(path).get_data(as_text=True)
        for name in ("简体中文", "繁體中文", "English"):
            assert name in html, path
        assert 'href="/rules"' in html and 'href="/leaderboard"' in html


def test_language_switch_cannot_redirect_off_site(client: FlaskClient) -> None:
    response = client.get("//evil.example/?lang=en")
    assert not response.headers.get("Location", "/").startswith("//")


@pytest.mark.parametrize(("lang", "word"), [("zh_Hans", "找不到页面"), ("zh_Hant", "找不到頁面"),
                                            ("en", "Page not found")])
def test_404_page_is_translated(client: FlaskClient, lang: str, word: str) -> None:
    client.get(f"/?lang={lang}")
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert word in response.get_data(as_text=True)


def test_405_keeps_allow_header(client: FlaskClient) -> None:
    response = client.put("/")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]
    assert "不支持此操作方式" in response.get_data(as_text=True)


def test_post_without_csrf_token_is_a_translated_400(client: FlaskClient, app: Flask) -> None:
    client.get("/?lang=zh_Hant")
    response = client.post("/new", data={"ruleset": "standard", "difficulty": "normal"})
    assert response.status_code == 400
    assert "表單已過期" in response.get_data(as_text=True)
    with app.app_context():
        assert Match.query.count() == 0


def test_new_match_creates_a_row_and_redirects_to_the_table(
    client: FlaskClient, app: Flask, csrf_token: Callable[[FlaskClient, str], str]
) -> None:
    token = csrf_token(client, "/")
    response = client.post(
        "/new", data={"csrf_token": token, "ruleset": "quick", "difficulty": "expert"}
    )
    assert response.status_code == 303
    assert response.headers["Location"] == "/play#table"
    with client.session_transaction() as session:
        match_id = session["match_id"]
    with app.app_context():
        match = Match.query.one()
    assert (match.id, match.ruleset, match.difficulty, match.status) == (
        match_id, "quick", "expert", "active")
    assert match.snapshot["v"] == SNAPSHOT_VERSION and match.version == 1
    table = client.get("/play").get_data(as_text=True)
    assert 'data-phase="upcard"' in table and 'data-version="1"' in table
    assert "继续这一场" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("form", "message"),
    [({"ruleset": "hollywood", "difficulty": "normal"}, "未知的规则"),
     ({"ruleset": "standard", "difficulty": "godlike"}, "未知的难度"),
     ({"ruleset": "standard"}, "未知的难度")],
)
def test_invalid_start_form_is_a_clear_400(
    client: FlaskClient, app: Flask, csrf_token: Callable[[FlaskClient, str], str],
    form: dict[str, str], message: str,
) -> None:
    response = client.post("/new", data={"csrf_token": csrf_token(client, "/"), **form})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    with app.app_context():
        assert Match.query.count() == 0


def test_500_page_is_translated_and_rolls_back(app: Flask) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/boom")
    def boom() -> str:
        raise RuntimeError("boom")

    response = app.test_client().get("/boom", headers={"Accept-Language": "en"})
    assert response.status_code == 500
    assert "Something went wrong" in response.get_data(as_text=True)


def test_no_script_in_any_page(client: FlaskClient) -> None:
    for path in ("/", "/play", "/no-such-page", "/?lang=en", "/static/css/site.css"):
        response = client.get(path, follow_redirects=True)
        assert "<script" not in response.get_data(as_text=True).lower(), path
    assert "script-src 'none'" in client.get("/").headers["Content-Security-Policy"]


def test_stylesheet_is_served_from_the_top_level_static_folder(client: FlaskClient) -> None:
    response = client.get("/static/css/site.css")
    assert response.status_code == 200
    assert ".card.red" in response.get_data(as_text=True)


def test_production_refuses_a_missing_secret_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("APP_ENV", "production")
    with pytest.raises(ConfigError):
        create_app({"INSTANCE_PATH": str(tmp_path)})


def test_development_key_is_kept_in_the_instance_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("APP_ENV", raising=False)
    first = create_app({"INSTANCE_PATH": str(tmp_path)})
    second = create_app({"INSTANCE_PATH": str(tmp_path)})
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert len(first.config["SECRET_KEY"]) >= 32
    assert first.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'gin.sqlite3'}"
