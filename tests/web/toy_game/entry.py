"""The toy game's registry entry (`webapp.games.Game`) and how a test makes it a game of the
site: `registered` adds the entry to ``webapp.games.GAMES`` and its blueprint to the app —
nothing else of the site changes."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from markupsafe import Markup

from webapp import games
from webapp.games import Board, Daily, Game, ReadingPages
from webapp.redeal import DealRow, Redeal
from webapp.statistics.declared import Shown, Statistic

from . import engine, table

ANCHORS = {
    "easy": {"rating": 1400.0, "score": 0.36},
    "normal": {"rating": 1500.0, "score": 0.5},
    "expert": {"rating": 1520.0, "score": 0.53},
}
"""The toy's levels on its board: none in ``webapp/rating/levels.json``."""


def _deal(form: table.NewToyForm, rng: random.Random) -> engine.Match:
    # The secret seed is drawn from the player's seed, not the site's random source: a test
    # picks the deals, and so how the match ends, by the seed it types.
    player_seed = str(form.player_seed.data or "")
    return engine.Match.new(engine.PRESETS[str(form.ruleset.data)],
                            rng=random.Random(player_seed), player_seed=player_seed)


def _redeal(seed: str, player_seed: str, count: int, ruleset: Any, query: Any) -> Redeal:
    return Redeal([(n, [DealRow("deck", "deck", [])]) for n in range(1, count + 1)])


DAILY_RULES = engine.Ruleset(engine.DEFAULT_PRESET, target=2, boards=3)
"""The toy's daily: three hands, whoever wins them."""


def _daily_deal(seed: str) -> engine.Match:
    return engine.Match.new(DAILY_RULES, rng=random.Random(), seed=seed)


def _daily_results(match: engine.Match) -> tuple[int, ...]:
    """+1 for a hand the person won, −1 for one lost."""
    return tuple(1 if result.winner == 0 else -1 for result in match.results)


def _card_row(cards: Sequence[Any]) -> Markup:
    return Markup(" ").join(str(card) for card in cards)


def _page_inputs() -> tuple[dict[str, object], dict[str, Any]]:
    return {"toy.target": engine.PRESETS[engine.DEFAULT_PRESET].target}, {}


TOY = Game(
    key=table.KEY,
    name="High card",  # a test's game: no translated name
    at_root=False,
    table="toy.table",
    start_title="Play high card",
    start_form=table.NewToyForm,
    start_template="toy/_start_form.html",
    deal=_deal,
    read=engine.Match.from_dict,
    make_bot=engine.make_bot,
    levels=table.LEVELS,
    next_hand=engine.NextHand,
    statistics=table.statistics,
    counted=(Statistic(table.SWAPS),),
    presets=engine.PRESETS,
    default_ruleset=engine.DEFAULT_PRESET,
    redeal=_redeal,
    verify_query=lambda match: {"deals": match.deals},
    card_row=_card_row,
    daily=Daily(boards=3, ruleset=engine.DEFAULT_PRESET, deal=_daily_deal,
                results=_daily_results),
    # Its rules only (content/<locale>/toy/rules.md): no FAQ, no strategy.
    pages=ReadingPages(folder=Path(__file__).resolve().parent / "content",
                       titles={"rules": "High card rules"}, rules_elsewhere="High card rules",
                       inputs=_page_inputs, fingerprint=tuple,
                       play=("toy.table", {})),
    boards=(
        Board(table.KEY, "High card",
              shown=(Shown("swaps", "Swaps",
                           lambda numbers: str(numbers.get(table.SWAPS, 0))),),
              anchors=ANCHORS),
    ),
)


@contextmanager
def registered(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """The toy as the registry's third game on ``app`` for the length of the block."""
    monkeypatch.setattr(games, "GAMES", (*games.GAMES, TOY))
    app.register_blueprint(table.bp)
    yield TOY
