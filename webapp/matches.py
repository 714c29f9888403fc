"""The match layer: every game's matches, as a browser session and an account hold them.

Both tables go through here, and it imports neither: what differs between games it asks the
registry (`webapp.games`). Each move loads the stored match, applies the person's action with
the engine, lets the computer seats reply, and saves the new snapshot with a compare-and-set on
the version the page was rendered from — one transaction, in which a match that ends is also
counted (`webapp.statistics.ranking.record_result`). A stale version (a resubmitted form, the back
button, a second tab) raises `StaleMatchError` and changes nothing.

A session or an account has one running match, of any game: dealing a new one ends the
running one as abandoned (a loss, if it was ranked) in the same transaction.

Ranked means dealt to a logged-in account (``matches.ranked``): only a ranked match is counted
when it ends — statistics, totals, ranking points, rating. A guest who logs in keeps playing
the same match under the account, unranked, so nobody can play as a guest and log in only
when winning. A practice match (a finished hand's deal dealt again, `start_practice`) is never
ranked, nor a daily's (每日一局, `start_daily`), which is scored against the field instead.

On a daily's board every computer decision draws from its own random source, made from the
day's seed, the board and the hand's public history (`engine_common.fairness.reply_rng`), so
the same moves meet the same replies whoever makes them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date
from typing import Any, TypeVar

from flask import session
from flask_login import current_user
from sqlalchemy.exc import IntegrityError

from engine_common.fairness import reply_rng
from webapp import games
from webapp.daily import scoring as daily_scoring
from webapp.extensions import db
from webapp.games import EngineMatch, Game, Player
from webapp.models import PERSON, MatchStatus
from webapp.start_form import StartForm
from webapp.statistics import ranking
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
# Tries of a start or an adoption that lost a race with another request of the same account
# (its running match changed under it, or the unique index saw a second running match: both
# `StaleMatchError`, `webapp.store`).
RACE_RETRIES = 8
MAX_COMPUTER_STEPS = 20_000
"""A bound on the computers' actions between two of the person's: bots always finish a
turn in a few dozen actions, so reaching it means a bug, not a long game."""

_os_random = random.SystemRandom()


def viewer_id() -> int | None:
    """The logged-in account's id, or ``None`` for a guest."""
    return int(current_user.id) if current_user.is_authenticated else None


def start(game: Game, form: StartForm, owner: int | None) -> MatchRecord:
    """Deal a new match of ``game`` as the validated start ``form`` asks, let the computer
    seats play up to the person's first move, and make it this browser session's match (the
    match running until now ends as abandoned, `store_new_match`)."""
    match = game.deal(form, _os_random)
    difficulty = str(form.difficulty.data)
    computer_replies(game, match, difficulty)
    return store_new_match(game, str(form.ruleset.data), difficulty, match.to_dict(), owner)


def start_practice(
    game: Game, ruleset_name: str, difficulty: str, match: EngineMatch, owner: int | None,
    practice_of: tuple[str, int],
) -> MatchRecord:
    """Like `start`, for a match already dealt: a practice of a finished hand's deal
    (``practice_of``: that match and hand, `webapp.review.practice`), unranked."""
    computer_replies(game, match, difficulty)
    return store_new_match(
        game, ruleset_name, difficulty, match.to_dict(), owner, practice_of=practice_of
    )


def start_daily(
    game: Game, seed: str, day: date, owner: int | None,
    then: Callable[[MatchRecord], None] | None = None,
) -> MatchRecord:
    """Deal ``game``'s daily of ``day`` from the day's ``seed`` and make it this session's
    match, unranked; ``then`` runs in the same transaction once the row is made (the
    account's attempt, `webapp.daily.views`)."""
    daily = game.daily
    assert daily is not None, "only a game with a daily deals one"
    match = daily.deal(seed)
    computer_replies(game, match, daily.level, daily=True)
    return store_new_match(
        game, daily.ruleset, daily.level, match.to_dict(), owner, daily=day, then=then
    )


def store_new_match(
    game: Game, ruleset_name: str, difficulty: str, snapshot: dict[str, Any], owner: int | None,
    *, practice_of: tuple[str, int] | None = None, daily: date | None = None,
    then: Callable[[MatchRecord], None] | None = None,
) -> MatchRecord:
    """Store a newly dealt match of ``game`` and make it this browser session's match: ranked
    when dealt to an account (``owner``), unless it is a practice (``practice_of``: the match
    and hand whose deal it deals again), which counts nowhere even for an account.

    In the same transaction the match running until now (of any game) ends as abandoned:
    the account's (counted as a loss if ranked), or a guest's running match of this session.
    """

    def deal() -> MatchRecord:
        if owner is None:
            guest = running_match()
            if guest is not None:
                _abandon(guest)
        else:
            _abandon_running(owner)
        made = create_match(
            game=game.key,
            ruleset=ruleset_name,
            difficulty=difficulty,
            snapshot=snapshot,
            owner_user_id=owner,
            practice_of=practice_of,
            daily=daily,
            commit=False,
        )
        if then is not None:
            then(made)
        return made

    record = _retry_races(deal)
    session[SESSION_MATCH_KEY] = record.id
    session.permanent = True
    return record


def _retry_races(step: Callable[[], _T]) -> _T:
    """Run ``step`` and commit; when a concurrent request of the same account won a race
    (a stale match, the one-running-match index: `StaleMatchError`), roll back and run it
    again. The last try's `StaleMatchError` is answered as a stale form (`table_views`)."""
    for _attempt in range(RACE_RETRIES - 1):
        try:
            result = step()
            db.session.commit()
            return result
        except StaleMatchError:
            db.session.rollback()
    result = step()
    db.session.commit()
    return result


def _abandon(record: MatchRecord) -> None:
    """Mark ``record`` abandoned and count it (a loss, if ranked); the caller commits."""
    record.status = MatchStatus.ABANDONED
    save_and_count(record, record.version, commit=False)


def _abandon_running(owner: int, keep: str | None = None) -> None:
    """End the account's running match (but ``keep``) as abandoned; the caller commits."""
    for record in running_matches(owner):
        if record.id != keep:
            _abandon(record)


def current_match(game: Game | None = None) -> MatchRecord | None:
    """The active or just-finished match of this browser session (only if it is ``game``'s,
    when given), or ``None``.

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
    if game is not None and match.game != game.key:
        return None
    return match


def running_match() -> MatchRecord | None:
    """The session's match if it is still being played."""
    match = current_match()
    return match if match is not None and match.status == MatchStatus.ACTIVE else None


def read(record: MatchRecord) -> Any:
    """The engine's match from the stored snapshot, by the record's game."""
    return games.of(record).read(record.snapshot)


def adoptable(record: MatchRecord) -> bool:
    """A guest's match still being played: an account that logs in takes it over, at any
    point of it, and it stays unranked (it was not dealt to the account)."""
    return record.owner_user_id is None and record.status == MatchStatus.ACTIVE


def guest_match_goes_on() -> bool:
    """This browser holds a guest's running match that logging in would keep going, unranked
    (the login and register pages say so before)."""
    if viewer_id() is not None:
        return False
    record = running_match()
    return record is not None and adoptable(record)


def adopt_guest_match(user_id: int) -> None:
    """On login: the account takes over this session's running guest match (`adoptable`),
    which goes on unranked.

    Adopting ends the account's other running match as abandoned (a loss, if ranked), in the
    same transaction. Otherwise the session continues the account's own running match (from
    another device), if any. The adoption bumps the version, so a page rendered before it is
    stale.
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
    """The guest match ended before it could be adopted."""


def check_active_at(record: MatchRecord, version: int) -> None:
    """`StaleMatchError` unless the match, as read in this transaction, is being played at
    ``version``. The save's compare-and-set catches anyone who saves it after this read."""
    if record.version != version or record.status != MatchStatus.ACTIVE:
        raise StaleMatchError(record.id, version)


def play(record: MatchRecord, version: int, action: object) -> range:
    """Apply the person's ``action`` to the match at ``version``, then the computer seats'
    replies, and save; the numbers of the hands this move finished (the engine's
    ``results`` before and after: a review is computed for each, `webapp.review`).

    ``record`` is the match as read in this request. Raises `StaleMatchError` when the match
    is no longer at ``version`` (nothing changes) and the engine's ``IllegalActionError`` when
    the rules refuse the move (nothing changes, ``record`` included).
    """
    check_active_at(record, version)
    game = games.of(record)
    match = read(record)
    before = len(match.results)
    match.apply(PERSON, action)  # first, so a refused move leaves the record untouched
    if isinstance(action, game.next_hand) and record.pending_difficulty:
        record.difficulty, record.pending_difficulty = record.pending_difficulty, None
        record.lowest_difficulty = ranking.easier(record.lowest_difficulty, record.difficulty)
    computer_replies(game, match, record.difficulty, daily=record.daily is not None)
    record.snapshot = match.to_dict()
    if match.is_over:
        record.status = MatchStatus.FINISHED
    save_and_count(record, version)
    return range(before + 1, len(match.results) + 1)


def save_and_count(record: MatchRecord, version: int, commit: bool = True) -> None:
    """Save with compare-and-set; a ranked match that ends is counted, by its game's
    statistics (`webapp.games`), in the same transaction, and so is an account's daily
    board as it ends (`webapp.daily.scoring.record`)."""
    ends = record.status != MatchStatus.ACTIVE
    save_match(record, version, commit=False)
    if record.daily is not None and record.owner_user_id is not None:
        daily_scoring.record(record, read(record))
    if ends and record.ranked and record.owner_user_id is not None:
        try:
            ranking.record_result(games.of(record).statistics(record, read(record)))
        except IntegrityError as counted:
            # Already counted: another writer ended this match first.
            db.session.rollback()
            raise StaleMatchError(record.id, version) from counted
    if commit:
        db.session.commit()


def change_difficulty(record: MatchRecord, version: int, difficulty: str) -> None:
    """Ask for another difficulty; it applies from the next hand (docs/rules.md §11)."""
    check_active_at(record, version)
    record.pending_difficulty = None if difficulty == record.difficulty else difficulty
    save_match(record, version)


def computer_replies(
    game: Game, match: EngineMatch, difficulty: str, *, daily: bool = False
) -> None:
    """The computer seats move, each a bot of ``difficulty``, until it is the person's turn or
    the hand (or the match) is over. On a daily (``daily``) each decision is `daily_choice`."""
    bots: dict[int, Player] = {}
    for _step in range(MAX_COMPUTER_STEPS):
        seat = match.turn
        if seat is None or seat == PERSON:
            return
        if daily:
            match.apply(seat, daily_choice(game, match, seat, difficulty))
            continue
        if seat not in bots:
            bots[seat] = game.make_bot(difficulty, _os_random)
        match.apply(seat, bots[seat].choose(match.view(seat)))
    raise RuntimeError("the computer players did not finish their turns")


def daily_choice(game: Game, match: EngineMatch, seat: int, level: str) -> Any:
    """The action of a bot of ``level`` in ``seat`` on a daily's board: its random source is
    made for this one decision from the day's seed (the match's), the board (the deal's
    number) and the hand's public history, so it is the same for everyone who got here by
    the same moves (bots keep no memory between decisions; what they remember they read
    from the view's public history, the contract's ``public_history``)."""
    rng = reply_rng(match.seed, match.deals, seat, match.public_history)
    return game.make_bot(level, rng).choose(match.view(seat))
