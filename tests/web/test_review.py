"""复盘 on the site: the review page of a finished hand, through the site's forms.

The Hint-follower loses exactly 0 at every decision and the review's expert move is
``decide``'s; planted bad moves show their loss and label; a loss within noise is 好; the
page is private, in three languages, kept once computed, and says when there is no review.
"""

from __future__ import annotations

import json
import logging
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient
from sqlalchemy import func, select

import gin_engine as engine
from engine_common.luck import HandLuck
from gin_engine.ai import decide, hint
from gin_engine.ai.luck import hand_luck
from gin_engine.ai.review import LABELS, Label, is_decision, review_move
from gin_engine.deck import stacked_deck
from gin_engine.replay import replay
from tests.web.account_helpers import register, user_id
from tests.web.play_helpers import form_fields, get, post_move, seat_match, stored
from tests.web.review_helpers import (
    count_as_finished,
    followed_page,
    rows,
    seat_game,
    simulated,
)
from tests.web.romme_helpers import seat_romme
from webapp import games
from webapp.extensions import db
from webapp.models import HandReviewRow
from webapp.models import Match as MatchRow
from webapp.review.store import kept_review
from webapp.review.views import hand_links as review_hand_links

HINT_HANDS = 20
CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|(?:10|[2-9JQKA])[♠♥♦♣])")
THRESHOLD = dict(LABELS)
FIXTURES = Path(__file__).resolve().parents[1] / "engine" / "fixtures"


def kept(app: Flask, match_id: str, number: int):  # type: ignore[no-untyped-def]
    """The kept review of hand ``number`` (without its luck), or None."""
    with app.test_request_context():
        found = kept_review(match_id, number)
        return None if found is None else found[0]


def kept_count(app: Flask, match_id: str) -> int:
    with app.app_context():
        return int(db.session.scalar(
            select(func.count()).select_from(HandReviewRow).where(
                HandReviewRow.match_id == match_id)
        ))


def post_action(client: FlaskClient, action: engine.Action):  # type: ignore[no-untyped-def]
    name, card = form_fields(action)
    return post_move(client, get(client), name, card)


def check_hint_follower_hand(app: Flask, client: FlaskClient, match_id: str,
                             game: engine.Match, number: int) -> int:
    """The review page of a hand played by the Hint: every decision 好, loss 0, the expert's
    move; and the kept review: loss and error exactly 0, the expert move ``decide``'s."""
    _html, shown = followed_page(client, match_id, number)
    review = kept(app, match_id, number)
    assert review is not None and len(review.moves) == len(shown)
    steps = [s for s in replay(game, number) if s.seat == 0 and is_decision(s.view)]
    for step, move in zip(steps, review.moves, strict=True):
        assert (move.loss, move.error, move.label) == (0.0, 0.0, Label.GOOD)
        assert move.expert == decide(step.view, random.Random(0)).action == step.action
    return len(shown)


def test_following_the_hint_through_the_forms_loses_nothing(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    hands = decisions = 0
    seed = 0
    while hands < HINT_HANDS:
        match_id = seat_match(app, client, ruleset="quick", difficulty="normal", seed=seed)
        seed += 1
        while hands < HINT_HANDS:
            game = engine.Match.from_dict(stored(app, match_id)[1])
            if game.phase is engine.Phase.MATCH_OVER:
                break
            view = game.view(0)
            if view.phase is engine.Phase.HAND_OVER:
                assert post_action(client, engine.NextHand()).status_code == 303
                continue
            advice = hint(view)
            if is_decision(view):  # the table's Hint names the same advice
                shown = client.get("/play?hint=1").get_data(as_text=True)
                assert f'data-hint="{advice.reason.value}"' in shown
            assert post_action(client, advice.action).status_code == 303
            after = engine.Match.from_dict(stored(app, match_id)[1])
            for number in range(len(game.results) + 1, len(after.results) + 1):
                decisions += check_hint_follower_hand(app, client, match_id, after, number)
                hands += 1
    assert hands >= HINT_HANDS and decisions >= 10 * HINT_HANDS


# The person (non-dealer) holds three low melds and the ten of clubs and passes each low card
# to the computer, which takes them all; at the end the computer's nine known cards are three
# melds, so a knock with 10 is undercut in every world (tests/engine/test_ai_review.py).
_GIVEN = "2S 3S 4S 2H 3H 4H 2D 3D 4D".split()
_JUNK = "AC 5C 7H 6C 8S 5H 7D 6H 8D 5D".split()
_DRAWN = "KS KH KD QS QH QD 9S 9H 9D TH"


def certain_undercut() -> engine.Match:
    deck = stacked_deck(" ".join([*_GIVEN, "TC"]), " ".join(_JUNK), "8C", _DRAWN)
    game = engine.Match.new(engine.STANDARD, random.Random(0), deck=deck)
    game.apply(0, engine.PassUpcard())
    game.apply(1, engine.PassUpcard())
    for given, junk in zip(_GIVEN, _JUNK, strict=False):
        game.apply(0, engine.DrawStock())
        game.apply(0, engine.Discard(engine.Card.parse(given)))
        game.apply(1, engine.DrawDiscard())
        game.apply(1, engine.Discard(engine.Card.parse(junk)))
    game.apply(0, engine.DrawStock())
    return game


def test_knocking_into_a_certain_undercut_is_a_blunder_on_the_page(app, client):
    client.get("/?lang=zh_Hans")
    game = certain_undercut()
    view = game.view(0)
    knock = engine.Knock(engine.Card.parse("TC"))
    expected = review_move(view, knock)
    match_id = seat_game(app, client, game, "standard")
    assert post_action(client, knock).status_code == 303  # through the table's form
    page = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    last = rows(page)[-1]
    assert last.played == "敲牌，打出 10♣" and last.expert == "继续，打出 10♣"
    assert last.loss == round(expected.loss, 1) > THRESHOLD[Label.BLUNDER]
    assert expected.loss > 2 * expected.error
    assert last.label == "blunder" == expected.label.value
    assert '<span class="review-label label-blunder">大错</span>' in last.html
    # the position as the person saw it: eleven cards, the pile top, the computer's takes
    assert last.html.count("data-card=") == 11 + 1 + len(_GIVEN)


def test_breaking_a_finished_meld_to_throw_one_of_its_cards_is_labelled(app, client):
    client.get("/?lang=en")
    game = certain_undercut()
    nine = engine.Discard(engine.Card.parse("9S"))  # out of the set of nines
    expected = review_move(game.view(0), nine)
    match_id = seat_game(app, client, game, "standard")
    assert post_action(client, nine).status_code == 303
    for _ in range(200):  # the rest of the hand as the Hint says
        game = engine.Match.from_dict(stored(app, match_id)[1])
        if game.results:
            break
        assert post_action(client, hint(game.view(0)).action).status_code == 303
    found = [r for r in rows(client.get(f"/review/{match_id}/1").get_data(as_text=True))
             if r.played == "Play on, discarding 9♠"]
    assert len(found) == 1
    assert found[0].loss == round(expected.loss, 1) > 0
    assert found[0].label == expected.label.value == "blunder"


def test_a_loss_within_noise_is_good_and_the_others_are_labelled(app, client):
    # Seed 21: an easy player's first hand has an inaccuracy, a blunder and a differing move
    # whose loss passes the inaccuracy threshold but not twice its standard error.
    client.get("/?lang=zh_Hant")
    game = simulated("standard", 21)
    match_id = seat_game(app, client, game, "standard")
    shown = rows(client.get(f"/review/{match_id}/1").get_data(as_text=True))
    review = kept(app, match_id, 1)
    assert review is not None and len(review.moves) == len(shown)
    noisy = [
        (row, move) for row, move in zip(shown, review.moves, strict=True)
        if not move.matched and THRESHOLD[Label.INACCURACY] < move.loss <= 2 * move.error
    ]
    assert noisy
    for row, move in noisy:
        assert row.label == "good" and row.loss == round(move.loss, 1)
        assert '<span class="review-label label-good">好</span>' in row.html
    labels = {row.label for row in shown}
    assert {"inaccuracy", "blunder"} <= labels
    page = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    assert "不精確" in page and "大錯" in page
    for row, move in zip(shown, review.moves, strict=True):
        assert row.label == move.label.value and row.loss == round(move.loss, 1)
        if move.matched:
            assert "你走的正是高手的一步。" in row.html
        elif move.loss == 0:
            assert "估計你這一步不比高手的差：沒有損失。" in row.html


def test_the_labels_in_each_language(app, client):
    game = simulated("standard", 21)
    match_id = seat_game(app, client, game, "standard")
    names = {
        "zh_Hans": ("好", "不精确", "大错"),
        "zh_Hant": ("好", "不精確", "大錯"),
        "en": ("Good", "Inaccuracy", "Blunder"),
    }
    for lang, words in names.items():
        page = client.get(f"/review/{match_id}/1?lang={lang}", follow_redirects=True).get_data(
            as_text=True)
        for label, word in zip(("good", "inaccuracy", "blunder"), words, strict=True):
            assert f'<span class="review-label label-{label}">{word}</span>' in page
    # the note gives the thresholds the labels follow
    limits = {label.value: f"{points:g}" for label, points in LABELS}
    assert (f"up to {limits['inaccuracy']} points lost is good; more than {limits['inaccuracy']}"
            f" an inaccuracy, more than {limits['mistake']} a mistake, more than"
            f" {limits['blunder']} a blunder") in page.replace("\n", " ")
    assert limits == {"inaccuracy": "4", "mistake": "8", "blunder": "12"}


def test_a_review_is_computed_once_and_kept(app, client):
    game = simulated("quick", 5)
    match_id = seat_game(app, client, game, "quick")
    assert kept_count(app, match_id) == 0
    first = client.get(f"/review/{match_id}/1")
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store"
    assert kept_count(app, match_id) == 1
    again = client.get(f"/review/{match_id}/1")
    # the same page, but for the Practice form's CSRF token (signed with the time)
    assert without_token(again.get_data(as_text=True)) == without_token(
        first.get_data(as_text=True))
    assert kept_count(app, match_id) == 1


def without_token(html: str) -> str:
    return re.sub(r'name="csrf_token" value="[^"]+"', 'name="csrf_token"', html)


def test_the_hand_that_ends_is_reviewed_after_the_response(app, client):
    """The move that ends a hand answers at once; its hand is reviewed when the response
    closes (a server closes it once sent)."""
    match_id = seat_game(app, client, certain_undercut(), "standard")
    response = post_action(client, engine.Knock(engine.Card.parse("TC")))
    assert response.status_code == 303 and kept_count(app, match_id) == 0
    response.close()
    assert kept_count(app, match_id) == 1
    review = kept(app, match_id, 1)
    assert review is not None and review.moves[-1].label is Label.BLUNDER
    # the hand's luck and the person's result, computed with it and kept beside it
    game = engine.Match.from_dict(stored(app, match_id)[1])
    expected = hand_luck(game, 1, 0)
    with app.app_context():
        row = db.session.get(HandReviewRow, (match_id, 1))
        assert row is not None
        kept_luck = HandLuck(row.luck_deal, row.luck_own_draws, row.luck_their_draws,
                         row.luck_error)
        assert row.points == -game.results[0].points < 0  # undercut: the computer scores
    assert kept_luck == expected
    html = client.get(f"/review/{match_id}/1?lang=en", follow_redirects=True).get_data(
        as_text=True)
    total = round(expected.total)
    shown = "0" if total == 0 else f"{total:+d}".replace("-", "−")
    assert f'<span data-figure="luck">Luck <strong>{shown}</strong></span>' in html


def test_a_luck_that_cannot_be_measured_leaves_the_review(app, client, caplog, monkeypatch):
    """The luck measure fails (here: a stand-in that raises): logged by exception type, the
    review kept and shown without luck."""
    match_id = seat_game(app, client, certain_undercut(), "standard")
    knock = post_action(client, engine.Knock(engine.Card.parse("TC")))  # not closed: the
    assert knock.status_code == 303  # page reviews the hand
    gin = games.named("gin")
    assert gin.review is not None

    def refused(match, number, seat):  # type: ignore[no-untyped-def]
        raise engine.InvalidInputError("hand 1 does not replay: 10♣")

    failing = replace(gin, review=replace(gin.review, luck=refused))
    monkeypatch.setattr(games, "GAMES", tuple(failing if g is gin else g for g in games.GAMES))
    with caplog.at_level(logging.ERROR, logger="webapp.review"):
        html = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    assert 'data-review="ready"' in html and 'data-figure="luck"' not in html
    assert kept_count(app, match_id) == 1
    with app.app_context():
        row = db.session.get(HandReviewRow, (match_id, 1))
        assert row is not None and row.luck_deal is None and row.points is not None
    failures = [r for r in caplog.records
                if getattr(r, "fields", {}).get("event") == "luck-unavailable"]
    assert len(failures) == 1
    logged = json.dumps(failures[0].fields, ensure_ascii=False) + failures[0].getMessage()
    assert not CARD.search(logged), logged


def test_a_review_that_cannot_be_computed_breaks_nothing(app, client, caplog):
    match_id = seat_game(app, client, certain_undercut(), "standard")
    response = post_action(client, engine.Knock(engine.Card.parse("TC")))
    assert response.status_code == 303
    with app.app_context():  # damage the kept moves: the hand no longer replays
        row = db.session.get(MatchRow, match_id)
        snapshot = dict(row.snapshot)
        assert " 0x2S " in snapshot["played"]["1"]  # the person's first discard
        snapshot["played"] = {"1": snapshot["played"]["1"].replace(" 0x2S ", " 0x5S ")}
        row.snapshot = snapshot
        db.session.commit()
    with caplog.at_level(logging.ERROR, logger="webapp.review"):
        response.close()  # after the response: logged, nothing kept, nothing raised
        client.get("/?lang=en")
        page = client.get(f"/review/{match_id}/1")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'data-review="unavailable"' in html and "unavailable just now" in html
    assert kept_count(app, match_id) == 0
    failures = [r for r in caplog.records if getattr(r, "fields", {}).get("event")
                == "review-unavailable"]
    assert len(failures) == 2  # once after the move, once on the page
    for record in failures:
        fields = dict(record.fields)
        assert set(fields) == {"event", "match_id", "hand", "exception", "causes", "frames"}
        assert fields.pop("match_id") == match_id and fields["hand"] == 1
        logged = json.dumps(fields, ensure_ascii=False) + record.getMessage()
        assert not CARD.search(logged), logged  # the exception's text quotes the moves
        assert "does not replay" not in logged
    assert get(client).status == 200  # the table plays on


def test_only_the_owner_or_the_guest_session_sees_a_review(app, client):
    game = simulated("quick", 5)
    guest_match = seat_game(app, client, game, "quick")
    assert client.get(f"/review/{guest_match}/1").status_code == 200
    stranger = app.test_client()
    assert stranger.get(f"/review/{guest_match}/1").status_code == 404
    assert stranger.get(f"/review/{guest_match}").status_code == 404
    # the account's own match: its owner sees it, another account and a guest do not
    owner = app.test_client()
    register(owner, "reviewer")
    owned = seat_game(app, owner, simulated("quick", 3), "quick")
    with app.app_context():
        row = db.session.get(MatchRow, owned)
        row.owner_user_id = user_id(app, "reviewer")
        db.session.commit()
    assert owner.get(f"/review/{owned}/1").status_code == 200
    other = app.test_client()
    register(other, "someone")
    assert other.get(f"/review/{owned}/1").status_code == 404
    assert client.get(f"/review/{owned}/1").status_code == 404
    # a guest match is never shown to an account, even in the session that played it (a
    # running one would go on under the account that logs in: this one has ended)
    with app.app_context():
        ended = db.session.get(MatchRow, guest_match)
        ended.status = "finished"
        db.session.commit()
    register(client, "guest_now")
    assert client.get(f"/review/{guest_match}/1").status_code == 404


def test_a_guest_keeps_the_reviews_of_a_match_after_starting_another(app, client, csrf_token):
    match_id = seat_game(app, client, certain_undercut(), "standard")
    assert post_action(client, engine.Knock(engine.Card.parse("TC"))).status_code == 303
    data = {"csrf_token": csrf_token(client, "/"), "ruleset": "standard", "difficulty": "easy",
            "confirm": "1"}
    assert client.post("/new", data=data).status_code == 303
    with client.session_transaction() as session:
        assert session["match_id"] != match_id
    assert client.get(f"/review/{match_id}/1").status_code == 200


def test_a_hand_not_over_has_no_review_page_in_either_game(app, client):
    game = simulated("quick", 5)
    match_id = seat_game(app, client, game, "quick")
    hands = len(game.results)
    client.get("/?lang=en")
    beyond = client.get(f"/review/{match_id}/{hands + 1}")
    assert beyond.status_code == 404 and "is not over" in beyond.get_data(as_text=True)
    assert client.get(f"/review/{match_id}/0").status_code == 404
    assert client.get(f"/review/{match_id}/x").status_code == 404
    romme_id = seat_romme(app, client, players=2, seed=1, difficulty="easy")
    running = client.get(f"/review/{romme_id}/1")  # Rommé's first hand is still being played
    assert running.status_code == 404 and "is not over" in running.get_data(as_text=True)


def test_hands_of_older_snapshots_say_they_have_no_review(app, client):
    case = json.loads((FIXTURES / "snapshots_v2.json").read_text())[0]
    game = engine.Match.from_dict(case["snapshot"])
    match_id = seat_game(app, client, game, "standard")
    client.get("/?lang=en")
    page = client.get(f"/review/{match_id}/1")
    assert page.status_code == 200
    assert 'data-review="none"' in page.get_data(as_text=True)
    assert "has no review" in page.get_data(as_text=True)
    assert kept_count(app, match_id) == 0


def test_the_hand_over_banner_and_the_match_over_page_link_to_the_reviews(app, client):
    client.get("/?lang=zh_Hans")
    match_id = seat_game(app, client, certain_undercut(), "standard")
    assert post_action(client, engine.Knock(engine.Card.parse("TC"))).status_code == 303
    table = get(client).html
    assert f'href="/review/{match_id}/1">复盘这一手</a>' in table
    finished = simulated("quick", 7, hands=None)
    assert finished.phase is engine.Phase.MATCH_OVER
    over = seat_game(app, client, finished, "quick")
    table = get(client).html
    for number in range(1, len(finished.results) + 1):
        assert f'href="/review/{over}/{number}">第 {number} 手</a>' in table
    assert f'href="/review/{over}">整场对局</a>' in table
    whole = client.get(f"/review/{over}").get_data(as_text=True)
    assert whole.count('data-summary="match"') == 1
    assert kept_count(app, over) == len(finished.results)


def finish_as_owner(app: Flask, client: FlaskClient, seed: int, owner: int) -> str:
    """A whole simulated quick match, stored as the account's and counted as it ends."""
    game = simulated("quick", seed, hands=None)
    assert game.phase is engine.Phase.MATCH_OVER
    match_id = seat_game(app, client, game, "quick", owner=owner)
    count_as_finished(app, match_id)
    return match_id


def test_the_player_page_links_each_hand_and_draws_the_accuracy_trend(app, client):
    client.get("/?lang=en")
    register(client, "trend_player")
    owner = user_id(app, "trend_player")
    played = [finish_as_owner(app, client, seed, owner) for seed in (7, 8)]
    page = client.get("/me").get_data(as_text=True)
    assert 'data-zone="accuracy-trend"' in page and "No reviewed match yet" in page
    accuracies = []
    for match_id in played:  # the match page reviews every hand not reviewed yet
        whole = client.get(f"/review/{match_id}").get_data(as_text=True)
        accuracies.append(re.search(r'data-summary="match">.*?data-stat="accuracy">(\d+)%',
                                    whole, re.S).group(1))  # type: ignore[union-attr]
    page = client.get("/me").get_data(as_text=True)
    trend = page[page.index('data-zone="accuracy-trend"'):]
    trend = trend[:trend.index("</section>")]
    for chart in ("accuracy-chart", "adjusted-chart"):  # a dot per match on each
        drawn = trend[trend.index(f'class="points-chart {chart}"'):]
        assert drawn[:drawn.index("</svg>")].count('<circle class="dot"') == 2
    shown = re.findall(r'<tr data-match="([^"]+)">.*?data-accuracy="[\d.]+">(\d+)%', page)
    assert shown == list(zip(played, accuracies, strict=True))
    # each match's luck and luck-adjusted result: its hands' kept figures summed
    for match_id in played:
        with app.app_context():
            kept_rows = db.session.scalars(select(HandReviewRow).where(
                HandReviewRow.match_id == match_id)).all()
        assert kept_rows and all(r.luck_deal is not None for r in kept_rows)
        luck = sum(r.luck_deal + r.luck_own_draws + r.luck_their_draws for r in kept_rows)
        result = sum(r.points for r in kept_rows)
        row = re.search(rf'<tr data-match="{match_id}">.*?</tr>', page, re.S)
        assert row is not None
        assert f'data-luck="{round(luck, 1)}"' in row.group(0)
        assert f'data-adjusted="{round(result - luck, 1)}"' in row.group(0)
    for match_id in played:
        hands = kept_count(app, match_id)
        for number in range(1, hands + 1):
            assert f'href="/review/{match_id}/{number}">Hand {number}</a>' in page
    # the same page seen by anyone else: no trend, no review links
    public = app.test_client().get("/u/trend_player").get_data(as_text=True)
    assert "accuracy-trend" not in public and "/review/" not in public


def test_a_hu_hand_is_reviewed_in_hu_words(app, client):
    client.get("/?lang=zh_Hans")
    game = simulated("hu", 0)  # the easy player goes out with a 米胡, throwing 7♥
    match_id = seat_game(app, client, game, "hu")
    page = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    last = rows(page)[-1]
    assert last.played == "米胡，扣下 7♥"
    assert '<span class="decision-kind">胡牌还是继续</span>' in last.html
    assert "敲牌" not in page


@pytest.mark.parametrize("hands", [1, 9, 10, 12])
def test_the_hand_links_are_the_addresses_url_for_builds(app: Flask, hands: int):
    with app.test_request_context("/me"):
        assert review_hand_links("abc_DEF-123", hands) == [
            (number, url_for("review.hand", match_id="abc_DEF-123", number=number))
            for number in range(1, hands + 1)
        ]
