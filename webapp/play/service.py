"""Match service: what the play and start views call, one function per player action.

Each action loads the stored match, applies the person's move with the engine, lets the
computer reply, and saves the new snapshot with a compare-and-set on the version that the
page was rendered from — one transaction. A stale version (a resubmitted form, the back
button, a second tab) raises `StaleMatchError` and changes nothing.
"""

from __future__ import annotations

import random

from flask import session
from sqlalchemy.exc import IntegrityError

import gin_engine as engine
from gin_engine.ai import make_bot
from gin_engine.driver import Player, play_hand
from webapp import ranking
from webapp.extensions import db
from webapp.models import MatchStatus
from webapp.store import (
    MatchRecord,
    StaleMatchError,
    create_match,
    latest_running_match,
    load_match,
    save_match,
)

SESSION_MATCH_KEY = "match_id"
PERSON, COMPUTER = 0, 1
"""Seats: the person is seat 0; the computer deals the first hand (RULES §3)."""

_os_random = random.SystemRandom()


def start_match(ruleset_name: str, difficulty: str, owner: int | None) -> MatchRecord:
    """Deal a new match for this browser session and remember its id there.

    ``ruleset_name`` and ``difficulty`` were validated by the form. A match already running in
    this session is marked abandoned (it counts as a loss).
    """
    abandon_current()
    game = engine.Match.new(engine.preset(ruleset_name), _os_random, first_dealer=COMPUTER)
    computer_replies(game, difficulty)
    record = create_match(
        ruleset=ruleset_name, difficulty=difficulty, snapshot=game.to_dict(), owner_user_id=owner
    )
    session[SESSION_MATCH_KEY] = record.id
    session.permanent = True
    return record


def current_match() -> MatchRecord | None:
    """The active or just-finished match of this browser session, or ``None``."""
    match_id = session.get(SESSION_MATCH_KEY)
    if not isinstance(match_id, str):
        return None
    match = load_match(match_id)
    if match is None or match.status == MatchStatus.ABANDONED:
        return None
    return match


def running_match() -> MatchRecord | None:
    """The session's match if it is still being played."""
    match = current_match()
    return match if match is not None and match.status == MatchStatus.ACTIVE else None


def abandon_current() -> None:
    record = running_match()
    if record is None:
        return
    record.status = MatchStatus.ABANDONED
    game = game_of(record)
    try:
        _save_and_count(record, record.version, game)
    except StaleMatchError:
        pass  # it moved on meanwhile (finished in another tab): nothing to abandon


def adopt_guest_match(user_id: int) -> None:
    """On login: the account takes over this session's running guest match.

    With no match in the session, the account's own latest running match (from another
    device) is picked up instead. The adoption bumps the version, so a page rendered before
    it is stale rather than saving the match back without its owner.
    """
    record = current_match()
    if record is not None and record.owner_user_id not in (None, user_id):
        # Another account's match (it logged in here without logging out): not ours to play.
        session.pop(SESSION_MATCH_KEY, None)
        record = None
    if record is None or record.status != MatchStatus.ACTIVE:
        own = latest_running_match(user_id)
        if own is not None:
            session[SESSION_MATCH_KEY] = own.id
        return
    if record.owner_user_id is not None:
        return
    record.owner_user_id = user_id
    try:
        save_match(record, record.version)
    except StaleMatchError:
        pass  # finished or abandoned meanwhile: nothing left to adopt


def _check_active_at(record: MatchRecord, version: int) -> None:
    """`StaleMatchError` unless the match, as read in this transaction, is being played at
    ``version``. The save's compare-and-set catches anyone who saves it after this read."""
    if record.version != version or record.status != MatchStatus.ACTIVE:
        raise StaleMatchError(record.id, version)


def game_of(record: MatchRecord) -> engine.Match:
    return engine.Match.from_dict(record.snapshot)


def play(record: MatchRecord, version: int, action: engine.Action) -> None:
    """Apply the person's ``action`` to the match at ``version`` and the computer's replies.

    ``record`` is the match as read in this request. Raises `StaleMatchError` when the match
    is no longer at ``version`` (nothing changes) and `gin_engine.IllegalActionError` when the
    rules refuse the move (nothing changes, ``record`` included).
    """
    _check_active_at(record, version)
    game = game_of(record)
    game.apply(PERSON, action)  # first, so a refused move leaves the record untouched
    if isinstance(action, engine.NextHand) and record.pending_difficulty:
        record.difficulty, record.pending_difficulty = record.pending_difficulty, None
        record.lowest_difficulty = ranking.easier(record.lowest_difficulty, record.difficulty)
    computer_replies(game, record.difficulty)
    record.snapshot = game.to_dict()
    if game.phase is engine.Phase.MATCH_OVER:
        record.status = MatchStatus.FINISHED
    _save_and_count(record, version, game)


def _save_and_count(record: MatchRecord, version: int, game: engine.Match) -> None:
    """Save with compare-and-set; a match that ends is counted in the same transaction."""
    ends = record.status != MatchStatus.ACTIVE
    save_match(record, version, commit=False)
    if ends:
        try:
            ranking.record_end(record, game)
        except IntegrityError as counted:
            # Already counted: another writer ended this match first.
            db.session.rollback()
            raise StaleMatchError(record.id, version) from counted
    db.session.commit()


def change_difficulty(record: MatchRecord, version: int, difficulty: str) -> None:
    """Ask for another difficulty; it applies from the next hand (RULES §12)."""
    _check_active_at(record, version)
    record.pending_difficulty = None if difficulty == record.difficulty else difficulty
    save_match(record, version)


def computer_replies(game: engine.Match, difficulty: str) -> None:
    """The computer moves until it is the person's turn or the hand is over."""
    seats: list[Player | None] = [None, None]
    seats[COMPUTER] = make_bot(difficulty, _os_random)
    play_hand(game, seats)
