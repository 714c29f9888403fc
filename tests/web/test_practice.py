"""Practice this deal (复盘): from a finished hand's review, a practice match deals that hand
again, card for card, against the match's level; it is unranked, marked as practice on every
page, and counts on no board, total, statistic or rating — won or abandoned. It gives away
nothing still hidden: a fresh seed deals its later hands, and its first deal's own seed is
shown only once the practice and the match it came from are over. Rommé's practice goes the
same way through the same code (its hook deals the same hands and stock order to as many
players). Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
"""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
import romme_engine as romme
from engine_common.fairness import commitment, deal_seed
from gin_engine.ai import hint
from gin_engine.deck import shuffled_deck
from gin_engine.replay import deck_of, replay
from romme_engine.ai import hint as romme_hint
from romme_engine.replay import deck_of as romme_deck_of
from romme_engine.replay import replay as romme_replay
from tests.web.account_helpers import (
    finish_by_knocking,
    register,
    seat_winning_match,
    token,
    user_id,
)
from tests.web.play_helpers import Page, form_fields, get, post_move, stored, stored_rows
from tests.web.review_helpers import seat_game, simulated
from tests.web.romme_helpers import post_romme, romme_page, seat_romme, simulated_romme
from webapp.extensions import db
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import MatchResult

NOT_COUNTING = ("matches", "hand_reviews", "alembic_version")
"""The tables a practice writes to: its own match row, and its hands' kept reviews (which
reach no trend: the trend reads only counted matches). Every other table is a board, a total,
a statistic, a rating, an award or an account, and must not change."""
MARK = {"zh_Hans": "练习", "zh_Hant": "練習", "en": "Practice"}
BADGE = re.compile(r'<span class="practice-badge" data-practice="(\d+)">([^<]+)</span>')
PRACTICE_MARK = re.compile(
    r'<p class="practice-mark" data-practice="(\d+)"><strong>([^<]+)</strong>')


def counted(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    rows = stored_rows(app)
    return {name: found for name, found in rows.items() if name not in NOT_COUNTING}


def session_match(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        found = session[SESSION_MATCH_KEY]
    assert isinstance(found, str)
    return found


def practise(client: FlaskClient, match_id: str, number: int, confirm: bool = False) -> Any:
    """The review page's Practice button (and the confirmation's, with ``confirm``)."""
    review = client.get(f"/review/{match_id}/{number}").get_data(as_text=True)
    assert f'action="/review/{match_id}/{number}/practice"' in review
    data = {"csrf_token": token(client, f"/review/{match_id}/{number}")}
    if confirm:
        data["confirm"] = "1"
    return client.post(f"/review/{match_id}/{number}/practice", data=data)


def practice_of(app: Flask, match_id: str) -> tuple[str | None, int | None, bool]:
    row = stored(app, match_id)[2]
    return row.practice_of, row.practice_hand, bool(row.ranked)


def play_by_hint(client: FlaskClient, app: Flask, match_id: str, until_hands: int) -> Page:
    """The person follows the Hint through the forms until ``until_hands`` hands are over (or
    the match)."""
    for _ in range(400):
        game = engine.Match.from_dict(stored(app, match_id)[1])
        if len(game.results) >= until_hands or game.phase is engine.Phase.MATCH_OVER:
            return get(client)
        name, card = form_fields(hint(game.view(0)).action)
        assert post_move(client, get(client), name, card).status_code == 303
    raise AssertionError("the hand did not end")


def test_practice_deals_the_hand_again_against_the_same_level_unranked(app, client):
    client.get("/?lang=en")
    register(client, "alice")
    origin = seat_game(app, client, simulated("standard", 21), "standard", difficulty="expert",
                       owner=user_id(app, "alice"))
    before = counted(app)
    # The match is running: practising it ends it, a loss, so the person is asked first.
    asked = practise(client, origin, 1)
    assert asked.status_code == 200
    page = asked.get_data(as_text=True)
    assert "If you start a new one, it ends and counts as a loss." in page
    assert 'name="confirm" value="1"' in page
    assert session_match(client) == origin and stored(app, origin)[2].status == "active"
    assert counted(app) == before

    response = practise(client, origin, 1, confirm=True)
    assert response.status_code == 303 and response.headers["Location"].endswith("/play#table")
    practice = session_match(client)
    assert practice != origin
    assert practice_of(app, practice) == (origin, 1, False)
    row = stored(app, practice)[2]
    assert (row.ruleset, row.difficulty, row.owner_user_id) == (
        "standard", "expert", user_id(app, "alice"))
    assert stored(app, origin)[2].status == "abandoned"  # as /new: a loss, counted once
    with app.app_context():
        outcomes = [r.outcome for r in db.session.query(MatchResult).all()]
    assert outcomes == ["abandoned"]

    played = engine.Match.from_dict(stored(app, origin)[1])
    again = engine.Match.from_dict(stored(app, practice)[1])
    assert again.stacked == {1: deck_of(played, 1)}
    assert again.hand.number == 1 and again.hand.dealer == played.results[0].dealer
    first = next(step for step in replay(played, 1) if step.seat == 0)
    assert again.view(0).hand == first.view.hand
    assert again.view(0).discard_top == first.view.discard_top
    assert again.seed != played.seed  # its later hands: a seed of its own


def test_a_practice_is_marked_on_every_page_in_three_languages(app, client):
    client.get("/?lang=zh_Hans")
    origin = seat_game(app, client, simulated("standard", 21), "standard")
    practise(client, origin, 1, confirm=True)
    practice = session_match(client)
    for lang, word in MARK.items():
        client.get(f"/?lang={lang}")
        table = get(client).html
        assert BADGE.findall(table) == [("1", word)]
        assert PRACTICE_MARK.findall(table) == [("1", word)]
        assert f'href="/review/{origin}/1" data-link="practised"' in table
    client.get("/?lang=en")
    assert "Not counted: no board, no statistic, no rating." in get(client).html
    # the hand's result, its review, the match's review
    over = play_by_hint(client, app, practice, until_hands=1)
    assert over.phase in ("hand-over", "match-over")
    assert BADGE.findall(over.html) == [("1", "Practice")]
    for page in (f"/review/{practice}/1", f"/review/{practice}"):
        html = client.get(page).get_data(as_text=True)
        assert PRACTICE_MARK.findall(html) == [("1", "Practice")], page
    # the match practised is no practice, and says nothing of one
    origin_review = client.get(f"/review/{origin}/1").get_data(as_text=True)
    assert "practice-mark" not in origin_review


@pytest.mark.parametrize("owner", ["alice", None])
def test_a_practice_won_counts_nowhere(app: Flask, client: FlaskClient, owner: str | None):
    """Every board, total, statistic, award and rating row is as it was after a practice
    match played to its end and won, by an account or a guest."""
    client.get("/?lang=en")
    if owner:
        register(client, owner)
    origin = seat_winning_match(app, client, owner=owner)
    finish_by_knocking(client)  # the match practised: counted if ranked
    client.get(f"/review/{origin}")  # reviewed and kept: on the trend, if counted
    me_before = client.get("/me").get_data(as_text=True) if owner else ""
    before = counted(app)
    response = practise(client, origin, 1)  # the match is over: nothing to confirm
    assert response.status_code == 303
    practice = session_match(client)
    assert practice_of(app, practice) == (origin, 1, False)
    finish_by_knocking(client)  # the same deal, the same winning knock
    game = engine.Match.from_dict(stored(app, practice)[1])
    assert game.settlement is not None and game.settlement.winner == 0
    assert stored(app, practice)[2].status == "finished"
    assert counted(app) == before
    over = get(client).html
    assert BADGE.findall(over) == [("1", "Practice")]
    assert "data-earned" not in over and "rating-change" not in over
    assert "Wins earn ranking points" not in over
    if owner:
        client.get(f"/review/{practice}")  # its hands reviewed and kept: still no trend
        me_after = client.get("/me").get_data(as_text=True)
        trend = 'data-zone="accuracy-trend"'
        assert me_after[me_after.index(trend):].split("</section>")[0] == (
            me_before[me_before.index(trend):].split("</section>")[0])


def test_a_practice_abandoned_counts_nowhere(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    register(client, "alice")
    origin = seat_winning_match(app, client, owner="alice")
    finish_by_knocking(client)
    before = counted(app)
    practise(client, origin, 1)
    practice = session_match(client)
    page = get(client)
    assert post_move(client, page, "pass-upcard").status_code == 303
    # A practice replaced by another practice: asked first, as any running match, unranked.
    asked = practise(client, origin, 1)
    assert asked.status_code == 200
    assert "It is not ranked, so if you start a new one it ends without counting anywhere." in (
        asked.get_data(as_text=True))
    practise(client, origin, 1, confirm=True)
    second = session_match(client)
    assert stored(app, practice)[2].status == "abandoned"
    # ... and by a new match from the start page.
    data = {"csrf_token": token(client, "/"), "ruleset": "quick", "difficulty": "easy"}
    assert client.post("/new", data=data).status_code == 200  # asked first
    assert "without counting anywhere" in client.post("/new", data=data).get_data(as_text=True)
    data["confirm"] = "1"
    assert client.post("/new", data=data).status_code == 303
    assert stored(app, second)[2].status == "abandoned"
    assert counted(app) == before


def test_practising_a_running_match_reveals_none_of_its_later_deals(app, client):
    """Hand 2 of the match is being played when hand 1 is practised: the practice deals hand
    1's deck only, under a seed of its own; no page of it names either seed before it ends;
    its fairness panel shows the first deal's commitment (the match's own)."""
    client.get("/?lang=en")
    game = simulated("standard", 21)
    game.next_hand()  # hand 2 dealt: its cards still hidden
    origin = seat_game(app, client, game, "standard")
    origin_seed = game.seed
    practise(client, origin, 1, confirm=True)
    practice = session_match(client)
    assert stored(app, origin)[2].status == "abandoned"
    snapshot = stored(app, practice)[1]
    again = engine.Match.from_dict(snapshot)
    assert origin_seed not in json.dumps(snapshot)
    own = deal_seed(again.seed, again.player_seed)
    for deal in range(2, 12):  # every later deal of the practice is another than the match's
        assert shuffled_deck(own, deal) != shuffled_deck(origin_seed, deal)
    html = get(client).html
    assert origin_seed not in html and again.seed not in html
    assert f"data-origin-commitment>{commitment(origin_seed)}</code>" in html
    assert f"data-commitment>{commitment(again.seed)}</code>" in html
    assert "data-origin-seed" not in html and "data-seed>" not in html


def cards_of(html: str, deal: int, role: str) -> set[str]:
    article = html.split(f'data-deal="{deal}"', 1)[1].split("</article>", 1)[0]
    cells = article.split(f'data-cards="{role}">', 1)[1].split("</dd>", 1)[0]
    return set(re.findall(r'data-card="(\w\w)"', cells))


def test_the_fairness_panel_and_verify_check_both_seeds_once_over(app, client):
    """The practice's own commitment covers its hands from the second on; its first hand is
    the origin's deal, which the origin's commitment covers: both seeds are shown once the
    practice is over, and /verify re-deals the first hand from the origin's."""
    client.get("/?lang=en")
    played = simulated("quick", 7, hands=None)  # a whole match, every deal the seed's
    origin = seat_game(app, client, played, "quick")
    practise(client, origin, 2, confirm=True)  # stored as running: it ends, abandoned
    practice = session_match(client)
    during = get(client).html
    assert f'data-origin-commitment>{commitment(played.seed)}</code>' in during
    assert "data-origin-seed" not in during and played.seed not in during  # hand 1 in play
    play_by_hint(client, app, practice, until_hands=99)
    game = engine.Match.from_dict(stored(app, practice)[1])
    assert game.phase is engine.Phase.MATCH_OVER
    over = get(client).html
    assert f"<code data-origin-seed>{played.seed}</code>" in over
    assert f"<code data-seed>{game.seed}</code>" in over
    assert "(its deal 1 was not played: hand 1 came from the other match)" in over
    first = re.search(r'href="([^"]+)" data-link="verify-first"', over)
    assert first is not None
    verify = client.get(unescape(first.group(1))).get_data(as_text=True)
    assert 'data-check="agrees"' in verify
    dealt = engine.Hand.deal(game.ruleset, 1, played.results[1].dealer, game.stacked[1])
    non_dealer = {str(c) for c in dealt.hands[1 - dealt.dealer]}
    assert cards_of(verify, 2, "non-dealer") == non_dealer
    # the practice's own seed re-deals its hands from the second on
    own = re.search(r'href="(/verify\?[^"]+)">Re-deal every hand', over)
    assert own is not None
    verify = client.get(unescape(own.group(1))).get_data(as_text=True)
    assert 'data-check="agrees"' in verify
    for number, result in enumerate(game.results[1:], start=2):
        hand = engine.Hand.deal(game.ruleset, number, result.dealer,
                                shuffled_deck(deal_seed(game.seed), number))
        assert cards_of(verify, number, "non-dealer") == {
            str(c) for c in hand.hands[1 - hand.dealer]}


def test_a_deal_no_seed_gave_is_not_said_to_be_covered(app, client):
    """A hand dealt from a deck given in full (a test's): the panel says hand 1 is dealt
    again, and claims no commitment for it."""
    client.get("/?lang=en")
    origin = seat_winning_match(app, client)
    finish_by_knocking(client)
    practise(client, origin, 1)
    finish_by_knocking(client)
    over = get(client).html
    assert 'data-first-deal="1"' in over
    assert "data-origin-commitment" not in over and "data-origin-seed" not in over


def test_practising_a_practice_points_at_the_deal_it_came_from(app, client):
    client.get("/?lang=en")
    origin = seat_game(app, client, simulated("quick", 7, hands=3), "quick")
    practise(client, origin, 2, confirm=True)
    first = session_match(client)
    assert practice_of(app, first) == (origin, 2, False)
    play_by_hint(client, app, first, until_hands=1)
    practise(client, first, 1, confirm=True)  # hand 1 of a practice: hand 2 of the origin
    second = session_match(client)
    assert practice_of(app, second) == (origin, 2, False)
    assert (engine.Match.from_dict(stored(app, second)[1]).stacked
            == engine.Match.from_dict(stored(app, first)[1]).stacked)


def test_only_a_finished_hand_of_ones_own_match_is_practised(app, client, csrf_token):
    client.get("/?lang=en")
    origin = seat_game(app, client, simulated("quick", 5), "quick")
    data = {"csrf_token": csrf_token(client, "/"), "confirm": "1"}
    hands = len(engine.Match.from_dict(stored(app, origin)[1]).results)
    assert client.post(f"/review/{origin}/{hands + 1}/practice", data=data).status_code == 404
    assert client.post(f"/review/{origin}/0/practice", data=data).status_code == 404
    assert client.get(f"/review/{origin}/1/practice").status_code == 405
    stranger = app.test_client()
    other = {"csrf_token": csrf_token(stranger, "/"), "confirm": "1"}
    assert stranger.post(f"/review/{origin}/1/practice", data=other).status_code == 404
    assert client.post(f"/review/{origin}/1/practice", data={"confirm": "1"}).status_code == 400
    assert session_match(client) == origin and stored(app, origin)[2].status == "active"


def test_a_hand_without_kept_moves_offers_no_practice(app, client, csrf_token):
    from pathlib import Path

    fixtures = Path(__file__).resolve().parents[1] / "engine" / "fixtures"
    case = json.loads((fixtures / "snapshots_v2.json").read_text())[0]
    origin = seat_game(app, client, engine.Match.from_dict(case["snapshot"]), "standard")
    client.get("/?lang=en")
    assert 'data-action="practice"' not in client.get(f"/review/{origin}/1").get_data(
        as_text=True)
    data = {"csrf_token": csrf_token(client, "/"), "confirm": "1"}
    refused = client.post(f"/review/{origin}/1/practice", data=data)
    assert refused.status_code == 404 and "cannot be dealt again" in refused.get_data(
        as_text=True)


def test_practice_and_new_matches_share_one_rate_limit(app, client, csrf_token):
    app.config["NEW_MATCH_RATE_LIMIT"] = "2 per minute"
    origin = seat_winning_match(app, client)
    finish_by_knocking(client)
    data = {"csrf_token": csrf_token(client, "/"), "ruleset": "quick", "difficulty": "easy",
            "confirm": "1"}
    assert practise(client, origin, 1, confirm=True).status_code == 303
    assert client.post("/new", data=data).status_code == 303
    assert practise(client, origin, 1, confirm=True).status_code == 429


def play_romme_by_hint(app: Flask, client: FlaskClient, match_id: str) -> None:
    """The person follows the Hint through the Rommé table's forms to the match's end."""
    for _ in range(2000):
        game = romme.Match.from_dict(stored(app, match_id)[1])
        if game.is_over:
            return
        view = game.view(0)
        over = view.phase is romme.Phase.HAND_OVER
        action = romme.NextHand() if over else romme_hint(view).action
        assert post_romme(client, romme_page(client), action).status_code == 303
    raise AssertionError("the match did not end")


def test_a_romme_practice_deals_the_same_hands_and_stock_and_counts_nowhere(app, client):
    client.get("/?lang=en")
    register(client, "alice")
    played = simulated_romme(5, 3, person="normal")
    origin = seat_romme(app, client, players=3, difficulty="expert", game=played,
                        owner=user_id(app, "alice"))
    before = counted(app)
    asked = practise(client, origin, 1)  # the match runs: asked first, nothing changed
    assert asked.status_code == 200 and 'name="confirm" value="1"' in asked.get_data(as_text=True)
    assert counted(app) == before
    response = practise(client, origin, 1, confirm=True)
    assert response.status_code == 303 and response.headers["Location"].endswith("/romme#table")
    practice = session_match(client)
    assert practice_of(app, practice) == (origin, 1, False)
    row = stored(app, practice)[2]
    assert (row.game, row.ruleset, row.difficulty, row.owner_user_id) == (
        "romme", "romme", "expert", user_id(app, "alice"))
    again = romme.Match.from_dict(stored(app, practice)[1])
    assert again.players == 3 and again.seed != played.seed
    assert again.stacked == {1: romme_deck_of(played, 1)}  # the same hands and stock order
    assert again.hand.number == 1 and again.hand.dealer == played.results[0].dealer
    first = next(s for s in romme_replay(played, 1) if s.seat == 0)
    assert again.view(0).hand == first.view.hand
    table = romme_page(client).html
    assert BADGE.findall(table) == [("1", "Practice")]
    assert PRACTICE_MARK.findall(table) == [("1", "Practice")]
    with app.app_context():
        outcomes = [r.outcome for r in db.session.query(MatchResult).all()]
    assert outcomes == ["abandoned"]  # the match practised, as by /new; counted once
    after = counted(app)
    play_romme_by_hint(app, client, practice)
    assert stored(app, practice)[2].status == "finished"
    assert counted(app) == after  # the practice, played to its end, counts nowhere
    over = client.get(f"/review/{practice}/1").get_data(as_text=True)
    assert PRACTICE_MARK.findall(over) == [("1", "Practice")]
