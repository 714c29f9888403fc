"""One decision, two users: the hint shows exactly the expert's move, and its numbers agree."""

import random

from gin_engine import CLASSIC, STANDARD, Match, Phase, legal_actions
from gin_engine.ai import Reason, Unit, decide, hint, make_bot
from gin_engine.ai.decide import Decision, Estimate, expert_policy
from tests.engine.engine_play import Wanderer
from tests.sizes import sized

VIEWS = sized(2_500, 10_000)
"""2,500 views still reach every reason asserted below, with hundreds of compared estimates;
FULL_TESTS=1 asks the 10,000 of before."""



def ranks_first(decision: Decision, estimate: Estimate) -> bool:
    """Whether ``estimate`` is at least as good as every other move ``decision`` compared."""
    if decision.unit is Unit.POINTS:
        return all(estimate.value >= e.value for e in decision.estimates)
    return all(estimate.value <= e.value for e in decision.estimates)

def _views(count):
    """Views of both players from seeded play: easy's moves, a quarter of them at random."""
    seed = 0
    while True:
        match = Match.new(CLASSIC if seed % 2 else STANDARD, random.Random(seed))
        wanderer = Wanderer(random.Random(seed))
        while match.phase is not Phase.MATCH_OVER:
            seat = match.to_act
            view = match.view(seat)
            if view.phase is not Phase.HAND_OVER:
                yield view
                count -= 1
                if count == 0:
                    return
            match.apply(seat, wanderer.choose(view))
        seed += 1


def test_the_hint_is_the_expert_move_and_its_estimates_rank_that_move_first():
    reasons = set()
    compared = 0
    for n, view in enumerate(_views(VIEWS)):
        shown = hint(view, random.Random(n))
        assert expert_policy(view, random.Random(n)) == shown.action
        assert make_bot("expert", random.Random(n)).choose(view) == shown.action
        assert shown.action in legal_actions(view)
        reasons.add(shown.reason)
        if shown.estimates:
            compared += 1
            first = shown.estimates[0]
            assert first.action == shown.action
            assert ranks_first(shown, first), shown
            assert len({e.action for e in shown.estimates}) == len(shown.estimates)
    assert {Reason.KNOCK_NOW, Reason.PLAY_ON, Reason.DRAW_STOCK} <= reasons
    assert compared > VIEWS // 4


def test_knock_decision_compares_knocking_with_playing_on_in_points():
    for n, view in enumerate(_views(3000)):
        decision = decide(view, random.Random(n))
        if decision.reason in (Reason.KNOCK_NOW, Reason.PLAY_ON):
            assert decision.unit is Unit.POINTS
            kinds = {type(e.action).__name__ for e in decision.estimates}
            assert kinds == {"Knock", "Discard"}
            knock = next(e for e in decision.estimates if e.undercut_risk is not None)
            assert 0.0 <= knock.undercut_risk <= 1.0
