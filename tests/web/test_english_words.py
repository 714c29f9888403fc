"""Hu scoring (胡牌制) in English has one vocabulary (issue 45): the table's words — going out,
low going out, failed going out, gin by shape (three-meld gin, two-meld gin, dragon), dead
hand — on the table, the review, the rules, the FAQ and the strategy guide, never the Chinese
names, which the rules list once, in their glossary (``#chinese-names``)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from tests.web.play_helpers import seat_match, whole_match
from tests.web.review_helpers import seat_game, simulated

HAN = re.compile("[\u2e80-\u2fff\u3005-\u3007\u3021-\u3029\u3400-\u9fff\uf900-\ufaff]")
MAIN = re.compile(r'<main id="content"[^>]*>(.*)</main>', re.S)
GLOSSARY = re.compile(r'<h3 id="chinese-names">.*?(?=<h[23] |\Z)', re.S)
CATALOG = (
    Path(__file__).resolve().parents[2] / "webapp/translations/en/LC_MESSAGES/messages.po"
)


def han_in(html: str) -> list[str]:
    """The Han characters in the page's main part's text (the header's brand 金拉米 and the
    language switcher name the languages), with the rules' glossary left out."""
    main = MAIN.search(html)
    assert main is not None
    text = unescape(re.sub(r"<[^>]+>", " ", GLOSSARY.sub("", main.group(1))))
    return [line for line in text.splitlines() if HAN.search(line)]


def test_every_english_string_is_english() -> None:
    with CATALOG.open("rb") as catalog:
        messages = list(read_po(catalog, locale="en"))
    chinese = []
    for message in messages:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        shown = [text or ids[min(n, len(ids) - 1)] for n, text in enumerate(strings)]
        chinese += [text for text in shown if message.id and HAN.search(text)]
    assert chinese == []


def test_the_english_pages_say_hu_scoring_in_english(client: FlaskClient) -> None:
    client.get("/?lang=en")
    for path in ("/rules", "/faq", "/strategy"):
        assert han_in(client.get(path).get_data(as_text=True)) == [], path
    rules = client.get("/rules").get_data(as_text=True)
    glossary = GLOSSARY.search(rules)
    assert glossary is not None
    for name in ("胡牌制", "米胡", "诈胡", "金胡", "三金", "二金", "金龙", "流局"):
        assert name in glossary.group(0), name


def test_a_hu_review_and_table_say_it_in_english(app: Flask, client: FlaskClient) -> None:
    client.get("/?lang=en")
    review = seat_game(app, client, simulated("hu", 0), "hu")  # goes out low
    page = client.get(f"/review/{review}/1").get_data(as_text=True)
    assert "Go out low, discarding 7♥ face down" in page and "Go out or play on" in page
    assert han_in(page) == []
    match_id = seat_match(app, client, ruleset="hu", seed=5)
    seen = set()
    for table in whole_match(app, client, match_id):
        assert han_in(table.html) == [], table.phase
        seen.add(table.phase)
    assert {"draw", "discard", "hand-over", "match-over"} <= seen
