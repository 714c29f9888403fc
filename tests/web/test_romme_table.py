"""The Rommé table through its forms: every move, every refusal (4xx, a translated reason with
its numbers, nothing changed), stale forms, the start page and the game switch."""

from __future__ import annotations

import random

import pytest
from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from tests.web.play_helpers import get, refusal_shown, stored
from tests.web.romme_helpers import (
    last_hand,
    post_romme,
    romme_page,
    seat_romme,
    stack_deck,
)

# The person (seat 0, starting, no draw) holds an opening (J♣ Q♣ K♣ = 30), a short one
# (8♣ 9♣ 10♣ = 27), two hearts and a joker for a run whose joker could stand at either end.
PERSON = "JC QC KC 8S 9S TS 5H 6H JK1 2D 7C 4S 9H AD"


def seat(app: Flask, client: FlaskClient, person: str = PERSON, players: int = 2,
         stock: str = "") -> str:
    client.get("/?lang=en")
    deck = stack_deck([person, *([""] * (players - 1))], stock)
    return seat_romme(app, client, players=players, deck=deck)


def snapshot(app: Flask, match_id: str) -> tuple[int, dict[str, object]]:
    version, data, _ = stored(app, match_id)
    return version, data


def refused(app: Flask, client: FlaskClient, match_id: str, data: dict[str, object],
            *words: str) -> str:
    """Post ``data``; assert a 303 back to the table, which names ``words`` and offers the
    Hint, and an unchanged stored match."""
    before = snapshot(app, match_id)
    page = romme_page(client)
    response = post_romme(client, page, data)
    reason, html = refusal_shown(client, response, "/romme")
    assert "hint-link" in html
    for word in words:
        assert word in reason, reason
    assert snapshot(app, match_id) == before
    return reason


def meld(cards: str) -> dict[str, object]:
    return {"action": "meld", "cards": cards.split()}


def test_the_first_turn_offers_the_turn_form_and_no_draw(app: Flask, client: FlaskClient):
    seat(app, client)
    page = romme_page(client)
    assert page.phase == "play"
    for code in PERSON.split():
        assert f'name="cards" value="{code}"' in page.html
        assert f'name="discard" value="{code}"' in page.html
    assert 'data-action="draw"' not in page.html
    assert 'data-zone="seat-1"' in page.html and 'data-count="seat-1">13 cards' in page.html
    assert 'data-count="hand">14 cards' in page.html


def test_an_opening_below_thirty_is_refused_with_both_numbers(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    assert post_romme(client, romme_page(client), meld("8S 9S TS")).status_code == 303
    page = romme_page(client)
    assert "Laid out this turn: 27 points" in page.html
    reason = refused(app, client, match_id, {"discard": "4S"}, "30", "27")
    assert reason.startswith("Your opening needs 30 points; your melds total 27.")


def test_take_back_returns_the_staged_cards(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    before = snapshot(app, match_id)[1]
    assert post_romme(client, romme_page(client), meld("8S 9S TS")).status_code == 303
    assert 'data-zone="staged"' in romme_page(client).html
    response = post_romme(client, romme_page(client), {"action": "take-back"})
    assert response.status_code == 303
    after = snapshot(app, match_id)[1]
    assert after["hand"]["h"] == before["hand"]["h"]  # type: ignore[index]
    assert after["hand"]["tb"] == before["hand"]["tb"]  # type: ignore[index]


def test_an_opening_of_thirty_commits_with_the_discard(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    assert post_romme(client, romme_page(client), meld("JC QC KC")).status_code == 303
    assert post_romme(client, romme_page(client), {"discard": "4S"}).status_code == 303
    game = romme.Match.from_dict(snapshot(app, match_id)[1])
    assert game.hand.opened[0] and game.hand.owners[0] == 0
    assert [(e.move, str(e.card)) for e in game.hand.history[:2]] == [
        (romme.Move.MELD, "JC"), (romme.Move.DISCARD, "4S")
    ]
    page = romme_page(client)
    assert page.phase in ("draw", "hand-over")
    assert 'data-seat="1"' in page.html  # the computer's turn told in one line


def test_cards_that_make_no_meld_are_refused(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    refused(app, client, match_id, meld("2D 7C 9H"), "2♦ 7♣ 9♥", "is not a meld")


def test_a_lay_off_before_the_opening_is_refused(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    data = {"action": "lay-off", "cards": ["4S"], "meld": "0"}
    refused(app, client, match_id, data, "after your opening", "30")


def test_a_joker_at_either_end_is_asked_then_laid(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    response = post_romme(client, romme_page(client), meld("5H 6H JK1"))
    assert response.status_code == 303
    assert "meld=5H+6H+JK1" in response.location
    page = get(client, response.location.split("#")[0])
    assert 'data-choice="meld"' in page.html
    assert "Joker as 4♥" in page.html and "Joker as 7♥" in page.html
    assert snapshot(app, match_id)[0] == page.version  # asking changed nothing
    chosen = {"action": "meld", "cards": ["5H", "6H", "JK1"], "ordered": "1"}
    assert post_romme(client, page, chosen).status_code == 303
    game = romme.Match.from_dict(snapshot(app, match_id)[1])
    assert [str(c) for c in game.hand.table[0].cards] == ["5H", "6H", "JK1"]


def test_the_taken_discard_must_be_usable(app: Flask, client: FlaskClient):
    # After the person's first turn the computer discards; taking a card the person cannot
    # lay out (no opening with it) is refused with the card's name and the opening.
    match_id = seat(app, client, person="2S 5H 9D KC 3C 7H JD 4S 8C QH 6D TS AH 2C")
    assert post_romme(client, romme_page(client), {"discard": "2S"}).status_code == 303
    page = romme_page(client)
    assert page.phase == "draw"
    assert 'data-action="take-discard"' not in page.html
    reason = refused(app, client, match_id, {"action": "take-discard"}, "30")
    assert "only if you can lay it out this turn" in reason


def test_draw_then_discard(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    assert post_romme(client, romme_page(client), {"discard": "4S"}).status_code == 303
    page = romme_page(client)
    assert page.phase == "draw"
    count = romme.Match.from_dict(snapshot(app, match_id)[1]).hand.stock
    assert post_romme(client, page, {"action": "draw"}).status_code == 303
    page = romme_page(client)
    assert page.phase == "play" and 'class="tag">new<' in page.html
    game = romme.Match.from_dict(snapshot(app, match_id)[1])
    assert len(game.hand.hands[0]) == 14 and len(game.hand.stock) == len(count) - 1
    refused(app, client, match_id, {"action": "draw"}, "already drawn")


def test_a_stale_form_is_a_303_with_a_notice(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    old = romme_page(client)
    assert post_romme(client, old, {"discard": "4S"}).status_code == 303
    before = snapshot(app, match_id)
    response = post_romme(client, old, {"discard": "9H"})
    assert response.status_code == 303
    assert snapshot(app, match_id) == before
    assert "had moved on" in romme_page(client).html


def test_unreadable_forms_are_400_with_a_reason(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    before = snapshot(app, match_id)
    page = romme_page(client)
    for data, words in (
        ({"discard": "ZZ"}, "no such card"),
        ({"action": "meld", "cards": ["5H"]}, "Tick the cards"),
        ({"action": "lay-off", "cards": ["5H", "6H"], "meld": "0"}, "exactly one card"),
        ({"action": "lay-off", "cards": ["5H"], "meld": "x"}, "Choose a meld"),
        ({"action": "fly"}, "not a move"),
    ):
        response = post_romme(client, page, data)
        assert response.status_code == 400, data
        assert words in response.get_data(as_text=True)
    response = client.post("/romme", data={"csrf_token": page.token, "discard": "4S"})
    assert response.status_code == 400
    assert snapshot(app, match_id) == before


def test_a_form_without_its_csrf_token_is_refused(app: Flask, client: FlaskClient):
    app.config["WTF_CSRF_ENABLED"] = True
    match_id = seat(app, client)
    before = snapshot(app, match_id)
    page = romme_page(client)
    response = client.post("/romme", data={"version": str(page.version), "discard": "4S"})
    assert response.status_code == 400
    assert snapshot(app, match_id) == before


def test_the_hand_sorts_by_suit_or_by_rank(app: Flask, client: FlaskClient):
    seat(app, client)
    by_suit = get(client, "/romme").html
    by_rank = get(client, "/romme?sort=rank").html

    def order(html: str) -> list[str]:
        part = html.split('data-zone="hand"', 1)[1].split("</ul>", 1)[0]
        return [chunk.split('"', 1)[0] for chunk in part.split('name="cards" value="')[1:]]

    assert order(by_suit) == [
        "4S", "8S", "9S", "TS", "5H", "6H", "9H", "AD", "2D", "7C", "JC", "QC", "KC", "JK1"
    ]
    ranks = [romme.Card.parse(c).rank for c in order(by_rank) if not c.startswith("JK")]
    assert ranks == sorted(ranks)
    assert order(get(client, "/romme").html) == order(by_rank)  # the choice is remembered


def test_the_start_page_deals_a_romme_match_and_continues_it(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    page = get(client, "/?game=romme")
    assert 'data-game="romme"' in page.html
    data = {"csrf_token": page.token, "game": "romme", "ruleset": "romme-500",
            "opponents": "3", "difficulty": "expert"}
    response = client.post("/new", data=data)
    assert response.status_code == 303 and response.location.startswith("/romme")
    table = romme_page(client)
    assert table.html.count('data-zone="seat-') == 4
    assert 'data-running="romme"' in get(client, "/").html
    assert client.get("/play").location.startswith("/romme")
    for bad in ({"opponents": "4"}, {"opponents": "0"}, {"ruleset": "standard"},
                {"difficulty": "simple"}):
        response = client.post("/new", data={**data, **bad, "confirm": "1"})
        assert response.status_code == 400, bad


def test_a_new_gin_match_abandons_the_running_romme_match(app: Flask, client: FlaskClient):
    match_id = seat(app, client)
    page = get(client, "/")
    data = {"csrf_token": page.token, "ruleset": "quick", "difficulty": "easy"}
    assert client.post("/new", data=data).status_code == 200  # asks first
    assert client.post("/new", data={**data, "confirm": "1"}).status_code == 303
    assert stored(app, match_id)[2].status == "abandoned"
    assert client.get("/romme").location.startswith("/play")


def test_a_whole_match_through_the_forms(app: Flask, client: FlaskClient):
    from tests.web.romme_helpers import person_choice

    match_id = seat_romme(app, client, players=3, seed=random.Random(5).randrange(10**6))
    for _ in range(2000):
        page = romme_page(client)
        assert page.status == 200
        if page.phase == "match-over":
            break
        action = person_choice(snapshot(app, match_id)[1])
        assert post_romme(client, page, action).status_code == 303, action
    assert 'data-zone="standings"' in page.html


def opened_table(app: Flask, client: FlaskClient) -> str:
    """The person opened with J♣ Q♣ K♣; the computer then opened with 5♥ 6♥ 7♥ and
    2♦ 3♦ 王 5♦. The person is to draw, holding 8♥ and 4♦."""
    client.get("/?lang=en")
    deck = stack_deck(["JC QC KC 8H 4D", "5H 6H 7H 2D 3D JK1 5D"], stock="9C 9D")
    game = romme.Match.new(romme.ROMME, 2, random.Random(1), deck=deck)
    for seat, action in (
        (0, romme.LayMeld(tuple(romme.parse_cards("JC QC KC")))),
        (0, romme.Discard(romme.Card.parse("AS"))),
        (1, romme.DrawStock()),
        (1, romme.LayMeld(tuple(romme.parse_cards("5H 6H 7H")))),
        (1, romme.LayMeld(tuple(romme.parse_cards("2D 3D JK1 5D")))),
        (1, romme.Discard(romme.Card.parse("KS"))),
    ):
        game.apply(seat, action)
    return seat_romme(app, client, players=2, game=game)


def test_lay_off_on_a_computers_meld_swap_its_joker_and_lay_the_joker_at_a_chosen_end(
    app: Flask, client: FlaskClient
):
    match_id = opened_table(app, client)
    page = romme_page(client)
    assert 'data-zone="melds-1"' in page.html and "joker = 4♦" in page.html
    assert post_romme(client, page, {"action": "draw"}).status_code == 303
    page = romme_page(client)
    # Once opened, each lay-off and swap is a button in its meld's box.
    assert ('data-meld-move="lay-off" data-card="8H"', "1") in meld_moves(page.html)
    assert ('data-meld-move="swap" data-card="4D"', "2") in meld_moves(page.html)
    lay_off = {"action": "lay-off", "cards": ["8H"], "meld": "1"}
    assert post_romme(client, page, lay_off).status_code == 303
    swap = {"action": "swap", "cards": ["4D"], "meld": "2"}
    assert post_romme(client, romme_page(client), swap).status_code == 303
    page = romme_page(client)
    assert "lay out this turn" in page.html  # the freed joker
    # It fits both ends of J♣ Q♣ K♣: its button asks which, in that meld's box.
    assert 'href="/romme?lay_off=JK1&amp;at=0#meld-0">Lay off JK…</a>' in page.html
    asked = client.get("/romme?lay_off=JK1&at=0").get_data(as_text=True)
    box = asked.split('<li id="meld-0"', 1)[1].split("</li>", 1)[0]
    assert 'data-choice="end"' in box and "Low end" in box and "High end" in box
    reason = refused(app, client, match_id, {"discard": "2S"}, "joker")
    assert reason.startswith("Lay the joker you swapped out again")
    response = post_romme(client, page, {"action": "lay-off", "cards": ["JK1"], "meld": "0"})
    assert response.status_code == 303 and "lay_off=JK1" in response.location
    page = get(client, response.location.split("#")[0])
    assert 'data-choice="end"' in page.html and "Low end" in page.html
    high = {"action": "lay-off", "cards": ["JK1"], "meld": "0", "end": "high"}
    assert post_romme(client, page, high).status_code == 303
    assert post_romme(client, romme_page(client), {"discard": "2S"}).status_code == 303
    table = romme.Match.from_dict(snapshot(app, match_id)[1]).hand.table
    assert [romme.format_cards(m.cards) for m in table[:3]] == [
        "JC QC KC JK1", "5H 6H 7H 8H", "2D 3D 4D 5D"
    ]


def meld_moves(html: str) -> list[tuple[str, str]]:
    """Each lay-off or swap button of the page (its move and card) and its meld's box."""
    found = []
    for box in html.split('<li id="meld-')[1:]:
        index, inside = box.split('"', 1)[0], box.split("</li>", 1)[0]
        for part in inside.split("data-meld-move=")[1:]:
            move, card = part.split('"')[1], part.split('data-card="')[1].split('"')[0]
            found.append((f'data-meld-move="{move}" data-card="{card}"', index))
    return found


def test_a_lay_off_that_does_not_fit_is_refused_with_the_card(app: Flask, client: FlaskClient):
    match_id = opened_table(app, client)
    assert post_romme(client, romme_page(client), {"action": "draw"}).status_code == 303
    data = {"action": "lay-off", "cards": ["4D"], "meld": "1"}
    assert refused(app, client, match_id, data) == "4♦ does not fit on that meld."
    data = {"action": "swap", "cards": ["8H"], "meld": "2"}
    refused(app, client, match_id, data, "8♥", "no joker")
    data = {"action": "lay-off", "cards": ["8H"], "meld": "9"}
    refused(app, client, match_id, data, "no such meld")


@pytest.mark.parametrize(("lang", "words"), [
    ("zh_Hans", ("开牌需要 30 分，你的组合共 27 分", "摆出组合", "全部收回", "电脑 1")),
    ("zh_Hant", ("開牌需要 30 分，你的組合共 27 分", "擺出組合", "全部收回", "電腦 1")),
    ("en", ("Your opening needs 30 points; your melds total 27.", "Take all back", "Computer 1")),
])
def test_the_refusal_and_the_table_speak_the_readers_language(
    app: Flask, client: FlaskClient, lang: str, words: tuple[str, ...]
):
    seat(app, client)
    client.get(f"/romme?lang={lang}")
    assert post_romme(client, romme_page(client), meld("8S 9S TS")).status_code == 303
    response = post_romme(client, romme_page(client), {"discard": "4S"})
    reason, html = refusal_shown(client, response, "/romme")
    assert words[0] in reason
    for word in words:
        assert word in html, word


def test_a_difficulty_change_applies_from_the_next_hand(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    match_id = seat_romme(app, client, players=2, game=last_hand(2, "JC QC KC 2D 5S", (0, 9)))
    page = romme_page(client)
    data = {"csrf_token": page.token, "version": str(page.version), "difficulty": "expert"}
    response = client.post("/difficulty", data=data)
    assert response.status_code == 303 and response.location.startswith("/romme")
    row = stored(app, match_id)[2]
    assert (row.difficulty, row.pending_difficulty, row.lowest_difficulty) == (
        "easy", "expert", "easy"
    )
    assert "(Expert from the next hand)" in romme_page(client).html
