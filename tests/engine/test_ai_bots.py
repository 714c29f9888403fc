"""Computer players: legal moves only, deterministic for a seed, blind to hidden cards."""

import random
from dataclasses import dataclass

import pytest

from gin_engine import (
    CLASSIC,
    STANDARD,
    Discard,
    DrawStock,
    Gin,
    Knock,
    Match,
    PassUpcard,
    Phase,
    TakeUpcard,
    driver,
    legal_actions,
)
from gin_engine.ai import LEVELS, Bot, make_bot
from gin_engine.ai.memory import remember
from gin_engine.cards import Card
from gin_engine.deck import stacked_deck
from gin_engine.errors import InvalidInputError
from gin_engine.melds import deadwood


@dataclass(frozen=True)
class Recorded:
    """A bot whose views and actions are checked and logged as it plays."""

    seat: int
    bot: Bot
    actions: list
    check: object

    def choose(self, view):
        action = self.bot.choose(view)
        if self.check:
            self.check(view, action)
        self.actions.append((self.seat, action))
        assert len(self.actions) < 20000
        return action


def play(levels, seed, ruleset=CLASSIC, check=None):
    """Play one match between two levels; returns the actions in order."""
    match = Match.new(ruleset, random.Random(seed))
    actions = []
    bots = [
        Recorded(i, make_bot(level, random.Random(f"{seed}:{i}")), actions, check)
        for i, level in enumerate(levels)
    ]
    driver.play(match, bots)
    return actions


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_plays_only_legal_actions_in_every_phase(level):
    phases = set()

    def check(view, action):
        assert action in legal_actions(view)
        phases.add(view.phase)

    for seed in range(4):
        opponent = LEVELS[seed % len(LEVELS)]
        play((level, opponent), seed, STANDARD if seed % 2 else CLASSIC, check)
    assert phases == {Phase.UPCARD, Phase.DRAW, Phase.DISCARD, Phase.HAND_OVER}


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_is_deterministic_for_a_seed(level):
    assert play((level, "simple"), 7) == play((level, "simple"), 7)


def test_unknown_level_is_refused():
    with pytest.raises(InvalidInputError):
        make_bot("grandmaster", random.Random(0))


def _scripted_opponent(view):
    """Player 1 in the hidden-card test: pass, draw from the stock, throw the drawn card."""
    if view.phase is Phase.UPCARD:
        return PassUpcard()
    if view.phase is Phase.DRAW:
        return DrawStock()
    return Discard(view.drawn_card)


@pytest.mark.parametrize("level", LEVELS)
def test_choice_is_the_same_for_two_states_with_the_same_view(level):
    person = "2S 3S 5S 9H 9D AC AD 8C TC JD"
    a = stacked_deck(person, "KH QD JS TH 7C 6D 4H 3C KD QC", "4C", "KC 2H 6S JH 5D 8H")
    b = stacked_deck(person, "KH QD JS TH 7C 6D 4H 3C KD JC", "4C", "KC 2H 6S JH 5D 8H")
    m1 = Match.new(STANDARD, random.Random(0), deck=a)
    m2 = Match.new(STANDARD, random.Random(0), deck=b)
    decisions = 0
    while m1.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD) and decisions < 12:
        player = m1.hand.turn
        v1, v2 = m1.view(player), m2.view(player)
        if player == 0:
            assert v1 == v2
            assert remember(v1) == remember(v2)
            first = make_bot(level, random.Random(3)).choose(v1)
            second = make_bot(level, random.Random(3)).choose(v2)
            assert first == second
            decisions += 1
        else:
            first = _scripted_opponent(v1)
        m1.apply(player, first)
        m2.apply(player, first)
    assert decisions >= 3


def _deal(person, upcard, computer="KH QD JS TH 7C 6D 4H 3C KD QC"):
    return Match.new(STANDARD, random.Random(0), deck=stacked_deck(person, computer, upcard))


def test_simple_takes_the_upcard_only_when_it_melds():
    simple = make_bot("simple", random.Random(0))
    melds = _deal("2S 3S 4S 5H 6H 7H 9C 9D KC QS", "9H")
    assert simple.choose(melds.view(0)) == TakeUpcard()
    # 8S sits next to nothing melded with it: 7S is missing and only one other 8
    useless = _deal("2S 3S 4S 5H 6H 7H 9C 9D KC QS", "8D")
    assert simple.choose(useless.view(0)) == PassUpcard()


def test_simple_knocks_as_soon_as_it_may():
    match = _deal("2S 3S 4S 5H 6H 7H 9C 9D KC QS", "9H")
    match.apply(0, TakeUpcard())
    action = make_bot("simple", random.Random(0)).choose(match.view(0))
    assert isinstance(action, Knock)
    assert action.card in (Card.parse("KC"), Card.parse("QS"))


def test_simple_goes_gin_when_it_can():
    match = _deal("2S 3S 4S 5H 6H 7H 9C 9D 9H KC", "5S")
    match.apply(0, TakeUpcard())
    assert make_bot("simple", random.Random(0)).choose(match.view(0)) == Gin(Card.parse("KC"))


def test_simple_discards_a_least_deadwood_card_never_the_taken_one():
    for seed in range(20):
        match = _deal("2S 3S 4S 5H 6H 9C 9D KC QS JD", "9H")
        match.apply(0, TakeUpcard())
        view = match.view(0)
        action = make_bot("simple", random.Random(seed)).choose(view)
        assert action.card != Card.parse("9H")
        left = deadwood([c for c in view.hand if c != action.card])
        assert left == min(deadwood([c for c in view.hand if c != x]) for x in view.hand)


def test_easy_knocks_whenever_legal():
    match = _deal("2S 3S 4S 5H 6H 7H 9C 9D KC QS", "9H")
    match.apply(0, TakeUpcard())
    assert isinstance(make_bot("easy", random.Random(0)).choose(match.view(0)), Knock)
