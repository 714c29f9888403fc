"""Match service: what the play and start views call, one function per player action.

Each action loads the stored match, applies the person's move with the engine, lets the
computer reply, and saves the new snapshot with a compare-and-set on the version that the
page was rendered from — one transaction. A stale version (a resubmitted form, the back
button, a second tab) raises `StaleMatchError` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from flask import session
from flask_login import current_user
from sqlalchemy.exc import IntegrityError

import gin_engine as engine
import romme_engine as romme
from gin_engine.ai import make_bot
from gin_engine.driver import Player, play_hand
from webapp import ranking
from webapp.extensions import db
from webapp.models import GIN, ROMME, MatchStatus
from webapp.romme import results as romme_results
from webapp.store import (
    MatchRecord,
    StaleMatchError,
    create_match,
    latest_running_match,
    load_match,
    running_matches,
    save_match,
)

_T = TypeVar("_T")

SESSION_MATCH_KEY = "match_id"
PERSON, COMPUTER = 0, 1
"""Seats: the person is seat 0; the computer deals the first hand (docs/rules.md §3)."""
# Tries of a start or an adoption that lost a race with another request of the same account
# (its running match changed under it, or the unique index saw a second running match).
RACE_RETRIES = 8
PLAYER_SEED_MAX = 64

_os_random = random.SystemRandom()


def viewer_id() -> int | None:
    """The logged-in account's id, or ``None`` for a guest."""
    return int(current_user.id) if current_user.is_authenticated else None


def start_match(
    ruleset_name: str, difficulty: str, owner: int | None, player_seed: str = ""
) -> MatchRecord:
    """Deal a new Gin Rummy match for this browser session and remember its id there.

    ``ruleset_name``, ``difficulty`` and ``player_seed`` were validated by the form; the
    match running until now ends as abandoned (`store_new_match`).
    """
    game = engine.Match.new(
        engine.preset(ruleset_name), _os_random, first_dealer=COMPUTER, player_seed=player_seed
    )
    computer_replies(game, difficulty)
    return store_new_match(GIN, ruleset_name, difficulty, game.to_dict(), owner)


def store_new_match(
    game: str, ruleset_name: str, difficulty: str, snapshot: dict[str, Any], owner: int | None
) -> MatchRecord:
    """Store a newly dealt match of ``game`` and make it this browser session's match.

    In the same transaction the match running until now (of either game) ends as abandoned:
    the account's (counted as a loss), or a guest's running match of this session.
    """

    def deal() -> MatchRecord:
        if owner is None:
            guest = running_match()
            if guest is not None:
                _abandon(guest)
        else:
            _abandon_running(owner)
        return create_match(
            game=game,
            ruleset=ruleset_name,
            difficulty=difficulty,
            snapshot=snapshot,
            owner_user_id=owner,
            commit=False,
        )

    record = _retry_races(deal)
    session[SESSION_MATCH_KEY] = record.id
    session.permanent = True
    return record


def _retry_races(step: Callable[[], _T]) -> _T:
    """Run ``step`` and commit; when a concurrent request of the same account won a race
    (a stale match, the one-running-match index), roll back and run it again."""
    for _attempt in range(RACE_RETRIES - 1):
        try:
            result = step()
            db.session.commit()
            return result
        except (StaleMatchError, IntegrityError):
            db.session.rollback()
    result = step()
    db.session.commit()
    return result


def _abandon(record: MatchRecord) -> None:
    """Mark ``record`` abandoned and count it (a loss for an owner); the caller commits."""
    record.status = MatchStatus.ABANDONED
    save_and_count(record, record.version, commit=False)


def _abandon_running(owner: int, keep: str | None = None) -> None:
    """End the account's running match (but ``keep``) as abandoned; the caller commits."""
    for record in running_matches(owner):
        if record.id != keep:
            _abandon(record)


def current_match() -> MatchRecord | None:
    """The active or just-finished match of this browser session, or ``None``.

    Only a match of whoever this session belongs to: the account's own when logged in, a
    guest's when not. A cookie copied before login or logout never reaches another's match.
    """
    match_id = session.get(SESSION_MATCH_KEY)
    if not isinstance(match_id, str):
        return None
    match = load_match(match_id)
    if match is None or match.status == MatchStatus.ABANDONED:
        return None
    if match.owner_user_id != viewer_id():
        return None
    return match


def running_match() -> MatchRecord | None:
    """The session's match if it is still being played."""
    match = current_match()
    return match if match is not None and match.status == MatchStatus.ACTIVE else None


def adoptable(record: MatchRecord) -> bool:
    """A guest's match becomes an account's only while its first hand is being played, so
    nobody can play as a guest and log in only once the match goes well (PRODUCT.md)."""
    if record.owner_user_id is not None or record.status != MatchStatus.ACTIVE:
        return False
    if record.game == ROMME:
        romme_game = romme.Match.from_dict(record.snapshot)
        return not romme_game.results and romme_game.hand.phase is not romme.Phase.HAND_OVER
    game = game_of(record)
    return not game.results and game.hand.phase is not engine.Phase.HAND_OVER


def adopt_guest_match(user_id: int) -> None:
    """On login: the account takes over this session's guest match if it may (`adoptable`).

    Adopting ends the account's other running match as abandoned, in the same transaction.
    Otherwise the session continues the account's own running match (from another device),
    if any; a guest match it cannot adopt stays a guest's, counted nowhere. The adoption
    bumps the version, so a page rendered before it is stale.
    """
    match_id = session.get(SESSION_MATCH_KEY)
    record = load_match(match_id) if isinstance(match_id, str) else None
    if record is not None and adoptable(record):
        guest = record

        def adopt() -> None:
            fresh = load_match(guest.id)
            if fresh is None or not adoptable(fresh):
                raise _NotAdoptable
            _abandon_running(user_id, keep=fresh.id)
            fresh.owner_user_id = user_id
            save_match(fresh, fresh.version, commit=False)

        try:
            _retry_races(adopt)
            return
        except _NotAdoptable:
            db.session.rollback()
    own = latest_running_match(user_id)
    if own is not None:
        session[SESSION_MATCH_KEY] = own.id
    else:
        session.pop(SESSION_MATCH_KEY, None)


class _NotAdoptable(Exception):
    """The guest match moved past its first hand (or ended) before it could be adopted."""


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
    save_and_count(record, version)


def save_and_count(record: MatchRecord, version: int, commit: bool = True) -> None:
    """Save with compare-and-set; a match that ends is counted, by its own game's statistics,
    in the same transaction."""
    ends = record.status != MatchStatus.ACTIVE
    save_match(record, version, commit=False)
    if ends:
        try:
            if record.game == ROMME:
                romme_results.record_end(record, romme.Match.from_dict(record.snapshot))
            else:
                ranking.record_end(record, game_of(record))
        except IntegrityError as counted:
            # Already counted: another writer ended this match first.
            db.session.rollback()
            raise StaleMatchError(record.id, version) from counted
    if commit:
        db.session.commit()


def change_difficulty(record: MatchRecord, version: int, difficulty: str) -> None:
    """Ask for another difficulty; it applies from the next hand (docs/rules.md §11)."""
    _check_active_at(record, version)
    record.pending_difficulty = None if difficulty == record.difficulty else difficulty
    save_match(record, version)


def computer_replies(game: engine.Match, difficulty: str) -> None:
    """The computer moves until it is the person's turn or the hand is over."""
    seats: list[Player | None] = [None, None]
    seats[COMPUTER] = make_bot(difficulty, _os_random)
    play_hand(game, seats)
