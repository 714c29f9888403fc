"""The rules, FAQ and strategy pages: languages, anchors, numbers from the ruleset, safety."""

from __future__ import annotations

import dataclasses
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from gin_engine import ruleset as rulesets
from gin_engine.ruleset import Scoring
from webapp.pages import content
from webapp.pages import gin_values as values
from webapp.pages.gin_examples import Examples
from webapp.pages.markdown import render
from webapp.pages.placeholders import ContentError, fill
from webapp.statistics import points

PAGES = ("rules", "faq", "strategy")
LANGS = {"zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant", "en": "en"}
# The sentence saying which deadwood may knock, with a knock limit of 9.
KNOCK_LINE = {
    "zh_Hans": "散牌分正好 9 可以敲，10 就不行",
    "zh_Hant": "散牌分剛好 9 可以敲，10 就不行",
    "en": "Exactly 9 is allowed; 10 is not.",
}
_ID = re.compile(r'<h[23] id="([a-z0-9-]+)"')


def get(client: FlaskClient, page: str, lang: str) -> str:
    client.get(f"/{page}?lang={lang}")
    response = client.get(f"/{page}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def body(html: str) -> str:
    return html.split('<div class="doc-body">', 1)[1].split("</article>", 1)[0]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_page_renders_in_each_language(client: FlaskClient, page: str, lang: str) -> None:
    html = get(client, page, lang)
    assert f'<html lang="{LANGS[lang]}">' in html
    assert 'class="toc"' in html and 'href="#' in html
    assert "<script" not in html.lower()
    assert "{{" not in html and "[[" not in html


@pytest.mark.parametrize("page", PAGES)
def test_anchors_are_the_same_in_every_language(client: FlaskClient, page: str) -> None:
    ids = {lang: _ID.findall(get(client, page, lang)) for lang in LANGS}
    assert ids["zh_Hans"] == ids["zh_Hant"] == ids["en"]
    assert len(set(ids["en"])) == len(ids["en"])


def test_rules_have_the_scoring_section_the_table_links_to(client: FlaskClient) -> None:
    for lang in LANGS:
        assert '<h2 id="scoring">' in get(client, "rules", lang)


def test_every_page_links_to_the_others(client: FlaskClient) -> None:
    for page in PAGES:
        html = get(client, page, "en")
        for other in PAGES:
            if other != page:
                assert f'href="/{other}' in html
        assert 'href="/strategy"' in html  # the site navigation


_MENU_ITEM = re.compile(r'<li><a href="([^"]+)"(?: aria-current="page")?>([^<]+)</a></li>')
MENU = {
    "zh_Hans": ["对局", "规则", "常见问题", "策略", "德式拉米规则", "排行榜"],
    "zh_Hant": ["對局", "規則", "常見問題", "策略", "德式拉米規則", "排行榜"],
    "en": ["Play", "Rules", "FAQ", "Strategy", "Rommé rules", "Leaderboard"],
}


def menu(html: str) -> list[tuple[str, str]]:
    """The header menu's links: (address, text)."""
    return _MENU_ITEM.findall(html.split('<nav class="site-nav"', 1)[1].split("</nav>", 1)[0])


@pytest.mark.parametrize("lang", LANGS)
def test_the_menu_links_the_tables_and_the_reading_pages(client: FlaskClient, lang: str) -> None:
    # The games' links come from the registry (`webapp.pages.views.menu_games`): Gin Rummy's
    # table and pages at root, then Rommé's rules.
    paths = ["/play", "/rules", "/faq", "/strategy", "/romme/rules", "/leaderboard"]
    assert menu(get(client, "faq", lang)) == list(zip(paths, MENU[lang], strict=True))
    assert 'aria-current="page">' + MENU[lang][2] in get(client, "faq", lang)


def test_preset_table_prints_every_ruleset_value(client: FlaskClient) -> None:
    html = get(client, "rules", "en")
    for name, rule in rulesets.PRESETS.items():
        if rule.scoring is not Scoring.GIN_RUMMY:
            assert f'data-rule="{name}.' not in html  # 胡牌制 has its own section
            continue
        for field in ("target", "knock_limit", "gin_bonus", "undercut_bonus", "dead_hand_stock"):
            assert f'data-rule="{name}.{field}">{getattr(rule, field)}<' in html
        for field in ("game_bonus", "box_bonus", "shutout_multiplier"):
            shown = getattr(rule, field) if rule.settlement else "—"
            assert f'data-rule="{name}.{field}">{shown}<' in html


def test_ranking_points_table_follows_the_points_module(client: FlaskClient) -> None:
    for page in ("rules",):
        html = get(client, page, "en")
        for level, earned in points.RANKING_POINTS.items():
            assert f'data-points="{level}">+{earned}<' in html


def test_changing_a_preset_changes_the_pages(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    odd = dataclasses.replace(
        rulesets.STANDARD, knock_limit=9, gin_bonus=31, undercut_bonus=19, target=77
    )
    monkeypatch.setitem(rulesets.PRESETS, "standard", odd)
    monkeypatch.setitem(points.RANKING_POINTS, "expert", 123)
    for lang in LANGS:
        rules = get(client, "rules", lang)
        assert 'data-rule="standard.knock_limit">9<' in rules
        assert 'data-rule="standard.target">77<' in rules
        assert 'data-rule="standard.gin_bonus">31<' in rules
        assert 'data-points="expert">+123<' in rules
        assert KNOCK_LINE[lang] in body(rules)
        faq = body(get(client, "faq", lang))
        assert "+123" in faq and "31" in faq and "19" in faq
        # the engine scores the gin example with the new bonus: 31 + defender's deadwood
        assert 'data-points="58"' in rules


def test_every_placeholder_value_is_the_ruleset_value() -> None:
    quoted = values.rule_values(rulesets.PRESETS, points.RANKING_POINTS)
    for preset_name, rule in rulesets.PRESETS.items():
        name = preset_name.replace("-", "_")
        assert quoted[f"{name}.knock_limit"] == rule.knock_limit
        assert quoted[f"{name}.no_knock"] == rule.knock_limit + 1
        assert quoted[f"{name}.gin_bonus"] == rule.gin_bonus
        assert quoted[f"{name}.game_bonus"] == rule.game_bonus
        assert quoted[f"{name}.dead_hand_stock"] == rule.dead_hand_stock
    assert quoted["points.normal"] == points.RANKING_POINTS["normal"]


def test_hu_section_quotes_the_preset_and_the_engine(client: FlaskClient) -> None:
    quoted = values.rule_values(rulesets.PRESETS, points.RANKING_POINTS)
    assert (quoted["hu.san_jin"], quoted["hu.er_jin"], quoted["hu.jin_long"]) == (50, 100, 400)
    assert (quoted["hu.tier_lower_cards"], quoted["hu.hands"]) == (7, 6)
    assert (quoted["hu_race.target"], quoted["hu_race.hands"]) == (150, 10)
    # the seed examples, scored by the engine: 三金 vs 7, 2 vs 5, 3 vs an eight-card 二金
    assert (
        quoted["huex.san_jin_vs_seven"],
        quoted["huex.two_against_five"],
        quoted["huex.three_against_er_jin"],
    ) == (57, 13, 103)
    for lang in LANGS:
        html = get(client, "rules", lang)
        assert 'id="hu"' in html
        section = body(html)
        assert all(str(n) in section for n in (57, 13, 103, 150, 400))


def test_worked_examples_match_the_engine() -> None:
    figures = Examples.compute(rulesets.STANDARD).values()
    assert figures["ex.meld.set_first"] == 17
    assert figures["ex.meld.best"] == 14
    assert (figures["ex.chain.before"], figures["ex.chain.after"]) == (31, 10)
    assert figures["ex.chain.points"] == figures["ex.chain.after"] - figures["ex.chain.knocker"]
    assert figures["ex.undercut.after"] == figures["ex.undercut.knocker"]
    assert figures["ex.undercut.points"] == rulesets.STANDARD.undercut_bonus
    assert figures["ex.gin.points"] == rulesets.STANDARD.gin_bonus + figures["ex.gin.defender"]
    assert figures["ex.settle.hand_total"] == 105
    assert figures["ex.settle.shutout_total"] == 385
    assert (figures["ex.settle.winner_total"], figures["ex.settle.loser_total"]) == (280, 45)


def test_example_figures_on_the_page_are_the_engines(client: FlaskClient) -> None:
    figures = Examples.compute(rulesets.PRESETS["standard"])
    html = get(client, "rules", "en")
    assert f'data-figure="set_first">{figures.meld.set_first.deadwood}<' in html
    assert f'data-figure="best">{figures.meld.best.deadwood}<' in html
    for result in (figures.chain, figures.undercut, figures.gin):
        assert f'data-points="{result.points}"' in html
        assert f'data-figure="defender">{result.defender_deadwood}<' in html
    for card in ("4S", "8S", "9S"):
        assert f'data-lay-off="{card}"' in html
    assert 'data-figure="shutout-total">385<' in html
    assert 'data-figure="winner-total">280<' in html
    assert 'data-figure="loser-total">45<' in html
    assert 'class="card red" data-card="7H"' in html  # the table's card markup


def test_raw_html_in_markdown_is_escaped() -> None:
    rendered = render(
        "# T\n\n## Part {#part}\n\n<script>alert(1)</script>\n\n"
        '<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))\n'
    )
    assert "<script" not in rendered.html
    assert "&lt;script&gt;" in rendered.html
    assert "<img" not in rendered.html
    assert 'href="javascript:' not in rendered.html


def test_raw_html_through_the_whole_pipeline_is_escaped(app: Flask) -> None:
    with app.test_request_context("/rules"):
        rendered = content.render_source(
            "# T\n\n## A {#a}\n\n<script>x</script> {{ standard.knock_limit }}\n",
            {"standard.knock_limit": 10},
            {},
        )
    assert "<script" not in rendered.html
    assert "&lt;script&gt;x&lt;/script&gt; 10" in rendered.html


def test_unknown_placeholder_is_an_error() -> None:
    with pytest.raises(ContentError, match="standard.knok_limit"):
        fill("{{standard.knok_limit}}", {"standard.knock_limit": 10})
    with pytest.raises(ContentError):
        fill("{{ Standard knock }}", {})


def test_unknown_block_is_an_error(app: Flask) -> None:
    with app.test_request_context("/rules"), pytest.raises(ContentError):
        content.render_source("# T\n\n[[example:nope]]\n", {}, {})


def test_heading_without_anchor_is_an_error() -> None:
    with pytest.raises(ContentError):
        render("# T\n\n## No anchor\n")
    with pytest.raises(ContentError):
        render("# T\n\n## One {#same}\n\n## Two {#same}\n")


def test_toc_lists_the_sections_with_their_anchors() -> None:
    rendered = render("# Title\n\n## One {#one}\n\n### Sub {#sub}\n\n## Two {#two}\n")
    assert rendered.title == "Title"
    assert [(h.anchor, h.text) for h in rendered.toc] == [
        ("one", "One"),
        ("sub", "Sub"),
        ("two", "Two"),
    ]
    assert [(top.anchor, [s.anchor for s in subs]) for top, subs in rendered.toc_tree] == [
        ("one", ["sub"]),
        ("two", []),
    ]
    assert '<h2 id="one">One</h2>' in rendered.html


def test_pages_are_rendered_once_and_cached(client: FlaskClient) -> None:
    content._cached.cache_clear()
    get(client, "faq", "en")
    get(client, "faq", "en")
    info = content._cached.cache_info()
    assert (info.misses, info.hits) == (1, 1)
