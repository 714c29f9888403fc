"""Snapshots: versioned compact JSON that restores the exact match."""

import json
import random
from pathlib import Path

import pytest

from gin_engine import (
    HU,
    STANDARD,
    DrawDiscard,
    IllegalActionError,
    InvalidInputError,
    Match,
    Phase,
    Ruleset,
    parse_action,
)
from gin_engine.ai.review import review_hand
from gin_engine.replay import replayable
from gin_engine.snapshot import SNAPSHOT_VERSION
from tests.engine.engine_play import play_match


def test_snapshot_is_json_and_round_trips():
    m = Match.new(STANDARD, random.Random(3))
    data = m.to_dict()
    assert data["v"] == SNAPSHOT_VERSION == 3
    again = Match.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data


def test_finished_standard_match_snapshot_stays_under_8_kb():
    # with every hand's moves kept for its review; the wandering players below play through
    # more dead hands than any bot or person
    sizes = []
    for seed in range(30):
        m = Match.new(STANDARD, random.Random(seed))
        play_match(m, random.Random(seed))
        assert m.phase is Phase.MATCH_OVER
        assert sorted(m.played) == list(range(1, len(m.results) + 1))
        sizes.append(len(json.dumps(m.to_dict(), separators=(",", ":"))))
    assert max(sizes) < 8000, sizes


def test_custom_ruleset_is_stored_in_full():
    rules = Ruleset(name="custom", target=60, gin_bonus=20)
    m = Match.new(rules, random.Random(1))
    assert Match.from_dict(m.to_dict()).ruleset == rules


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(v=99),
        lambda d: d.pop("hand"),
        lambda d: d["hand"].update(st=d["hand"]["st"][2:]),  # a card goes missing
        lambda d: d["hand"].update(ph="lunch"),
        lambda d: d.update(rules="no-such-rules"),
        lambda d: d["hand"]["hi"].append("9zz"),
        lambda d: d.update(played="0p 1p"),
        lambda d: d.update(played={"one": "0p 1p"}),
        lambda d: d.update(played={"1": "0p 1p 9zz"}),
        lambda d: d.update(decks={"1": "7S8"}),
    ],
)
def test_damaged_snapshots_are_input_errors(damage):
    data = Match.new(STANDARD, random.Random(2)).to_dict()
    damage(data)
    with pytest.raises(InvalidInputError):
        Match.from_dict(data)


def test_version_1_snapshots_load_and_play_on_identically():
    """``fixtures/snapshots_v1.json`` was recorded by the engine before snapshot v2: each case
    holds a v1 snapshot (two stop right after both players passed the upcard, when the first
    draw must come from the stock), the moves that followed, and how the match ended."""
    cases = json.loads((Path(__file__).parent / "fixtures" / "snapshots_v1.json").read_text())
    declined = 0
    for case in cases:
        assert case["snapshot"]["v"] == 1
        m = Match.from_dict(case["snapshot"])
        if not m.hand.upcard_takeable:
            declined += 1
            with pytest.raises(IllegalActionError):
                m.apply(m.hand.turn, DrawDiscard())
        for player, text in case["moves"]:
            m.apply(player, parse_action(*text.split()))
        assert m.settlement is not None
        assert list(m.scores) == case["scores"]
        assert (m.settlement.winner, list(m.settlement.totals)) == (
            case["winner"], case["totals"],
        )
        final = m.to_dict()
        expected = case["final"]
        assert final["v"] == SNAPSHOT_VERSION and expected["v"] == 1
        assert final["results"] == expected["results"]
        assert {k: v for k, v in final["hand"].items() if k != "ud"} == expected["hand"]
    assert declined == 2


def test_hu_snapshots_round_trip_with_shapes():
    for seed in range(30):
        m = Match.new(HU, random.Random(seed))
        play_match(m, random.Random(seed))
        data = json.loads(json.dumps(m.to_dict()))
        again = Match.from_dict(data)
        assert again.to_dict() == data
        assert again.results == m.results
        assert again.settlement == m.settlement


def test_version_2_snapshots_load_and_play_on_identically_their_hands_without_review():
    """``fixtures/snapshots_v2.json`` was recorded by the engine before snapshot v3: each case
    holds a v2 snapshot two hands into a match, the moves that followed and the final
    snapshot. The two hands it had finished kept no moves: they have no review; the hands
    finished after loading have one."""
    cases = json.loads((Path(__file__).parent / "fixtures" / "snapshots_v2.json").read_text())
    for case in cases:
        assert case["snapshot"]["v"] == 2
        m = Match.from_dict(case["snapshot"])
        assert not replayable(m, 1) and not replayable(m, 2)
        with pytest.raises(InvalidInputError):
            review_hand(m, 1, 0)
        for player, text in case["moves"]:
            m.apply(player, parse_action(*text.split()))
        final, expected = m.to_dict(), case["final"]
        assert list(m.scores) == case["scores"]
        assert expected["v"] == 2 and "played" not in expected
        assert {k: v for k, v in final.items() if k not in ("v", "played")} == {
            k: v for k, v in expected.items() if k != "v"
        }
        assert sorted(m.played) == list(range(3, len(m.results) + 1))
        assert review_hand(m, 3, 0).number == 3
