"""Replaying a finished hand from its deal and public moves gives back every view it had."""

import json
import random
from dataclasses import dataclass, field

import pytest

from gin_engine import (
    PRESETS,
    STANDARD,
    Action,
    Card,
    InvalidInputError,
    Match,
    Phase,
    PlayerView,
)
from gin_engine.ai import Bot, make_bot
from gin_engine.deck import stacked_deck
from gin_engine.driver import play
from gin_engine.hand import Event, Move
from gin_engine.replay import deck_of, replay, replayable


@dataclass
class Watched:
    """A bot whose every view and move (between hands too) is kept, hand by hand."""

    bot: Bot
    seen: dict[int, list[tuple[PlayerView, Action]]] = field(default_factory=dict)

    def choose(self, view: PlayerView) -> Action:
        action = self.bot.choose(view)
        if view.phase is not Phase.HAND_OVER:
            self.seen.setdefault(view.hand_number, []).append((view, action))
        return action


@pytest.mark.parametrize("ruleset_name", sorted(PRESETS))
def test_every_view_of_every_hand_comes_back(ruleset_name):
    for seed in range(3):
        seats = [Watched(make_bot("easy", random.Random(seed))),
                 Watched(make_bot("expert", random.Random(seed + 9)))]
        match = Match.new(PRESETS[ruleset_name], random.Random(seed), player_seed=f"p{seed}")
        play(match, seats, hands=4)
        match = Match.from_dict(json.loads(json.dumps(match.to_dict())))  # as the site keeps it
        for number in range(1, len(match.results) + 1):
            steps = replay(match, number)
            assert len(steps) == len(match.played[number])
            for seat, watched in enumerate(seats):
                mine = [(s.view, s.action) for s in steps if s.seat == seat]
                assert mine == watched.seen.get(number, [])


def test_a_stacked_deal_is_kept_and_replays():
    deck = stacked_deck("KS KH KD 2C 5C 7H 9D JS 3H 8C", "AS 4D 6S 8H TC QD 2H 5S 7C 9H", "JD")
    match = Match.new(STANDARD, random.Random(0), deck=deck)
    assert match.stacked == {1: tuple(deck)}
    play(match, [make_bot("normal", random.Random(1)), make_bot("normal", random.Random(2))],
         hands=1)
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    steps = replay(again, 1)
    dealt = "KS KH KD 2C 5C 7H 9D JS 3H 8C".split()
    assert steps[0].view.hand == tuple(sorted(Card.parse(c) for c in dealt))


def test_a_hand_in_play_or_with_other_moves_does_not_replay():
    match = Match.new(STANDARD, random.Random(4))
    assert not replayable(match, 1)
    with pytest.raises(InvalidInputError):
        replay(match, 1)
    play(match, [make_bot("normal", random.Random(1)), make_bot("normal", random.Random(2))],
         hands=1)
    assert replayable(match, 1) and not replayable(match, 2)
    moves = list(match.played[1])
    # a player draws from the stock, then "throws" the card on top of the pile: not its card
    at = next(
        i for i in range(2, len(moves))
        if moves[i - 1].move is Move.DRAW_STOCK and moves[i].move is Move.DISCARD
        and moves[i - 2].move is Move.DISCARD
    )
    stolen = Event(moves[at].player, Move.DISCARD, moves[at - 2].card)
    match.played[1] = (*moves[:at], stolen, *moves[at + 1:])
    with pytest.raises(InvalidInputError):
        replay(match, 1)
    # moves that stop short of the hand's end
    match.played[1] = tuple(moves[:at])
    with pytest.raises(InvalidInputError):
        replay(match, 1)
    match.played[1] = tuple(moves)
    assert len(replay(match, 1)) == len(moves)


def test_a_finished_hand_can_be_dealt_again_from_its_deck():
    """``deck_of`` gives the deck a hand was dealt from: a new match dealt from it, played with
    the hand's moves, ends as the hand did (its stock draws drew the same cards)."""
    match = Match.new(STANDARD, random.Random(8))
    play(match, [make_bot("easy", random.Random(1)), make_bot("normal", random.Random(2))],
         hands=2)
    for number in (1, 2):
        steps = replay(match, number)
        ended = match.results[number - 1]
        again = Match.new(STANDARD, random.Random(99), deck=deck_of(match, number),
                          first_dealer=ended.dealer)
        assert again.view(steps[0].seat).hand == steps[0].view.hand
        for step in steps:
            again.apply(step.seat, step.action)
        (result,) = again.results
        assert (result.end, result.scorer, result.points, result.knocker_melds) == (
            ended.end, ended.scorer, ended.points, ended.knocker_melds)
        assert again.stacked == {1: deck_of(match, number)}
    with pytest.raises(InvalidInputError):
        deck_of(match, 3)  # not dealt yet
