"""The table's Hint: never a 500, whatever the person took; its numbers are on the page; the
card it says to throw is marked in the hand."""

from __future__ import annotations

import re

import pytest

import gin_engine as engine
from gin_engine.ai import hint
from gin_engine.deck import stacked_deck
from tests.web.play_helpers import get, hint_line, post_move, seat_match, stored
from webapp.models import PERSON as PERSON_SEAT

PERSON = "AS 2S 3S 4S 5S 6S 8C 8D 8S AD"  # deadwood 1 (AD)
COMPUTER = "KH QD JS TH 7C 6D 4H 3C KD QC"
HIGH = "2S 3S 4S 9H KS QH 8C 5D 8H JD"  # one run, deadwood 60
MARKED = re.compile(r'<li class="slot[^"]*\bhinted\b[^"]*">\s*<button[^>]*data-card="(\w+)"')
NUMBERS = re.compile(r"Knock: about [+−]\d+ \(undercut about \d+%\) · Play on: about [+−]\d+")


def test_hint_after_taking_an_upcard_that_lowers_nothing_answers_with_numbers(app, client):
    # TD melds nothing and raises a count of 1 to 10 (the taken card cannot go straight back):
    # the take is legal but useless; knocking with 10 at once still beats playing on
    seat_match(app, client, deck=stacked_deck(PERSON, COMPUTER, "TD", "KC"))
    client.get("/?lang=en")
    post_move(client, get(client), "take-upcard")
    page = client.get("/play?hint=1")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'data-hint="knock-now"' in html
    assert NUMBERS.search(html), html[html.find('class="hint"'):][:400]
    # The advice is said once, in the sentence; no internal score and no second "advised".
    assert "advised" not in html and "hand score" not in html


def test_hint_numbers_are_translated(app, client):
    seat_match(app, client, deck=stacked_deck(PERSON, COMPUTER, "TD", "KC"))
    client.get("/?lang=zh_Hans")
    post_move(client, get(client), "take-upcard")
    html = client.get("/play?hint=1").get_data(as_text=True)
    assert re.search(
        r"预计敲牌比继续打得分更多。敲牌：约 [+−]\d+（被反敲约 \d+%） · 继续：约 [+−]\d+<", html)
    assert "建议" not in html and "手牌评分" not in html
    client.get("/?lang=zh_Hant")
    html = client.get("/play?hint=1").get_data(as_text=True)
    assert re.search(
        r"預計敲牌比繼續打得分更多。敲牌：約 [+−]\d+（被反敲約 \d+%） · 繼續：約 [+−]\d+<", html)
    assert "建議" not in html and "手牌評分" not in html


def test_the_card_the_hint_throws_is_marked_in_the_hand(app, client):
    # a high count after taking the upcard: the hint is a plain discard, tapping that card
    match_id = seat_match(app, client, deck=stacked_deck(HIGH, COMPUTER, "5C", "KC"))
    client.get("/?lang=en")
    post_move(client, get(client), "take-upcard")
    assert "hinted" not in client.get("/play").get_data(as_text=True)
    view = engine.Match.from_dict(stored(app, match_id)[1]).view(PERSON_SEAT)
    advised = hint(view).action
    assert isinstance(advised, engine.Discard)
    html = client.get("/play?hint=1").get_data(as_text=True)
    assert MARKED.findall(html) == [str(advised.card)]
    assert html.count('class="tag hint-tag"') == 1


@pytest.mark.parametrize(("lang", "said"), [
    ("zh-Hans", "提示：打出 K♠：散牌分降得最多（65 → 55）。电脑用得上 K♠ 的机会约 20%。"),
    ("en", "Hint: Discard K♠: it sheds the most deadwood (65 → 55). The computer can use K♠ "
           "about 20% of the time."),
])
def test_the_hint_reads_label_colon_sentence_spaced_as_the_language_writes(
    app, client, lang: str, said: str
) -> None:
    """No space after the full-width "：" in Chinese; one after ":" in English."""
    seat_match(app, client, deck=stacked_deck(HIGH, COMPUTER, "5C", "KC"))
    client.get(f"/?lang={lang}")
    post_move(client, get(client), "take-upcard")
    assert hint_line(client.get("/play?hint=1").get_data(as_text=True)) == said


def test_a_knock_hint_marks_no_card(app, client):
    # tapping a hand card would discard without knocking: the knock's own button is the way
    seat_match(app, client, deck=stacked_deck(PERSON, COMPUTER, "TD", "KC"))
    client.get("/?lang=en")
    post_move(client, get(client), "take-upcard")
    html = client.get("/play?hint=1").get_data(as_text=True)
    assert 'data-hint="knock-now"' in html
    assert MARKED.findall(html) == [] and "hint-tag" not in html


def test_a_discard_hint_says_the_deadwood_and_the_danger_once(app) -> None:
    # What to throw and why, with the player's own figures: deadwood before → after and the
    # chance the card feeds the computer; the expert's internal hand score is never shown.
    from gin_engine.ai import Decision, Estimate, Reason, Unit
    from webapp.gin.hints import hint_text
    from webapp.i18n import html_lang

    card, other = engine.Card.parse("9C"), engine.Card.parse("KS")
    decision = Decision(engine.Discard(card), Reason.DISCARD_SAFE, 20, 12, card, Unit.HAND_SCORE,
                        (Estimate(engine.Discard(card), 40.2), Estimate(engine.Discard(other), 41)),
                        0.104)
    said = {}
    for lang in ("en", "zh_Hans", "zh_Hant"):
        with app.test_request_context(headers={"Accept-Language": html_lang(lang)}):
            said[lang] = hint_text(decision)
            said[lang + "-hu"] = hint_text(decision, engine.Scoring.HU)
    assert said["en"] == ("Discard 9♣: the computer is unlikely to use it (deadwood 20 → 12). "
                          "The computer can use 9♣ about 10% of the time.")
    assert said["zh_Hans"] == ("打出 9♣：电脑不太可能用得上（散牌分 20 → 12）。"
                               "电脑用得上 9♣ 的机会约 10%。")
    assert said["zh_Hans-hu"] == ("打出 9♣：电脑不太可能用得上（米数 20 → 12）。"
                                  "电脑用得上 9♣ 的机会约 10%。")
    assert said["zh_Hant-hu"].startswith("打出 9♣：電腦不太可能用得上（米數 20 → 12）。")
