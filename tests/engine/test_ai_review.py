"""复盘: each decision beside the Hint's move, both valued in points on the same sampled worlds."""

import json
import math
import random
from dataclasses import dataclass, field, replace

import pytest

from gin_engine import (
    PRESETS,
    STANDARD,
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    IllegalActionError,
    InvalidInputError,
    Knock,
    Match,
    PassUpcard,
    Phase,
    PlayerView,
    TakeUpcard,
    legal_actions,
)
from gin_engine.ai import Bot, hint, make_bot
from gin_engine.ai.base import hand_mask
from gin_engine.ai.decide import Reason
from gin_engine.ai.evaluate import reach_chances
from gin_engine.ai.expert import read
from gin_engine.ai.inference import danger
from gin_engine.ai.review import (
    ACCURACY_SCALE,
    LABELS,
    Kind,
    Label,
    MoveReview,
    Position,
    accuracy,
    is_decision,
    label,
    review_hand,
    review_move,
    summarise,
)
from gin_engine.ai.review_snapshot import decode_review, encode_review
from gin_engine.deck import stacked_deck
from gin_engine.driver import play
from gin_engine.replay import replay

THRESHOLD = dict(LABELS)


@dataclass
class Recorder:
    """Plays as ``bot`` (or as the Hint when None) and keeps each decision's view and move."""

    bot: Bot | None
    decisions: list[tuple[PlayerView, Action]] = field(default_factory=list)

    def choose(self, view: PlayerView) -> Action:
        if view.phase is Phase.HAND_OVER:
            return legal_actions(view)[0]
        action = hint(view).action if self.bot is None else self.bot.choose(view)
        if is_decision(view):
            self.decisions.append((view, action))
        return action


def _play(ruleset_name: str, seed: int, bot: Bot | None, hands: int = 1) -> Recorder:
    return _match(ruleset_name, seed, bot, hands)[1]


def _match(ruleset_name: str, seed: int, bot: Bot | None, hands: int) -> tuple[Match, Recorder]:
    person = Recorder(bot)
    match = Match.new(PRESETS[ruleset_name], random.Random(seed))
    play(match, [person, make_bot("normal", random.Random(seed))], hands=hands)
    return match, person


@pytest.mark.parametrize("ruleset_name", sorted(PRESETS))
def test_following_the_hint_loses_nothing_at_any_decision(ruleset_name):
    person = _play(ruleset_name, 7, None, hands=2)
    assert len(person.decisions) >= 10
    for view, action in person.decisions:
        review = review_move(view, action)
        assert review.expert == hint(view).action == action
        assert (review.loss, review.error, review.label) == (0.0, 0.0, Label.GOOD)
        assert review.played_value == review.expert_value
        assert review.matched and review.accuracy == 100.0


@pytest.mark.parametrize("ruleset_name", ["standard", "hu"])
def test_a_hand_review_rebuilt_from_the_stored_match_is_the_live_one(ruleset_name):
    match, person = _match(ruleset_name, 13, make_bot("easy", random.Random(2)), hands=2)
    stored = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    rebuilt = [review_hand(stored, n, 0) for n in (1, 2)]
    moves = [m for hand in rebuilt for m in hand.moves]
    assert [m.played for m in moves] == [a for _, a in person.decisions]
    assert moves == [review_move(v, a) for v, a in person.decisions]
    assert rebuilt[0].summary == summarise(rebuilt[0].moves)
    assert moves[0].position == Position.of(person.decisions[0][0])


def test_the_expert_move_is_the_hint_and_the_loss_is_never_negative():
    person = _play("standard", 11, make_bot("easy", random.Random(3)), hands=2)
    differed = 0
    for view, action in person.decisions:
        review = review_move(view, action)
        assert review.expert == hint(view).action
        assert review.played == action
        assert review.loss >= 0.0
        assert review.loss == pytest.approx(max(0.0, review.expert_value - review.played_value))
        assert review.label is label(review.loss, review.error)
        differed += not review.matched
    assert differed >= 3


def test_a_review_is_the_same_every_time():
    person = _play("hu", 5, make_bot("easy", random.Random(5)))
    for view, action in person.decisions[:6]:
        assert review_move(view, action) == review_move(view, action)


# The person (non-dealer) holds three low melds and the ten of clubs, and passes each low card
# to the computer, which takes them all; the person draws kings, queens, nines and the ten of
# hearts from the stock. At the end the computer's nine known cards are three melds, so with any
# tenth card its count is at most 10: a knock with 10 is undercut in every world.
_GIVEN = "2S 3S 4S 2H 3H 4H 2D 3D 4D".split()
_JUNK = "AC 5C 7H 6C 8S 5H 7D 6H 8D 5D".split()
_DRAWN = "KS KH KD QS QH QD 9S 9H 9D TH"


def _certain_undercut() -> PlayerView:
    deck = stacked_deck(" ".join([*_GIVEN, "TC"]), " ".join(_JUNK), "8C", _DRAWN)
    match = Match.new(STANDARD, random.Random(0), deck=deck)
    match.apply(0, PassUpcard())
    match.apply(1, PassUpcard())
    for given, junk in zip(_GIVEN, _JUNK, strict=False):
        match.apply(0, DrawStock())
        match.apply(0, Discard(Card.parse(given)))
        match.apply(1, DrawDiscard())
        match.apply(1, Discard(Card.parse(junk)))
    match.apply(0, DrawStock())
    view = match.view(0)
    assert len(view.opponent_known) == 9
    return view


def test_knocking_into_a_certain_undercut_is_a_blunder():
    view = _certain_undercut()
    assert hint(view).action == Discard(Card.parse("TC"))  # the Hint plays on
    review = review_move(view, Knock(Card.parse("TC")))
    assert review.kind is Kind.GO_OUT
    # the position as the person saw it: its own eleven cards, the pile top, what was taken
    assert review.position.hand == view.hand and len(view.hand) == 11
    assert review.position.pile_top == Card.parse(_JUNK[8])
    assert review.position.opponent_taken == tuple(sorted(Card.parse(c) for c in _GIVEN))
    assert review.position.stock == view.stock_count
    # every world undercuts: 25 and the difference, at least 25
    assert review.played_value <= -STANDARD.undercut_bonus
    assert review.loss > THRESHOLD[Label.BLUNDER] and review.loss > 2 * review.error
    assert review.label is Label.BLUNDER is label(review.loss, review.error)


def test_breaking_a_finished_meld_to_throw_one_of_its_cards_is_a_blunder():
    view = _certain_undercut()
    review = review_move(view, Discard(Card.parse("9S")))  # out of the set of nines
    assert review.played_value < review.expert_value
    assert review.loss > THRESHOLD[Label.BLUNDER] and review.loss > 2 * review.error
    assert review.label is Label.BLUNDER is label(review.loss, review.error)


def test_a_kept_set_broken_early_is_labelled_by_the_thresholds():
    # Hand one, the person's first turn after both passed the upcard: it holds a set of kings.
    match = Match.new(STANDARD, random.Random(0), deck=stacked_deck(
        "KS KH KD 2C 5C 7H 9D JS 3H 8C", "AS 4D 6S 8H TC QD 2H 5S 7C 9H", "JD", "QH"))
    match.apply(0, PassUpcard())
    match.apply(1, PassUpcard())
    match.apply(0, DrawStock())
    view = match.view(0)
    review = review_move(view, Discard(Card.parse("KS")))
    assert review.kind is Kind.DISCARD and review.loss > 0
    assert review.label is label(review.loss, review.error)
    assert review.label is not Label.GOOD


def test_a_move_within_noise_is_good():
    # the loss passes the inaccuracy threshold, but not twice its standard error
    loss = THRESHOLD[Label.INACCURACY] + 1.0
    assert label(loss, loss / 2) is Label.GOOD
    assert label(loss, loss / 2 - 0.01) is Label.INACCURACY
    # and in play: every differing move whose loss is within twice its error is good
    person = _play("classic", 3, make_bot("easy", random.Random(1)), hands=3)
    noisy = [
        r for r in (review_move(v, a) for v, a in person.decisions)
        if not r.matched and 0 < r.loss <= 2 * r.error
    ]
    assert noisy
    assert all(r.label is Label.GOOD for r in noisy)


def test_labels_follow_the_thresholds_worst_first():
    assert label(0.0, 0.0) is Label.GOOD
    assert label(THRESHOLD[Label.INACCURACY], 0.0) is Label.GOOD  # must exceed it
    assert label(THRESHOLD[Label.INACCURACY] + 0.01, 0.0) is Label.INACCURACY
    assert label(THRESHOLD[Label.MISTAKE] + 0.01, 0.0) is Label.MISTAKE
    assert label(THRESHOLD[Label.BLUNDER] + 0.01, 0.0) is Label.BLUNDER
    # a big loss within twice its error is no mistake at all
    big = THRESHOLD[Label.BLUNDER] + 1
    assert label(big, big / 2) is Label.GOOD
    assert label(big, big / 2 - 0.01) is Label.BLUNDER


def test_accuracy_and_summaries():
    assert accuracy(0.0) == 100.0
    assert accuracy(ACCURACY_SCALE) == pytest.approx(100 / math.e)
    seen = Position((), None, (), 31)
    good = MoveReview(seen, Kind.DRAW, DrawStock(), DrawStock(), 1.5, 1.5, 0.0, 0.0, Label.GOOD)
    lost = ACCURACY_SCALE
    bad = MoveReview(seen, Kind.UPCARD, TakeUpcard(), PassUpcard(), 2.0 - lost, 2.0, lost, 1.0,
                     label(lost, 1.0))
    summary = summarise([good, bad])
    assert (summary.decisions, summary.matched, summary.points_lost) == (2, 1, lost)
    assert summary.accuracy == pytest.approx((100 + 100 / math.e) / 2)
    assert summarise([]).accuracy is None


def test_only_decisions_are_reviewed():
    match = Match.new(STANDARD, random.Random(0), deck=stacked_deck(
        "KS KH KD 2C 5C 7H 9D JS 3H 8C", "AS 4D 6S 8H TC QD 2H 5S 7C 9H", "JD"))
    with pytest.raises(IllegalActionError):
        review_move(match.view(1), PassUpcard())  # not its turn
    with pytest.raises(IllegalActionError):
        review_move(match.view(0), DrawStock())  # not a legal move now
    match.apply(0, PassUpcard())
    match.apply(1, PassUpcard())
    assert not is_decision(match.view(0))  # the stock is the only draw
    match.apply(0, DrawStock())
    assert is_decision(match.view(0))
    review = review_move(match.view(0), Discard(Card.parse("JS")))
    assert review.kind is Kind.DISCARD


def test_a_knock_leaving_nothing_is_reviewed_as_gin():
    match = Match.new(STANDARD, random.Random(0), deck=stacked_deck(
        "2S 3S 4S 5H 6H 7H 9C 9D 9H KC", "AS 4D 6S 8H TC QD 2H 5D 7C JH", "5S"))
    match.apply(0, TakeUpcard())
    review = review_move(match.view(0), Knock(Card.parse("KC")))
    assert review.played == review.expert == Gin(Card.parse("KC"))
    assert review.loss == 0.0


def test_a_review_names_only_cards_the_person_could_see():
    # own cards, the pile, the opponent's taken cards: never a stock card or a hidden one
    for seed, ruleset_name in enumerate(["standard", "hu", "classic"]):
        match, _ = _match(ruleset_name, 20 + seed, make_bot("easy", random.Random(seed)), 2)
        for number in (1, 2):
            steps = [s for s in replay(match, number) if s.seat == 0 and is_decision(s.view)]
            hand = review_hand(match, number, 0)
            assert len(hand.moves) == len(steps)
            for step, move in zip(steps, hand.moves, strict=True):
                view = step.view
                seen = {*view.hand, *view.discard_pile, *view.opponent_known}
                named = {*move.position.hand, *move.position.opponent_taken}
                named |= {c for c in (move.position.pile_top,) if c is not None}
                named |= {getattr(a, "card", None) for a in (move.played, move.expert)} - {None}
                assert named <= seen


def test_a_stored_review_reads_back_equal():
    match, _ = _match("hu", 31, make_bot("easy", random.Random(4)), 1)
    review = review_hand(match, 1, 0)
    data = json.loads(json.dumps(encode_review(review)))
    assert decode_review(data) == review
    assert len(json.dumps(data, separators=(",", ":"))) < 300 * max(1, len(review.moves))
    differing = [m for m in review.moves if not m.matched]
    assert differing and all(m.why is not None for m in differing)  # the reasons read back
    assert all(m.why is None for m in review.moves if m.matched)
    for damage in (
        lambda d: d.update(v=9),
        lambda d: d.pop("m"),
        lambda d: d["m"][0].update(k="nap"),
        lambda d: d["m"][0].update(p="fly 7S"),
        lambda d: d["m"][0].update(h="7S8"),
    ):
        broken = json.loads(json.dumps(data))
        damage(broken)
        with pytest.raises(InvalidInputError):
            decode_review(broken)


def test_a_review_kept_in_the_first_format_reads_without_its_reasons():
    """Format 1 kept no reasons: it reads back with every figure as kept and ``why`` None."""
    match, _ = _match("standard", 21, make_bot("easy", random.Random(4)), 1)
    review = review_hand(match, 1, 0)
    data = json.loads(json.dumps(encode_review(review)))
    assert data["v"] == 2 and any("w" in m for m in data["m"])
    data["v"] = 1
    for move in data["m"]:
        move.pop("w", None)
    old = decode_review(data)
    assert all(m.why is None for m in old.moves)
    assert old == replace(review, moves=tuple(replace(m, why=None) for m in review.moves))


def test_a_reason_holds_the_hints_decision_and_the_played_moves_figures():
    view = _certain_undercut()
    knock = review_move(view, Knock(Card.parse("TC")))
    assert knock.why is not None and knock.why.advice == hint(view)  # the Hint's, whole
    assert knock.why.advice.reason is Reason.PLAY_ON
    # the hand: nines, queens and kings in sets, 10♥ and 10♣ deadwood (20)
    assert knock.why.advice.deadwood_before == 20
    assert knock.why.deadwood == 10 and knock.why.danger is None  # 10♥ left; no card face up
    assert knock.why.undercut_risk == 1.0  # every sampled world undercuts
    # playing on throws 10♣ and keeps 10♥: the chance that the next stock card lets it go gin
    assert knock.why.gin_chance == round(reach_chances(
        hand_mask(view) ^ Card.parse("TC").bit, read(view).draw_p, (0,))[0], 4) > 0
    nine = review_move(view, Discard(Card.parse("9S")))
    assert nine.why is not None and nine.why.deadwood == 38  # 9♥ 9♦ 10♥ 10♣ left unmelded
    assert nine.why.danger == round(danger(Card.parse("9S").index, read(view).hold), 4)
    same = review_move(view, hint(view).action)
    assert same.matched and same.why is None  # the expert's own move: nothing to explain


def test_fewer_worlds_make_a_cheaper_review_of_the_same_moves():
    view = _certain_undercut()
    knock = Knock(Card.parse("TC"))
    full, cheap = review_move(view, knock), review_move(view, knock, (2, 2))
    assert (cheap.played, cheap.expert, cheap.position) == (full.played, full.expert,
                                                            full.position)
    assert cheap.played_value <= -STANDARD.undercut_bonus  # every world undercuts
    assert cheap.label is label(cheap.loss, cheap.error)
    with pytest.raises(InvalidInputError):
        review_move(view, knock, (1, 16))
