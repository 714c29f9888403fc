"""Rommé's puzzles through the same pages as Gin Rummy's (`webapp.puzzles`): a bank puzzle
answered through its buttons, a person's 失误 from a reviewed Rommé hand in their 错题本 and
nobody else's (练这一步 from the review leads to it), a flagged decision without a clearly best
move never a puzzle, and no page naming a card its player could not see."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import select

from romme_engine.ai.puzzle import lays_down, moves_of
from tests.web.account_helpers import login, logout, register, user_id
from tests.web.puzzle_helpers import form, leaked
from tests.web.romme_puzzle_helpers import (
    LAY_DOWN_DECISION,
    LAY_DOWN_PLAYERS,
    LAY_DOWN_SEED,
    NO_PUZZLE_DECISION,
    NO_PUZZLE_PLAYERS,
    NO_PUZZLE_SEED,
    OWN_PUZZLES,
    own_romme_game,
    own_romme_puzzle,
    own_romme_view,
    romme_bank,
    romme_bank_view,
    romme_seen_at,
)
from tests.web.test_romme_review_hidden import named_cards
from webapp.extensions import db
from webapp.models import ROMME, Puzzle
from webapp.puzzles.bank import seating


def _puzzles(app: Flask) -> list[Puzzle]:
    with app.app_context():
        return list(db.session.scalars(select(Puzzle).order_by(Puzzle.id)))


def _answer(client: FlaskClient, path: str, move: str) -> str:
    shown = form(client.get(path).get_data(as_text=True))
    assert move in shown.moves
    posted = client.post(path, data=shown.answer(move))
    assert posted.status_code == 303
    return client.get(posted.headers["Location"]).get_data(as_text=True)


def test_a_romme_bank_puzzle_has_a_button_per_move_and_is_answered(
    app: Flask, client: FlaskClient
) -> None:
    found = romme_bank(app)
    kept = _puzzles(app)
    assert len(kept) == sum(c.data is not None for c in found) > 0
    assert len(kept) < len(found)  # some candidates have no clearly best move
    assert {p.game for p in kept} == {ROMME} and {p.ruleset for p in kept} == {"romme"}
    assert {p.kind for p in kept} <= {"draw", "discard", "lay-off", "swap", "go-out"}
    for puzzle in kept:
        path = f"/puzzles/{puzzle.id}"
        page = client.get(path, headers={"Accept-Language": "en"}).get_data(as_text=True)
        assert sorted(form(page).moves) == sorted(m for m, _v in puzzle.moves)
        assert 'data-zone="hand"' in page and 'data-fact="stock"' in page
        assert max(puzzle.moves, key=lambda m: m[1])[0] == puzzle.answer  # the best by value
    puzzle = kept[0]
    wrong = next(m for m, _v in puzzle.moves if m != puzzle.answer)
    page = _answer(client, f"/puzzles/{puzzle.id}", wrong)
    assert 'data-verdict="wrong"' in page and 'data-move="best"' in page
    assert 'data-reason="answer"' in page and 'data-link="next"' in page
    assert 'data-verdict="right"' in _answer(client, f"/puzzles/{puzzle.id}", puzzle.answer)


def test_a_romme_mistake_is_in_its_players_own_list_and_nobody_elses(
    app: Flask, client: FlaskClient
) -> None:
    register(client, "alice")
    decision = 8
    match_id, led = own_romme_puzzle(app, client, user_id(app, "alice"), decision)
    review = client.get(f"/review/{match_id}/1").get_data(as_text=True)
    for flagged in OWN_PUZZLES:  # 练这一步 on each flagged decision
        assert f'href="/puzzles/from/{match_id}/1/{flagged}" data-link="puzzle"' in review
    other = client.get(f"/puzzles/from/{match_id}/1/5")  # the other flagged decision
    assert other.status_code == 303
    kept = _puzzles(app)
    assert {(p.game, p.match_id, p.hand, p.decision, p.answer) for p in kept} == {
        (ROMME, match_id, 1, d, answer) for d, answer in OWN_PUZZLES.items()
    }
    puzzle = next(p for p in kept if p.decision == decision)
    assert led.endswith(f"/puzzles/{puzzle.id}")
    mine = client.get("/puzzles/mine").get_data(as_text=True)
    assert f'data-own="{puzzle.id}" data-state="new"' in mine
    page = _answer(client, led, puzzle.answer)
    assert 'data-verdict="right"' in page and 'data-link="review"' in page
    logout(client)
    register(client, "bob")
    assert f'data-own="{puzzle.id}"' not in client.get("/puzzles/mine").get_data(as_text=True)
    assert client.get(led).status_code == 404
    assert client.get(f"/puzzles/from/{match_id}/1/{decision}").status_code == 404
    logout(client)
    assert client.get(led).status_code == 404  # nor a guest's
    login(client, "alice")
    assert client.get(led).status_code == 200


def test_a_romme_decision_without_a_clearly_best_move_is_no_puzzle(
    app: Flask, client: FlaskClient
) -> None:
    match_id, led = own_romme_puzzle(
        app, client, None, NO_PUZZLE_DECISION, NO_PUZZLE_SEED, NO_PUZZLE_PLAYERS
    )
    assert led == ""
    page = client.get(f"/puzzles/from/{match_id}/1/{NO_PUZZLE_DECISION}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'data-puzzle="none"' in html
    assert 'data-why="never"' not in html  # valued, none clearly best
    assert _puzzles(app) == []


def test_a_flagged_romme_lay_down_says_why_it_is_no_puzzle(
    app: Flask, client: FlaskClient
) -> None:
    """A decision where a meld could be laid out is a choice among whole lay-downs, never
    valued as a puzzle: 练这一步 says so, not that no move is clearly best."""
    game = own_romme_game(LAY_DOWN_SEED, LAY_DOWN_PLAYERS)
    view = own_romme_view(game, 1, LAY_DOWN_DECISION)
    assert lays_down(view) and moves_of(view) is None
    client.get("/?lang=en")
    match_id, led = own_romme_puzzle(
        app, client, None, LAY_DOWN_DECISION, LAY_DOWN_SEED, LAY_DOWN_PLAYERS
    )
    assert led == ""
    html = client.get(f"/puzzles/from/{match_id}/1/{LAY_DOWN_DECISION}").get_data(as_text=True)
    said = 'data-puzzle="none" data-why="never">A meld could be laid out here: such a turn is'
    assert said in html
    assert "No single move is clearly best" not in html
    assert _puzzles(app) == []


def test_romme_puzzles_show_only_what_their_player_saw(app: Flask, client: FlaskClient) -> None:
    romme_bank(app)
    for puzzle in _puzzles(app):
        seen = romme_seen_at(romme_bank_view(puzzle.source))
        assert not leaked(client, puzzle.id, seen, named_cards), puzzle.source
    _match_id, led = own_romme_puzzle(app, client, None, 5)
    seen = romme_seen_at(own_romme_view(own_romme_game(), 1, 5))
    assert not leaked(client, int(led.rsplit("/", 1)[1]), seen, named_cards)


def test_the_banks_matches_go_through_every_table_size_and_level() -> None:
    levels = ("easy", "normal", "expert")
    romme_tables = [seating(i, ["romme"], (2, 3, 4), levels) for i in range(10)]
    assert romme_tables == [
        ("romme", ("easy", "easy")),
        ("romme", ("easy", "easy", "easy")),
        ("romme", ("easy",) * 4),
        ("romme", ("normal", "easy")),
        ("romme", ("normal", "easy", "easy")),
        ("romme", ("normal", "easy", "easy", "easy")),
        ("romme", ("expert", "easy")),
        ("romme", ("expert", "easy", "easy")),
        ("romme", ("expert", "easy", "easy", "easy")),
        ("romme", ("easy", "normal")),
    ]
    gin = ["standard", "classic"]  # one number of seats: Gin Rummy's pairs, as before
    assert [seating(i, gin, (2,), levels)[1] for i in (0, 1, 2, 4, 6)] == [
        ("easy", "easy"),
        ("easy", "easy"),
        ("normal", "easy"),
        ("expert", "easy"),
        ("easy", "normal"),
    ]


GENERATE = [
    "puzzles",
    "generate",
    "--game",
    "romme",
    "--ruleset",
    "romme",
    "--matches",
    "1",
    "--hands",
    "1",
    "--seed",
    "3",
]
"""One match of Rommé's bank, seed 3: its first hand between two easy seats."""


def test_generate_fills_the_bank_with_one_games_puzzles(app: Flask, runner: FlaskCliRunner) -> None:
    made = runner.invoke(args=GENERATE)
    assert made.exit_code == 0, made.output
    kept = _puzzles(app)
    assert f"matches=1 candidates=24 kept={len(kept)} (" in made.output
    assert len(kept) == 11  # seed 3: two easy seats' first hand
    assert kept and {(p.game, p.ruleset) for p in kept} == {(ROMME, "romme")}
    assert {p.source.split(":")[3] for p in kept} == {"easy-easy"}  # match 0: two easy seats
    again = runner.invoke(args=GENERATE)
    assert "added=0 " in again.output and len(_puzzles(app)) == len(kept)
    for wrong in (
        ["--game", "chess"],
        ["--ruleset", "romme"],
        ["--game", "gin", "--ruleset", "romme"],
    ):
        refused = runner.invoke(args=["puzzles", "generate", "--matches", "1", *wrong])
        assert refused.exit_code == 2 and "Invalid value" in refused.output
