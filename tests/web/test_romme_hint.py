"""The Hint on the Rommé table: ``GET /romme?hint=1`` shows the engine's suggestion in words,
translated; the suggested move is legal in the position and asking changes nothing."""

from __future__ import annotations

import copy
import random
import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from romme_engine.ai import hint
from tests.web.play_helpers import hint_line, stored
from tests.web.romme_helpers import (
    form_data,
    person_choice,
    post_romme,
    romme_page,
    seat_romme,
    stack_deck,
)
from webapp.i18n import html_lang


def test_every_hint_of_a_match_is_legal_and_changes_nothing(app: Flask, client: FlaskClient):
    match_id = seat_romme(app, client, players=2, seed=3)
    client.get("/?lang=en")
    asked = buttons = 0
    for _ in range(400):
        page = romme_page(client)
        if page.phase == "match-over":
            break
        before = stored(app, match_id)
        game = romme.Match.from_dict(before[1])
        view = game.view(0)
        if view.my_turn and view.phase in (romme.Phase.DRAW, romme.Phase.PLAY):
            assert 'href="/romme?hint=1#table"' in page.html
            response = client.get("/romme?hint=1")
            assert response.status_code == 200
            html = response.get_data(as_text=True)
            assert stored(app, match_id)[:2] == before[:2], "asking for a hint changed the match"
            found = hint(view)
            assert found.reason is not None and f'data-hint="{found.reason}"' in html
            assert_ticked_as_hinted(html, found.action)
            if isinstance(found.action, romme.LayOff | romme.SwapJoker):
                # The hint's own button posts the very move (its meld's box may be far down).
                sent = {k: v[0] if isinstance(v, list) else v
                        for k, v in form_data(found.action).items()}
                assert hint_button(html) == sent
                buttons += 1
            else:
                assert 'data-hint-move' not in html
            # Legal: the engine accepts it in this very position ...
            trial = copy.deepcopy(game)
            trial.apply(0, found.action)
            asked += 1
            if asked % 2:
                # ... and so does the table, through its own form.
                assert post_romme(client, page, form_data(found.action)).status_code == 303
                after = romme.Match.from_dict(stored(app, match_id)[1])
                assert after.hand.number != game.hand.number or after.to_dict() != game.to_dict()
                continue
        else:
            assert "hint-link" not in page.html
        assert post_romme(client, page, person_choice(before[1])).status_code == 303
    assert asked >= 20 and buttons >= 1, (asked, buttons)


TICKED = re.compile(r'<input type="checkbox" name="cards" value="([^"]+)" checked>')
MELD_BOX = re.compile(r'<li id="meld-(\d+)"(.*?)</li>', re.S)
HINTED_MOVE = re.compile(
    r'class="button secondary small hinted"[^>]*data-meld-move="([\w-]+)" data-card="([^"]+)"'
)


def hinted_moves(html: str) -> list[tuple[int, str, int]]:
    """The lay-off and swap buttons marked as the hint: (table meld, move, card face)."""
    return [
        (int(box.group(1)), move, romme.Card.parse(unescape(code)).kind)
        for box in MELD_BOX.finditer(html)
        for move, code in HINTED_MOVE.findall(box.group(2))
    ]


def assert_ticked_as_hinted(html: str, action: romme.Action) -> None:
    """A meld's cards come ticked; a lay-off's or swap's button is marked inside its table
    meld's box; nothing else is ticked or marked."""
    ticked = sorted(unescape(code) for code in TICKED.findall(html))
    marked = hinted_moves(html)
    if isinstance(action, romme.LayMeld):
        assert ticked == sorted(str(card) for card in action.cards) and marked == []
    elif isinstance(action, (romme.LayOff, romme.SwapJoker)):
        name = romme.format_action(action).split()[0]
        assert ticked == [] and marked == [(action.meld, name, action.card.kind)]
    else:
        assert ticked == [] and marked == []


def seat_with_a_run(app: Flask, client: FlaskClient) -> romme.LayMeld:
    """The person holds a run of clubs: the hint is to lay it out (its move is returned)."""
    deck = stack_deck(["JC QC KC AC 2D 4H 6S 8D 10H 3S 5D 7C 9H 2S", ""])
    seat_romme(app, client, players=2, deck=deck)
    view = romme.Match.from_dict(stored(app, client_match(client))[1]).view(0)
    meld = hint(view).action
    assert isinstance(meld, romme.LayMeld)
    return meld


def test_the_hint_is_in_words_and_translated(app: Flask, client: FlaskClient):
    seat_with_a_run(app, client)
    client.get("/?lang=zh-Hans")
    html = client.get("/romme?hint=1").get_data(as_text=True)
    assert "提示" in html and "摆出" in html
    client.get("/?lang=zh-Hant")
    assert "擺出" in client.get("/romme?hint=1").get_data(as_text=True)
    client.get("/?lang=en")
    html = client.get("/romme?hint=1").get_data(as_text=True)
    assert "Lay out " in html


@pytest.mark.parametrize(("lang", "said"), [
    ("zh-Hans", "提示：摆出 J♣ Q♣ K♣ A♣（41 分）。你最好的摆法已经够开牌分数。"),
    ("en", "Hint: Lay out J♣ Q♣ K♣ A♣ (41 points). Your best lay-down reaches the opening."),
])
def test_the_hint_reads_label_colon_sentence_spaced_as_the_language_writes(
    app: Flask, client: FlaskClient, lang: str, said: str
) -> None:
    """No space after the full-width "：" in Chinese; one after ":" in English."""
    seat_with_a_run(app, client)
    client.get(f"/?lang={lang}")
    assert hint_line(client.get("/romme?hint=1").get_data(as_text=True)) == said


def test_the_cards_of_the_hinted_meld_are_marked_in_the_hand(app: Flask, client: FlaskClient):
    meld = seat_with_a_run(app, client)
    assert "hinted" not in client.get("/romme").get_data(as_text=True)
    html = client.get("/romme?hint=1").get_data(as_text=True)
    marked = re.compile(r'<li class="slot[^"]*\bhinted\b[^"]*">\s*<label class="pick">'
                        r'<input type="checkbox" name="cards" value="(\w+)"')
    assert sorted(marked.findall(html)) == sorted(str(card) for card in meld.cards)
    assert html.count('class="tag hint-tag"') == len(meld.cards)


def test_no_hint_when_it_is_not_the_persons_turn(app: Flask, client: FlaskClient):
    game = romme.Match.new(romme.ROMME, 3, random.Random(2))  # the person starts: no draw
    discard = next(a for a in romme.legal_actions(game.view(0)) if isinstance(a, romme.Discard))
    game.apply(0, discard)
    seat_romme(app, client, players=3, game=game)
    html = client.get("/romme?hint=1").get_data(as_text=True)
    assert "data-hint=" not in html and "hint-link" not in html


def client_match(client: FlaskClient) -> str:
    from webapp.matches import SESSION_MATCH_KEY

    with client.session_transaction() as session:
        return str(session[SESSION_MATCH_KEY])


def test_every_reason_has_a_sentence_in_each_language(app: Flask):
    from flask_babel import force_locale

    from romme_engine.ai import Hint, Why
    from webapp.romme.hints import hint_text

    card = romme.parse_cards("9H")[0]
    with app.test_request_context():
        for why in Why:
            found = Hint(romme.Discard(card), why, card, penalty=9)
            with force_locale("en"):
                english = hint_text(found)
            assert "%(" not in english and "9♥" in english
            for locale in ("zh_Hans", "zh_Hant"):
                with force_locale(locale):
                    said = hint_text(found)
                assert said != english and "%(" not in said, (why, locale)
                assert "。 " not in said, "Chinese sentences follow each other without a space"


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_the_joker_is_wang_in_hints_and_computer_lines(app: Flask, lang: str) -> None:
    # The table shows the joker as 王; so do the hint and the line about a computer's turn.
    from romme_engine.ai import Hint, Why
    from webapp.romme.hints import hint_text
    from webapp.romme.messages import _event_text

    joker = romme.Card.parse("JK1")
    meld = romme.LayMeld(tuple(romme.parse_cards("AS AH JK1")))
    with app.test_request_context(headers={"Accept-Language": html_lang(lang)}):
        said = hint_text(Hint(meld, Why.LAY_MELD, meld_value=33))
        line = _event_text(romme.Event(1, romme.Move.LAY_OFF, joker))
    assert "A♠ A♥ 王" in said and "JK" not in said
    assert "王" in line and "JK" not in line


def follow_the_hint(app: Flask, client: FlaskClient, lang: str, until: romme.Action
                    ) -> list[str]:
    """On ``opened_table``, in ``lang``: draw, then follow the hint, the expert's own next step,
    until it is ``until``; the moves followed on the way."""
    from tests.web.test_romme_table import opened_table

    match_id = opened_table(app, client)
    client.get(f"/?lang={lang}")
    post_romme(client, romme_page(client), romme.DrawStock())
    followed = []
    for _ in range(5):
        action = hint(romme.Match.from_dict(stored(app, match_id)[1]).view(0)).action
        if action == until:
            return followed
        followed.append(romme.format_action(action))
        assert post_romme(client, romme_page(client), action).status_code == 303
    raise AssertionError(f"the hint never came to {until}: {followed}")


@pytest.mark.parametrize(("lang", "said"), [
    ("zh_Hans", "用 4♦ 换下电脑 1 的 2♦ 3♦ 王 5♦ 里的王。王留在你手里更有用。"),
    ("zh_Hant", "用 4♦ 換下電腦 1 的 2♦ 3♦ 王 5♦ 裡的王。王留在你手裡更有用。"),
    ("en", "Swap 4♦ for the joker in Computer 1's meld 2♦ 3♦ JK 5♦. The joker is worth more in "
     "your hand."),
])
def test_the_hint_proposes_the_joker_swap_the_expert_would_make(
    app: Flask, client: FlaskClient, lang: str, said: str
) -> None:
    # Computer 1 opened 2♦ 3♦ 王 5♦; the person, opened, draws holding 4♦ and follows the
    # hint: two melds, the lay-off of 8♥, then the swap of 4♦ for the joker.
    swap = romme.SwapJoker(romme.Card.parse("4D"), 2)
    followed = follow_the_hint(app, client, lang, swap)
    assert followed == ["meld 2S 3S 4S", "meld 5S 6S 7S 8S 9S", "lay-off 8H 1"]
    html = client.get("/romme?hint=1").get_data(as_text=True)
    assert 'data-hint="swap-joker"' in html and hint_said(html) == said
    assert hinted_moves(html) == [(2, "swap", swap.card.kind)]  # its button, in meld 2's box
    assert hint_button(html) == {"action": "swap", "cards": "4D", "meld": "2"}  # and the hint's


SAID = re.compile(r'data-hint="[\w-]+"[^>]*>\s*(?:<p role="status">)?<strong>[^<]*</strong>'
                  r'(.*?)</p>', re.S)
HINT = re.compile(r'<div class="hint" data-hint="[\w-]+">(.*?)\n</div>', re.S)
FIELD = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')


def hint_said(html: str) -> str:
    """The hint's sentences, after "Hint: "."""
    found = SAID.search(html)
    assert found is not None, "no hint on the page"
    return unescape(found.group(1))


def hint_button(html: str) -> dict[str, str]:
    """The move the hint's own button posts: its form's fields but the token and version."""
    found = HINT.search(html)
    assert found is not None, "no hint on the page"
    fields = dict(FIELD.findall(found.group(1)))
    return {k: unescape(v) for k, v in fields.items() if k not in ("csrf_token", "version")}


TWO_MELD_OPENING = "2S 2H 2D 5C 6C 7C 8C KH 9D 4S JH QS 3D AH"


@pytest.mark.parametrize(("lang", "first", "then"), [
    ("zh_Hans",
     "摆出 2♠ 2♥ 2♦（6 分），再摆出 5♣ 6♣ 7♣ 8♣（26 分），共 32 分。你最好的摆法已经够开牌分数。",
     "摆出 5♣ 6♣ 7♣ 8♣（26 分），连同这回合已摆的 6 分，共 32 分。你最好的摆法已经够开牌分数。"),
    ("zh_Hant",
     "擺出 2♠ 2♥ 2♦（6 分），再擺出 5♣ 6♣ 7♣ 8♣（26 分），共 32 分。你最好的擺法已經夠開牌分數。",
     "擺出 5♣ 6♣ 7♣ 8♣（26 分），連同這回合已擺的 6 分，共 32 分。你最好的擺法已經夠開牌分數。"),
    ("en", "Lay out 2♠ 2♥ 2♦ (6 points), then 5♣ 6♣ 7♣ 8♣ (26 points): 32 points in all. "
     "Your best lay-down reaches the opening.",
     "Lay out 5♣ 6♣ 7♣ 8♣ (26 points): with the 6 points laid this turn, 32 in all. "
     "Your best lay-down reaches the opening."),
])
def test_the_opening_hint_names_every_meld_of_the_lay_down_and_its_total(
    app: Flask, client: FlaskClient, lang: str, first: str, then: str
) -> None:
    # Issue 45: the set alone (6) is far from the opening (30); the hint said only "lay out
    # 2♠ 2♥ 2♦ (6 points)" and called it enough.
    seat_romme(app, client, players=2, deck=stack_deck([TWO_MELD_OPENING, ""]))
    client.get(f"/?lang={lang}")
    assert hint_said(client.get("/romme?hint=1").get_data(as_text=True)) == first
    meld = romme.LayMeld(tuple(romme.parse_cards("2S 2H 2D")))
    assert post_romme(client, romme_page(client), meld).status_code == 303
    assert hint_said(client.get("/romme?hint=1").get_data(as_text=True)) == then


@pytest.mark.parametrize(("lang", "said"), [
    ("zh_Hans", "把 8♥ 接到电脑 1 的 5♥ 6♥ 7♥ 上。手里少一张牌。"),
    ("zh_Hant", "把 8♥ 接到電腦 1 的 5♥ 6♥ 7♥ 上。手裡少一張牌。"),
    ("en", "Lay off 8♥ on Computer 1's meld 5♥ 6♥ 7♥. One card fewer in your hand."),
])
def test_the_lay_off_hint_names_the_meld_once(
    app: Flask, client: FlaskClient, lang: str, said: str
) -> None:
    # Issue 45: "把 9♥ 接到桌上的牌组上。它能接到桌上的牌组上：手里少一张牌。" said the same twice
    # and named no meld. The hint carries the lay-off's button too (its meld's box is far down).
    lay_off = romme.LayOff(romme.Card.parse("8H"), 1)
    assert follow_the_hint(app, client, lang, lay_off) == ["meld 2S 3S 4S", "meld 5S 6S 7S 8S 9S"]
    html = client.get("/romme?hint=1").get_data(as_text=True)
    assert hint_said(html) == said
    assert hint_button(html) == {"action": "lay-off", "cards": "8H", "meld": "1"}


@pytest.mark.parametrize(("lang", "lay_off", "swap"), [
    ("zh_Hans", "把 8♥ 接到你的 5♥ 6♥ 7♥ 上。手里少一张牌。",
     "用 4♦ 换下你的 2♦ 3♦ 王 5♦ 里的王。王留在你手里更有用。"),
    ("zh_Hant", "把 8♥ 接到你的 5♥ 6♥ 7♥ 上。手裡少一張牌。",
     "用 4♦ 換下你的 2♦ 3♦ 王 5♦ 裡的王。王留在你手裡更有用。"),
    ("en", "Lay off 8♥ on your meld 5♥ 6♥ 7♥. One card fewer in your hand.",
     "Swap 4♦ for the joker in your meld 2♦ 3♦ JK 5♦. The joker is worth more in your hand."),
])
def test_a_meld_of_the_persons_own_is_called_hers(app: Flask, lang: str, lay_off: str,
                                                  swap: str) -> None:
    from romme_engine.ai import Hint, Why
    from webapp.romme.hints import hint_text

    run, with_joker = (romme.read_meld(tuple(romme.parse_cards(cards)))
                       for cards in ("5H 6H 7H", "2D 3D JK1 5D"))
    eight, four = romme.Card.parse("8H"), romme.Card.parse("4D")
    with app.test_request_context(headers={"Accept-Language": html_lang(lang)}):
        said = (hint_text(Hint(romme.LayOff(eight, 0), Why.LAY_OFF, eight, meld=run, owner=0)),
                hint_text(Hint(romme.SwapJoker(four, 1), Why.SWAP_JOKER, four, meld=with_joker,
                               owner=0)))
    assert said == (lay_off, swap)
