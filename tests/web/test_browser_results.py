"""The next tap after a result is always on screen (issue 35): on every hand-over and
match-over page of Gin Rummy, 胡牌制 and Rommé (three computers), in real Chromium with
JavaScript off, at 390×844, 740×360 and 1280×800, the page lands on ``#table`` with the result
banner and the next action (下一手 / 再来一场) both wholly inside the first viewport, the action
directly under the banner.

Each match is played by a bot in the person's seat: in memory up to the move before the wanted
step, then that move through the table's form; then the browser opens the table.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Page

import gin_engine as gin
import romme_engine as romme
from gin_engine.ai import make_bot
from romme_engine.ai import make_bot as make_romme_bot
from tests.web.browser_helpers import in_viewport
from tests.web.play_helpers import form_fields, get, person_choice, post_move, seat_match, stored
from tests.web.romme_helpers import person_choice as romme_choice
from tests.web.romme_helpers import post_romme, romme_page, seat_romme
from webapp import games, matches
from webapp.models import GIN, ROMME

SIZES = [(390, 844), (740, 360), (1280, 800)]
RESULTS = [("standard", "hand-over"), ("standard", "match-over"), ("hu", "hand-over"),
           ("hu", "match-over"), ("romme", "hand-over"), ("romme", "match-over")]
LANGS = {"zh_Hans": "zh-CN", "en": "en-GB"}
GIN_GAME, ROMME_GAME = games.named(GIN), games.named(ROMME)


def one_move_before(game: Any, choose: Callable[[Any], Any], reply: Callable[[Any], None],
                    step: str) -> Any:
    """``game`` played on (the person's moves by ``choose``, the computers' by ``reply``) up to
    the person's move that reaches ``step``, not made."""
    for _ in range(5000):
        trial = copy.deepcopy(game)
        trial.apply(0, choose(trial.view(0)))
        reply(trial)
        if trial.view(0).phase.value == step:
            return game
        game = trial
    raise AssertionError(f"no {step}")


def play_gin_until(app: Flask, client: FlaskClient, ruleset: str, step: str) -> None:
    rng = random.Random(3)
    with app.test_request_context():
        game = gin.Match.new(gin.preset(ruleset), random.Random(3), first_dealer=1)
        matches.computer_replies(GIN_GAME, game, "easy")
        game = one_move_before(game, make_bot("easy", rng).choose,
                               lambda g: matches.computer_replies(GIN_GAME, g, "easy"), step)
    match_id = seat_match(app, client, ruleset=ruleset, game=game)
    for _ in range(50):
        page = get(client)
        if page.phase == step:
            return
        name, card = form_fields(person_choice(stored(app, match_id)[1], rng))
        assert post_move(client, page, name, card).status_code == 303
    raise AssertionError(f"{ruleset}: no {step}")


def play_romme_until(app: Flask, client: FlaskClient, step: str) -> None:
    with app.test_request_context():
        game = romme.Match.new(romme.ROMME, 4, random.Random(3))
        matches.computer_replies(ROMME_GAME, game, "normal")
        game = one_move_before(game, make_romme_bot("normal", random.Random(3)).choose,
                               lambda g: matches.computer_replies(ROMME_GAME, g, "normal"), step)
    match_id = seat_romme(app, client, players=4, game=game, difficulty="normal")
    for _ in range(50):
        page = romme_page(client)
        if page.phase == step:
            return
        assert post_romme(client, page, romme_choice(stored(app, match_id)[1])).status_code == 303
    raise AssertionError(f"romme: no {step}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "step"), RESULTS)
def test_the_banner_and_the_next_action_are_in_the_first_viewport(
    app: Flask, live_server: str, browser_page: Callable[..., Page], game: str, step: str,
    lang: str,
) -> None:
    client: FlaskClient = app.test_client()
    client.get(f"/?lang={lang}")
    if game == "romme":
        play_romme_until(app, client, step)
    else:
        play_gin_until(app, client, game, step)
    cookie = client.get_cookie("session")
    assert cookie is not None
    path = "/romme#table" if game == "romme" else "/play#table"
    wanted = "new-match" if step == "match-over" else "next-hand"
    for width, height in SIZES:
        page = browser_page(width, height, locale=LANGS[lang])
        page.context.add_cookies([{"name": "session", "value": cookie.value,
                                   "url": live_server}])
        page.goto(live_server + path)
        assert page.locator("#table").get_attribute("data-phase") == step
        banner = page.locator("[data-zone=banner]")
        action = page.locator(f"[data-zone=next-actions] button[data-action={wanted}]")
        assert in_viewport(page, banner), (width, height, banner.bounding_box())
        assert in_viewport(page, action), (width, height, action.bounding_box())
        # Directly under the banner: nothing between them but the gap.
        below, above = action.bounding_box(), banner.bounding_box()
        assert below is not None and above is not None
        assert 0 <= below["y"] - (above["y"] + above["height"]) <= 16
