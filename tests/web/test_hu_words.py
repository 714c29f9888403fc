"""胡牌制 in its own words: buttons, questions, showdown headings, the scoring line as players say
it ("三金 50 + 7 = 57", "诈胡：对方二金 100 + 3 = 103"), the 流局 sentence and the verify page."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask, session
from flask.testing import FlaskClient

import gin_engine as engine
from gin_engine import HU, parse_cards
from gin_engine.deck import stacked_deck
from gin_engine.hu import hu_showdown
from tests.web.play_helpers import get, post_move, seat_match, whole_match
from webapp.gin.messages import (
    dead_hand_line,
    going_out,
    hand_banner,
    hand_deadwood,
    scoring_line,
    showdown_words,
)

SAN_JIN = "3S 4S 5S 7H 7D 7C 9D TD JD QD"
THREE_MI = "3S 4S 5S 7H 7D 7C 9D TD JD 3H"  # 3米胡: deadwood 3♥
ER_JIN_8 = "6S 7S KS KH KD KC 2C 3C 4C 5C"  # lays off 6♠ 7♠: an 8-card 二金 left
SEVEN = "KS KH KC 2C 3C 4C 5C AH 2D 4H"  # deadwood 7 after 金胡 (no lay-offs)
PERSON, COMPUTER = 0, 1


def _showdown(caller: str, defender: str) -> engine.HandResult:
    return hu_showdown(HU, 1, 1, PERSON, parse_cards(caller), parse_cards(defender))


def _in(app: Flask, lang: str, render):  # type: ignore[no-untyped-def]
    with app.test_request_context(f"/?lang={lang}"):
        session["lang"] = lang
        return render()


# (language, the person's 金胡 三金 vs 7, the person's 3米胡 against an 8-card 二金)
LINES = [
    ("zh_Hans", "金胡：三金 50 + 7 = 57，你得 57 分。",
     "诈胡：对方二金 100 + 3 = 103，电脑得 103 分。"),
    ("zh_Hant", "金胡：三金 50 + 7 = 57，你得 57 分。",
     "詐胡：對方二金 100 + 3 = 103，電腦得 103 分。"),
    ("en", "Gin by shape: three-meld gin 50 + 7 = 57, you score 57.",
     "Failed going out: the opponent's two-meld gin 100 + 3 = 103, the computer scores 103."),
]


@pytest.mark.parametrize(("lang", "jin_hu", "zha_hu"), LINES)
def test_the_scoring_line_names_the_tier_and_its_sum(app: Flask, lang, jin_hu, zha_hu):
    jin = _showdown(SAN_JIN, SEVEN)
    zha = _showdown(THREE_MI, ER_JIN_8)
    assert (jin.points, zha.points) == (57, 103)
    assert _in(app, lang, lambda: scoring_line(jin, PERSON)) == jin_hu
    assert _in(app, lang, lambda: scoring_line(zha, PERSON)) == zha_hu


def test_the_rules_pages_line_and_the_computers_side(app: Flask):
    zha = _showdown(THREE_MI, ER_JIN_8)
    assert _in(app, "zh_Hans", lambda: scoring_line(zha)) == "诈胡：对方二金 100 + 3 = 103。"
    assert _in(app, "zh_Hans", lambda: scoring_line(_showdown(SAN_JIN, SEVEN))) == (
        "金胡：三金 50 + 7 = 57。"
    )
    # The computer called and failed: the person's own 二金 is paid.
    theirs = hu_showdown(HU, 1, 0, COMPUTER, parse_cards(THREE_MI), parse_cards(ER_JIN_8))
    assert _in(app, "zh_Hans", lambda: scoring_line(theirs, PERSON)) == (
        "诈胡：你的二金 100 + 3 = 103，你得 103 分。"
    )
    mi = _showdown("3S 4S 5S 7H 7D 7C 9D TD JD 2H", "KS KH KD KC 2C 3C 4C 5C AH 4H")
    assert _in(app, "zh_Hans", lambda: scoring_line(mi, PERSON)) == (
        "米胡：10 + (5 − 2) = 13，你得 13 分。"
    )
    assert _in(app, "zh_Hans", lambda: hand_banner(zha, PERSON).text) == "诈胡！电脑赢 103 分"


@pytest.mark.parametrize(
    ("lang", "gin_button", "knock_button", "confirm", "heading", "dead"),
    [
        ("zh_Hans", "胡牌 · 金胡…", "胡牌 · 米胡…", "米胡：扣下 3♥，米数 3", "（胡牌 · 诈胡）",
         "流局：牌库已摸完，无人胡牌。双方都不得分，由同一庄家重新发牌。"),
        ("zh_Hant", "胡牌 · 金胡…", "胡牌 · 米胡…", "米胡：扣下 3♥，米數 3", "（胡牌 · 詐胡）",
         "流局：牌庫已摸完，無人胡牌。雙方都不得分，由同一莊家重新發牌。"),
        ("en", "Go out · gin by shape…", "Go out low…",
         "Low going out: discard 3♥ face down, deadwood 3", "(going out · failed going out)",
         "Dead hand: the stock ran out and nobody went out. Nobody scores, and the same dealer "
         "deals again."),
    ],
)
def test_going_out_words_in_three_languages(
    app: Flask, lang, gin_button, knock_button, confirm, heading, dead
):
    card = engine.Card.parse("3H")
    zha = _showdown(THREE_MI, ER_JIN_8)
    assert _in(app, lang, lambda: going_out(engine.Scoring.HU, "gin", "button")) == gin_button
    assert _in(app, lang, lambda: going_out(engine.Scoring.HU, "knock", "button")) == knock_button
    assert _in(app, lang, lambda: going_out(engine.Scoring.HU, "knock", "confirm", card, 3)) == (
        confirm
    )
    assert _in(app, lang, lambda: showdown_words(zha).caller) == heading
    assert _in(app, lang, lambda: dead_hand_line(HU)) == dead
    # The standard game keeps its own words.
    assert _in(app, "en", lambda: going_out(engine.Scoring.GIN_RUMMY, "knock", "button")) == (
        "Knock…"
    )
    assert "knocked" in _in(app, "en", lambda: dead_hand_line(engine.STANDARD))


def test_a_hu_table_says_hu_pai_from_the_buttons_to_the_showdown(app: Flask, client: FlaskClient):
    client.get("/?lang=zh_Hans")
    # The computer deals (11 cards, opening by a discard); the person holds a 三金 and draws K♣.
    deck = stacked_deck(SAN_JIN, "KH KS 2H 6H 8C AC 2C 4D 6C 9S", "QH", "KC")
    seat_match(app, client, deck=deck, ruleset="hu")
    page = get(client)
    assert post_move(client, page, "draw-stock").status_code == 303
    html = unescape(get(client).html)
    assert "胡牌 · 金胡…" in html and "胡牌 · 米胡…" in html
    assert "敲牌" not in html and "全组…" not in html
    assert _in(app, "zh_Hans", lambda: hand_deadwood(HU, 10)) in html and "可敲牌" not in html
    asking = unescape(client.get("/play?confirm=gin").get_data(as_text=True))
    assert "要金胡吗？选一张牌扣下。" in asking and "金胡：扣下 K♣" in asking
    assert "金胡胡牌" not in asking
    page = get(client)
    assert post_move(client, page, "gin", "KC").status_code == 303
    html = unescape(get(client).html)
    line = re.search(r'class="scoring-line"[^>]*>([^<]+)<', html)
    assert line and re.fullmatch(r"金胡：三金 50 \+ (\d+) = (\d+)，你得 \2 分。", line.group(1))
    assert "（胡牌 · 金胡）" in html and "（对家）" in html and "金胡之后不能贴牌。" in html
    assert "敲牌方" not in html and "防守方" not in html
    # The banner names the tier, and the showdown says 米牌, never 散牌.
    banner = re.search(r'data-zone="banner"[^>]*>\s*<strong>([^<]+)<', html)
    assert banner and re.fullmatch(r"你赢 \d+ 分 · 金胡 · 三金", banner.group(1).strip()), banner
    assert "散牌" not in html and "米牌" in html


def test_the_verify_page_deals_the_dealer_eleven_cards_under_hu(client: FlaskClient):
    client.get("/?lang=zh_Hans")
    html = unescape(client.get("/verify?seed=abc&deals=2&rules=hu").get_data(as_text=True))
    assert html.count('data-cards="upcard"') == 0
    assert "庄家的手牌（11 张：庄家先打出一张开局）" in html
    dealer = re.search(r'data-cards="dealer">(.*?)</dd>', html, re.S)
    assert dealer and dealer.group(1).count('data-card="') == 11
    standard = client.get("/verify?seed=abc&deals=2").get_data(as_text=True)
    assert standard.count('data-cards="upcard"') == 2
    assert client.get("/verify?seed=abc&rules=nope").status_code == 400


@pytest.mark.parametrize(
    ("lang", "line"),
    [("zh_Hans", "诈胡：对方二金 100 + 3 = 103。"), ("zh_Hant", "詐胡：對方二金 100 + 3 = 103。"),
     ("en", "Failed going out: the opponent's two-meld gin 100 + 3 = 103.")],
)
def test_the_rules_page_draws_the_hu_examples_scored_by_the_engine(
    client: FlaskClient, lang: str, line: str
):
    client.get(f"/?lang={lang}")
    html = unescape(client.get("/rules").get_data(as_text=True))
    section = html.split('id="hu"', 1)[1].split('id="ranking"', 1)[0]
    assert 'data-example="jin-hu"' in section and 'data-example="zha-hu"' in section
    assert 'data-points="57"' in section and 'data-points="103"' in section
    assert 'data-lay-off="6S"' in section and 'data-lay-off="7S"' in section
    assert line in section
    faq = client.get("/faq").get_data(as_text=True)
    for anchor in ("hu", "hu-discards", "hu-zha", "hu-duration"):
        assert f'id="{anchor}"' in faq


@pytest.mark.parametrize(
    ("lang", "parts"),
    [("zh_Hans", ("现在扣下 3♥ 米胡（米数 12 → 3）", "米胡：约 +12（诈胡约 6%）")),
     ("en", ("Go out low now, discarding 3♥ (deadwood 12 → 3)",
             "Go out low: about +12 (failed going out about 6%)"))],
)
def test_the_hint_names_the_hu_moves(app: Flask, lang: str, parts: tuple[str, str]):
    from gin_engine.ai import Decision, Estimate, Reason, Unit
    from webapp.gin.hints import hint_text

    card, other = engine.Card.parse("3H"), engine.Card.parse("9C")
    knock = engine.Knock(card)
    decision = Decision(knock, Reason.KNOCK_NOW, 12, 3, card, Unit.POINTS,
                        (Estimate(knock, 12.4, 0.06), Estimate(engine.Discard(other), 5.0)))
    text = _in(app, lang, lambda: hint_text(decision, engine.Scoring.HU))
    assert all(part in text for part in parts), text
    standard = _in(app, "en", lambda: hint_text(decision))
    assert "Knock now" in standard and "undercut about 6%" in standard


def test_no_page_of_a_hu_match_speaks_of_knocking(app: Flask, client: FlaskClient):
    """A whole 胡牌制 match in zh_Hans: every page, from the first draw to the settlement, uses
    胡牌制's words, never the standard game's 敲牌 / 全组 / 反敲 / 防守方."""
    client.get("/?lang=zh_Hans")
    match_id = seat_match(app, client, ruleset="hu", seed=5)
    seen: set[str] = set()
    for page in whole_match(app, client, match_id):
        text = unescape(re.sub(r"<[^>]+>", " ", page.html))
        for word in ("敲牌", "全组", "反敲", "防守方"):
            assert word not in text, (word, page.phase)
        seen.add(page.phase)
    assert {"draw", "discard", "hand-over", "match-over"} <= seen
