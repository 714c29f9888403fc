"""Dates on the player page in the reader's time zone: the account's setting, else by language."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import flask_babel
import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import force_locale
from flask_login import login_user
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, select

from tests.web.account_helpers import real_user, register, seed_result, token
from webapp import MIGRATIONS_DIR
from webapp.extensions import db
from webapp.models import User
from webapp.time_zones import NAMED_FORMATS, format_datetime

FINISHED = datetime(2026, 1, 2, 0, 30, tzinfo=UTC)  # 08:30 in Shanghai and Taipei


def seed_finished_match(app: Flask, name: str) -> None:
    with app.app_context():
        user = db.session.scalar(select(User).where(User.username == name))
        assert user is not None
        seed_result(user, finished_at=FINISHED)
        db.session.commit()


@pytest.mark.parametrize(
    ("lang", "shown"),
    # Babel's short formats (CLDR), with their thin and narrow no-break spaces.
    [("zh_Hans", "2026/1/2 08:30"), ("zh_Hant", "2026/1/2\u2009上午8:30"),
     ("en", "1/2/26, 12:30\u202fAM")],
)
def test_dates_default_to_the_languages_time_zone(
    app: Flask, client: FlaskClient, lang: str, shown: str
) -> None:
    client.get(f"/?lang={lang}")
    register(client, "zone_reader")
    seed_finished_match(app, "zone_reader")
    page = client.get("/me").get_data(as_text=True)
    assert shown in page
    # The match was won: the points chart's table lists the award at the same local time.
    data = client.get("/u/zone_reader/charts").get_data(as_text=True)
    assert shown in data[data.index('data-chart="points"'):]


def test_the_account_setting_wins_over_the_language(app: Flask, client: FlaskClient) -> None:
    client.get("/?lang=zh_Hans")
    register(client, "zone_setter")
    seed_finished_match(app, "zone_setter")
    response = client.post("/me/time-zone", data={
        "csrf_token": token(client, "/me"), "time_zone": "America/New_York"})
    assert response.status_code == 303
    with app.app_context():
        user = db.session.scalar(select(User).where(User.username == "zone_setter"))
        assert user is not None and user.time_zone == "America/New_York"
    page = client.get("/me").get_data(as_text=True)
    assert "2026/1/1 19:30" in page  # New York is UTC−5 in January
    assert '<option value="America/New_York" selected>' in page
    # Back to "by language".
    client.post("/me/time-zone", data={"csrf_token": token(client, "/me"), "time_zone": ""})
    assert "2026/1/2 08:30" in client.get("/me").get_data(as_text=True)


@pytest.mark.parametrize("zone", ["Mars/Olympus", "Etc/GMT+3", "x" * 500])
def test_an_unknown_time_zone_is_refused(app: Flask, client: FlaskClient, zone: str) -> None:
    client.get("/?lang=en")
    register(client, "zone_typo")
    response = client.post("/me/time-zone", data={
        "csrf_token": token(client, "/me"), "time_zone": zone})
    assert response.status_code == 400
    assert "Choose a time zone from the list." in response.get_data(as_text=True)
    with app.app_context():
        user = db.session.scalar(select(User).where(User.username == "zone_typo"))
        assert user is not None and user.time_zone is None


def test_a_guest_cannot_set_a_time_zone(app: Flask, client: FlaskClient) -> None:
    response = client.post("/me/time-zone", data={"csrf_token": token(client, "/"),
                                                  "time_zone": "UTC"})
    assert response.status_code in (302, 303)
    assert "/login" in response.headers["Location"]


def test_0005_adds_the_time_zone_column_and_down_again(app: Flask) -> None:
    with app.app_context():
        real_user("zone_kept")
        db.session.commit()
        columns = {c["name"] for c in inspect(db.engine).get_columns("users")}
        assert "time_zone" in columns
        downgrade(directory=str(MIGRATIONS_DIR), revision="0004")
        columns = {c["name"] for c in inspect(db.engine).get_columns("users")}
        assert "time_zone" not in columns
        upgrade(directory=str(MIGRATIONS_DIR))
        assert db.session.scalar(select(User.username)) == "zone_kept"


@pytest.mark.parametrize("zone", [None, "America/New_York", "Australia/Sydney", "Europe/London"])
@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant", "en"])
def test_the_date_filter_prints_what_flask_babel_prints(
    app: Flask, lang: str, zone: str | None
) -> None:
    """The pages' ``datetimeformat`` looks the language's patterns up once; what it prints is
    Flask-Babel's, in every named format, language and zone of the setting (the days summer
    time starts and ends in New York included)."""
    rng = random.Random(34)
    moments = [datetime(2026, 3, 8, 6, 59, tzinfo=UTC), datetime(2026, 11, 1, 5, 30, tzinfo=UTC)]
    moments += [datetime(2020, 1, 1, tzinfo=UTC) + timedelta(seconds=rng.randrange(4 * 10**8))
                for _ in range(150)]
    with app.app_context():
        reader = real_user(f"reader_{lang.lower()}")
        reader.time_zone = zone
        db.session.commit()
        with app.test_request_context(f"/?lang={lang}"):
            login_user(reader)
            with force_locale(lang):
                for moment in moments:
                    for style in NAMED_FORMATS:
                        assert format_datetime(moment, style) == flask_babel.format_datetime(
                            moment, style
                        )
                assert format_datetime(moments[0], "yyyy-MM-dd HH:mm") == (
                    flask_babel.format_datetime(moments[0], "yyyy-MM-dd HH:mm")
                )
