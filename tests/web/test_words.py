"""Words a player uses: the FAQ's gaps filled, Chinese says 全组, zh-Hant says 摸牌, and the
start page says in one line how each ruleset differs."""

from __future__ import annotations

from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from gin_engine.deck import stacked_deck
from tests.web.play_helpers import get, post_move, seat_match

FAQ_ANCHORS = ("gin-vs-rummy", "origin", "no-money", "other-names")


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant", "en"])
def test_the_faq_answers_the_questions_of_the_seed_pages(client: FlaskClient, lang: str):
    client.get(f"/faq?lang={lang}")
    html = client.get("/faq").get_data(as_text=True)
    for anchor in FAQ_ANCHORS:
        assert f'id="{anchor}"' in html, anchor
    if lang != "en":  # Chinese pages speak to players: no command lines
        assert "python -m" not in html


@pytest.mark.parametrize(
    ("lang", "other_words", "gin"),
    [("zh_Hans", ("废牌", "余牌", "附牌", "反将", "满组"), "全组"),
     ("zh_Hant", ("廢牌", "餘牌", "附牌", "反將", "滿組"), "全組")],
)
def test_chinese_pages_use_the_players_words(
    client: FlaskClient, lang: str, other_words: tuple[str, ...], gin: str
):
    client.get(f"/faq?lang={lang}")
    faq = client.get("/faq").get_data(as_text=True)
    assert "引擎" not in faq
    for word in other_words:
        assert word in faq, word
    body = faq.split('<div class="doc-body">', 1)[1]
    # Gin is named with the glossary's form first, then by the Chinese word alone.
    assert body.index(f"Gin（{gin}）") < body.replace(f"Gin（{gin}）", "", 1).index(gin)
    rules = client.get("/rules").get_data(as_text=True)
    assert f"Gin（{gin}）" in rules


def test_traditional_chinese_table_says_mo_pai(app: Flask, client: FlaskClient):
    client.get("/?lang=zh_Hant")
    seat_match(app, client, seed=3)
    page = get(client)
    if page.phase == "upcard":
        post_move(client, page, "pass-upcard")
    html = get(client).html
    assert "摸牌" in html and "抽牌" not in html


@pytest.mark.parametrize(
    ("lang", "lines"),
    [("en", ("To 100 points; the hand's winner deals next; game bonus 100, 25 per hand won, "
             "a shutout doubles.",
             "To 100 points, no bonuses; the hand's loser deals next.",
             "To 50 points, no bonuses; the hand's loser deals next.")),
     ("zh_Hans", ("打到 100 分；每手赢家下一手发牌；胜局奖 100 分，每赢一手 25 分，完封翻倍。",
                  "打到 100 分，没有奖励分；每手输家下一手发牌。",
                  "打到 50 分，没有奖励分；每手输家下一手发牌。"))],
)
def test_the_start_page_says_how_each_ruleset_differs(
    client: FlaskClient, lang: str, lines: tuple[str, ...]
):
    client.get(f"/?lang={lang}")
    html = unescape(client.get("/").get_data(as_text=True))
    for line in lines:
        assert html.count(line) == 1, line


@pytest.mark.parametrize(
    ("lang", "king_of_spades", "two_of_clubs"),
    [("zh_Hans", "黑桃K", "梅花2"), ("zh_Hant", "黑桃K", "梅花2"),
     ("en", "King of spades", "2 of clubs")],
)
def test_screen_readers_hear_each_card_named_in_the_page_language(
    app: Flask, client: FlaskClient, lang: str, king_of_spades: str, two_of_clubs: str
):
    """The spoken name of each pip (its label) is one translated phrase; English word order ("2 of
    黑桃") never leaks into a Chinese page."""
    seat_match(app, client, deck=stacked_deck("KS 3S 4S 5H 6H 7H 9C 9D 2C 3D",
                                              "KH QD JS TH 7C 6D 4H 3C KD QC", "JH"))
    client.get(f"/?lang={lang}")
    html = get(client).html
    assert f'role="img" aria-label="{king_of_spades}">K♠</span>' in html
    assert f'role="img" aria-label="{two_of_clubs}">2♣</span>' in html
    if lang != "en":
        assert " of " not in html.split('id="table"', 1)[1]
