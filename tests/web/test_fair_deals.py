"""Provably fair deals (issue 14, item 5): a commitment at the start, the seed at the end,
``/verify`` and ``python -m gin_engine.verify`` re-deal every hand, and the seed is nowhere
(page, cookie, form, log) before the match ends."""

from __future__ import annotations

import hashlib
import logging
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from engine_common.fairness import deal_seed
from tests.web.account_helpers import token
from tests.web.play_helpers import form_fields, get, person_choice, post_move, seat_match, stored
from tests.web.romme_helpers import seat_romme
from webapp import games
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import GIN, ROMME

PLAYER_SEED = "lucky 7"
COMMITMENT = re.compile(r'data-commitment>([0-9a-f]{64})<')
REVEALED = re.compile(r'<code data-seed>([^<]+)</code>')
HAND = re.compile(r'data-hand="(\d+)"')


@pytest.fixture
def decoded() -> Iterator[Counter[str]]:
    """How many snapshots each game's entry decodes (its ``read``) while the test runs."""
    counts: Counter[str] = Counter()
    kept = [(game, game.read) for game in games.GAMES]
    for game, read in kept:
        def counted(snapshot: dict[str, Any], key: str = game.key, read: Any = read) -> Any:
            counts[key] += 1
            return read(snapshot)

        object.__setattr__(game, "read", counted)  # the entries are frozen dataclasses
    yield counts
    for game, read in kept:
        object.__setattr__(game, "read", read)


@pytest.mark.parametrize(("game", "table"), [(GIN, "/play"), (ROMME, "/romme")])
def test_a_table_page_decodes_its_match_once_for_the_table_and_the_panel(
    app: Flask, client: FlaskClient, decoded: Counter[str], game: str, table: str
) -> None:
    if game == GIN:
        seat_match(app, client)
    else:
        seat_romme(app, client, players=2)
    decoded.clear()
    page = client.get(table)
    assert page.status_code == 200 and COMMITMENT.search(page.get_data(as_text=True))
    assert decoded == {game: 1}


def cookie_texts(app: Flask, client: FlaskClient) -> list[str]:
    """Every cookie the client holds, raw and (the session) decoded."""
    texts = []
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    for name in ("session", "remember_token"):
        cookie = client.get_cookie(name)
        if cookie is not None:
            texts.append(cookie.value)
            if name == "session":
                texts.append(repr(serializer.loads(cookie.value)))
    return texts


def deal_rows(html: str, number: int) -> dict[str, set[str]]:
    article = html.split(f'data-deal="{number}"', 1)[1].split("</article>", 1)[0]
    rows = re.findall(r'data-cards="([a-z-]+)">(.*?)</dd>', article, re.S)
    return {role: set(re.findall(r'data-card="(\w\w)"', cells)) for role, cells in rows}


Sight = dict[int, tuple[int, frozenset[str]]]
"""Per hand number: the dealer and the person's cards when the table first showed that hand."""


def play_checked_match(
    app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str], rng: random.Random,
) -> tuple[str, str, Sight, str]:
    """Start a quick match with ``PLAYER_SEED`` and play it to the end, checking at every page
    that the seed is hidden and the commitment shown, and at the end that the revealed seed
    hashes to it. Returns the match id, the seed, what the person saw of each deal and the
    last page."""
    data = {"csrf_token": token(client, "/"), "ruleset": "quick", "difficulty": "easy",
            "player_seed": PLAYER_SEED}
    assert client.post("/new", data=data).status_code == 303
    with client.session_transaction() as session:
        match_id = session[SESSION_MATCH_KEY]
    secret = stored(app, match_id)[1]["seed"]
    hidden = (secret, deal_seed(secret, PLAYER_SEED))

    first_sight: Sight = {}
    commitments: set[str] = set()
    for _ in range(3000):
        page = get(client)
        if page.phase == "match-over":
            break
        for text in (page.html, *cookie_texts(app, client)):
            assert not any(value in text for value in hidden)
        found = COMMITMENT.search(page.html)
        assert found, "every table page shows the commitment"
        commitments.add(found.group(1))
        _, snapshot, _ = stored(app, match_id)
        game = engine.Match.from_dict(snapshot)
        number = int(HAND.findall(page.html)[0])
        if number not in first_sight:  # the person has not moved in this hand yet
            cards = frozenset(str(card) for card in game.view(0).hand)
            first_sight[number] = (game.hand.dealer, cards)
        # The computer decides from its view, which holds no seed.
        assert not any(value in repr(game.view(1)) for value in hidden)
        name, card = form_fields(person_choice(snapshot, rng))
        assert post_move(client, page, name, card).status_code == 303
    else:
        pytest.fail("the match did not end")
    logged = caplog.text + "".join(capfd.readouterr())
    assert not any(value in logged for value in hidden), "the seed reached a log"

    # The end: the seed is revealed and hashes to the commitment shown from the start.
    html = get(client).html
    revealed = REVEALED.search(html)
    assert revealed and revealed.group(1) == secret
    assert commitments == {hashlib.sha256(secret.encode()).hexdigest()}
    assert f"<code data-player-seed>{PLAYER_SEED}</code>" in html
    return match_id, secret, first_sight, html


def test_a_whole_match_is_committed_hidden_revealed_and_redealt(
    app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    caplog.set_level(logging.DEBUG)
    client.get("/?lang=en")
    rng = random.Random(5)
    # The server draws each match's seed at random, and a quick match (to 50) may end in its
    # first hand; the re-deal check needs several hands, so play (and check) whole matches
    # until one has them.
    for _ in range(8):
        match_id, secret, first_sight, html = play_checked_match(app, client, caplog, capfd, rng)
        if len(first_sight) >= 2:
            break
    else:
        pytest.fail("eight quick matches each ended in their first hand")

    # /verify, through the link on the table, re-deals every hand the person was dealt.
    link = re.search(r'href="(/verify\?[^"]+)"', html)
    assert link
    verify = client.get(link.group(1).replace("&amp;", "&"))
    assert verify.status_code == 200
    page_html = verify.get_data(as_text=True)
    commitment = hashlib.sha256(secret.encode()).hexdigest()  # the one every page showed
    assert f"<code data-commitment>{commitment}</code>" in page_html
    # The link carries the commitment the table showed, and the page checks it itself.
    assert 'data-check="agrees"' in page_html and "✓ Matches" in page_html
    assert f"<code data-shown-commitment>{commitment}</code>" in page_html
    deals = int(stored(app, match_id)[1]["deals"])
    assert page_html.count('class="deal"') == deals == max(first_sight)
    command = subprocess.run(
        [sys.executable, "-m", "gin_engine.verify", secret, PLAYER_SEED, "--deals", str(deals)],
        capture_output=True, text=True, check=True,
    ).stdout
    for number, (dealer, cards) in first_sight.items():
        rows = deal_rows(page_html, number)
        role = "dealer" if dealer == 0 else "non-dealer"
        assert rows[role] == cards, f"deal {number}"
        # The command prints the same deal.
        printed = command.split(f"deal {number}\n", 1)[1].split("\n")
        line = next(text for text in printed if text.strip().startswith(role + ":"))
        assert set(line.split(":", 1)[1].split()) == cards


def test_without_a_player_seed_the_deals_come_from_the_seed_alone(app: Flask) -> None:
    game = engine.Match.new(engine.preset("quick"), random.Random(1), first_dealer=1)
    from gin_engine.verify import deals

    first = deals(game.seed, "", 1)[0]
    assert set(game.view(0).hand) == set(first.non_dealer)
    assert "player_seed" not in game.to_dict()


@pytest.mark.parametrize(
    "query", ["seed=" + "x" * 129, "seed=a%0Ab", "seed=abc&deals=0", "seed=abc&deals=101",
              "seed=abc&deals=x", "seed=abc&player_seed=" + "p" * 65],
)
def test_verify_refuses_bad_input_with_a_translated_400(client: FlaskClient, query: str) -> None:
    client.get("/?lang=zh-Hans")
    response = client.get("/verify?" + query)
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    if "%0A" in query:  # a control character: refused before the page reads it (form_rules)
        assert "这个地址里有无法识别的字符" in body
    else:
        assert "种子" in body or "发牌" in body


@pytest.mark.parametrize(("lang", "agrees", "differs"), [("zh_Hans", "✓ 一致", "✗ 不一致"),
                                                        ("zh_Hant", "✓ 一致", "✗ 不一致")])
def test_verify_checks_the_commitment_and_shows_both_digests(
    client: FlaskClient, lang: str, agrees: str, differs: str
) -> None:
    client.get(f"/?lang={lang}")
    digest = hashlib.sha256(b"s33d").hexdigest()
    same = client.get(f"/verify?seed=s33d&commitment={digest.upper()}").get_data(as_text=True)
    assert 'data-check="agrees"' in same and agrees in same and differs not in same
    other = "0" * 64
    html = client.get(f"/verify?seed=s33d&commitment={other}").get_data(as_text=True)
    assert 'data-check="differs"' in html and differs in html
    assert f"<code data-shown-commitment>{other}</code>" in html
    assert f"<code data-commitment>{digest}</code>" in html
    # No commitment given: the digest alone, nothing said about agreeing.
    alone = client.get("/verify?seed=s33d").get_data(as_text=True)
    assert "data-check" not in alone and f"<code data-commitment>{digest}</code>" in alone


@pytest.mark.parametrize("commitment", ["abc", "g" * 64, "0" * 65])
def test_a_malformed_commitment_is_a_translated_400(client: FlaskClient, commitment: str) -> None:
    client.get("/?lang=zh_Hans")
    response = client.get(f"/verify?seed=s33d&commitment={commitment}")
    assert response.status_code == 400
    assert "承诺值是 64 个十六进制字符" in response.get_data(as_text=True)


def test_verify_without_a_seed_shows_the_form(client: FlaskClient) -> None:
    response = client.get("/verify")
    assert response.status_code == 200
    assert 'name="seed"' in response.get_data(as_text=True)


def test_a_player_seed_with_a_line_break_is_refused(client: FlaskClient) -> None:
    data = {"csrf_token": token(client, "/"), "ruleset": "quick", "difficulty": "easy",
            "player_seed": "a\nb"}
    response = client.post("/new", data=data)
    assert response.status_code == 400
    with client.session_transaction() as session:
        assert SESSION_MATCH_KEY not in session
