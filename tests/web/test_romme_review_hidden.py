"""No Rommé review page names a card of another player's hand or of the stock that was not
public at that decision: simulated matches (2 to 4 players, every level in the person's seat
and the computers'), each stored as a guest's match in the middle of its next hand and again
once over; every finished hand's page and the match's page scanned for cards (``data-card``
codes and printed faces, in English, where the joker prints as JK), each decision's row
against that decision's view alone — the person's hand, the discard pile's top, the melds on
the table — and the rest of the page against none at all (the banners name no card). The
flagged decisions' reasons are scanned with their rows (the scan checks that it met some).

The reviews are computed with 2 worlds a move and kept, as in tests/web/test_review_hidden.py:
which cards a page names does not depend on how many worlds valued the moves. Each match's
first hand is kept with its luck, the site's own measure (``hand_luck``), so the luck's
figures on the hand's and the match's pages are scanned too (net figures: no card).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from romme_engine.ai import make_bot
from romme_engine.ai.luck import hand_luck
from romme_engine.ai.review import committed, is_decision, review_hand
from romme_engine.replay import replay
from tests.sizes import sized
from tests.web.romme_helpers import seat_romme
from tests.web.test_review_hidden import store
from webapp.games import Player
from webapp.review.store import keep_review
from webapp.romme import review as romme_review

MATCHES = 50
BLOCKS = 5
LEVELS = ("easy", "normal", "expert")
CHEAP = (2, 2)
DATA_CARD = re.compile(r'data-card="([^"]+)"')
SYMBOL = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
JOKER = re.compile(r"(?<![A-Za-z])JK(?![A-Za-z])")
"""The joker as the English pages print it (the Chinese 王 is also a word: 换王, a joker swap)."""
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
ROW_START = re.compile(r'<li class="decision[^"]*" id="d(\d+)"')
Met = Counter[str]


def kind(code: str) -> str:
    """A card's face from its code: both copies of a card alike, every joker alike."""
    code = unescape(code)
    return "JK" if code.startswith("JK") else code.rstrip("'")


def named_cards(html: str) -> set[str]:
    codes = {kind(c) for c in DATA_CARD.findall(html)}
    codes |= {("T" if rank == "10" else rank) + SUITS[suit] for rank, suit in SYMBOL.findall(html)}
    if JOKER.search(re.sub(r'data-card="[^"]*"', "", html)):
        codes.add("JK")
    return codes


def public_at(view: romme.PlayerView) -> set[str]:
    """What the person could see at a decision: their hand, the pile's top, the table."""
    cards = {*view.hand, *(c for meld in view.table for c in meld.cards)}
    if view.discard_top is not None:
        cards.add(view.discard_top)
    return {kind(str(c)) for c in cards}


def decision_views(game: romme.Match, number: int) -> list[romme.PlayerView]:
    return [s.view for s in committed(replay(game, number), 0) if is_decision(s.view)]


def split_rows(html: str) -> tuple[str, dict[int, str]]:
    """The page without its decisions' rows, and each row's html by decision number."""
    starts = list(ROW_START.finditer(html))
    end = html.find("</section>", starts[-1].start()) if starts else -1
    found = {}
    for i, start in enumerate(starts):
        stop = starts[i + 1].start() if i + 1 < len(starts) else end
        found[int(start.group(1))] = html[start.start():stop]
    rest = html[: starts[0].start()] + html[end:] if starts else html
    return rest, found


def scan(client: FlaskClient, match_id: str, game: romme.Match, numbers: range,
         met: Met) -> None:
    for number in numbers:
        html = client.get(f"/review/{match_id}/{number}").get_data(as_text=True)
        assert 'data-review="ready"' in html, (match_id, number)
        met["pages"] += 1
        met["luck"] += 'data-zone="luck"' in html
        rest, found = split_rows(html)
        assert named_cards(rest) == set(), (match_id, number)
        views = decision_views(game, number)
        assert sorted(found) == list(range(1, len(views) + 1))
        for decision, view in enumerate(views, start=1):
            row = found[decision]
            met["rows"] += 1
            met["reasons"] += 'class="reason"' in row
            named = named_cards(row)
            assert named, (match_id, number, decision)  # the check has teeth: the hand is named
            leaked = named - public_at(view)
            assert not leaked, f"hand {number} decision {decision} names {sorted(leaked)}"


def keep_cheap(app: Flask, match_id: str, game: romme.Match, number: int) -> None:
    """Keep hand ``number``'s cheap review; the first hand's with its luck, as the site
    measures it."""
    luck = hand_luck(game, number, 0) if number == 1 else None
    with app.test_request_context():
        keep_review(match_id, review_hand(game, number, 0, CHEAP),
                    romme_review.points(game, number), luck)


def play_hand(game: romme.Match, seats: list[Player]) -> None:
    hands = len(game.results)
    while len(game.results) == hands and not game.is_over:
        turn = game.turn
        assert turn is not None
        game.apply(turn, seats[turn].choose(game.view(turn)))


@pytest.mark.parametrize("block", range(BLOCKS))
def test_no_romme_review_page_names_a_card_the_person_could_not_see(
    app: Flask, client: FlaskClient, block: int
) -> None:
    client.get("/?lang=en")
    met: Met = Counter()
    matches = sized(MATCHES, 4 * MATCHES)  # FULL_TESTS: 200
    for seed in range(block * matches // BLOCKS, (block + 1) * matches // BLOCKS):
        players = 2 + seed % 3
        game = romme.Match.new(romme.ROMME, players, random.Random(seed))
        seats = [make_bot(LEVELS[(seed + s) % 3], random.Random(seed * 10 + s))
                 for s in range(players)]
        match_id = seat_romme(app, client, players=players, game=game)
        while not game.is_over:
            play_hand(game, seats)
            keep_cheap(app, match_id, game, len(game.results))
            if not game.is_over:
                # the match goes on: the next hand is dealt and played a little, hidden cards
                # and all, while the finished hands' reviews are open
                game.apply(0, romme.NextHand())
                for _ in range(3):
                    turn = game.turn
                    assert turn is not None
                    game.apply(turn, seats[turn].choose(game.view(turn)))
            store(app, match_id, game)
            finished = len(game.results)
            scan(client, match_id, game, range(finished, finished + 1), met)
        scan(client, match_id, game, range(1, len(game.results) + 1), met)
        whole = client.get(f"/review/{match_id}").get_data(as_text=True)
        assert 'data-zone="luck"' in whole  # the match's luck, from its first hand
        assert named_cards(whole) == set()  # the match's page names no card at all
    assert met["pages"] >= 2 * 3 * matches // BLOCKS
    assert met["reasons"] > 0  # the reasons were there to scan
    assert met["luck"] >= 2 * matches // BLOCKS  # and the luck: hand 1 seen twice a match
