"""One vocabulary on every page a player sees (issue 35): over whole simulated matches of Gin
Rummy, 胡牌制 and Rommé in zh-Hans and zh-Hant, every table page, with and without the hint,
and every going-out confirmation, is scanned for developer text and stray English:

- never "JK" (the joker is 王), a ``python -m`` command line, or a preset id;
- no English word but the few names the site keeps in Latin letters (Gin, SHA-256 …);
- under 胡牌制, deadwood is 米 (米数 / 米牌) on the table, in its hints and showdowns: never 散牌.

The reading pages and /verify are scanned the same way.
"""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from gin_engine.ruleset import PRESETS as GIN_PRESETS
from gin_engine.ruleset import Scoring
from tests.web.play_helpers import form_fields, get, person_choice, post_move, seat_match, stored
from tests.web.romme_helpers import person_choice as romme_choice
from tests.web.romme_helpers import post_romme, romme_page, seat_romme

LANGS = ("zh_Hans", "zh_Hant")
# Latin words a Chinese page may show: the game's and the site's own names, the hash's.
# (and "English", the language switch naming its language in its own words).
KEPT_IN_LATIN = {"Gin", "Rummy", "Rommé", "Hand-Rommé", "JavaScript", "SHA", "English"}
PRESET_IDS = set(GIN_PRESETS) | set(romme.PRESETS)
_CODE = re.compile(r"<code[^>]*>.*?</code>", re.S)  # digests and seeds, copied, not read
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[A-Za-zÀ-ÿ](?:[A-Za-zÀ-ÿ']|-(?=[A-Za-zÀ-ÿ]))+")


def visible_text(html: str) -> str:
    """The words a reader sees: the body without tags, attributes and code samples."""
    body = re.split(r"<body[^>]*>", html, maxsplit=1)[1]
    return unescape(_TAG.sub(" ", _CODE.sub(" ", body)))


def problems(html: str, hu: bool = False, prose: bool = False) -> list[str]:
    """What a Chinese page must not say; ``prose`` (a reading page) may name things in Latin
    letters (Oklahoma, Big Gin, A-2-3), so only its Latin ids and joker are looked for."""
    text = visible_text(html)
    found = []
    if "JK" in text:
        found.append("JK")
    if "python -m" in html:
        found.append("python -m")
    for preset in PRESET_IDS:
        if re.search(rf"(?<![\w-]){re.escape(preset)}(?![\w-])", text):
            found.append(f"preset id {preset!r}")
    for word in set(_WORD.findall(text)):
        if not prose and word not in KEPT_IN_LATIN and word not in PRESET_IDS:
            found.append(f"English {word!r}")
    if hu and "散牌" in text:
        found.append("散牌 under 胡牌制")
    return found


def scan_gin_match(app: Flask, client: FlaskClient, ruleset: str, seed: int, lang: str) -> int:
    """Play a whole match through the forms, scanning every page; returns the pages seen."""
    client.get(f"/?lang={lang}")
    match_id = seat_match(app, client, ruleset=ruleset, seed=seed, difficulty="normal")
    hu = GIN_PRESETS[ruleset].scoring is Scoring.HU
    rng, pages = random.Random(seed), 0
    for _ in range(3000):
        page = get(client)
        extra = ["/play?hint=1"] if page.phase in ("upcard", "draw", "discard") else []
        extra += re.findall(r'href="(/play\?confirm=\w+)', page.html)
        for html in [page.html, *(client.get(p).get_data(as_text=True) for p in extra)]:
            assert problems(html, hu) == [], (ruleset, lang, page.phase)
            pages += 1
        if page.phase == "match-over":
            return pages
        name, card = form_fields(person_choice(stored(app, match_id)[1], rng))
        assert post_move(client, page, name, card).status_code == 303
    raise AssertionError("the match did not end")


def scan_romme_match(app: Flask, client: FlaskClient, seed: int, lang: str) -> int:
    client.get(f"/?lang={lang}")
    match_id = seat_romme(app, client, players=2 + seed % 3, seed=seed, difficulty="normal")
    pages = 0
    for _ in range(3000):
        page = romme_page(client)
        extra = ["/romme?hint=1"] if page.phase in ("draw", "play") else []
        for html in [page.html, *(client.get(p).get_data(as_text=True) for p in extra)]:
            assert problems(html) == [], ("romme", lang, page.phase)
            pages += 1
        if page.phase == "match-over":
            return pages
        response = post_romme(client, page, romme_choice(stored(app, match_id)[1]))
        assert response.status_code == 303
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_and_hint_of_simulated_matches_speaks_one_vocabulary(
    app: Flask, client: FlaskClient, lang: str
) -> None:
    # 10 matches a language, 20 in all: Gin (quick), 胡牌制 (six hands, and the race), Rommé.
    pages = 0
    for seed in range(3):
        pages += scan_gin_match(app, client, "quick", seed, lang)
    for seed, ruleset in ((1, "hu"), (2, "hu-race"), (3, "hu")):
        pages += scan_gin_match(app, client, ruleset, seed, lang)
    for seed in range(4):
        pages += scan_romme_match(app, client, seed, lang)
    assert pages > 500


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", ["/", "/?game=romme", "/rules", "/faq", "/strategy",
                                  "/romme/rules", "/romme/faq", "/romme/strategy", "/verify",
                                  "/verify?game=romme", "/verify?seed=abc&rules=hu",
                                  "/leaderboard", "/login", "/register"])
def test_the_other_pages_speak_to_players(client: FlaskClient, lang: str, path: str) -> None:
    client.get(f"/?lang={lang}")
    html = client.get(path).get_data(as_text=True)
    prose = path.startswith(("/rules", "/faq", "/strategy", "/romme/"))
    assert problems(html, prose=prose) == [], path


def test_the_scan_finds_what_it_looks_for() -> None:
    # The scan itself: each kind of slip is caught, and a digest in <code> is not read.
    found = problems("<body><p>摆出 A♠ JK</p><p>python -m verify</p><p>romme-500 Players</p>")
    assert {"JK", "python -m", "preset id 'romme-500'", "English 'Players'"} <= set(found)
    assert problems("<body>散牌 · 3</body>", hu=True) == ["散牌 under 胡牌制"]
    assert problems("<body>米牌 · 3 <code>ab12ef</code> Gin</body>", hu=True) == []
