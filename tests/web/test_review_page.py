"""A hand's review page that teaches, through the site: the first screen (the result, the luck
and skill line, what decided the hand, the mistakes to jump to), each flagged decision's reason
in the game's words naming its cards, the good decisions folded, the links onward; the rule of
the sentence saying what decided the hand; a review kept in the first format (no reasons)."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest
from flask import Flask

import gin_engine as engine
from engine_common.luck import HandLuck
from gin_engine.ai.luck import hand_luck
from gin_engine.ai.review import review_hand
from gin_engine.ai.review_snapshot import encode_review
from tests.web.review_helpers import planted_verdict, rows, seat_game, simulated
from tests.web.test_review import certain_undercut, kept, post_action
from webapp.extensions import db
from webapp.models import HandReviewRow
from webapp.review.page import Decided, signed, verdict
from webapp.review.store import keep_review
from webapp.review.summary import Summary

pytestmark = pytest.mark.db  # the kept luck's columns, the trend's sums: PostgreSQL too

MISTAKE_LINK = re.compile(r'<a class="tap-link" href="#d(\d+)" data-mistake="(\d+)">(.*?)</a>')
RUN = re.compile(r'<details class="good-run" data-run="(\d+)-(\d+)">\s*<summary>(.*?)</summary>')
REASON = re.compile(r'<p class="reason" data-reason="(\d+)">(.*?)</p>', re.S)


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def first_screen(html: str) -> str:
    """The page from its title to the list of decisions."""
    return html[html.index('<h1 class="page-title">'):html.index('class="review-decisions"')]


def test_the_first_screen_says_the_result_the_figures_and_the_mistakes(app, client):
    # seed 21: an easy player's first hand, won by a knock, 16 decisions, an inaccuracy at
    # decision 4 and a blunder at 16 (a knock where the Hint plays on)
    client.get("/?lang=en")
    match_id = seat_game(app, client, simulated("standard", 21), "standard")
    html = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    top = first_screen(html)
    assert text(re.search(r'<p class="banner[^>]*>.*?</p>', top).group(0)) == (  # type: ignore[union-attr]
        "You win 13 points · knock")
    review = kept(app, match_id, 1)
    lost = round(review.summary.points_lost)
    luck = signed(hand_luck(simulated("standard", 21), 1, 0).total)  # measured with the review
    line = text(re.search(r'<p class="skill-line".*?</p>', top, re.S).group(0))  # type: ignore[union-attr]
    assert line == (f"Luck {luck} · Your mistakes −{lost} · Accuracy "
                    f"{round(review.summary.accuracy)}%")
    assert lost == 41
    verdict_line = re.search(r'<p class="verdict" data-verdict="(\w+)">(.*?)</p>', top)
    assert verdict_line is not None and verdict_line.groups() == (
        "mistake",
        "You won this hand, but decision 16, knocking or playing on, cost about 18.5 points.")
    links = MISTAKE_LINK.findall(top)
    assert [(a, b) for a, b, _ in links] == [("4", "4"), ("16", "16")]
    assert [text(t) for _, _, t in links] == ["Decision 4 · Inaccuracy · 7.8 points",
                                            "Decision 16 · Blunder · 18.5 points"]
    shown = rows(html)
    flagged = [r.number for r in shown if r.label != "good"]
    assert flagged == [4, 16]
    for number in flagged:  # each link's target is its row, shown open
        assert f'id="d{number}"' in html
    # the good decisions folded, run by run, every one of them in a fold
    assert RUN.findall(html) == [("1", "3", "Decisions 1–3: good"),
                                 ("5", "15", "Decisions 5–15: good")]
    folded = sum(int(b) - int(a) + 1 for a, b, _ in RUN.findall(html))
    assert folded == len(shown) - len(flagged) == 14


def test_a_planted_blunder_says_why_naming_its_cards(app, client):
    """Knocking into a certain undercut (through the table's form): the row's reason is the
    Hint's (play on, throwing 10♣), then the knock's figures, the gin chance of playing on and
    the Hint's points with the undercut risk; 胡牌制's words on a 胡牌制 hand."""
    game = certain_undercut()
    match_id = seat_game(app, client, game, "standard")
    knock = engine.Knock(engine.Card.parse("TC"))
    assert post_action(client, knock).status_code == 303
    assert client.get(f"/review/{match_id}/1").status_code == 200  # reviewed and kept
    review = kept(app, match_id, 1)
    last = review.moves[-1]
    why = last.why
    assert why is not None and why.undercut_risk == 1.0
    gin = round(why.gin_chance * 100)
    play_on, knocked = (round(e.value) for e in why.advice.estimates)
    expected = {
        "en": ("You could knock, but playing on is expected to score more: discard 10♣ "
               "(deadwood 20 → 10). The computer can use 10♣ about "
               f"{round(why.advice.danger * 100)}% of the time. You knocked with 10♣, "
               f"deadwood 10. Playing on, the next card from the stock makes gin about {gin}% "
               f"of the time. Play on: about {play_on:+d} · Knock: about "
               f"{knocked:+d} (undercut about 100%)").replace("-", "−"),
        "zh_Hans": ("你可以敲牌，但预计继续打得分更多：打出 10♣（散牌分 20 → 10）。"
                    f"电脑用得上 10♣ 的机会约 {round(why.advice.danger * 100)}%。"
                    "你用 10♣ 敲了牌，散牌分 10。"
                    f"继续打的话，牌库下一张牌让你金拉米的机会约 {gin}%。"
                    f"继续：约 {play_on:+d} · 敲牌：约 {knocked:+d}（被反敲约 100%）"
                    ).replace("-", "−"),
    }
    for lang, sentence in expected.items():
        client.get(f"/?lang={lang}")
        html = client.get(f"/review/{match_id}/1").get_data(as_text=True)
        reasons = dict(REASON.findall(html))
        assert reasons[str(len(review.moves))] == sentence
        # every flagged row says why, and only those
        assert sorted(map(int, reasons)) == [r.number for r in rows(html) if r.label != "good"]


def test_a_hu_blunder_is_said_in_hu_words(app, client):
    client.get("/?lang=zh_Hans")
    game = simulated("hu", 2)  # the easy player goes out with a 米胡 where the Hint plays on
    match_id = seat_game(app, client, game, "hu")
    html = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    review = kept(app, match_id, 1)
    last = review.moves[-1]
    assert last.label.value == "blunder" and isinstance(last.played, engine.Knock)
    card = last.played.card.symbol
    why = last.why
    reason = dict(REASON.findall(html))[str(len(review.moves))]
    assert reason.startswith("你可以米胡，但预计继续打得分更多：")
    assert f"你扣下 {card} 米胡，米数 {why.deadwood}。" in reason
    assert f"（诈胡约 {round(why.undercut_risk * 100)}%）" in reason
    assert "敲" not in reason and "散牌分" not in reason


def row(number: int, lost: float, flagged: bool = True) -> SimpleNamespace:
    return SimpleNamespace(number=number, lost=lost, loss=f"{lost:.1f}", flagged=flagged,
                           topic="the discard")


def measured(total: float | None, error: float = 0.0) -> HandLuck | None:
    """A planted luck of ``total`` points (all of it the deal's) with standard error ``error``."""
    return None if total is None else HandLuck(total, 0.0, 0.0, error)


@pytest.mark.parametrize(("winner", "points", "luck", "decided", "said"), [
    ("computer", 28, -20.0, Decided.LUCK, "This hand was lost mainly to the luck of the cards."),
    ("computer", 28, (-20.0, 9.9), Decided.LUCK,  # beyond 2 standard errors (19.8)
     "This hand was lost mainly to the luck of the cards."),
    ("computer", 28, (-20.0, 10.0), Decided.MISTAKE,  # within 2 standard errors: noise
     "This hand was lost mainly at decision 7, the discard."),
    ("computer", 28, -10.0, Decided.MISTAKE,  # luck against, less than the 12 points lost
     "This hand was lost mainly at decision 7, the discard."),
    ("computer", 28, None, Decided.MISTAKE,
     "This hand was lost mainly at decision 7, the discard."),
    ("you", 20, 30.0, Decided.MISTAKE,
     "You won this hand, but decision 7, the discard, cost about 9.0 points."),
    ("nobody", 0, None, Decided.MISTAKE,
     "Nobody scored; decision 7, the discard, cost the most: about 9.0 points."),
])
def test_what_decided_a_hand_with_mistakes(app: Flask, winner, points, luck, decided, said):
    rows_ = [row(3, 3.0, flagged=False), row(5, 5.0), row(7, 9.0)]  # 12 points lost in all
    summary = Summary(3, 0, 12.0, 70.0)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        found = verdict(points if winner == "you" else -points, summary,
                        measured(*luck) if isinstance(luck, tuple) else measured(luck), rows_)
    assert (found.decided, found.text) == (decided, said)


@pytest.mark.parametrize(("winner", "points", "luck", "decided", "said"), [
    ("computer", 10, -1.0, Decided.CLEAN, "This hand was lost without a mistake of yours."),
    ("computer", 10, None, Decided.CLEAN, "This hand was lost without a mistake of yours."),
    ("you", 20, 20.0, Decided.LUCK, "This hand was won mainly on the luck of the cards."),
    ("you", 20, (20.0, 9.9), Decided.LUCK, "This hand was won mainly on the luck of the cards."),
    ("you", 20, (20.0, 10.0), Decided.CLEAN,  # within 2 standard errors: noise
     "You won this hand on your play: no mistake."),
    ("computer", 10, (-30.0, 15.0), Decided.CLEAN,  # within: not lost to luck
     "This hand was lost without a mistake of yours."),
    ("you", 20, 19.0, Decided.CLEAN, "You won this hand on your play: no mistake."),
    ("you", 20, None, Decided.CLEAN, "You won this hand on your play: no mistake."),
    ("nobody", 0, 5.0, Decided.CLEAN, "Nobody scored, and you made no mistake."),
])
def test_what_decided_a_hand_without_a_flagged_decision(app: Flask, winner, points, luck,
                                                         decided, said):
    rows_ = [row(1, 2.0, flagged=False), row(2, 0.0, flagged=False)]
    summary = Summary(2, 1, 2.0, 90.0)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        found = verdict(points if winner == "you" else -points, summary,
                        measured(*luck) if isinstance(luck, tuple) else measured(luck), rows_)
    assert (found.decided, found.text) == (decided, said)


def test_the_bottom_offers_the_next_review_practice_and_the_way_back(app, client):
    client.get("/?lang=en")
    game = simulated("quick", 7, hands=2)  # two hands over, the match goes on
    assert game.phase is not engine.Phase.MATCH_OVER and len(game.results) == 2
    match_id = seat_game(app, client, game, "quick")
    first = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    onward = first[first.index('data-zone="onward"'):]
    assert f'data-link="next-review" href="/review/{match_id}/2">Review of hand 2</a>' in onward
    assert 'data-link="table" href="/play#table">Back to the match</a>' in onward
    assert f'action="/review/{match_id}/1/practice"' in onward
    last = client.get(f"/review/{match_id}/2").get_data(as_text=True)
    onward = last[last.index('data-zone="onward"'):]
    assert 'data-link="next-review"' not in onward  # the last hand over: the next is to play
    assert 'data-link="table" href="/play#table">Next hand</a>' in onward
    over = simulated("quick", 7, hands=None)
    assert over.phase is engine.Phase.MATCH_OVER
    over_id = seat_game(app, client, over, "quick")
    html = client.get(f"/review/{over_id}/{len(over.results)}").get_data(as_text=True)
    assert 'data-link="table" href="/play#table">Back to the match</a>' in html


def test_a_review_kept_in_the_first_format_shows_its_rows_without_reasons(app, client):
    client.get("/?lang=en")
    game = simulated("standard", 21)
    match_id = seat_game(app, client, game, "standard")
    review = review_hand(game, 1, 0)
    data = encode_review(review)
    data["v"] = 1
    for move in data["m"]:
        move.pop("w", None)
    with app.test_request_context():
        keep_review(match_id, review)
        row_ = db.session.get(HandReviewRow, (match_id, 1))
        row_.review = json.loads(json.dumps(data))
        db.session.commit()
    html = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    shown = rows(html)
    assert [r.label for r in shown] == [m.label.value for m in review.moves]
    assert [r.number for r in shown if r.label != "good"] == [4, 16]
    assert 'class="reason"' not in html  # kept without reasons: none is made up
    assert 'href="#d16"' in html


# Luck kept with each hand's review, as the game's measure gave it (deal, own draws, the
# computer's draws, error): what the pages make of the kept figures.
HAND_LUCK = {1: HandLuck(2.0, 3.5, -1.0, 4.0), 3: HandLuck(-10.0, -25.0, 5.0, 6.0)}


def test_kept_luck_shows_on_the_hand_match_and_player_pages(app, client):
    from tests.web.account_helpers import register, user_id
    from tests.web.test_review import finish_as_owner

    client.get("/?lang=en")
    register(client, "lucky")
    match_id = finish_as_owner(app, client, 7, user_id(app, "lucky"))
    game = simulated("quick", 7, hands=None)
    reviews = {n: review_hand(game, n, 0, (2, 2)) for n in range(1, len(game.results) + 1)}
    points = {n: (r.points if r.scorer == 0 else -r.points) if r.scorer is not None else 0
              for n, r in enumerate(game.results, start=1)}
    assert points[3] == -30 and points[1] == 15  # an undercut lost; a knock won
    with app.test_request_context():
        for number, review in reviews.items():  # hands without luck: kept before it was
            keep_review(match_id, review, points[number], HAND_LUCK.get(number))
    # hand 3: lost 30 with luck −30 against, more than the points lost: lost to luck
    html = client.get(f"/review/{match_id}/3").get_data(as_text=True)
    lost = reviews[3].summary.points_lost
    assert text(re.search(r'<p class="skill-line".*?</p>', html, re.S).group(0)) == (  # type: ignore[union-attr]
        f"Luck −30 · Your mistakes −{round(lost)} · Accuracy "
        f"{round(reviews[3].summary.accuracy)}%")
    assert 'data-verdict="luck">This hand was lost mainly to the luck of the cards.' in html
    luck_line = " ".join(text(re.search(r'<p class="luck-sum".*?</p>', html, re.S)  # type: ignore[union-attr]
                              .group(0)).split())
    assert luck_line == (
        "Result −30 = luck −30 (± 6: the deal −10, your draws −25, the computer's draws +5) +"
        f" luck-adjusted result 0. Of that, your decisions against the expert's moves:"
        f" −{round(lost)}; the rest, +{round(lost)}, is the computer's play and what neither"
        " estimate catches.")
    # hand 2: kept without luck: no luck figure at all
    html = client.get(f"/review/{match_id}/2").get_data(as_text=True)
    assert 'data-figure="luck"' not in html and 'class="luck-sum"' not in html
    # the match: the two measured hands' luck summed, errors in quadrature
    whole = client.get(f"/review/{match_id}").get_data(as_text=True)
    assert "<span data-figure=\"luck\">Luck <strong>−26</strong></span>" in whole  # −25.5
    assert "Luck over the 2 hands whose luck was measured:" in whole
    assert "(± 7: the deal −8, your draws −22, the computer's draws +4)" in whole
    assert re.findall(r'<span data-luck="(\d+)">luck ([^<]+)</span>', whole) == [
        ("1", "+4"), ("3", "−30")]
    # the player page: the match's luck and luck-adjusted result, and their chart
    page = client.get("/me").get_data(as_text=True)
    assert f'<tr data-match="{match_id}">' in page
    assert '<td data-luck="-25.5">−26</td>' in page  # 4.5 − 30
    adjusted = points[1] + points[3] + 25.5
    assert f'<td data-adjusted="{round(adjusted, 1)}">' in page
    chart = page[page.index('class="points-chart adjusted-chart"'):]
    assert chart[:chart.index("</svg>")].count('<circle class="dot"') == 1


@pytest.mark.parametrize(("error", "decided"), [(14.9, "luck"), (15.0, "mistake")])
def test_a_gin_hand_is_lost_to_luck_only_beyond_two_standard_errors(app, client, error, decided):
    """Hand 3 of seed 7 (quick): an undercut lost, 30 points, with a flagged decision. A kept
    luck of −30 (more than the points lost) blames the cards only when it is more than 2
    standard errors from 0; within them, the worst mistake decided the hand."""
    client.get("/?lang=en")
    game = simulated("quick", 7, hands=3)
    match_id = seat_game(app, client, game, "quick")
    assert game.results[2].scorer == 1 and game.results[2].points == 30
    assert planted_verdict(app, client, match_id, 3,
                           HandLuck(-10.0, -25.0, 5.0, error)) == decided
