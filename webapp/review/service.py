"""复盘 on the site: who may see a hand's review, and computing it once.

A hand's review is computed when the hand ends, after the move's response has gone out (the
move never waits for it and never fails because of it), or else on the first view of its page,
and kept (`webapp.review.store`). A review that cannot be computed is logged, by exception
type only (`requestlog.exception_fields`: an engine error's text may quote cards), and its
page says it is unavailable. Hands finished under snapshot v1 or v2 kept no moves and simply
have no review. What a review is, the game says (its ``Review`` hook, `webapp.games`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from flask import Flask, current_app, session
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.wrappers import Response

from engine_common.luck import HandLuck
from webapp import games
from webapp.extensions import db
from webapp.matches import SESSION_MATCH_KEY, viewer_id
from webapp.models import PERSON
from webapp.puzzles.own import after_review
from webapp.requestlog import exception_fields
from webapp.review.store import keep_review, kept_review
from webapp.store import MatchRecord, load_match

log = logging.getLogger(__name__)

GUEST_MATCHES_KEY = "reviewable"
"""The session's list of the guest matches it played (newest last): a guest may open their
reviews after starting another match, which replaces the session's match."""
GUEST_MATCHES_KEPT = 5


class Availability(StrEnum):
    READY = "ready"
    NONE = "none"
    """The hand was finished before matches kept their moves (snapshot v1, v2)."""
    UNAVAILABLE = "unavailable"
    """Computing it failed; the failure is logged."""


@dataclass(frozen=True)
class Found:
    availability: Availability
    review: Any = None
    luck: HandLuck | None = None
    """The hand's luck, when the game measures it and it was computed."""


@dataclass(frozen=True)
class Reviewable:
    """A match whose reviews this viewer may see: its record, its game's review hook and
    the engine's ``Match``."""

    record: MatchRecord
    hook: games.Review
    match: Any


def reviewable_match(match_id: str) -> Reviewable | None:
    """The match ``match_id`` if its game has a review and this viewer may see it: the
    account that owns it, or the guest session that played it. ``None`` for anything else
    (no such match, someone else's, a game without a review), so that a page cannot tell
    another's match from none."""
    record = load_match(match_id)
    hook = None if record is None else games.of(record).review
    if record is None or hook is None:
        return None
    viewer = viewer_id()
    if record.owner_user_id is None:
        if viewer is not None or record.id not in _guest_matches():
            return None
    elif record.owner_user_id != viewer:
        return None
    return Reviewable(record, hook, games.of(record).read(record.snapshot))


def finished(match: Any, number: int) -> bool:
    return 0 < number <= len(match.results)


def hand_review(found: Reviewable, number: int) -> Found:
    """The review of finished hand ``number``: kept, or computed now and kept."""
    record, hook = found.record, found.hook
    if not hook.replayable(found.match, number):
        return Found(Availability.NONE)
    try:
        kept = kept_review(record.id, number)
        if kept is not None:
            return Found(Availability.READY, *kept)
        review = hook.review_hand(found.match, number, PERSON)
    except Exception as failed:  # the page says so: a review never breaks a page
        _log_failure(record.id, number, failed)
        return Found(Availability.UNAVAILABLE)
    luck = _measured_luck(found, number)
    try:
        keep_review(record.id, review, hook.points(found.match, number), luck)
    except SQLAlchemyError as failed:  # shown all the same; computed again next time
        db.session.rollback()
        _log_failure(record.id, number, failed)
    return Found(Availability.READY, review, luck)


def _measured_luck(found: Reviewable, number: int) -> HandLuck | None:
    """The hand's luck for the person, when its game measures it; a failure is logged and
    the review is kept without it (its page shows no luck)."""
    if found.hook.luck is None:
        return None
    try:
        return found.hook.luck(found.match, number, PERSON)
    except Exception as failed:  # the review stands without it
        _log_failure(found.record.id, number, failed, "luck-unavailable")
        return None


def after_move(response: Response, record: MatchRecord, ended: Sequence[int]) -> None:
    """Once ``response`` has gone out, review the hands this move finished (``ended``, as
    `matches.play` returns them); a guest's session remembers the match, so its reviews stay
    open to it after the next match starts."""
    numbers = list(ended)
    if not numbers:
        return
    remember_guest_match(record)
    response.call_on_close(_later(current_app._get_current_object(), record.id, numbers))  # type: ignore[attr-defined]


def remember_guest_match(record: MatchRecord) -> None:
    """A guest's match stays reviewable in this session after the next match starts."""
    if record.owner_user_id is None:
        kept = [m for m in _guest_matches() if m != record.id][-(GUEST_MATCHES_KEPT - 1):]
        session[GUEST_MATCHES_KEY] = [*kept, record.id]


def _later(app: Flask, match_id: str, numbers: list[int]) -> Callable[[], None]:
    def review() -> None:
        with app.app_context():
            try:
                record = load_match(match_id)
                hook = None if record is None else games.of(record).review
                if record is None or hook is None:
                    return
                found = Reviewable(record, hook, games.of(record).read(record.snapshot))
            except Exception as failed:  # after the response: nobody is waiting to be told
                _log_failure(match_id, numbers[0], failed)
                return
            for number in numbers:
                review = hand_review(found, number).review
                if review is not None:
                    _own_puzzles(found, number, review)

    return review


def _own_puzzles(found: Reviewable, number: int, review: Any) -> None:
    """The hand's flagged decisions with a clearly best move become the person's puzzles
    (错题本, `webapp.puzzles.own`); a failure is logged like a review's."""
    try:
        after_review(found.record, found.match, number, review)
    except Exception as failed:  # after the response: nobody is waiting to be told
        db.session.rollback()
        _log_failure(found.record.id, number, failed)


def _guest_matches() -> list[str]:
    kept = session.get(GUEST_MATCHES_KEY)
    listed = [m for m in kept if isinstance(m, str)] if isinstance(kept, list) else []
    current = session.get(SESSION_MATCH_KEY)
    return [*listed, current] if isinstance(current, str) else listed


def _log_failure(match_id: str, number: int, failed: BaseException,
                 event: str = "review-unavailable") -> None:
    fields = {"event": event, "match_id": match_id, "hand": number}
    fields.update(exception_fields(failed))
    log.error("%s: %s", event, fields["exception"], extra={"fields": fields})
