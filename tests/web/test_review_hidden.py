"""No review page, before or after its match ends, names a card the person never saw in that
hand unless its showdown showed it: 50 simulated matches over every Gin ruleset, each stored
as a guest's match in the middle of its next hand and again once over, every finished hand's
page and the match's page scanned for cards (``data-card`` codes and printed symbols) — the
flagged decisions' reasons and the luck figures included (the scan checks that it met them).

The reviews are computed with 2 worlds a move (``review_hand``'s ``worlds``) and kept (each
match's first hand with its luck), so the pages read them as they read any kept review: which
cards a page names does not depend on how many worlds valued the moves, and the scan stays
cheap.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from gin_engine.ai import make_bot
from gin_engine.ai.luck import hand_luck
from gin_engine.ai.review import review_hand
from gin_engine.driver import play, step
from gin_engine.replay import replay
from tests.web.review_helpers import seat_game
from webapp.extensions import db
from webapp.gin import review as gin_review
from webapp.models import Match as MatchRow
from webapp.review.store import keep_review

MATCHES = 50
RULESETS = ("quick", "hu", "classic", "hu-race", "standard")
LEVELS = ("easy", "normal", "expert")
CHEAP = (2, 2)
DATA_CARD = re.compile(r'data-card="([^"]+)"')
SYMBOL = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def named_cards(html: str) -> set[str]:
    codes = set(DATA_CARD.findall(html))
    codes |= {("T" if rank == "10" else rank) + SUITS[suit] for rank, suit in SYMBOL.findall(html)}
    return codes


def known_to_the_person(game: engine.Match, number: int) -> set[str]:
    """Every card seat 0 saw during hand ``number`` (its own, the pile, the computer's takes),
    and the cards its showdown laid open."""
    seen: set[engine.Card] = set()
    for move in replay(game, number):
        if move.seat == 0:
            view = move.view
            seen |= {*view.hand, *view.discard_pile, *view.opponent_known}
    result = game.results[number - 1]
    if result.knocker_melds is not None:
        seen |= {c for meld in result.knocker_melds.melds for c in meld.cards}
        seen |= set(result.knocker_melds.deadwood_cards)
    if result.defender is not None:
        seen |= {c for meld in result.defender.melds for c in meld.cards}
        seen |= {lay.card for lay in result.defender.lay_offs}
        seen |= set(result.defender.deadwood_cards)
    return {str(c) for c in seen}


REASON = re.compile(r'<p class="reason" data-reason="\d+">(.*?)</p>', re.S)
Met = Counter[str]
"""What the scan read: pages, reasons, luck lines."""


def scan(client: FlaskClient, match_id: str, game: engine.Match, numbers: range,
         met: Met) -> None:
    """GET the reviews of hands ``numbers``, counting in ``met`` the pages, the reasons and
    the luck lines read. A page with decisions names cards, none the person could not know (a
    hand's stock is never all seen: the check has teeth); a reason names a card, one the
    person saw."""
    for number in numbers:
        html = client.get(f"/review/{match_id}/{number}").get_data(as_text=True)
        met["pages"] += 1
        reasons = REASON.findall(html)
        met["reasons"] += len(reasons)
        met["luck"] += 'data-figure="luck"' in html and 'data-zone="luck"' in html
        for reason in reasons:
            assert named_cards(reason) <= known_to_the_person(game, number), reason
        assert 'data-review="ready"' in html, (match_id, number)
        known = known_to_the_person(game, number)
        assert len(known) < len(engine.DECK)
        named = named_cards(html)
        assert named or 'class="decision' not in html, (match_id, number)  # a hand may have none
        leaked = named - known
        assert not leaked, f"hand {number} review names {sorted(leaked)}"


def store(app: Flask, match_id: str, game: engine.Match) -> None:
    with app.app_context():
        row = db.session.get(MatchRow, match_id)
        assert row is not None
        row.snapshot = game.to_dict()
        db.session.commit()


def keep_cheap(app: Flask, match_id: str, game: engine.Match, number: int) -> None:
    """Keep hand ``number``'s cheap review; the first hand's with its luck (the site's own
    measure, as the site keeps it: its figures on the page are scanned too)."""
    luck = hand_luck(game, number, 0) if number == 1 else None
    with app.test_request_context():
        keep_review(match_id, review_hand(game, number, 0, CHEAP), gin_review.points(game, number),
                    luck)


@pytest.mark.parametrize("block", range(5))
def test_no_review_page_names_a_card_the_person_could_not_know(
    app: Flask, client: FlaskClient, block: int
) -> None:
    met: Met = Counter()
    for seed in range(block * MATCHES // 5, (block + 1) * MATCHES // 5):
        ruleset = RULESETS[seed % len(RULESETS)]
        game = engine.Match.new(engine.preset(ruleset), random.Random(seed), first_dealer=1)
        seats = [make_bot("easy", random.Random(seed)),
                 make_bot(LEVELS[seed % len(LEVELS)], random.Random(seed + 1))]
        match_id = seat_game(app, client, game, ruleset)
        while game.phase is not engine.Phase.MATCH_OVER:
            play(game, seats, hands=1)
            keep_cheap(app, match_id, game, len(game.results))
            if game.phase is not engine.Phase.MATCH_OVER:
                # the match goes on: the next hand is dealt and its first move made, hidden
                # cards and all, while the finished hands' reviews are open
                step(game, seats)
                step(game, seats)
            store(app, match_id, game)
            finished = len(game.results)
            scan(client, match_id, game, range(finished, finished + 1), met)
        # once more, the match over: every hand, and the match's page
        scan(client, match_id, game, range(1, len(game.results) + 1), met)
        whole = client.get(f"/review/{match_id}").get_data(as_text=True)
        assert named_cards(whole) == set()  # the match's page names no card at all
    assert met["pages"] >= 2 * 2 * MATCHES // 5
    assert met["reasons"] > 0 and met["luck"] > 0  # the reasons and luck were there to scan
