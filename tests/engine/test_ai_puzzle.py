"""Puzzles (`gin_engine.ai.puzzle`): a puzzle's answer is the Hint's move and the best by value,
clearly ahead of every other legal move; any other position is no puzzle."""

from __future__ import annotations

import gin_engine as engine
from engine_common.puzzle import MoveValue
from gin_engine.actions import Discard, DrawDiscard, DrawStock
from gin_engine.ai import hint
from gin_engine.ai.base import hand_mask
from gin_engine.ai.puzzle import (
    Valuation,
    found_by,
    match_candidates,
    moves_of,
    puzzle_valuation,
    value_moves,
)
from gin_engine.ai.review import Kind, plain
from gin_engine.cards import Card


def _valuation(gap: float, error: float) -> Valuation:
    advice = hint(_first_view())
    return Valuation(Kind.DRAW, DrawStock(), advice, (
        MoveValue(DrawStock(), 5.0, 0.0, 0.0),
        MoveValue(DrawDiscard(), 5.0 - gap, gap, error),
    ))


def _first_view() -> engine.PlayerView:
    return next(match_candidates(engine.preset("standard"), 7, ("easy", "normal"), 1)).view


def test_clearly_best_needs_more_than_twice_the_error() -> None:
    assert not _valuation(4.0, 2.0).clearly_best
    assert _valuation(4.01, 2.0).clearly_best
    assert not _valuation(-1.0, 0.1).clearly_best  # the expert's move is not the best
    assert not _valuation(0.0, 0.0).clearly_best  # two equal moves: no single best


def test_every_legal_move_once_under_its_plain_name() -> None:
    for found in match_candidates(engine.preset("quick"), 11, ("normal", "expert"), 1):
        moves = moves_of(found.view)
        mine = hand_mask(found.view)
        assert len(set(moves)) == len(moves)
        assert set(moves) == {plain(mine, a) for a in engine.legal_actions(found.view)}


def test_a_puzzle_is_keyed_to_the_hints_move_and_clearly_best() -> None:
    kept = dropped = 0
    for found in match_candidates(engine.preset("standard"), 3, ("easy", "normal"), 1):
        view = found.view
        puzzle = puzzle_valuation(view)
        screen = value_moves(view, 0, 48)
        if puzzle is None:
            dropped += 1
            continue
        kept += 1
        assert screen.clearly_best
        assert puzzle.expert == plain(hand_mask(view), hint(view).action)
        assert puzzle.best == puzzle.expert
        assert all(m.gap > 2 * m.error for m in puzzle.moves if m.action != puzzle.expert)
    assert kept and dropped  # the hand has both, so the check has teeth


def test_equal_discards_are_never_a_puzzle() -> None:
    """Two discards that leave the same hand in every world differ by exactly 0."""
    for found in match_candidates(engine.preset("standard"), 5, ("easy", "expert"), 2):
        valued = value_moves(found.view, 0, 8)
        zero = [m for m in valued.moves if m.action != valued.expert and m.gap == 0]
        if zero:
            assert not valued.clearly_best
            assert puzzle_valuation(found.view) is None
            return
    raise AssertionError("no position with an equal move in these hands")


def test_the_levels_that_find_the_answer() -> None:
    view = _first_view()
    answer = plain(hand_mask(view), hint(view).action)
    finders = found_by(view, answer, ("easy", "normal", "expert"))
    assert "expert" in finders  # the expert plays the Hint's move
    assert found_by(view, Discard(Card.parse("AS")), ("easy",)) == ()


def test_a_match_gives_the_same_candidates_from_the_same_seed() -> None:
    def walk() -> list[tuple[int, int, str]]:
        return [(c.hand, c.step, c.level) for c in
                match_candidates(engine.preset("hu"), 4, ("easy", "expert"), 1)]

    assert walk() == walk()
    assert {level for _h, _s, level in walk()} == {"easy", "expert"}
