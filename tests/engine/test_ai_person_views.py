"""Every computer player and the hint answer every view a person can reach with a legal move.

A person may take a discard that lowers nothing, pass everything, keep high cards: the player
below makes any legal move at random half of the time (easy's move otherwise, so that hands
also reach the knocks and late stocks a real person reaches), and at each of its views every
bot and the hint are asked what they would do. The opponent knocks as soon as it may, which
keeps the hands, and the test, short.
"""

import random
import sys
from dataclasses import dataclass

from gin_engine import CLASSIC, STANDARD, Action, Match, Phase, PlayerView, legal_actions
from gin_engine.ai import PLAYERS, hint, make_bot
from gin_engine.ai.base import hand_mask, min_discard
from gin_engine.ai.easy import easy_policy
from gin_engine.driver import play
from gin_engine.melds import deadwood_mask
from tests.sizes import sized

# The hint crashed on a view after a take that lowered nothing (about one view in 40): 300
# hands reach about 1,800 views and 50 such takes, so a crash on them is met many times over.
HANDS = int(sys.argv[1]) if __name__ == "__main__" else sized(300, 2000)


@dataclass
class Person:
    """Any legal move at random, or easy's; before each, every bot and the hint are asked."""

    rng: random.Random
    views: int = 0
    useless_takes: int = 0

    def choose(self, view: PlayerView) -> Action:
        legal = legal_actions(view)
        if view.phase is Phase.HAND_OVER:
            return legal[0]
        self.views += 1
        if view.taken_card is not None:
            self.useless_takes += _lowered_nothing(view)
        for level in PLAYERS:
            action = make_bot(level, random.Random(self.views)).choose(view)
            assert action in legal, (level, view.phase, action)
        assert hint(view, random.Random(self.views)).action in legal
        if self.rng.random() < 0.5:
            return self.rng.choice(legal)
        return easy_policy(view, self.rng)


def _lowered_nothing(view: PlayerView) -> bool:
    """Whether the pile card just taken left the best count no lower than before."""
    assert view.taken_card is not None
    mask = hand_mask(view)
    return min_discard(mask, keep=view.taken_card)[0] >= deadwood_mask(mask ^ view.taken_card.bit)


def play_hands(hands: int) -> Person:
    person = Person(random.Random(0))
    played = seed = 0
    while played < hands:
        match = Match.new(STANDARD if seed % 2 else CLASSIC, random.Random(seed))
        opponent = make_bot(("easy", "simple")[seed % 2], random.Random(seed))
        play(match, (person, opponent))
        played += len(match.results)
        seed += 1
    return person


def test_every_bot_and_the_hint_answer_a_person_for_hundreds_of_hands():
    person = play_hands(HANDS)
    assert person.views > 5 * HANDS
    assert person.useless_takes > HANDS // 20  # the views that crashed the hint before


if __name__ == "__main__":
    import time

    start = time.process_time()
    done = play_hands(HANDS)
    print(done.views, done.useless_takes, f"{time.process_time() - start:.1f} s cpu")
