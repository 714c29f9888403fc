"""Every computer player and the hint answer every view a person can reach with a legal move.

A person may take a discard that lowers nothing, pass everything, keep high cards: the random
player below does any legal move with equal chance, and at each of its views every bot and the
hint are asked what they would do.
"""

import random
from dataclasses import dataclass

from gin_engine import CLASSIC, STANDARD, Action, Match, Phase, PlayerView, legal_actions
from gin_engine.ai import PLAYERS, hint, make_bot
from gin_engine.driver import play

HANDS = 2000


@dataclass
class Person:
    """Any legal move at random; before each, every bot and the hint are asked."""

    rng: random.Random
    views: int = 0

    def choose(self, view: PlayerView) -> Action:
        legal = legal_actions(view)
        if view.phase is not Phase.HAND_OVER:
            self.views += 1
            for level in PLAYERS:
                action = make_bot(level, random.Random(self.views)).choose(view)
                assert action in legal, (level, view.phase, action)
            assert hint(view, random.Random(self.views)).action in legal
        return self.rng.choice(legal)


def test_every_bot_and_the_hint_answer_a_random_person_for_two_thousand_hands():
    hands = 0
    seed = 0
    person = Person(random.Random(0))
    while hands < HANDS:
        match = Match.new(STANDARD if seed % 2 else CLASSIC, random.Random(seed))
        opponent = make_bot(PLAYERS[seed % len(PLAYERS)], random.Random(seed))
        play(match, (person, opponent))
        hands += len(match.results)
        seed += 1
    assert person.views > 10 * HANDS
