"""`romme_engine.verify` re-deals a Rommé match from its seed exactly as the match dealt it."""

import json
import random
import subprocess
import sys

import pytest

from engine_common.fairness import commitment, deal_seed
from romme_engine import ROMME, Match, Phase
from romme_engine.verify import deals, main

from .romme_play import random_action


def play_to_hand_over(match: Match, rng: random.Random) -> None:
    while match.phase is not Phase.HAND_OVER and match.phase is not Phase.MATCH_OVER:
        match.apply(*random_action(match, rng))


@pytest.mark.parametrize(("players", "player_seed"), [(2, ""), (3, "lucky 7"), (4, "天和")])
def test_every_hand_of_a_match_is_the_deal_the_seed_gives(players: int, player_seed: str):
    match = Match.new(ROMME, players, random.Random(players), player_seed=player_seed)
    rng = random.Random(1)
    dealt = []
    while True:
        dealt.append((match.hand.dealer, [list(h) for h in match.hand.hands],
                      list(reversed(match.hand.stock))))
        play_to_hand_over(match, rng)
        if match.phase is Phase.MATCH_OVER:
            break
        match.apply(0, random_action(match, rng)[1])  # the next hand
    found = deals(match.seed, player_seed, len(dealt), ROMME, players)
    assert len(dealt) == ROMME.hands
    for deal, (dealer, hands, stock) in zip(found, dealt, strict=True):
        assert deal.dealer == dealer
        assert [list(h) for h in deal.hands] == hands
        assert list(deal.stock) == stock


def test_the_player_seed_changes_the_deals_and_survives_a_snapshot():
    plain = Match.new(ROMME, 3, random.Random(5))
    mixed = Match.new(ROMME, 3, random.Random(5), player_seed="mine")
    assert plain.seed == mixed.seed and plain.hand.hands != mixed.hand.hands
    assert "player_seed" not in plain.to_dict()
    again = Match.from_dict(json.loads(json.dumps(mixed.to_dict())))
    assert again.player_seed == "mine" and again.to_dict() == mixed.to_dict()
    assert mixed.hand.shuffle_key == f"{deal_seed(mixed.seed, 'mine')}:1"


def test_the_command_prints_the_commitment_and_the_deals(capsys: pytest.CaptureFixture[str]):
    match = Match.new(ROMME, 3, random.Random(9), player_seed="x")
    assert main([match.seed, "x", "--players", "3", "--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert f"commitment (SHA-256 of the seed): {commitment(match.seed)}" in out
    seat1 = out.split("deal 1 (dealer: seat 2)\n", 1)[1].split("\n")[1]
    assert seat1.split(":", 1)[1].split() == [str(c) for c in match.hand.hands[1]]
    assert "deal 2 (dealer: seat 0)" in out
    ran = subprocess.run(
        [sys.executable, "-m", "romme_engine.verify", match.seed, "x", "--deals", "2"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert ran == out
