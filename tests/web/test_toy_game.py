"""A third game defined in the tests (`tests.web.toy_game`, "high card"), registered in a
test and, with no other change to the site, dealt from the start page, played to its end
through the forms, recorded, shown on its board, counted in the totals and the rating, and
repaired by both recount commands, with its rules page and a link to it in the menu: the
games registry is the whole interface a game needs
(issue 47, the OpenSpiel way of proving an interface)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import select, update

from tests.web.account_helpers import register, token, user_id
from tests.web.board_helpers import cell, listed
from tests.web.test_games import levels_missing
from tests.web.test_pages import MENU, menu
from tests.web.toy_game.entry import registered
from tests.web.toy_game.table import SWAPS
from webapp import games
from webapp.extensions import db
from webapp.models import (
    ALL_GAMES,
    ALL_TIME,
    Match,
    MatchResult,
    PlayerRating,
    PlayerStatistic,
    PlayerTotal,
)
from webapp.rating.levels import level

pytestmark = pytest.mark.db

TOY = "toy"
_FORM = re.compile(r'name="version" value="(\d+)">\s*<button name="action" value="(\w+)">')


@pytest.fixture
def toy(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[games.Game]:
    with registered(app, monkeypatch) as game:
        yield game


def _play_to_the_end(client: FlaskClient) -> str:
    """The forms the table offers, the person swapping every card dealt, until none is left:
    the last table page."""
    for _ in range(100):
        page = client.get("/toy")
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        offered = _FORM.findall(html)
        if not offered:
            return html
        version, action = offered[-1]  # swap (after keep), or deal on
        answer = client.post("/toy", data={"csrf_token": token(client, "/toy"),
                                           "version": version, "action": action})
        assert answer.status_code == 303
        assert answer.headers["Location"].endswith("/toy#table")
    raise AssertionError("the match never ended")


# The person's seed picks the toy's deals (`tests.web.toy_game.entry`): swapping every card
# against the expert, "g" wins 2 hands to 1 and "b" loses 1 hand to 2.
@pytest.mark.parametrize(("player_seed", "won"), [("g", True), ("b", False)])
def test_a_game_registered_in_a_test_is_a_game_of_the_whole_site(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, toy: games.Game,
    player_seed: str, won: bool,
) -> None:
    # Its levels have bots and anchors (its board's own: levels.json has none for it).
    assert levels_missing(toy) == []
    register(client, "ann")
    start = client.get("/?game=toy")
    assert start.status_code == 200
    html = start.get_data(as_text=True)
    assert 'data-game="toy"' in html and 'value="expert"' in html
    # The levels panel rates the toy's levels from its entry (no levels.json figures).
    assert 'data-levels="toy"' in html
    dealt = client.post("/new", data={"csrf_token": token(client, "/?game=toy"), "game": TOY,
                                      "ruleset": "first-to-2", "difficulty": "expert",
                                      "player_seed": player_seed})
    assert dealt.status_code == 303 and dealt.headers["Location"].endswith("/toy#table")

    last = _play_to_the_end(client)
    assert 'data-phase="match-over"' in last
    with app.app_context():
        ann = user_id(app, "ann")
        result = db.session.scalars(select(MatchResult)).one()
        assert (result.game, result.difficulty, result.user_id) == (TOY, "expert", ann)
        assert (result.outcome, result.hands, result.hands_won) == (
            ("won", 3, 2) if won else ("lost", 3, 1))
        # The person swapped at every hand: the toy's own statistic, by the name it declares.
        assert result.statistics == {SWAPS: result.hands}
        totals = {t.game: t for t in db.session.scalars(
            select(PlayerTotal).where(PlayerTotal.period == ALL_TIME))}
        assert set(totals) == {TOY, ALL_GAMES}
        assert (totals[TOY].matches, totals[TOY].wins) == (1, int(won))
        assert totals[TOY].points == (100 if won else 0)
        kept = {s.name: s.value for s in db.session.scalars(
            select(PlayerStatistic).where(PlayerStatistic.game == TOY,
                                          PlayerStatistic.period == ALL_TIME))}
        assert kept == {SWAPS: result.hands, **({"wins:expert": 1} if won else {})}
        rating = db.session.get(PlayerRating, (ann, TOY))
        assert rating is not None and rating.matches == 1
        # Rated against the anchor the toy's board declares.
        assert level(TOY, "expert").rating == 1520.0
        assert (rating.rating > 1500) is won

    # /verify deals the toy's seed again, once revealed (its preset named by its key).
    with app.app_context():
        seed = toy.read(db.session.scalars(select(Match.snapshot)).one()).seed
    again = client.get(f"/verify?game=toy&seed={seed}&player_seed={player_seed}")
    assert again.status_code == 200 and 'value="first-to-2" selected' in again.get_data(
        as_text=True)

    board = client.get("/leaderboard?game=toy")
    assert board.status_code == 200
    assert listed(board.get_data(as_text=True)) == ["ann"]
    assert cell(board.get_data(as_text=True), "ann", "points") == ("100" if won else "0")
    assert client.get("/leaderboard?game=toy&by=rating").status_code == 200
    player = client.get("/u/ann?game=toy").get_data(as_text=True)
    assert f'data-stat="swaps">{result.hands}<' in player
    assert 'data-stat="matches">1<' in player

    assert "0 difference(s)" in runner.invoke(args=["recount-totals"]).output
    assert "0 difference(s)" in runner.invoke(args=["recount-ratings"]).output
    with app.app_context():
        db.session.execute(update(PlayerTotal).where(PlayerTotal.game == TOY)
                           .values(matches=PlayerTotal.matches + 4))
        db.session.execute(update(PlayerStatistic).where(PlayerStatistic.game == TOY,
                                                         PlayerStatistic.name == SWAPS)
                           .values(value=PlayerStatistic.value + 3))
        db.session.execute(update(PlayerRating).where(PlayerRating.game == TOY)
                           .values(matches=7))
        db.session.commit()
    broken = runner.invoke(args=["recount-totals"])
    assert broken.exit_code == 1 and "'matches': 5" in broken.output
    assert f"{SWAPS}" in broken.output
    assert runner.invoke(args=["recount-totals", "--fix"]).exit_code == 0
    assert "0 difference(s)" in runner.invoke(args=["recount-totals"]).output
    broken = runner.invoke(args=["recount-ratings"])
    assert broken.exit_code == 1 and "'matches': 7" in broken.output
    assert runner.invoke(args=["recount-ratings", "--fix"]).exit_code == 0
    assert "0 difference(s)" in runner.invoke(args=["recount-ratings"]).output
    with app.app_context():
        repaired = db.session.get(PlayerRating, (ann, TOY))
        assert repaired is not None and repaired.matches == 1
        assert db.session.scalars(select(PlayerStatistic.value).where(
            PlayerStatistic.game == TOY, PlayerStatistic.name == SWAPS,
            PlayerStatistic.period == ALL_TIME)).one() == result.hands


def _page(client: FlaskClient, path: str, lang: str = "en") -> str:
    client.get(f"{path}?lang={lang}")
    response = client.get(path)
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


def test_a_registered_games_rules_page_opens_and_the_menu_links_it(
    client: FlaskClient, toy: games.Game
) -> None:
    # Its rules, read from the folder its entry names and filled with its entry's values.
    rules = _page(client, "/toy/rules")
    assert '<h1 class="page-title">High card rules</h1>' in rules
    assert "the first to win 2 hands wins the match" in rules
    more = rules.split('class="doc-links"', 1)[1]
    for link in ('href="/rules">Gin Rummy rules<', 'href="/romme/rules">Rommé rules<',
                 'href="/toy">Play<'):
        assert link in more
    assert "比大小规则" in _page(client, "/toy/rules", "zh_Hans")
    # Only the pages it has: no FAQ, no strategy.
    assert client.get("/toy/faq").status_code == 404
    assert client.get("/toy/strategy").status_code == 404
    # The menu links its rules after the other games', on every page.
    for lang in ("en", "zh_Hans"):
        links = menu(_page(client, "/leaderboard", lang))
        assert [text for _, text in links] == [*MENU[lang][:-1], "High card rules",
                                               MENU[lang][-1]]
        assert links[-2] == ("/toy/rules", "High card rules")
    # The other games' pages link to its rules.
    assert 'href="/toy/rules">High card rules<' in _page(client, "/romme/faq")


def test_the_toy_game_has_a_daily_through_its_entry_alone(
    app: Flask, client: FlaskClient, toy: games.Game
) -> None:
    """Its `Daily` hook is all the daily asks: ``/daily`` offers it, deals it from the day's
    seed, records each board as the toy's forms play it and shows it beside par."""
    from tests.web.daily_helpers import old_account, session_match, start_daily
    from webapp.daily import calendar
    from webapp.models import DailyDay, DailyResult

    old_account(app, client, "toyer")
    assert 'data-daily-game="toy"' in client.get("/daily").get_data(as_text=True)
    assert start_daily(client, TOY).status_code == 303
    _play_to_the_end(client)
    with app.app_context():
        day = calendar.today()
        seed = db.session.get(DailyDay, (TOY, day)).seed  # type: ignore[union-attr]
        match = db.session.get(Match, session_match(client))
        assert match is not None and match.snapshot["seed"] == seed and match.daily == day
        boards = db.session.scalars(select(DailyResult.board).where(DailyResult.game == TOY))
        assert list(boards) == [1, 2, 3]
    html = client.get("/daily").get_data(as_text=True).split('data-daily-game="toy"', 1)[1]
    assert 'data-state="done"' in html.split(">", 1)[0]
    assert html.count("<td data-par>") == 3 and "<td data-par>?</td>" not in html
