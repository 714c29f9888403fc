"""The engines' contract (``engine_common.contract``), checked the same way on every engine.

Each engine plays seeded matches of legal moves; at every step, for every seat:

- the snapshot goes through JSON and back to the same snapshot and the same views, and the
  match played on from the restored copy stays the match played on without it (at the steps
  that are powers of two, 1, 2, 4, 8, …, as OpenSpiel's random-play tests do: every step
  under ``FULL_TESTS=1``, tests/sizes.py);
- a view holds none of the cards hidden from that seat (other seats' hands and the stock,
  less the cards this hand's public record showed face up), and a stock draw names no card;
- every action ``legal_actions`` lists is accepted, and of the candidate actions below only
  those are: each refused one raises the engine's ``IllegalActionError`` and changes nothing.

Candidate actions (a bounded enumeration; every action the seat could name for Gin Rummy):

- Gin Rummy: the five bare actions, and discard, knock and gin with each of the 52 cards.
- Rommé: the four bare actions; a discard of each card held; a lay-off of each card held on
  each table meld and one past the last, at either end and at none; a joker swap of each
  card held on each of those melds; each meld listed, the same meld with its cards reversed,
  and 12 random sets of 3 to 5 cards held. Copies of a card and the jokers are
  interchangeable in Rommé and ``legal_actions`` lists each meld shape once, so an accepted
  action that is not listed must be a listed one with other copies (the same faces), or
  leave the match exactly as a listed one does (a lay-off naming the only end it fits).

This module is the one place these checks live for both engines.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass
from itertools import combinations
from typing import Any

import pytest

import gin_engine as gin
import romme_engine as romme
import romme_engine.ai as romme_bots
from engine_common import events
from engine_common.contract import HAND_OVER, MATCH_OVER
from engine_common.errors import IllegalActionError
from engine_common.refusals import Refusal
from gin_engine import ai as gin_bots
from gin_engine.ai.easy import easy_policy
from gin_engine.deck import stacked_deck
from romme_engine.melds import End
from tests.engine.romme_play import QUICK as ROMME_ONE_HAND
from tests.sizes import power_of_two, sized

NOT_IN_VIEW = {"results", "settlement", "standing", "ruleset"}
"""View fields about earlier hands (their cards were shown) and the rules."""


@dataclass(frozen=True)
class Engine:
    """How the shared checks reach one engine's own parts."""

    name: str
    module: Any
    card: type
    matches: list[Callable[[], Any]]
    """Fresh matches to play, each seeded."""
    hidden: Callable[[Any, int], set[Any]]
    """Where the cards hidden from a seat are: other seats' hands and the stock."""
    candidates: Callable[[Any, int, list[Any], random.Random], list[Any]]
    choose: Callable[[Any, list[Any], random.Random], Any]
    face: Callable[[Any], Any]
    """An action with each card replaced by its face, for engines with copies of a card."""
    positions: int
    """How many (position, seat) pairs to check."""
    kinds: set[type]
    """The action kinds the positions must reach."""
    make_bot: Callable[[str, random.Random], Any]


def gin_hidden(match: gin.Match, seat: int) -> set[gin.Card]:
    return {*match.hand.hands[1 - seat], *match.hand.stock}


def gin_candidates(match: gin.Match, seat: int, listed: list[Any], rng: random.Random) -> list[Any]:
    bare = [gin.TakeUpcard(), gin.PassUpcard(), gin.DrawStock(), gin.DrawDiscard(), gin.NextHand()]
    return bare + [kind(card) for kind in (gin.Discard, gin.Knock, gin.Gin) for card in gin.DECK]


def gin_choose(view: gin.PlayerView, listed: list[Any], rng: random.Random) -> Any:
    """Like ``easy`` three times in four, otherwise any legal move: hands end by knocks."""
    if rng.random() < 0.25 or view.phase is gin.Phase.HAND_OVER:
        return rng.choice(listed)
    return easy_policy(view, rng)


def gin_in_reach() -> gin.Match:
    """A hand whose non-dealer takes the upcard 8♦ and can go gin by discarding K♣."""
    deck = stacked_deck("2S 3S 4S 9H 9D 9C 5D 6D 7D KC", "KH QD JS TH 7C 6H 4H 3C KD QC", "8D")
    return gin.Match.new(gin.STANDARD, random.Random(0), deck=deck)


def romme_hidden(match: romme.Match, seat: int) -> set[romme.Card]:
    others = (c for s, held in enumerate(match.hand.hands) if s != seat for c in held)
    return {*others, *match.hand.stock}


def romme_candidates(
    match: romme.Match, seat: int, listed: list[Any], rng: random.Random
) -> list[Any]:
    held = sorted(match.hand.hands[seat])
    melds = range(len(match.hand.table) + 1)
    found: list[Any] = [romme.DrawStock(), romme.TakeDiscard(), romme.TakeBack(), romme.NextHand()]
    found += [romme.Discard(c) for c in held]
    found += [romme.LayOff(c, i, end) for c in held for i in melds for end in (None, *End)]
    found += [romme.SwapJoker(c, i) for c in held for i in melds]
    laid = [a for a in listed if isinstance(a, romme.LayMeld)]
    found += [romme.LayMeld(tuple(reversed(a.cards))) for a in laid]
    sets = [s for size in (3, 4, 5) for s in combinations(held, size)]
    found += [romme.LayMeld(s) for s in rng.sample(sets, min(12, len(sets)))]
    return found + laid


def romme_choose(view: romme.PlayerView, listed: list[Any], rng: random.Random) -> Any:
    """Any legal move, leaning towards laying cards out so hands end."""
    laying = [a for a in listed if not isinstance(a, romme.Discard | romme.TakeBack)]
    discards = [a for a in listed if isinstance(a, romme.Discard)]
    if view.phase is romme.Phase.PLAY and laying and (rng.random() < 0.8 or not discards):
        return rng.choice(laying)
    return rng.choice(discards or listed)


def romme_face(action: Any) -> Any:
    def face(value: Any) -> Any:
        if isinstance(value, romme.Card):
            return value.kind
        if isinstance(value, tuple):
            return tuple(face(v) for v in value)
        return value

    return (type(action), *(face(getattr(action, f.name)) for f in fields(action)))


GIN_RULES = (gin.STANDARD, gin.HU, gin.QUICK, gin.HU_RACE, gin.CLASSIC)

ENGINES = [
    Engine(
        name="gin",
        module=gin,
        card=gin.Card,
        matches=[
            gin_in_reach,
            *(lambda seed=seed: gin.Match.new(GIN_RULES[seed % 5], random.Random(seed))
              for seed in range(15)),
        ],
        hidden=gin_hidden,
        candidates=gin_candidates,
        choose=gin_choose,
        face=lambda action: action,
        positions=sized(1000, 5000),  # every kind of move, hundreds of times each
        kinds={gin.TakeUpcard, gin.PassUpcard, gin.DrawStock, gin.DrawDiscard, gin.NextHand,
               gin.Discard, gin.Knock, gin.Gin},
        make_bot=gin_bots.make_bot,
    ),
    Engine(
        name="romme",
        module=romme,
        card=romme.Card,
        matches=[
            lambda seed=seed: romme.Match.new(
                romme.ROMME if seed % 4 == 0 else ROMME_ONE_HAND, 2 + seed % 3, random.Random(seed)
            )
            for seed in range(12)
        ],
        hidden=romme_hidden,
        candidates=romme_candidates,
        choose=romme_choose,
        face=romme_face,
        positions=sized(500, 1500),
        kinds={romme.DrawStock, romme.TakeDiscard, romme.LayMeld, romme.LayOff,
               romme.SwapJoker, romme.TakeBack, romme.Discard, romme.NextHand},
        make_bot=romme_bots.make_bot,
    ),
]


def seats_to_act(match: Any) -> int:
    return match.turn if match.turn is not None else 0


def restored(match: Any, engine: Engine) -> Any:
    return engine.module.Match.from_dict(json.loads(json.dumps(match.to_dict())))


def played(engine: Engine, only: int | None = None) -> Iterator[tuple[Any, Any]]:
    """(match, its twin played straight) at every step of the engine's seeded matches (or of
    match number ``only``): the match is replaced by its restored snapshot before each move
    whose step is a power of two (every move under ``FULL_TESTS=1``), the twin never is."""
    for number, make in enumerate(engine.matches):
        if only is not None and number != only:
            continue
        match, straight, rng = make(), make(), random.Random(number)
        steps = 0
        while True:
            yield match, straight
            if match.is_over:
                break
            seat = seats_to_act(match)
            listed = match.legal_actions(seat)
            action = engine.choose(match.view(seat), listed, rng)
            if power_of_two(steps + 1):
                match = restored(match, engine)
            match.apply(seat, action)
            straight.apply(seat, action)
            steps += 1
            assert steps < 3000, "the match runs on for ever"


def cards_in(value: Any, card: type) -> Iterator[Any]:
    """Every card a view (or a part of one) holds, however deep."""
    if isinstance(value, card):
        yield value
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from cards_in(item, card)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            if f.name not in NOT_IN_VIEW:
                yield from cards_in(getattr(value, f.name), card)


def check_view(engine: Engine, match: Any, seat: int) -> None:
    view = match.view(seat)
    seen_face_up = {e.card for e in match.hand.history if e.card is not None}
    hidden = engine.hidden(match, seat) - seen_face_up
    assert not set(cards_in(view, engine.card)) & hidden
    assert all(e.card is None for e in view.history if e.move == events.DRAW_STOCK)


def check_actions(engine: Engine, match: Any, seat: int, rng: random.Random) -> set[type]:
    """Every listed action is accepted, every other candidate refused without a change."""
    before = match.to_dict()
    listed = match.legal_actions(seat)
    faces, outcomes = {engine.face(a) for a in listed}, []
    for action in listed:
        trial = engine.module.Match.from_dict(before)
        trial.apply(seat, action)  # must not raise
        outcomes.append(trial.to_dict())
    if match.is_over or (match.phase != HAND_OVER and seat != match.turn):
        assert listed == []
    work = engine.module.Match.from_dict(before)  # refusals are tried on it; it must not move
    for action in engine.candidates(match, seat, listed, rng):
        if action in listed:
            continue
        try:
            work.apply(seat, action)
        except IllegalActionError as refusal:
            assert isinstance(refusal, engine.module.IllegalActionError)
            assert refusal.reason in {*engine.module.Refusal, *engine.module.Reason}
            continue
        after = work.to_dict()
        work = engine.module.Match.from_dict(before)
        assert engine.face(action) in faces or after in outcomes, (
            f"{action} was accepted but not listed"
        )
    assert work.to_dict() == before, "a refused action changed the match"
    return {type(a) for a in listed}


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_random_legal_play_round_trips_through_snapshots(engine: Engine):
    ended, step, playing = 0, 0, None
    for match, straight in played(engine):
        step = step + 1 if straight is playing else 1
        playing = straight
        if not (power_of_two(step) or match.is_over):
            continue
        again = restored(match, engine)
        assert again.to_dict() == match.to_dict() == straight.to_dict()
        assert json.loads(json.dumps(match.to_dict())) == match.to_dict()
        for seat in range(match.players):
            assert again.view(seat) == match.view(seat)
        ended += match.is_over
    assert ended == len(engine.matches)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_views_hold_no_hidden_card_and_no_stock_order(engine: Engine):
    for match, _ in played(engine):
        if match.phase in (HAND_OVER, MATCH_OVER):
            continue  # the hand's result shows every hand
        for seat in range(match.players):
            check_view(engine, match, seat)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_apply_accepts_exactly_the_listed_actions(engine: Engine):
    rng = random.Random(1)
    checked, kinds = 0, set()
    for match, _ in played(engine):
        for seat in range(match.players):
            kinds |= check_actions(engine, match, seat, rng)
            checked += 1
        if checked >= engine.positions:
            break
    assert checked >= engine.positions
    assert kinds == engine.kinds  # the positions reached every kind of move


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_an_ended_match_accepts_nothing(engine: Engine):
    *_, (match, _) = played(engine, only=3)  # a short one: Gin Rummy's quick, one Rommé hand
    assert match.is_over and match.settlement is not None
    assert match.settlement.winners and len(match.settlement.totals) == match.players
    for seat in range(match.players):
        assert match.legal_actions(seat) == []
        with pytest.raises(engine.module.IllegalActionError) as refusal:
            match.apply(seat, engine.module.NextHand())
        assert refusal.value.reason is engine.module.Refusal.MATCH_OVER


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_every_game_asks_who_may_move_first(engine: Engine):
    """``engine_common.turns``: the same first checks with the same codes, raised as the
    engine's own error; a computer player deals on between hands."""
    match = engine.matches[0]()
    to_act = match.turn
    waiting = (to_act + 1) % match.players
    before = match.to_dict()
    move = match.legal_actions(to_act)[0]
    for seat, action, reason in (
        (waiting, move, Refusal.NOT_YOUR_TURN),
        (to_act, engine.module.NextHand(), Refusal.HAND_NOT_OVER),
    ):
        with pytest.raises(engine.module.IllegalActionError) as refusal:
            match.apply(seat, action)
        assert refusal.value.reason is reason
    with pytest.raises(engine.module.IllegalActionError) as refusal:
        engine.make_bot("easy", random.Random(0)).choose(match.view(waiting))
    assert str(refusal.value) == "not-your-turn: easy bot asked out of turn"
    assert match.to_dict() == before
    between = next(m for m, _ in played(engine) if m.phase == HAND_OVER)
    bot = engine.make_bot("easy", random.Random(0))
    assert bot.choose(between.view(0)) == engine.module.NextHand()


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_a_preset_is_looked_up_by_name_alike(engine: Engine):
    name = next(iter(engine.module.PRESETS))
    assert engine.module.preset(name) is engine.module.PRESETS[name]
    with pytest.raises(engine.module.InvalidInputError, match="^unknown ruleset: 'nope'$"):
        engine.module.preset("nope")
    data = engine.matches[0]().to_dict()
    data["rules"] = "nope"
    with pytest.raises(engine.module.InvalidInputError, match="unknown ruleset: 'nope'"):
        engine.module.Match.from_dict(data)


def test_the_refusal_codes_every_game_knows_are_written_once():
    assert gin.Refusal is romme.Refusal is Refusal
    assert [r.value for r in Refusal] == [
        "not-your-turn", "wrong-phase", "draw-first", "already-drew", "not-in-hand",
        "discard-pile-empty", "cannot-discard-taken-card", "hand-not-over", "match-over",
    ]  # stored in the database and in addresses: the values never change
    for own in (gin.Reason, romme.Reason):
        assert not {r.value for r in own} & {r.value for r in Refusal}
        assert not {r.name for r in own} & {r.name for r in Refusal}


def test_the_move_letters_every_game_shares_are_written_once():
    assert (events.DRAW_STOCK, events.DISCARD) == ("s", "x")  # stored in every hand's history
    for move in (gin.Move, romme.Move):
        assert (move.DRAW_STOCK.value, move.DISCARD.value) == (events.DRAW_STOCK, events.DISCARD)


def test_a_gin_match_has_two_seats_and_says_so():
    with pytest.raises(gin.InvalidInputError):
        gin.Match.new(gin.STANDARD, rng=random.Random(0), players=3)
    assert gin.Match.new(gin.STANDARD, rng=random.Random(0), players=2).players == 2
    assert romme.Match.new(romme.ROMME, rng=random.Random(0), players=4).players == 4


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_the_fairness_data_is_read_through_the_match_not_its_snapshot(engine: Engine):
    """``seed``, ``player_seed``, ``deals`` and ``given_deals`` (what the fairness panel and
    ``/verify`` need) survive the snapshot, and ``deals`` counts the hands dealt: the hands
    finished, plus the one being played."""
    for match, _ in played(engine, only=3):
        back = restored(match, engine)
        assert (back.seed, back.player_seed, back.deals, back.given_deals) == (
            match.seed, match.player_seed, match.deals, match.given_deals)
        between = str(match.phase) in (HAND_OVER, MATCH_OVER)
        assert match.deals == len(match.results) + (0 if between else 1)
        assert not match.given_deals
    typed = gin.Match.new(gin.STANDARD, random.Random(1), player_seed="mine")
    assert (typed.player_seed, restored(typed, ENGINES[0]).player_seed) == ("mine", "mine")
    given = gin.Match.new(gin.STANDARD, random.Random(1), deck=stacked_deck([], [], "AS"))
    assert set(restored(given, ENGINES[0]).given_deals) == {1}
