"""Helpers for playing the Rommé table through its forms in tests."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from romme_engine.ai import make_bot
from tests.web.play_helpers import Page, get
from webapp import games, matches
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import ROMME
from webapp.store import create_match

DATA_CARD = re.compile(r'data-card="([^"]+)"')


def seat_romme(
    app: Flask,
    client: FlaskClient,
    players: int = 3,
    ruleset: str = "romme",
    difficulty: str = "easy",
    seed: int = 0,
    deck: Sequence[romme.Card] | None = None,
    owner: int | None = None,
    game: romme.Match | None = None,
) -> str:
    """Store a Rommé match (seeded; optionally its first deal stacked, or ``game`` as it is)
    as this client's."""
    with app.test_request_context():
        if game is None:
            game = romme.Match.new(romme.preset(ruleset), players, random.Random(seed), deck=deck)
            matches.computer_replies(games.named(ROMME), game, difficulty)
        row = create_match(
            game="romme", ruleset=ruleset, difficulty=difficulty, snapshot=game.to_dict(),
            owner_user_id=owner,
        )
        match_id = row.id
    with client.session_transaction() as session:
        session[SESSION_MATCH_KEY] = match_id
    return match_id


def romme_page(client: FlaskClient) -> Page:
    return get(client, "/romme")


def form_data(action: romme.Action) -> dict[str, Any]:
    """The fields the table's forms send for ``action`` (as a person's taps would)."""
    if isinstance(action, romme.Discard):
        return {"discard": str(action.card)}
    if isinstance(action, romme.LayMeld):
        return {"action": "meld", "cards": [str(c) for c in action.cards], "ordered": "1"}
    if isinstance(action, romme.LayOff):
        data: dict[str, Any] = {
            "action": "lay-off", "cards": [str(action.card)], "meld": str(action.meld)
        }
        if action.end is not None:
            data["end"] = action.end.value
        return data
    if isinstance(action, romme.SwapJoker):
        return {"action": "swap", "cards": [str(action.card)], "meld": str(action.meld)}
    return {"action": romme.format_action(action)}


def post_romme(client: FlaskClient, page: Page, action: romme.Action | dict[str, Any]) -> Any:
    data = action if isinstance(action, dict) else form_data(action)
    return client.post("/romme", data={"csrf_token": page.token, "version": str(page.version),
                                       **data})


def person_choice(snapshot: dict[str, Any], level: str = "normal") -> romme.Action:
    """The move a bot would make in the person's seat, from the person's own view only."""
    game = romme.Match.from_dict(snapshot)
    return make_bot(level, random.Random(0)).choose(game.view(0))


def stack_deck(hands: Sequence[str], stock: str = "") -> list[romme.Card]:
    """A first deal with the given cards in each seat's hand (``hands[0]`` is the person,
    who starts with 14) and ``stock`` on top of the stock, top card first. Hands are filled up
    with the remaining cards in id order."""
    players = len(hands)
    given = [romme.parse_cards(h) for h in hands]
    on_stock = romme.parse_cards(stock)
    used = {c for h in given for c in h} | set(on_stock)
    filler = iter(c for c in romme.DECK if c not in used)
    sizes = [14] + [13] * (players - 1)
    full = [
        h + [next(filler) for _ in range(size - len(h))]
        for h, size in zip(given, sizes, strict=True)
    ]
    order: list[romme.Card] = []
    for i in range(sum(sizes)):
        order.append(full[i % players][i // players])
    rest = [c for c in filler]
    return [*order, *on_stock, *rest]


def last_hand(players: int, person: str, totals: Sequence[int]) -> romme.Match:
    """The last hand of a ``romme`` match: two hands played with these ``totals`` so far, and
    the person (to play, no draw) holding ``person``; every other card is dealt as it falls."""
    game = romme.Match.new(romme.ROMME, players, random.Random(7))
    game.results = [
        romme.HandResult(n, players - 1, romme.HandEnd.STOCK_OUT, None, tuple(() for _ in
                         range(players)), tuple(0 for _ in range(players)),
                         tuple(t if n == 1 else 0 for t in totals))
        for n in (1, 2)
    ]
    deck = stack_deck([person, *([""] * (players - 1))])
    game.hand = romme.Hand.deal(romme.ROMME, 3, players - 1, players, deck, f"{game.seed}:3")
    wanted = romme.parse_cards(person)
    extra = [c for c in game.hand.hands[0] if c not in wanted]
    game.hand.hands[0] = wanted
    game.hand.stock = extra + game.hand.stock
    return game


def simulated_romme(seed: int, players: int = 3, person: str = "easy",
                    computer: str = "normal") -> romme.Match:
    """A Rommé match whose first hand is over, seat 0 played by the ``person`` level and the
    others by ``computer``, seeded: the same every time."""
    game = romme.Match.new(romme.ROMME, players, random.Random(seed))
    seats = [make_bot(person if s == 0 else computer, random.Random(seed + s))
             for s in range(players)]
    while not game.results:
        turn = game.turn
        assert turn is not None
        game.apply(turn, seats[turn].choose(game.view(turn)))
    return game
