"""复盘 for Rommé on the site, through the same pages as Gin Rummy's (`webapp.review`).

A person who follows the Hint at every step through the table's forms loses exactly 0 at every
decision of every hand, and the review's expert move is the Hint's for the replayed view; the
hand's banner and the match's end link the reviews; the page speaks Rommé in three languages,
and shows the hand's luck (``romme_engine.ai.luck``) as Gin Rummy's page shows its own: the
luck and skill line, the result taken apart, the match's luck and the luck-adjusted trend.
"""

from __future__ import annotations

import random
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from engine_common.luck import HandLuck
from romme_engine.ai import hint, make_bot
from romme_engine.ai.luck import hand_luck
from romme_engine.ai.review import Label, committed, is_decision, same_move
from romme_engine.replay import replay
from tests.web.account_helpers import register, user_id
from tests.web.play_helpers import stored
from tests.web.review_helpers import count_as_finished, followed_page, planted_verdict, rows
from tests.web.romme_helpers import post_romme, romme_page, seat_romme, simulated_romme
from webapp.review.page import signed
from webapp.review.store import kept_review
from webapp.romme import review as romme_review

pytestmark = pytest.mark.db  # the kept luck's columns, the trend's sums: PostgreSQL too

HINT_HANDS = 20
LEVELS = ("easy", "normal", "expert")


def check_hint_follower_hand(app: Flask, client: FlaskClient, match_id: str,
                             game: romme.Match, number: int) -> int:
    """The review page of a hand the person played by the Hint: every decision 好, loss 0,
    the expert's move; and the kept review: loss and error exactly 0, the expert move the
    Hint's for the view the replay gives, the move made."""
    html, shown = followed_page(client, match_id, number)
    assert 'data-figure="luck"' in html and 'data-zone="luck"' in html
    with app.test_request_context():
        found = kept_review(match_id, number)
    assert found is not None and found[1] == hand_luck(game, number, 0)  # kept as measured
    review = found[0]
    assert len(review.moves) == len(shown)
    steps = [s for s in committed(replay(game, number), 0) if is_decision(s.view)]
    for step, move in zip(steps, review.moves, strict=True):
        assert (move.loss, move.error, move.label, move.matched) == (0.0, 0.0, Label.GOOD, True)
        advice = hint(step.view).action
        assert same_move(step.view.table, move.expert, advice)
        assert same_move(step.view.table, step.action, advice)
    return len(shown)


def test_following_the_hint_through_the_forms_loses_nothing(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    hands = decisions = 0
    seed = 0
    while hands < HINT_HANDS:
        match_id = seat_romme(app, client, players=2 + seed % 3, difficulty=LEVELS[seed % 3],
                              seed=seed)
        seed += 1
        while hands < HINT_HANDS:
            game = romme.Match.from_dict(stored(app, match_id)[1])
            if game.phase is romme.Phase.MATCH_OVER:
                break
            view = game.view(0)
            if view.phase is romme.Phase.HAND_OVER:
                table = romme_page(client).html
                number = len(game.results)
                assert f'data-link="review" href="/review/{match_id}/{number}"' in table
                assert post_romme(client, romme_page(client), romme.NextHand()).status_code == 303
                continue
            action = hint(view).action
            assert post_romme(client, romme_page(client), action).status_code == 303
            after = romme.Match.from_dict(stored(app, match_id)[1])
            for number in range(len(game.results) + 1, len(after.results) + 1):
                decisions += check_hint_follower_hand(app, client, match_id, after, number)
                hands += 1
    assert hands >= HINT_HANDS and decisions >= 5 * HINT_HANDS


def finish_romme_as_owner(app: Flask, client: FlaskClient, seed: int, owner: int) -> str:
    """A whole simulated Rommé match (3 players), stored as the account's and counted as it
    ends."""
    game = romme.Match.new(romme.ROMME, 3, random.Random(seed))
    seats = [make_bot("easy" if s == 0 else "normal", random.Random(seed + s)) for s in range(3)]
    while not game.is_over:
        if game.turn is None:
            game.apply(0, romme.NextHand())
            continue
        game.apply(game.turn, seats[game.turn].choose(game.view(game.turn)))
    match_id = seat_romme(app, client, players=3, game=game, owner=owner)
    count_as_finished(app, match_id)
    return match_id


def test_the_match_over_page_and_the_player_page_link_the_romme_reviews(app, client):
    client.get("/?lang=en")
    register(client, "romme_trend")
    match_id = finish_romme_as_owner(app, client, 4, user_id(app, "romme_trend"))
    over = romme_page(client).html
    links = over[over.index('data-zone="reviews"'):]
    for number in (1, 2, 3):
        assert f'href="/review/{match_id}/{number}">Hand {number}</a>' in links
    assert f'href="/review/{match_id}">The whole match</a>' in links
    whole = client.get(f"/review/{match_id}").get_data(as_text=True)
    accuracy = re.search(r'data-summary="match">.*?data-stat="accuracy">(\d+)%', whole, re.S)
    assert accuracy is not None
    game = romme.Match.from_dict(stored(app, match_id)[1])
    lucks = [hand_luck(game, n, 0) for n in (1, 2, 3)]
    assert re.findall(r'<span data-luck="(\d+)">luck ([^<]+)</span>', whole) == [
        (str(n), signed(luck.total)) for n, luck in enumerate(lucks, start=1)]
    assert (f'<span data-figure="luck">Luck <strong>{signed(sum(x.total for x in lucks))}'
            "</strong></span>") in whole
    page = client.get("/me").get_data(as_text=True)
    for number in (1, 2, 3):
        assert f'href="/review/{match_id}/{number}">Hand {number}</a>' in page
    trend = page[page.index('data-zone="accuracy-trend"'):]
    trend = trend[:trend.index("</section>")]
    drawn = trend[trend.index('class="points-chart accuracy-chart"'):]
    assert drawn[:drawn.index("</svg>")].count('<circle class="dot"') == 1
    adjusted = trend[trend.index('class="points-chart adjusted-chart"'):]
    assert adjusted[:adjusted.index("</svg>")].count('<circle class="dot"') == 1
    assert re.findall(r'<tr data-match="([^"]+)">.*?data-accuracy="[\d.]+">(\d+)%', page) == [
        (match_id, accuracy.group(1))]


@pytest.mark.parametrize(("lang", "kind", "moves", "reason"), [
    ("zh_Hans", "摸牌：牌库还是弃牌堆", ("从牌库摸牌", "从弃牌堆拿 K♥"),
     "这张牌这一轮就能摆出去。"),
    ("zh_Hant", "摸牌：牌庫還是棄牌堆", ("從牌庫摸牌", "從棄牌堆拿 K♥"),
     "這張牌這一輪就能擺出去。"),
    ("en", "The draw: stock or discard pile", ("Draw from the stock",
                                               "Take K♥ from the discard pile"),
     "You can lay it out this turn."),
])
def test_a_romme_decision_in_rommes_words(app: Flask, client: FlaskClient, lang: str, kind: str,
                                          moves: tuple[str, str], reason: str) -> None:
    """Seed 0's easy player (two normal computers) drew from the stock at decision 3 where the
    expert takes K♥ from the pile to lay it out: a 失误, said in each language, with the Hint's
    reason; the good decisions are folded, each kind in its words."""
    match_id = seat_romme(app, client, players=3, game=simulated_romme(0))
    client.get(f"/?lang={lang}")
    html = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    third = next(r for r in rows(html) if r.number == 3)
    assert (third.label, third.loss, third.matched) == ("mistake", 14.6, False)
    assert (third.played, third.expert) == moves
    assert f'<span class="decision-kind">{kind}</span>' in third.html
    assert f'<p class="reason" data-reason="3">{reason}</p>' in third.html
    assert html.count('class="reason"') == 5  # each flagged decision, and only those


@pytest.mark.parametrize(("lang", "line", "sum_"), [
    ("zh_Hans", "运气 {luck} · 你的失误 −{lost} · 准确度 {accuracy}%",
     "得分 {result} = 运气 {luck}（± {error}：发牌 {deal}，你摸的牌 {own}，电脑摸的牌 {theirs}）"
     "+ 扣除运气后的得分 {adjusted}。"),
    ("zh_Hant", "運氣 {luck} · 你的失誤 −{lost} · 準確度 {accuracy}%",
     "得分 {result} = 運氣 {luck}（± {error}：發牌 {deal}，你摸的牌 {own}，電腦摸的牌 {theirs}）"
     "+ 扣除運氣後的得分 {adjusted}。"),
    ("en", "Luck {luck} · Your mistakes −{lost} · Accuracy {accuracy}%",
     "Result {result} = luck {luck} (± {error}: the deal {deal}, your draws {own}, the"
     " computers' draws {theirs}) + luck-adjusted result {adjusted}."),
])
def test_a_romme_hands_luck_line_and_its_result_taken_apart(app: Flask, client: FlaskClient,
                                                            lang: str, line: str, sum_: str):
    """Seed 0's first hand (two computers): the luck measured with the review, first in the
    luck and skill line and taken apart by source below, net figures only."""
    game = simulated_romme(0)
    match_id = seat_romme(app, client, players=3, game=game)
    client.get(f"/?lang={lang}")
    html = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    luck = hand_luck(game, 1, 0)
    with app.test_request_context():
        found = kept_review(match_id, 1)
    assert found is not None and found[1] == luck
    summary = found[0].summary
    result = romme_review.points(game, 1)
    shown = " ".join(re.sub(r"<[^>]+>", "", re.search(  # type: ignore[union-attr]
        r'<p class="skill-line".*?</p>', html, re.S).group(0)).split())
    assert shown == line.format(luck=signed(luck.total), lost=round(summary.points_lost),
                                accuracy=round(summary.accuracy))
    taken_apart = re.sub(r"<[^>]+>", "", re.search(  # type: ignore[union-attr]
        r'<p class="luck-sum".*?</p>', html, re.S).group(0))
    assert " ".join(taken_apart.split()).startswith(" ".join(sum_.format(
        result=signed(result), luck=signed(luck.total), error=f"{luck.error:.0f}",
        deal=signed(luck.deal), own=signed(luck.own_draws), theirs=signed(luck.their_draws),
        adjusted=signed(result - luck.total)).split()))


@pytest.mark.parametrize(("error", "decided"), [(49.9, "luck"), (50.0, "mistake")])
def test_a_romme_hand_is_lost_to_luck_only_beyond_two_standard_errors(
        app: Flask, client: FlaskClient, error: float, decided: str):
    """Seed 0's first hand, lost (15 points) with flagged decisions: a kept luck of −100,
    more than the points lost, blames the cards only when it is more than 2 standard errors
    from 0 (a Rommé hand's luck is noisy: ±14 on average); within them, the worst mistake."""
    client.get("/?lang=en")
    game = simulated_romme(0)
    match_id = seat_romme(app, client, players=3, game=game)
    assert romme_review.points(game, 1) == -15
    assert planted_verdict(app, client, match_id, 1,
                           HandLuck(-60.0, -50.0, 10.0, error)) == decided
