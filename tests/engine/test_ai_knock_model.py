"""The knock model: the expert's knock estimates are the model's figures of the sampled
position under gin-rummy scoring, and the sampled means themselves under 胡牌制."""

import random

import pytest

from gin_engine import CLASSIC, Card, Discard, DrawStock, Knock, Match, PassUpcard, Phase, preset
from gin_engine.ai import Reason, decide
from gin_engine.ai import knock_model as km
from gin_engine.ai.decide import (
    PLAY_ON_CARDS,
    opponent_knock_rule,
    opponent_stock_draws,
    sampled_positions,
)
from gin_engine.ai.evaluate import reach_chances
from gin_engine.ai.expert import discard_choice, read
from gin_engine.cards import parse_cards, to_mask
from tests.engine.engine_play import Wanderer


def _knock_choices(ruleset, count):
    """(view, seed) of the expert's knock-or-play-on choices in seeded play."""
    seed = 0
    while count:
        match = Match.new(ruleset, random.Random(seed))
        wanderer = Wanderer(random.Random(seed))
        while count and match.phase is not Phase.MATCH_OVER:
            seat = match.to_act
            view = match.view(seat)
            if view.phase is Phase.DISCARD:
                decision = decide(view, random.Random(seed))
                if decision.reason in (Reason.KNOCK_NOW, Reason.PLAY_ON):
                    yield view, seed, decision
                    count -= 1
            match.apply(seat, wanderer.choose(view))
        seed += 1


def _position(view, seed, decision, play_card=None):
    knock = next(e.action for e in decision.estimates if isinstance(e.action, Knock))
    play_on = next(e.action for e in decision.estimates if isinstance(e.action, Discard))
    # the same random stream as the decision's: the same sampled worlds, each card alone
    return sampled_positions(view, read(view), knock.card, [play_card or play_on.card],
                             random.Random(seed))[0]


def _values(decision):
    knock = next(e for e in decision.estimates if isinstance(e.action, Knock))
    play_on = next(e for e in decision.estimates if isinstance(e.action, Discard))
    return knock, play_on


def test_gin_rummy_estimates_are_the_models_worth_of_the_sampled_position():
    reasons, others = set(), set()
    for view, seed, decision in _knock_choices(CLASSIC, 80):
        ranked = discard_choice(view, read(view))
        knock, play_on = _values(decision)
        # the knock is read paired with the best discard by hand score; playing on is the
        # best of the first PLAY_ON_CARDS discards by hand score, each read on the same worlds
        weighed = ranked[:PLAY_ON_CARDS]
        positions = [_position(view, seed, decision, o.card) for o in weighed]
        assert knock.value == km.worth(positions[0])[0]
        plays = [km.worth(p)[1] for p in positions]
        chosen = plays.index(max(plays))
        assert play_on.value == max(plays)
        assert play_on.action == Discard(weighed[chosen].card)
        others.add(chosen)
        position = positions[chosen]
        assert _position(view, seed, decision) == position
        assert knock.undercut_risk == position.undercut
        assert position.stock == view.stock_count
        assert position.opponent_rule == opponent_knock_rule(view)
        assert position.knock_deadwood <= view.ruleset.knock_limit
        assert 0 <= position.gin_chance <= position.lower_chance <= 1
        reasons.add(decision.reason)
    assert reasons == {Reason.KNOCK_NOW, Reason.PLAY_ON}
    # every weighed card is chosen at times, not only the best by hand score
    assert others == set(range(PLAY_ON_CARDS))


def test_hu_estimates_are_the_sampled_means():
    assert not km.applies(preset("hu"))
    for view, seed, decision in _knock_choices(preset("hu"), 30):
        position = _position(view, seed, decision)
        knock, play_on = _values(decision)
        assert (knock.value, play_on.value) == (position.knock, position.play_on)


def test_the_features_and_the_weights():
    p = km.Position(knock=20.0, play_on=10.0, undercut=0.25, stock=15, opponent_draws=5,
                    opponent_known=2, knock_deadwood=5, play_on_deadwood=10, opponent_rule=10,
                    play_on_gain=2.5, gin_chance=0.1, lower_chance=0.4)
    expected = (1, 20, 10, 0.25, 1.5, 1, 2, 1, 2, 5, 0.25, 1.5, 1, 0.5, 1, 2, 0.5, 0.75)
    assert km.features(p) == pytest.approx(expected)
    knock, play_on = km.worth(p)
    assert knock == pytest.approx(sum(w * x for w, x in zip(km.KNOCK_WEIGHTS, expected,
                                                            strict=True)))
    assert play_on == pytest.approx(sum(w * x for w, x in zip(km.PLAY_ON_WEIGHTS, expected,
                                                              strict=True)))


def test_opponent_stock_draws_counts_only_the_opponents_stock_draws():
    match = Match.new(CLASSIC, random.Random(3))
    match.apply(match.to_act, PassUpcard())
    match.apply(match.to_act, PassUpcard())
    first = match.to_act
    assert opponent_stock_draws(match.view(1 - first)) == 0
    match.apply(first, DrawStock())
    match.apply(first, Discard(match.hand.hands[first][0]))
    assert opponent_stock_draws(match.view(1 - first)) == 1
    assert opponent_stock_draws(match.view(first)) == 0


def test_reach_chances_count_the_stock_cards_that_reach_each_count():
    # three melds and K♦ (deadwood 10): only 4♠, 8♣ and Q♣ go gin (K♦ thrown); any card
    # worth less than 10 lowers the count by replacing K♦, and Q♣ does by melding
    hand = to_mask(parse_cards("AS 2S 3S 4H 4D 4C 9C TC JC KD"))
    draw_p = {Card.parse(code).index: p for code, p in
              (("4S", 0.1), ("8C", 0.05), ("QC", 0.02), ("5H", 0.2), ("KS", 0.3), ("TH", 0.33))}
    gin, lower = reach_chances(hand, draw_p, (0, 9))
    assert gin == pytest.approx(0.1 + 0.05 + 0.02)
    assert lower == pytest.approx(0.1 + 0.05 + 0.02 + 0.2)
    assert reach_chances(hand, {}, (0, 9)) == (0.0, 0.0)
