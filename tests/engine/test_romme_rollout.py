"""Rollouts for the Monte Carlo expert: sampled worlds agree with the view, copies are
independent, and the bot's choice depends on its view alone."""

import random

from romme_engine import ROMME, Match, Phase
from romme_engine.ai.levels import EXPERT
from romme_engine.ai.montecarlo import MonteCarlo
from romme_engine.ai.plan import step
from romme_engine.ai.rollout import clone, margin_utility, playout, sample_world
from romme_engine.cards import CARD_COUNT
from romme_engine.results import HandEnd


def mid_hand(seed, players=2, turns=9):
    """A match after ``turns`` expert turns of its first hand (some melds on the table)."""
    match = Match.new(ROMME, players, random.Random(seed))
    done = 0
    while done < turns:
        seat = match.hand.turn
        action = step(match.view(seat), EXPERT)[0]
        match.apply(seat, action)
        if match.phase is Phase.DRAW:
            done += 1
    assert match.phase is Phase.DRAW
    return match


def test_a_sampled_world_keeps_everything_the_view_shows_and_deals_the_rest():
    for seed in range(6):
        match = mid_hand(seed, players=2 + seed % 3)
        seat = match.hand.turn
        view = match.view(seat)
        world = sample_world(view, random.Random(seed))
        assert world is not None
        assert sorted(world.hands[seat]) == sorted(match.hand.hands[seat])
        assert world.table == match.hand.table and world.discard_pile == match.hand.discard_pile
        assert [len(h) for h in world.hands] == [len(h) for h in match.hand.hands]
        assert len(world.stock) == len(match.hand.stock)
        assert (world.turn, world.phase, world.opened) == (seat, Phase.DRAW, match.hand.opened)
        cards = world.all_cards()
        assert len(cards) == CARD_COUNT and len(set(cards)) == CARD_COUNT


def test_two_samples_deal_the_hidden_cards_differently():
    view = mid_hand(3).view(mid_hand(3).hand.turn)
    one = sample_world(view, random.Random(1))
    two = sample_world(view, random.Random(2))
    assert one is not None and two is not None
    assert one.stock != two.stock


def test_playing_a_copy_out_leaves_the_original_as_it_was():
    match = mid_hand(4)
    before = match.to_dict()
    result = playout(clone(match.hand), [EXPERT, EXPERT], match.scores)
    assert result is not None and result.winner is not None
    assert match.to_dict() == before


def test_a_rollout_stopped_at_its_horizon_charges_every_hand():
    match = mid_hand(5, turns=2)
    copy = clone(match.hand)
    result = playout(copy, [EXPERT, EXPERT], match.scores, horizon=1)
    assert result is not None and result.end is HandEnd.STOCK_OUT  # nobody went out yet
    assert result.penalties == result.hand_values
    assert [len(h) for h in result.hands] == [len(h) for h in copy.hands]
    assert margin_utility(0)(result) == result.penalties[1] - result.penalties[0]


def test_the_monte_carlo_choice_depends_on_the_view_alone():
    bot = MonteCarlo(worlds=3, top=3, near=20).style()
    match = mid_hand(6)
    seat = match.hand.turn
    other = 1 - seat
    # the same view with the hidden cards moved: swap a card of the other hand with the
    # stock's bottom card (nobody draws it this turn)
    twin = Match.from_dict(match.to_dict())
    hidden = twin.hand.hands[other]
    hidden[0], twin.hand.stock[0] = twin.hand.stock[0], hidden[0]
    assert twin.view(seat) == match.view(seat)
    assert twin.hand.hands[other] != match.hand.hands[other]
    steps = 0
    while match.hand.turn == seat and match.phase in (Phase.DRAW, Phase.PLAY):
        first = step(match.view(seat), bot)[0]
        assert step(twin.view(seat), bot)[0] == first
        assert step(match.view(seat), bot)[0] == first  # asked again: the same answer
        match.apply(seat, first)
        twin.apply(seat, first)
        steps += 1
    assert steps >= 2  # the draw and the discard at least
