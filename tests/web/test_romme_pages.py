"""Rommé's rules, FAQ and strategy pages: three languages, numbers from the Rommé ruleset,
worked examples played and scored by romme_engine."""

from __future__ import annotations

import dataclasses
import re

import pytest
from flask.testing import FlaskClient

from romme_engine import Reason
from romme_engine import ruleset as romme_rulesets
from webapp.pages import romme_values
from webapp.pages.romme_examples import RommeExamples
from webapp.statistics import points

PAGES = ("rules", "faq", "strategy")
LANGS = {"zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant", "en": "en"}
_ID = re.compile(r'<h[23] id="([a-z0-9-]+)"')
_FIGURE = re.compile(r"<figure.*?</figure>|<table.*?</table>", re.S)


def get(client: FlaskClient, page: str, lang: str) -> str:
    client.get(f"/romme/{page}?lang={lang}")
    response = client.get(f"/romme/{page}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def body(html: str) -> str:
    return html.split('<div class="doc-body">', 1)[1].split("</article>", 1)[0]


def prose(html: str) -> str:
    """The page's own sentences: the body without its figures and tables."""
    return _FIGURE.sub("", body(html))


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_romme_page_renders_in_each_language(
    client: FlaskClient, page: str, lang: str
) -> None:
    html = get(client, page, lang)
    assert f'<html lang="{LANGS[lang]}">' in html
    assert f'data-page="{page}" data-game="romme"' in html
    assert 'class="toc"' in html
    assert "<script" not in html.lower()
    assert "{{" not in html and "[[" not in html


@pytest.mark.parametrize("page", PAGES)
def test_romme_anchors_are_the_same_in_every_language(client: FlaskClient, page: str) -> None:
    ids = {lang: _ID.findall(get(client, page, lang)) for lang in LANGS}
    assert ids["zh_Hans"] == ids["zh_Hant"] == ids["en"]
    assert len(set(ids["en"])) == len(ids["en"])


def test_worked_examples_are_the_engines() -> None:
    ex = RommeExamples.compute(romme_rulesets.ROMME)
    opening = ex.story.opening
    assert opening.refusal is Reason.OPENING_TOO_LOW
    assert opening.refused_total == 27 < romme_rulesets.ROMME.opening
    assert [m.value for m in opening.melds] == [27, 12]
    assert opening.total == 39 >= romme_rulesets.ROMME.opening
    assert [str(c) for c in ex.story.lay_off.after.cards] == ["JC", "QC", "KC", "AC"]
    assert [str(c) for c in ex.story.swap.swap.after.cards] == ["9H", "9D", "9C"]
    assert str(ex.story.swap.joker) == "JK1"
    assert [str(c) for c in ex.story.swap.relaid.after.cards] == ["JK1", "JC", "QC", "KC", "AC"]
    result = ex.hand_romme.result
    assert result.end == "hand-romme" and result.winner == 0
    assert result.hand_values == (0, 102, 97)
    assert result.penalties == (0, 204, 194)
    assert [m.value for m in ex.aces] == [6, 31, 33]
    assert (ex.best.value, ex.best_left_penalty) == (58, 44)
    quoted = ex.values_quoted()
    assert quoted["ex.swap.stands_for"] == "10♣"
    assert quoted["ex.layoff.card"] == "A♣"


# The figures the prose quotes, and the markup the engine-drawn figures carry.
PROSE_NUMBERS = {
    "rules": ("27", "39", "12", "30", "102", "97", "204", "194", "6", "31", "33", "10♣", "A♣"),
    "faq": ("27", "39", "102", "97", "204", "194", "500"),
    "strategy": ("58", "44", "20"),
}
FIGURES = {
    "rules": (
        'data-figure="refused-total">27<', 'data-figure="opening-total">39<',
        'data-refusal="opening-too-low"', 'data-figure="value-1">102<',
        'data-figure="pays-1">204<', 'data-figure="value-2">97<', 'data-figure="pays-2">194<',
        'data-meld-value="31"', 'data-penalty="JK1">20<', 'data-penalty="AS">11<',
        'data-rule="romme.opening">30<', 'data-rule="romme-500.opening">30<',
        'data-points="expert">+100<', 'data-card="JK1"', 'data-card="AC"',
    ),
    "faq": (),
    "strategy": ('data-figure="best-value">58<', 'data-figure="best-left">44<'),
}


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_computed_numbers_appear_in_every_language(
    client: FlaskClient, page: str, lang: str
) -> None:
    html = get(client, page, lang)
    words = prose(html)
    for number in PROSE_NUMBERS[page]:
        assert number in words, (lang, page, number)
    for marker in FIGURES[page]:
        assert marker in html, (lang, page, marker)


def test_changing_the_ruleset_changes_the_pages(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    odd = dataclasses.replace(
        romme_rulesets.ROMME, opening=35, joker_penalty=25, hand_romme_multiplier=3, hands=5
    )
    monkeypatch.setitem(romme_rulesets.PRESETS, "romme", odd)
    monkeypatch.setitem(points.RANKING_POINTS, "expert", 123)
    for lang in LANGS:
        rules = get(client, "rules", lang)
        assert 'data-rule="romme.opening">35<' in rules
        assert 'data-rule="romme.hand_romme_multiplier">3<' in rules
        assert 'data-penalty="JK1">25<' in rules
        # The engine scores the Hand-Rommé again: the joker in seat 1's hand now costs 25.
        assert 'data-figure="value-1">107<' in rules
        assert 'data-figure="pays-1">321<' in rules
        assert 'data-points="expert">+123<' in rules
        words = prose(rules)
        assert "35" in words and "321" in words
        faq = prose(get(client, "faq", lang))
        assert "+123" in faq and "35" in faq
        # The preset is named as the start page names it (never its id), then its hands.
        assert re.search(r"Rommé, 3 hands”, 5 hands|3 手[”」]打 5 局", faq), lang
        assert "<code>romme" not in faq and "<code>romme" not in rules


def test_every_romme_placeholder_is_the_ruleset_value() -> None:
    quoted = romme_values.rule_values(romme_rulesets.PRESETS, points.RANKING_POINTS)
    for name, rule in romme_rulesets.PRESETS.items():
        prefix = romme_values.placeholder_name(name)
        assert quoted[f"{prefix}.opening"] == rule.opening
        assert quoted[f"{prefix}.joker_penalty"] == rule.joker_penalty
        assert quoted[f"{prefix}.starter_hand"] == rule.hand_size + rule.starter_extra
        assert quoted[f"{prefix}.computers_max"] == rule.max_players - 1
    assert quoted["romme.hands"] == romme_rulesets.ROMME.hands
    assert quoted["romme_500.limit"] == romme_rulesets.ROMME_500.limit
    assert (quoted["deck.cards"], quoted["deck.jokers"]) == (110, 6)
    assert (quoted["card.ace"], quoted["card.ace_low"], quoted["card.face"]) == (11, 1, 10)


def test_site_navigation_and_gin_pages_link_to_the_romme_rules(client: FlaskClient) -> None:
    for lang in LANGS:
        client.get(f"/rules?lang={lang}")
        gin = client.get("/rules").get_data(as_text=True)
        assert gin.count('href="/romme/rules"') >= 2  # the site navigation and "read more"
    romme = get(client, "rules", "en")
    more = romme.split('class="doc-links"', 1)[1]
    for href in ('href="/romme/faq"', 'href="/romme/strategy"', 'href="/rules">Gin Rummy rules<'):
        assert href in more
    assert "11 (1 at the low end of a run)" in romme


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_romme_pages_use_the_glossary(client: FlaskClient, lang: str) -> None:
    words = {
        "zh_Hans": ("德式拉米", "开牌", "接牌", "换王", "一次出完", "罚分", "王"),
        "zh_Hant": ("德式拉米", "開牌", "接牌", "換王", "一次出完", "罰分", "王"),
    }[lang]
    rules = body(get(client, "rules", lang))
    for word in words:
        assert word in rules, word
    assert "引擎" not in get(client, "faq", lang)
