"""The player pages' parts kept between requests (webapp/board/page_cache.py): a page seen again
reads two statements, and what it shows is still the database's — after a new result, after
a kept review, for each viewer, language and time zone on their own."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask, template_rendered
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.web.account_helpers import real_user, register, seed_result, user_id
from tests.web.sql_helpers import sent_statements
from tests.web.test_review import finish_as_owner
from webapp.board import page_cache
from webapp.extensions import db
from webapp.models import GIN, HU, PlayerRating, User, utcnow

RECENT = re.compile(r'<li data-match="([^"]+)"')
RATING = re.compile(r'data-rating="gin">(\d+)\??')


def page(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def seed(app: Flask, name: str, hours_ago: int, outcome: str = "won") -> str:
    with app.app_context():
        user = db.session.scalar(select(User).where(User.username == name))
        assert user is not None
        match_id = seed_result(user, outcome=outcome,
                               finished_at=utcnow() - timedelta(hours=hours_ago))
        db.session.commit()
    return match_id


def kept_rating(app: Flask, name: str) -> int:
    with app.app_context():
        rating = db.session.scalar(
            select(PlayerRating.rating).join(User, User.id == PlayerRating.user_id)
            .where(User.username == name, PlayerRating.game == GIN)
        )
        assert rating is not None
        return round(rating)


def test_a_page_seen_again_reads_its_kept_parts(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        real_user("kept_reader")
        db.session.commit()
    seed(app, "kept_reader", 5)
    with sent_statements(app) as first:
        page(client, "/u/kept_reader")
    with sent_statements(app) as again:
        html = page(client, "/u/kept_reader")
    # The user by name with the board of their last game (one index probe in the same
    # statement), then the totals and rank with the freshness token: the charts, the ratings
    # and the last matches come from the kept parts.
    assert len(again) == 2 < len(first)
    assert len(RECENT.findall(html)) == 1


def test_a_board_without_totals_reads_the_token_on_its_own(app: Flask, client: FlaskClient):
    """A player who has played 胡牌制 only, on the Gin Rummy board: no totals row to read the
    token with, so one statement more; a new result still shows at once."""
    with app.app_context():
        player = real_user("hu_only")
        first = seed_result(player, game=HU, finished_at=utcnow() - timedelta(hours=2))
        db.session.commit()
    page(client, "/u/hu_only")
    with sent_statements(app) as again:
        assert RECENT.findall(page(client, "/u/hu_only")) == [first]
    assert len(again) == 2
    with app.app_context():
        player = db.session.scalars(select(User).where(User.username == "hu_only")).one()
        second = seed_result(player, game=HU, finished_at=utcnow() - timedelta(hours=1))
        db.session.commit()
    assert RECENT.findall(page(client, "/u/hu_only")) == [second, first]


def test_a_part_larger_than_the_room_is_shown_and_not_kept(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page_cache, "KEPT_BYTES", 1000)  # smaller than any part
    with app.app_context():
        real_user("too_big")
        db.session.commit()
    match_id = seed(app, "too_big", 3)
    for _ in range(2):
        with sent_statements(app) as read:
            assert RECENT.findall(page(client, "/u/too_big")) == [match_id]
        assert len(read) > 2  # every part read and rendered again


def test_a_new_result_shows_at_once_on_both_pages(app: Flask, client: FlaskClient) -> None:
    client.get("/?lang=en")
    register(client, "fresh_player")
    first = seed(app, "fresh_player", 5)
    public = app.test_client()
    for path, reader in (("/me", client), ("/u/fresh_player", public)):
        html = page(reader, path)
        assert RECENT.findall(html) == [first]
        assert RATING.search(html).group(1) == str(kept_rating(app, "fresh_player"))  # type: ignore[union-attr]
    before = kept_rating(app, "fresh_player")
    second = seed(app, "fresh_player", 1, outcome="lost")
    after = kept_rating(app, "fresh_player")
    assert after != before
    for path, reader in (("/me", client), ("/u/fresh_player", public)):
        html = page(reader, path)
        assert RECENT.findall(html) == [second, first]
        assert RATING.search(html).group(1) == str(after)  # type: ignore[union-attr]
        assert 'data-stat="matches">2<' in html


def test_a_kept_review_shows_at_once_in_the_trend(app: Flask, client: FlaskClient) -> None:
    client.get("/?lang=en")
    register(client, "review_waiter")
    played = finish_as_owner(app, client, 7, user_id(app, "review_waiter"))
    assert "No reviewed match yet" in page(client, "/me")
    assert "No reviewed match yet" in page(client, "/me")  # kept
    # The match's review page keeps every hand's review: no new result, the same match.
    page(client, f"/review/{played}")
    html = page(client, "/me")
    assert "No reviewed match yet" not in html
    assert f'<tr data-match="{played}">' in html


def test_two_players_never_see_each_others_kept_parts(app: Flask, client: FlaskClient) -> None:
    client.get("/?lang=en")
    register(client, "ann_kept")
    other = app.test_client()
    other.get("/?lang=en")
    register(other, "bob_kept")
    ann_match = finish_as_owner(app, client, 7, user_id(app, "ann_kept"))
    bob_match = finish_as_owner(app, other, 8, user_id(app, "bob_kept"))
    page(client, f"/review/{ann_match}")
    own = page(client, "/me")  # Ann's own parts kept: her trend and review links
    assert f'href="/review/{ann_match}">' in own and 'data-zone="accuracy-trend"' in own
    for _ in range(2):  # the first renders Bob's parts, the second reads them kept
        bobs = page(other, "/me")
        assert RECENT.findall(bobs) == [bob_match]
        assert ann_match not in bobs
        # Ann's page as Bob sees it: the public parts, no trend, no review link.
        seen = page(other, "/u/ann_kept")
        assert RECENT.findall(seen) == [ann_match]
        assert "accuracy-trend" not in seen and "/review/" not in seen
        assert bob_match not in seen
    # And Ann's own page after Bob's visits is still hers.
    again = page(client, "/me")
    assert RECENT.findall(again) == [ann_match] and f'href="/review/{ann_match}">' in again


def test_each_language_gets_its_own_parts(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        real_user("polyglot")
        db.session.commit()
    seed(app, "polyglot", 2)
    english = ("Ranking points over time", "Rating over time", "Normal difficulty")
    client.get("/?lang=en")
    for _ in range(2):
        html = page(client, "/u/polyglot")
        assert all(words in html for words in english)
    client.get("/?lang=zh_Hans")
    html = page(client, "/u/polyglot")
    assert not any(words in html for words in english)
    assert "排名积分走势" in html and "普通难度" in html


def rendered(app: Flask, client: FlaskClient, path: str) -> list[str]:
    """The templates a request renders, in order."""
    names: list[str] = []

    def note(_sender: Flask, template: Any, context: Any, **_: Any) -> None:
        names.append(str(template.name))

    with template_rendered.connected_to(note, app):
        page(client, path)
    return names


def test_a_new_result_renders_again_only_what_it_changed(app: Flask, client: FlaskClient):
    """After a lost match the points chart stays kept and, of the last matches, only the new
    one is rendered; after a won match the points chart is rendered again too."""
    with app.app_context():
        real_user("changes_only")
        db.session.commit()
    for hours_ago in (9, 8, 7):
        seed(app, "changes_only", hours_ago)
    assert rendered(app, client, "/u/changes_only").count("board/_player_match.html") == 3
    assert rendered(app, client, "/u/changes_only") == ["board/player.html"]  # all kept
    lost = seed(app, "changes_only", 2, outcome="lost")
    again = rendered(app, client, "/u/changes_only")
    assert "board/_player_points.html" not in again
    assert again.count("board/_player_match.html") == 1
    assert {"board/_player_ratings.html", "board/_player_recent.html"} <= set(again)
    html = page(client, "/u/changes_only")
    assert RECENT.findall(html)[0] == lost and len(RECENT.findall(html)) == 4
    seed(app, "changes_only", 1, outcome="won")
    again = rendered(app, client, "/u/changes_only")
    assert "board/_player_points.html" in again
    assert again.count("board/_player_match.html") == 1
    assert 'data-stat="points">120<' in page(client, "/u/changes_only")
