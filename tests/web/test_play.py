"""The table played through its forms: whole matches, refusals, staleness, hidden cards."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from gin_engine.deck import stacked_deck
from tests.web.play_helpers import (
    form_fields,
    get,
    person_choice,
    post_move,
    refusal_shown,
    seat_match,
    stored,
)

KNOCK_10 = "2S 3S 4S 5S 9H 9D 9C AH AD 8C"  # deadwood 10: may knock after any stock draw
KNOCK_11 = "2S 3S 4S 5S 9H 9D 9C AH 2D 8C"  # deadwood 11


def hidden_texts(snapshot: dict) -> list[str]:
    """Codes and symbols of every card the person may not know: computer's unseen, stock."""
    game = engine.Match.from_dict(snapshot)
    hand = game.hand
    hidden = (set(hand.hands[1]) - hand.known[1]) | set(hand.stock)
    return [f'data-card="{c}"' for c in hidden] + [c.symbol for c in hidden]


def session_cookie_text(client: FlaskClient) -> str:
    cookie = client.get_cookie("session")
    assert cookie is not None
    payload = cookie.value.split(".")[0 if not cookie.value.startswith(".") else 1]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    if cookie.value.startswith("."):
        raw = zlib.decompress(raw)
    return raw.decode()


def play_to_the_end(app: Flask, client: FlaskClient, match_id: str, seed: int) -> int:
    """Play the person's moves through the forms until the match is over; returns moves made."""
    rng = random.Random(seed)
    moves = 0
    while True:
        page = get(client)
        assert page.status == 200
        version, snapshot, _ = stored(app, match_id)
        assert page.version == version
        if page.phase == "match-over":
            return moves
        if page.phase in ("upcard", "draw", "discard"):
            for text in hidden_texts(snapshot):
                assert text not in page.html, f"hidden card {text} leaked into the page"
        name, card = form_fields(person_choice(snapshot, rng))
        response = post_move(client, page, name, card)
        assert response.status_code == 303, response.get_data(as_text=True)[:2000]
        assert response.headers["Location"] == "/play#table"
        moves += 1
        assert moves < 3000


@pytest.mark.parametrize("ruleset", ["standard", "classic", "quick"])
def test_a_whole_match_is_played_through_forms(app, client, ruleset):
    match_id = seat_match(app, client, ruleset=ruleset, seed=7)
    play_to_the_end(app, client, match_id, seed=7)
    version, snapshot, row = stored(app, match_id)
    game = engine.Match.from_dict(snapshot)
    assert row.status == "finished" and row.finished_at is not None
    assert game.settlement is not None
    page = get(client).html
    assert 'data-zone="settlement"' in page and 'data-zone="showdown"' in page
    totals = game.settlement.totals
    assert f'data-total="you">{totals[0]}<' in page
    assert f'data-total="computer">{totals[1]}<' in page
    # The scoreboard at the top shows the settled totals, not the hand points.
    assert f'data-score="you">{totals[0]}<' in page
    assert f'data-score="computer">{totals[1]}<' in page
    assert page.index('data-zone="banner"') < page.index('data-zone="settlement"')
    assert "cards" not in session_cookie_text(client)


def test_the_session_cookie_holds_only_the_match_id(app, client):
    seat_match(app, client)
    get(client)
    data = json.loads(session_cookie_text(client))
    assert set(data) <= {"match_id", "lang", "csrf_token", "_permanent", "_flashes"}


def table_with(app, client, person, computer="KH QD JS TH 7C 6D 4H 3C KD QC", up="JC",
               stock="KC"):
    """A stacked deal; the default upcard JC is of no use to either side, so both pass."""
    deck = stacked_deck(person, computer, up, stock)
    return seat_match(app, client, deck=deck)


def refused(app, client, match_id, action, card=None):
    before = stored(app, match_id)[:2]
    page = get(client)
    response = post_move(client, page, action, card)
    assert stored(app, match_id)[:2] == before
    _reason, html = refusal_shown(client, response)
    assert "hint-link" in html  # the Hint at hand after a refusal (issue 35)
    return html


def draw(client, action="draw-stock"):
    page = get(client)
    assert post_move(client, page, action).status_code == 303


def pass_upcard(client):
    page = get(client)
    assert page.phase == "upcard"
    assert post_move(client, page, "pass-upcard").status_code == 303


def test_refusals_explain_themselves_and_change_nothing(app, client):
    client.get("/?lang=en")
    match_id = table_with(app, client, KNOCK_11)
    html = refused(app, client, match_id, "discard", "AH")
    assert "First take the upcard or pass." in html and 'data-phase="upcard"' in html
    html = refused(app, client, match_id, "draw-stock")
    assert "First take the upcard or pass." in html
    pass_upcard(client)
    assert get(client).phase == "draw"  # the easy computer passed too
    html = refused(app, client, match_id, "draw-discard")
    assert "first draw must come from the stock" in html
    html = refused(app, client, match_id, "discard", "AH")
    assert "Draw a card first" in html
    html = refused(app, client, match_id, "take-upcard")
    assert "The upcard has already been decided." in html
    html = refused(app, client, match_id, "next-hand")
    assert "This hand is still being played." in html
    draw(client)
    html = refused(app, client, match_id, "draw-stock")
    assert "You have already drawn this turn" in html
    html = refused(app, client, match_id, "discard", "QH")
    assert "That card is not in your hand." in html
    html = refused(app, client, match_id, "knock", "KC")
    assert "Your deadwood would be over 10 after that discard, so you cannot knock." in html
    html = refused(app, client, match_id, "gin", "KC")
    assert "That discard would leave deadwood, so it is not gin." in html


def test_the_card_taken_from_the_pile_cannot_be_discarded(app, client):
    client.get("/?lang=en")
    match_id = table_with(app, client, KNOCK_11, up="KS")
    page = get(client)
    assert post_move(client, page, "take-upcard").status_code == 303
    page = get(client)
    assert "cannot discard this turn" in page.html
    html = refused(app, client, match_id, "discard", "KS")
    assert "You took that card from the discard pile this turn" in html


def test_a_stale_or_repeated_submission_changes_nothing(app, client):
    match_id = table_with(app, client, KNOCK_10)
    old = get(client)
    assert post_move(client, old, "pass-upcard").status_code == 303
    after_first = stored(app, match_id)[:2]
    again = post_move(client, old, "pass-upcard")  # the same form sent twice
    assert again.status_code == 303
    assert stored(app, match_id)[:2] == after_first
    notice = get(client).html
    assert "data-phase" in notice and "flash-notice" in notice


def test_a_second_tab_cannot_apply_a_move_twice(app, client):
    match_id = table_with(app, client, KNOCK_10)
    tab_a, tab_b = get(client), get(client)
    post_move(client, tab_a, "take-upcard")
    version = stored(app, match_id)[0]
    post_move(client, tab_b, "pass-upcard")
    assert stored(app, match_id)[0] == version
    assert get(client).phase == "discard"


def test_get_never_changes_the_match(app, client):
    match_id = table_with(app, client, KNOCK_10)
    pass_upcard(client)
    draw(client)
    before = stored(app, match_id)[:2]
    for path in ["/play", "/play?confirm=knock", "/play?confirm=gin", "/play?hint=1",
                 "/", "/play?lang=en", "/play?card=QH"]:
        assert client.get(path).status_code in (200, 303)
        assert stored(app, match_id)[:2] == before


def test_forged_post_without_csrf_token_is_rejected(app, client):
    match_id = table_with(app, client, KNOCK_10)
    page = get(client)
    before = stored(app, match_id)[:2]
    response = client.post("/play", data={"version": page.version, "action": "pass-upcard"})
    assert response.status_code == 400
    assert stored(app, match_id)[:2] == before


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"action": "discard", "card": "ZZ"}, "There is no such card."),
        ({"action": "discard", "card": "7S" * 500}, "There is no such card."),
        ({"action": "discard"}, "Choose a card for that move."),
        ({"action": "fly"}, "That is not a move of this game."),
        ({"action": ""}, "That is not a move of this game."),
        ({"action": "pass-upcard", "version": "9" * 50}, "missing its table version"),
        ({"action": "pass-upcard", "version": "-1"}, "missing its table version"),
        ({"action": "pass-upcard", "version": ""}, "missing its table version"),
    ],
)
def test_bad_form_input_gets_a_400_page_and_changes_nothing(app, client, fields, message):
    client.get("/?lang=en")
    match_id = table_with(app, client, KNOCK_10)
    page = get(client)
    before = stored(app, match_id)[:2]
    data = {"csrf_token": page.token, "version": str(page.version), **fields}
    response = client.post("/play", data=data)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert stored(app, match_id)[:2] == before


@pytest.mark.parametrize("path", ["/play?confirm=maybe", "/play?confirm=" + "k" * 3000])
def test_bad_query_strings_get_a_400_page(app, client, path):
    table_with(app, client, KNOCK_10)
    response = client.get(path)
    assert response.status_code == 400


def test_wrong_method_gets_a_405_page(app, client):
    table_with(app, client, KNOCK_10)
    assert client.put("/play").status_code == 405
    assert client.delete("/play").status_code == 405


def test_one_tap_per_card_discards_and_shows_the_deadwood_it_leaves(app, client):
    client.get("/?lang=en")
    match_id = table_with(app, client, "KS QH JD 9C 7S 5H 3D AC 8D 6C")
    pass_upcard(client)
    draw(client)
    page = get(client)
    assert page.phase == "discard"
    # One form, one submit button per card, each showing the deadwood its discard leaves.
    assert page.html.count('class="discard-form"') == 1
    assert '<button type="submit" name="card" value="KC"' in page.html
    assert "deadwood after discarding it:" in page.html
    assert 'data-confirm="knock"' not in page.html  # this hand cannot knock
    response = post_move(client, page, "discard", "KC")
    assert response.status_code == 303
    assert response.headers["Location"] == "/play#table"
    game = engine.Match.from_dict(stored(app, match_id)[1])
    discards = [e for e in game.hand.history if e.player == 0 and e.move is engine.Move.DISCARD]
    assert [str(e.card) for e in discards] == ["KC"]


def test_the_knock_flow_asks_once_naming_the_card_and_the_deadwood(app, client):
    client.get("/?lang=en")
    match_id = table_with(app, client, KNOCK_10)
    pass_upcard(client)
    draw(client)
    page = get(client)
    assert page.phase == "discard"
    assert 'data-confirm="knock"' in page.html
    assert "≤ 10 to knock" in page.html
    confirm = get(client, "/play?confirm=knock")
    # The suggested knock first: discard the drawn K♣, leaving deadwood 10.
    first = confirm.html.index('data-action="knock"')
    assert "Knock: discard K♣, deadwood 10" in confirm.html[first:first + 200]
    assert 'class="discard-form"' not in confirm.html  # the hand waits while confirming
    assert stored(app, match_id)[1]["hand"]["ph"] == "discard"
    response = post_move(client, confirm, "knock", "KC")
    assert response.status_code == 303
    game = engine.Match.from_dict(stored(app, match_id)[1])
    assert game.results[-1].end is engine.HandEnd.KNOCK
    showdown = get(client)
    assert showdown.phase == "hand-over"
    assert "You score 80 − 10 = 70." in showdown.html


def test_a_finished_hand_opens_with_a_banner_and_hides_the_live_table(app, client):
    client.get("/?lang=en")
    table_with(app, client, KNOCK_10)
    pass_upcard(client)
    draw(client)
    post_move(client, get(client), "knock", "KC")
    page = get(client).html
    banner = page.index('data-zone="banner"')
    assert 'data-winner="you" data-points="70"' in page
    assert "You win 70 points · knock" in page
    # The next action directly under the banner, the details after (issue 35).
    assert banner < page.index('data-action="next-hand"') < page.index('data-zone="showdown"')
    for live in ('data-zone="hand"', 'data-zone="discard"', 'data-zone="opponent-known"',
                 'class="zone prompt"', "card back"):
        assert live not in page, live


@pytest.mark.parametrize(
    ("lang", "text"),
    [("zh_Hans", "你赢 70 分 · 敲牌"), ("zh_Hant", "你贏 70 分 · 敲牌"),
     ("en", "You win 70 points")],
)
def test_the_banner_is_translated(app, client, lang, text):
    client.get(f"/?lang={lang}")
    table_with(app, client, KNOCK_10)
    pass_upcard(client)
    draw(client)
    post_move(client, get(client), "knock", "KC")
    assert text in get(client).html


def test_difficulty_change_applies_from_the_next_hand(app, client):
    match_id = table_with(app, client, KNOCK_10)
    page = get(client)
    response = client.post("/difficulty", data={
        "csrf_token": page.token, "version": page.version, "difficulty": "expert"})
    assert response.status_code == 303
    _, _, row = stored(app, match_id)
    assert (row.difficulty, row.pending_difficulty) == ("easy", "expert")
    pass_upcard(client)
    draw(client)
    post_move(client, get(client), "knock", "KC")
    post_move(client, get(client), "next-hand")
    _, _, row = stored(app, match_id)
    assert (row.difficulty, row.pending_difficulty) == ("expert", None)


def test_new_match_while_one_runs_asks_once_and_abandons_it(app, client):
    client.get("/?lang=en")
    old_id = table_with(app, client, KNOCK_10)
    token = get(client).token
    form = {"csrf_token": token, "ruleset": "quick", "difficulty": "normal"}
    ask = client.post("/new", data=form)
    assert ask.status_code == 200  # a guest's match: unranked, it counts nowhere
    assert "it ends without counting anywhere" in ask.get_data(as_text=True)
    assert stored(app, old_id)[2].status == "active"
    done = client.post("/new", data={**form, "confirm": "1"})
    assert done.status_code == 303
    assert stored(app, old_id)[2].status == "abandoned"
    assert get(client).phase == "upcard"


def test_computer_moves_are_listed_in_words(app, client):
    client.get("/?lang=en")
    table_with(app, client, KNOCK_10)
    pass_upcard(client)
    page = get(client)
    assert "The computer" in page.html
    assert "passed on the upcard" in page.html or "took the upcard" in page.html


def test_the_table_carries_the_testing_contract(app, client):
    table_with(app, client, KNOCK_10)
    html = get(client).html
    for marker in ['data-zone="hand"', 'data-zone="discard"', 'data-zone="opponent-known"',
                   'data-card="2S"', 'data-version="1"']:
        assert marker in html
    assert "<script" not in html
