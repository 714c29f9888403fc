"""Rommé match service: start a match, play the person's move, let the computers reply.

The same guarantees as the Gin Rummy table (`webapp.play.service`), whose session, race and
counting helpers it uses: one running match per session or account (of either game), each
move applied by the engine and saved with a compare-and-set on the version the page was
drawn from, in one transaction with the statistics of a match that ends.
"""

from __future__ import annotations

import random

import romme_engine as romme
from romme_engine.ai import make_bot
from webapp import ranking
from webapp.models import ROMME, MatchStatus
from webapp.play.service import (
    current_match,
    save_and_count,
    store_new_match,
)
from webapp.store import MatchRecord, StaleMatchError

PERSON = 0
"""The person is seat 0; the computers sit at 1..n, play passes to seat + 1."""
MAX_COMPUTER_STEPS = 20_000
"""A bound on the computers' actions between two of the person's: bots always finish a
turn in a few dozen actions, so reaching it means a bug, not a long game."""

_os_random = random.SystemRandom()


def start_match(ruleset_name: str, opponents: int, difficulty: str, owner: int | None,
                player_seed: str = "") -> MatchRecord:
    """Deal a new Rommé match against ``opponents`` computers (all at ``difficulty``);
    ``player_seed``, if the person typed one, is mixed into every deal."""
    game = romme.Match.new(
        romme.preset(ruleset_name), opponents + 1, _os_random, player_seed=player_seed
    )
    computer_replies(game, difficulty)
    return store_new_match(ROMME, ruleset_name, difficulty, game.to_dict(), owner)


def game_of(record: MatchRecord) -> romme.Match:
    return romme.Match.from_dict(record.snapshot)


def current_romme() -> MatchRecord | None:
    """This session's match if it is a Rommé one (active or just finished)."""
    record = current_match()
    return record if record is not None and record.game == ROMME else None


def play(record: MatchRecord, version: int, action: romme.Action) -> None:
    """Apply the person's ``action`` at ``version``, then the computers' turns, and save.

    Raises `StaleMatchError` when the match is no longer at ``version`` and
    `romme_engine.IllegalActionError` when the rules refuse the move; either way nothing
    changes.
    """
    if record.version != version or record.status != MatchStatus.ACTIVE:
        raise StaleMatchError(record.id, version)
    game = game_of(record)
    game.apply(PERSON, action)  # first: a refused move leaves the record untouched
    if isinstance(action, romme.NextHand) and record.pending_difficulty:
        record.difficulty, record.pending_difficulty = record.pending_difficulty, None
        record.lowest_difficulty = ranking.easier(record.lowest_difficulty, record.difficulty)
    computer_replies(game, record.difficulty)
    record.snapshot = game.to_dict()
    if game.phase is romme.Phase.MATCH_OVER:
        record.status = MatchStatus.FINISHED
    save_and_count(record, version)


def computer_replies(game: romme.Match, difficulty: str) -> None:
    """The computers move until it is the person's turn or the hand (or match) is over."""
    bots = {seat: make_bot(difficulty, _os_random) for seat in range(1, game.players)}
    for _step in range(MAX_COMPUTER_STEPS):
        seat = game.turn
        if seat is None or seat == PERSON:
            return
        game.apply(seat, bots[seat].choose(game.view(seat)))
    raise RuntimeError("the computer players did not finish their turns")
