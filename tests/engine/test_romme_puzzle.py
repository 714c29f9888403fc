"""Rommé's puzzles (`romme_engine.ai.puzzle`) and every game's rule (`engine_common.puzzle`): a
puzzle's answer is the Hint's move and the best by value, clearly ahead of every other move; a
position whose moves include a lay-down is no candidate; any other position is no puzzle."""

from __future__ import annotations

import itertools
import random

import romme_engine as romme
from engine_common.puzzle import MoveValue, best, clearly_best, value_on_worlds
from romme_engine.actions import LayMeld, TakeBack
from romme_engine.ai import hint, make_bot
from romme_engine.ai.puzzle import (
    found_by,
    idle_melds,
    match_candidates,
    moves_of,
    puzzle_valuation,
    value_moves,
)
from romme_engine.ai.review import Kind, is_decision, move_key, same_move
from romme_engine.legal import legal_actions

LEVELS = ("easy", "normal", "expert")


def test_the_rule_needs_more_than_twice_the_error_and_no_equal_move() -> None:
    counter = itertools.count()
    # Three moves on four worlds: b is a's value less 1, 3, 1, 3 (gap 2, error 0.5774); c is
    # a's value exactly (gap 0): a is ahead of b by 3.46 errors but never clearly best.
    worlds = [10.0, 20.0, 30.0, 40.0]
    minus = [1.0, 3.0, 1.0, 3.0]

    def worth(world: int, move: str) -> float:
        base = worlds[world]
        return base - minus[world] if move == "b" else base

    found = value_on_worlds(("a", "b", "c"), "a", 4, lambda: next(counter), worth)
    a, b, c = found
    assert (a.value, a.gap, a.error) == (25.0, 0.0, 0.0)
    assert (b.value, b.gap) == (23.0, 2.0) and round(b.error, 4) == 0.5774
    assert (c.gap, c.error) == (0.0, 0.0)
    assert not clearly_best("a", found)
    assert clearly_best("a", found[:2]) and best(found[:2]) == "a"
    assert not clearly_best("a", (a, MoveValue("b", 23.0, 2.0, 1.0)))  # 2 errors: not more
    assert clearly_best("a", (a, MoveValue("b", 23.0, 2.0, 0.999)))
    assert not clearly_best("b", found[:2])  # the expert's move is not the best


def test_candidates_are_the_decisions_without_a_lay_down() -> None:
    seen = idle = 0
    for found in match_candidates(romme.preset("romme"), 7, LEVELS, 1):
        view = found.view
        moves = moves_of(view)
        assert moves is not None and len(moves) >= 2
        assert not any(isinstance(m, LayMeld | TakeBack) for m in moves)
        legal = {
            move_key(view.table, a)
            for a in legal_actions(view)
            if not isinstance(a, LayMeld | TakeBack)
        }
        assert {move_key(view.table, m) for m in moves} == legal  # each move once
        if any(isinstance(a, LayMeld) for a in legal_actions(view)):
            assert idle_melds(view)  # melds only to be taken back: no move
            idle += 1
        seen += 1
    assert (seen, idle) == (50, 15)


def test_a_step_that_may_open_is_no_candidate() -> None:
    game = romme.Match.new(romme.preset("romme"), 3, random.Random(9))
    bots = [make_bot("normal", random.Random(s)) for s in range(3)]
    left_out = 0
    while not game.results:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        if is_decision(view) and any(isinstance(a, LayMeld) for a in legal_actions(view)):
            if not idle_melds(view):
                assert moves_of(view) is None
                left_out += 1
        game.apply(seat, bots[seat].choose(view))
    assert left_out


def test_a_puzzle_is_keyed_to_the_hints_move_and_clearly_best() -> None:
    kept = dropped = 0
    kinds = set()
    for found in match_candidates(romme.preset("romme"), 1, LEVELS, 1):
        view = found.view
        puzzle = puzzle_valuation(view)
        if puzzle is None:
            dropped += 1
            continue
        kept += 1
        kinds.add(puzzle.kind)
        assert value_moves(view, 0, 24).clearly_best
        assert same_move(view.table, puzzle.expert, hint(view).action)
        assert puzzle.best == puzzle.expert
        assert all(m.gap > 2 * m.error for m in puzzle.moves if m.action != puzzle.expert)
        assert (puzzle.kind is Kind.DRAW) == (view.phase is romme.Phase.DRAW)
    assert kept and dropped  # the hand has both, so the check has teeth
    assert Kind.MELD not in kinds


def test_the_levels_that_find_the_answer() -> None:
    view = next(match_candidates(romme.preset("romme"), 3, LEVELS, 1)).view
    answer = hint(view).action
    finders = found_by(view, answer, LEVELS)
    assert "expert" in finders  # the expert plays the Hint's move
    for level in LEVELS:
        chosen = make_bot(level, random.Random(0)).choose(view)
        assert (level in finders) == same_move(view.table, chosen, answer)


def test_a_match_gives_the_same_candidates_from_the_same_seed() -> None:
    def walk() -> list[tuple[int, int, str]]:
        return [
            (c.hand, c.step, c.level)
            for c in match_candidates(
                romme.preset("romme"), 4, ("easy", "expert", "normal", "easy"), 1
            )
        ]

    assert walk() == walk()
    assert {level for _h, _s, level in walk()} == {"easy", "expert", "normal"}
