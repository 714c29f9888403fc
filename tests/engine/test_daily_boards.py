"""A daily's boards in the engines: Gin Rummy's ``MatchEnd.BOARDS`` (exactly that many hands,
every one dealt by the first dealer, a tie not played on) and the reply source of a daily
decision (`engine_common.fairness.reply_rng`)."""

from __future__ import annotations

import random
from dataclasses import replace

import gin_engine
from engine_common.fairness import reply_rng
from gin_engine.ai import make_bot
from gin_engine.ruleset import MatchEnd


def _boards(hands: int) -> gin_engine.Ruleset:
    return replace(gin_engine.preset("standard"), match_end=MatchEnd.BOARDS, hands=hands,
                   settlement=False)


def test_boards_play_exactly_their_number_each_dealt_by_the_first_dealer():
    for seed in range(12):
        match = gin_engine.Match.new(_boards(4), random.Random(seed), first_dealer=1)
        bots = [make_bot("easy", random.Random(seed)), make_bot("easy", random.Random(-seed))]
        while not match.is_over:
            seat = match.turn
            if seat is None:
                match.apply(0, gin_engine.NextHand())
                continue
            match.apply(seat, bots[seat].choose(match.view(seat)))
        assert len(match.results) == 4 and match.deals == 4
        assert [r.dealer for r in match.results] == [1, 1, 1, 1]
        scores = match.scores
        assert match.settlement is not None
        assert match.settlement.winner == (1 if scores[1] > scores[0] else 0)


def test_a_given_seed_deals_as_drawn_seeds_do():
    given = gin_engine.Match.new(_boards(4), random.Random(), first_dealer=1, seed="day")
    assert given.seed == "day"
    again = gin_engine.Match.new(_boards(4), random.Random(), first_dealer=1, seed="day")
    assert given.to_dict() == again.to_dict()


def test_a_reply_source_depends_on_the_seed_board_seat_and_history_only():
    first = [reply_rng("s", 1, 1, ("a", "b")).random() for _ in range(2)]
    assert first == [reply_rng("s", 1, 1, ("a", "b")).random() for _ in range(2)]
    others = {reply_rng(*key).random() for key in (
        ("t", 1, 1, ("a", "b")), ("s", 2, 1, ("a", "b")), ("s", 1, 2, ("a", "b")),
        ("s", 1, 1, ("a",)))}
    assert first[0] not in others and len(others) == 4
