"""Helpers for the puzzle tests: a small bank from one computer match, a person's own puzzle
from a reviewed hand, and a puzzle page's form read back."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import unescape

from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from gin_engine.ai.puzzle import match_candidates
from gin_engine.ai.review import is_decision
from gin_engine.replay import replay
from tests.web.review_helpers import seat_game, simulated
from tests.web.test_review_hidden import named_cards
from webapp.extensions import db
from webapp.gin import puzzles as gin_puzzles
from webapp.puzzles.data import Candidate
from webapp.puzzles.store import add

TOKEN = re.compile(r'name="token" value="([^"]+)"')
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
MOVE = re.compile(r'name="move" value="([^"]+)"')
OWN_SEED, OWN_DECISION, OWN_ANSWER = 3, 16, "discard 8H"
"""simulated("standard", 3): the easy player's first hand, whose 16th decision is a blunder
(a knock) with one clearly best move, playing on with 8♥."""
NO_PUZZLE_SEED, NO_PUZZLE_DECISION = 21, 16
"""simulated("standard", 21): its 16th decision is a blunder without a clearly best move (two
ways to play on are about as good)."""


@functools.cache
def _bank(seed: int, ruleset: str) -> tuple[Candidate, ...]:
    return tuple(gin_puzzles.bank(ruleset, seed, ("easy", "normal"), 1))


def bank(app: Flask, seed: int = 3, ruleset: str = "standard") -> list[Candidate]:
    """Keep the puzzles of one hand between easy and normal; the candidates looked at."""
    found = list(_bank(seed, ruleset))
    with app.app_context():
        for candidate in found:
            if candidate.data is not None:
                add("gin", candidate.source, candidate.data)
        db.session.commit()
    return found


@dataclass(frozen=True)
class Form:
    csrf: str
    token: str
    moves: list[str]

    def answer(self, move: str) -> dict[str, str]:
        return {"csrf_token": self.csrf, "token": self.token, "move": move}


def form(html: str) -> Form:
    found, csrf = TOKEN.search(html), CSRF.search(html)
    assert found and csrf, "no puzzle form"
    return Form(csrf.group(1), found.group(1), [unescape(m) for m in MOVE.findall(html)])


def own_puzzle(app: Flask, client: FlaskClient, owner: int | None,
               seed: int = OWN_SEED, decision: int = OWN_DECISION) -> tuple[str, str]:
    """The client's match of ``simulated("standard", seed)`` (dealt to ``owner``), its first
    hand reviewed, and 练这一步 followed from ``decision``: (match id, where it led)."""
    match_id = seat_game(app, client, simulated("standard", seed), "standard", owner=owner)
    assert 'data-review="ready"' in client.get(f"/review/{match_id}/1").get_data(as_text=True)
    answer = client.get(f"/puzzles/from/{match_id}/1/{decision}")
    return match_id, answer.headers.get("Location", "")


def seen_at(view: engine.PlayerView) -> set[str]:
    """Every card the player to move could see at ``view``: their hand, the discard pile, the
    cards the opponent took from it."""
    return {str(c) for c in (*view.hand, *view.discard_pile, *view.opponent_known)}


def bank_view(source: str) -> engine.PlayerView:
    """The view a bank puzzle was found at, played again from its source."""
    _bank_word, ruleset, seed, levels, hand, step = source.split(":")
    pair = tuple(levels.split("-"))
    assert len(pair) == 2
    for found in match_candidates(engine.preset(ruleset), int(seed), (pair[0], pair[1]),
                                  int(hand)):
        if (found.hand, found.step) == (int(hand), int(step)):
            return found.view
    raise AssertionError(f"{source} is no decision")


def own_view(game: engine.Match, number: int, decision: int) -> engine.PlayerView:
    steps = [s.view for s in replay(game, number) if s.seat == 0 and is_decision(s.view)]
    return steps[decision - 1]


def leaked(client: FlaskClient, puzzle_id: int, seen: set[str],
           named_in: Callable[[str], set[str]] = named_cards) -> set[str]:
    """The cards the puzzle's page and its answer page name (``named_in``: the game's reading
    of a page) that are not in ``seen`` (the puzzle answered as the client, wrong where it can
    be, so the page shows both moves)."""
    page = client.get(f"/puzzles/{puzzle_id}").get_data(as_text=True)
    shown = form(page)
    answered = client.post(f"/puzzles/{puzzle_id}", data=shown.answer(shown.moves[-1]))
    after = client.get(answered.headers["Location"]).get_data(as_text=True)
    named = named_in(page) | named_in(after)
    assert named, puzzle_id  # a position always names its player's hand
    return named - seen
