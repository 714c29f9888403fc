"""The tables in a text browser (issue 35): w3m and its kin ignore the style sheet and run
inline elements together, so the status line's parts are separated in the text itself, and a
card's text is its pip alone, its spoken name being the element's label (read once: "10♠",
not "10♠黑桃10"). Checked on the pages' text as such a browser lays it out: the markup
without its tags, and (issue 45) w3m's own dump of the page, which also drops a plain space
between two Chinese characters and prints the bidi isolate characters U+2068/U+2069."""

from __future__ import annotations

import re
import shutil
import subprocess
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from gin_engine.deck import stacked_deck
from tests.web.account_helpers import login, logout, register
from tests.web.browser_helpers import KNOCK_10, LOOSE
from tests.web.play_helpers import get, seat_match
from tests.web.review_helpers import seat_game, simulated
from tests.web.romme_helpers import romme_page, seat_romme

_TAG = re.compile(r"<[^>]+>")
STATUS = re.compile(r'<p class="status-scores">(.*?)</p>', re.S)
HAND_TITLE = re.compile(r'<h2 id="hand-title">(.*?)</h2>', re.S)
CARD = re.compile(
    r'<span class="(?:card|pip)[^"]*"[^>]* role="img" aria-label="([^"]+)">([^<]*)</span>'
)
FACE_UP = re.compile(r'<span class="(?:card(?! back)|pip)[ "]')


def text(html: str) -> str:
    """The text of ``html`` with its tags dropped and white space collapsed."""
    return " ".join(unescape(_TAG.sub("", html)).split())


def body(html: str) -> str:
    return html.split("<body", 1)[1]


HAND = {"zh_Hans": "你的手牌 · 散牌分 10 · ≤ 10 可敲牌",
        "en": "Your hand · deadwood 10 · ≤ 10 to knock"}


@pytest.mark.parametrize(("lang", "line"), [
    ("zh_Hans", "你 0 : 0 电脑 · 目标 100 分 · 轮到你"),
    ("en", "You 0 : 0 Computer · target 100 · Your turn"),
])
def test_the_gin_status_line_reads_in_parts(app: Flask, client: FlaskClient, lang: str,
                                           line: str) -> None:
    client.get(f"/?lang={lang}")
    seat_match(app, client, deck=stacked_deck(KNOCK_10, LOOSE, "JC", "KC"))
    html = get(client).html
    status = STATUS.search(html)
    assert status is not None and text(status.group(1)) == line
    title = HAND_TITLE.search(html)
    assert title is not None and text(title.group(1)) == HAND[lang]


@pytest.mark.parametrize(("lang", "line", "hand"), [
    ("zh_Hans", "你：0 · 电脑 1：0 · 电脑 2：0 · 轮到你", "你的手牌 · 14 张牌 · 按点数排"),
    ("zh_Hant", "你：0 · 電腦 1：0 · 電腦 2：0 · 輪到你", "你的手牌 · 14 張牌 · 按點數排"),
    ("en", "You: 0 · Computer 1: 0 · Computer 2: 0 · Your turn",
     "Your hand · 14 cards · Sort by rank"),
])
def test_the_romme_status_line_reads_in_parts(app: Flask, client: FlaskClient, lang: str,
                                             line: str, hand: str) -> None:
    # Each seat's total follows a colon (issue 45: "你 0 电脑 1 0 电脑 2 0" read as "电脑 10").
    client.get(f"/?lang={lang}")
    seat_romme(app, client, players=3, seed=2)
    html = romme_page(client).html
    status, title = STATUS.search(html), HAND_TITLE.search(html)
    assert status is not None and title is not None
    assert text(status.group(1)) == line
    assert text(title.group(1)) == hand


def cards_read_once(html: str) -> int:
    """Every face-up card is one element whose text is its pip alone, its spoken name in its
    label; the text never holds a pip beside its name ("10♠黑桃10")."""
    cards = CARD.findall(html)
    assert len(cards) == len(FACE_UP.findall(html))
    page = text(body(html))
    for name, pip in cards:
        assert pip, name
        if name != pip:  # the joker in Chinese: 王 both
            assert pip + name not in page and name + pip not in page, (pip, name)
    return len(cards)


@pytest.mark.parametrize("lang", ["zh_Hans", "en"])
def test_each_card_is_read_once(app: Flask, client: FlaskClient, lang: str) -> None:
    client.get(f"/?lang={lang}")
    seat_match(app, client, deck=stacked_deck(KNOCK_10, LOOSE, "JC", "KC"))
    assert cards_read_once(get(client).html) >= 11  # the hand and the upcard
    seat_romme(app, client, players=4, seed=11)
    assert cards_read_once(romme_page(client).html) >= 14
    assert cards_read_once(client.get("/romme/rules").get_data(as_text=True)) >= 20
    assert cards_read_once(client.get("/rules").get_data(as_text=True)) >= 20


DISCARD = re.compile(r'<button [^>]*name="discard"[^>]* aria-label="([^"]+)">(.*?)</button>', re.S)


def test_a_romme_hand_card_is_read_once_beside_its_discard_button(
    app: Flask, client: FlaskClient
) -> None:
    """In the play step each hand card stands in its tick box with a discard button beside
    it: the button's text is the verb alone, the card in its label ("打出 黑桃8")."""
    client.get("/?lang=zh_Hans")
    seat_romme(app, client, players=3, seed=2)
    html = romme_page(client).html  # the person opens the hand: 14 cards, no draw
    buttons = DISCARD.findall(html)
    assert len(buttons) == 14
    names = {name for name, _pip in CARD.findall(html)}
    for label, inner in buttons:
        assert text(inner) == "打出", inner
        assert label.startswith("打出 ") and label.removeprefix("打出 ") in names, label
    assert cards_read_once(html) >= 14


def w3m(html: str) -> list[str]:
    """The page as w3m shows it (``w3m -dump``, 200 columns): its lines, stripped."""
    program = shutil.which("w3m")
    assert program is not None, "w3m is missing: scripts/ensure-w3m (make test) installs it"
    dump = subprocess.run(
        [program, "-dump", "-T", "text/html", "-cols", "200", "-I", "UTF-8", "-O", "UTF-8"],
        input=html.encode(), capture_output=True, check=True,
    )
    return [line.strip() for line in dump.stdout.decode().splitlines()]


@pytest.mark.parametrize(("lang", "welcome", "back"), [
    ("zh_Hans", "欢迎，uxnorm！从现在起获胜可获得排名积分。", "欢迎回来，uxnorm。"),
    ("en", "Welcome, uxnorm! Wins now earn ranking points.", "Welcome back, uxnorm."),
])
def test_a_greeting_names_the_player_without_isolate_marks(
    client: FlaskClient, lang: str, welcome: str, back: str
) -> None:
    client.get(f"/?lang={lang}")
    register(client, "uxnorm")
    page = client.get("/").get_data(as_text=True)
    assert '<p class="flash flash-notice">' in page and welcome in w3m(page)
    logout(client)
    login(client, "uxnorm")
    page = client.get("/").get_data(as_text=True)
    flash = re.search(r'<p class="flash flash-notice">(.*?)</p>', page)
    assert flash is not None and "<bdi>uxnorm</bdi>" in flash.group(1)
    assert "\u2068" not in page and "\u2069" not in page
    assert back in w3m(page)


def test_a_review_reads_in_parts(app: Flask, client: FlaskClient) -> None:
    """Each decision's kind and label, the loss and its note, and the hand's cards are apart."""
    client.get("/?lang=zh_Hans")
    match_id = seat_game(app, client, simulated("standard", 21), "standard")
    lines = w3m(client.get(f"/review/{match_id}/1").get_data(as_text=True))
    assert "1. 明牌：拿还是不拿 · 好" in lines and "2. 出牌 · 好" in lines
    assert "0.0 分 · 估计你这一步不比高手的差：没有损失。" in lines
    assert "你的手牌：散牌 80：2♠ 2♥ 6♠ 10♥ 10♣ J♠ J♦ Q♥ Q♦ K♥" in lines  # all deadwood
