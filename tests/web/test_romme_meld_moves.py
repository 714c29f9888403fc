"""Lay-offs and joker swaps on the Rommé table are buttons inside each table meld's box (issue
35): for every position of whole simulated matches (three computers), the buttons offered in
a meld's box are exactly the lay-offs and swaps the engine's ``legal_actions`` allow on that
meld, one per card face (the two copies of a card, and the jokers, play alike), each posting
a move the engine accepts; a card that fits both ends of a run asks which, in its box."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from tests.web.play_helpers import stored
from tests.web.romme_helpers import person_choice, post_romme, romme_page, seat_romme

MELD_BOX = re.compile(r'<li id="meld-(\d+)" data-meld="\1"[^>]*>(.*?)</li>', re.S)
FORM = re.compile(r"<form [^>]*>(.*?)</form>", re.S)
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')
BUTTON = re.compile(
    r'<button [^>]*data-meld-move="([\w-]+)" data-card="([^"]+)"[^>]*>([^<]*)</button>'
)
ASK_END = re.compile(
    r'<a [^>]*data-meld-move="lay-off" data-card="([^"]+)" href="([^"]+)">([^<]*)</a>'
)

Offer = tuple[int, str, int, bool]
"""A button as the page offers it: table meld, move, card face, whether it asks for the end."""


def offered(html: str) -> tuple[set[Offer], list[romme.Action]]:
    """Every lay-off and swap button of the page, by the meld box it sits in, and the move
    each posts (an end-asking link posts nothing: it asks)."""
    found: set[Offer] = set()
    posts: list[romme.Action] = []
    for box in MELD_BOX.finditer(html):
        meld, inside = int(box.group(1)), box.group(2)
        for form in FORM.findall(inside):
            fields = dict(HIDDEN.findall(form))
            button = BUTTON.search(form)
            if button is None:
                continue
            move, code, label = button.groups()
            card = romme.Card.parse(unescape(code))
            assert (fields["action"], fields["cards"], fields["meld"]) == (move, code, str(meld))
            assert label.strip(), "a button names its card"
            found.add((meld, move, card.kind, False))
            posts.append(romme.parse_action(f"{move} {unescape(code)} {meld}"))
        for code, href, _label in ASK_END.findall(inside):
            card = romme.Card.parse(unescape(code))
            assert f"at={meld}" in unescape(href) and unescape(href).endswith(f"#meld-{meld}")
            found.add((meld, "lay-off", card.kind, True))
    return found, posts


def allowed(view: romme.PlayerView) -> set[Offer]:
    """The lay-offs and swaps the engine allows, as the page should offer them."""
    found: set[Offer] = set()
    for action in romme.legal_actions(view):
        if isinstance(action, romme.LayOff):
            found.add((action.meld, "lay-off", action.card.kind, action.end is not None))
        elif isinstance(action, romme.SwapJoker):
            found.add((action.meld, "swap", action.card.kind, False))
    return found


def test_every_legal_lay_off_and_swap_is_a_button_in_its_meld_and_nothing_else(
    app: Flask, client: FlaskClient
) -> None:
    client.get("/?lang=zh_Hans")
    positions = with_moves = swaps = asks = 0
    # A long match (to 500 points) against three computers: 283 positions of the person's
    # play step, 91 with buttons, 18 with a swap, 15 with a card asking for its end.
    match_id = seat_romme(app, client, players=4, ruleset="romme-500", seed=1,
                          difficulty="normal")
    for _ in range(5000):
        page = romme_page(client)
        if page.phase == "match-over":
            break
        view = romme.Match.from_dict(stored(app, match_id)[1]).view(0)
        if page.phase == "play":
            found, posts = offered(page.html)
            assert found == allowed(view), positions
            legal = romme.legal_actions(view)
            assert all(action in legal for action in posts)
            positions += 1
            with_moves += bool(found)
            swaps += any(move == "swap" for _, move, _, _ in found)
            asks += any(ask for *_, ask in found)
        assert post_romme(client, page, person_choice(stored(app, match_id)[1])).status_code == 303
    assert page.phase == "match-over"
    counts = (positions, with_moves, swaps, asks)
    assert all(n >= least for n, least in zip(counts, (200, 50, 5, 1), strict=True)), counts
