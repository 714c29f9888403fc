"""Provably fair deals on the Rommé table (issue 14, as on the Gin table): a commitment on
every page, the seed revealed at the end, ``/verify?game=romme`` and
``python -m romme_engine.verify`` re-deal every hand, and the seed is nowhere (page, cookie,
form, log, a computer's view) before the match ends."""

from __future__ import annotations

import hashlib
import html as markup
import logging
import re
import subprocess
import sys

import pytest
from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from engine_common.fairness import deal_seed
from tests.web.account_helpers import token
from tests.web.play_helpers import stored
from tests.web.romme_helpers import person_choice, post_romme, romme_page
from tests.web.test_fair_deals import COMMITMENT, HAND, REVEALED, cookie_texts
from webapp.matches import SESSION_MATCH_KEY

PLAYER_SEED = "glück 7"
CARDS = re.compile(r'data-card="([^"]+)"')


def deal_rows(html: str, number: int) -> dict[str, list[str]]:
    article = html.split(f'data-deal="{number}"', 1)[1].split("</article>", 1)[0]
    rows = re.findall(r'data-cards="([a-z0-9-]+)">(.*?)</dd>', article, re.S)
    return {role: sorted(markup.unescape(c) for c in CARDS.findall(cells)) for role, cells in rows}


def start(client: FlaskClient, player_seed: str, opponents: int = 1) -> None:
    client.get("/?lang=en&game=romme")
    data = {"csrf_token": token(client, "/?game=romme"), "game": "romme", "ruleset": "romme",
            "opponents": str(opponents), "difficulty": "easy", "player_seed": player_seed}
    response = client.post("/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]


def test_a_romme_match_is_committed_hidden_revealed_and_redealt(
    app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    caplog.set_level(logging.DEBUG)
    start(client, PLAYER_SEED)
    with client.session_transaction() as session:
        match_id = session[SESSION_MATCH_KEY]
    secret = stored(app, match_id)[1]["seed"]
    hidden = (secret, deal_seed(secret, PLAYER_SEED))

    first_sight: dict[int, list[str]] = {}
    commitments: set[str] = set()
    for _ in range(3000):
        page = romme_page(client)
        assert page.status == 200
        if page.phase == "match-over":
            break
        for text in (page.html, *cookie_texts(app, client)):
            assert not any(value in text for value in hidden)
        found = COMMITMENT.search(page.html)
        assert found, "every table page shows the commitment"
        commitments.add(found.group(1))
        _, snapshot, _ = stored(app, match_id)
        game = romme.Match.from_dict(snapshot)
        number = int(HAND.findall(page.html)[0])
        if number not in first_sight:  # the person has not moved in this hand yet
            first_sight[number] = sorted(str(card) for card in game.hand.hands[0])
        # The computer decides from its view, which holds no seed.
        assert not any(value in repr(game.view(1)) for value in hidden)
        assert post_romme(client, page, person_choice(snapshot)).status_code == 303
    else:
        pytest.fail("the match did not end")
    logged = caplog.text + "".join(capfd.readouterr())
    assert not any(value in logged for value in hidden), "the seed reached a log"

    # The end: the seed is revealed and hashes to the commitment shown from the start.
    html = romme_page(client).html
    revealed = REVEALED.search(html)
    assert revealed and revealed.group(1) == secret
    assert commitments == {hashlib.sha256(secret.encode()).hexdigest()}
    assert f"<code data-player-seed>{PLAYER_SEED}</code>" in html
    assert sorted(first_sight) == [1, 2, 3], "every hand of the match was seen"

    # /verify, through the link on the table, re-deals every hand the person was dealt.
    link = re.search(r'href="(/verify\?[^"]+)"', html)
    assert link
    url = link.group(1).replace("&amp;", "&")
    assert "game=romme" in url and "players=2" in url
    verify = client.get(url)
    assert verify.status_code == 200
    page_html = verify.get_data(as_text=True)
    assert f"<code data-commitment>{commitments.pop()}</code>" in page_html
    assert page_html.count('class="deal"') == 3
    command = subprocess.run(
        [sys.executable, "-m", "romme_engine.verify", secret, PLAYER_SEED, "--players", "2",
         "--deals", "3"],
        capture_output=True, text=True, check=True,
    ).stdout
    for number, cards in first_sight.items():
        rows = deal_rows(page_html, number)
        assert rows["seat-0"] == cards, f"deal {number}"
        assert len(rows["seat-1"]) in (13, 14) and len(rows["stock"]) > 50
        printed = command.split(f"deal {number} ", 1)[1].split("\n")
        line = next(text for text in printed if text.strip().startswith("seat 0:"))
        assert sorted(line.split(":", 1)[1].split()) == cards


def test_verify_refuses_a_romme_table_of_five_or_unknown_rules(client: FlaskClient) -> None:
    client.get("/?lang=zh-Hans")
    for query, said in (("game=romme&seed=a&players=5", "2 到 4 名玩家"),
                        ("game=romme&seed=a&rules=quick", "未知的规则"),
                        ("game=poker&seed=a", "未知的规则")):
        response = client.get("/verify?" + query)
        assert response.status_code == 400, query
        assert said in response.get_data(as_text=True), query


def test_verify_shows_the_romme_form_and_a_bad_player_seed_is_refused(
    app: Flask, client: FlaskClient
) -> None:
    client.get("/?lang=zh-Hant")
    page = client.get("/verify?game=romme&players=4&seed=s").get_data(as_text=True)
    assert 'name="players"' in page and 'value="romme"' in page
    assert 'href="/verify?game=romme" aria-current="page"' in page
    # A player's page: the label translated, no command line (those are in the README).
    assert "python -m" not in page and "（莊家）" in page
    assert '<label for="players">人數</label>' in page
    assert "棄牌堆會用同一個種子洗成新的牌庫" in page
    assert page.count('data-cards="seat-3"') == 10
    client.get("/?game=romme")
    data = {"csrf_token": token(client, "/?game=romme"), "game": "romme", "ruleset": "romme",
            "opponents": "1", "difficulty": "easy", "player_seed": "a\nb"}
    assert client.post("/new", data=data).status_code == 400
    with client.session_transaction() as session:
        assert SESSION_MATCH_KEY not in session
