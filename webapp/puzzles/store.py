"""Kept puzzles and attempts: what the pages read, each one indexed statement
(benchmarks/puzzle_pages.py measures them with 50,000 puzzles and 1,000,000 attempts)."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import bindparam, desc, exists, func, or_, select

from webapp.extensions import db
from webapp.models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzleRating
from webapp.models import Match as MatchRow
from webapp.puzzles.data import PuzzleData
from webapp.puzzles.rating import estimate
from webapp.rating.standing import label
from webapp.statistics.totals import dialect_insert

_P = Puzzle.__table__.c
_A = PuzzleAttempt.__table__.c
_R = PuzzleRating.__table__.c
NEAR = 100.0
"""The next puzzle is drawn from this far either side of the player's rating, where it can."""


@dataclass(frozen=True)
class Kept:
    id: int
    game: str
    ruleset: str
    kind: str
    position: dict[str, Any]
    moves: list[list[Any]]
    answer: str
    reason: dict[str, Any]
    rating: float
    match_id: str | None
    hand: int | None
    decision: int | None


_COLUMNS = (_P.id, _P.game, _P.ruleset, _P.kind, _P.position, _P.moves, _P.answer, _P.reason,
            _P.rating, _P.match_id, _P.hand, _P.decision)
_LOAD = select(*_COLUMNS).where(_P.id == bindparam("p_id"))


def add(game: str, source: str, data: PuzzleData, match_id: str | None = None,
        hand: int | None = None, decision: int | None = None) -> bool:
    """Keep a puzzle found at ``source`` unless one is kept from there already; the caller
    commits. Whether it was new."""
    start = estimate(data.board, data.found_by)
    insert = dialect_insert(Puzzle.__table__).values(
        game=game, ruleset=data.ruleset, kind=data.kind, source=source,
        position=data.position, moves=[list(m) for m in data.moves], answer=data.answer,
        reason=data.reason, rating=start.rating, rd=start.rd, volatility=start.volatility,
        match_id=match_id, hand=hand, decision=decision,
        created_at=datetime.now().astimezone(),
    ).on_conflict_do_nothing(index_elements=["source"]).returning(Puzzle.__table__.c.id)
    # The id comes back only for a row written: the rowcount is not it on PostgreSQL, where
    # the session's RETURNING makes it -1 (unknown), so a run counted every puzzle as added.
    return db.session.execute(insert).first() is not None


def load(puzzle_id: int) -> Kept | None:
    found = db.session.connection().execute(_LOAD, {"p_id": puzzle_id}).one_or_none()
    return None if found is None else Kept(**found._mapping)


def from_decision(match_id: str, hand: int, decision: int) -> int | None:
    """The puzzle kept from a decision of a reviewed hand, if any."""
    return db.session.execute(
        select(_P.id).where(_P.match_id == match_id, _P.hand == hand, _P.decision == decision)
    ).scalar()


def kept_decisions(match_id: str, hand: int) -> set[int]:
    return set(db.session.scalars(
        select(_P.decision).where(_P.match_id == match_id, _P.hand == hand)
    ))


_BANK = _P.match_id.is_(None)


def near(rating: float, user_id: int | None, skip: list[int], rng: random.Random) -> int | None:
    """A bank puzzle near ``rating`` that ``user_id`` never tried (and none of ``skip``): the
    first above a point drawn within `NEAR` of the rating, else the nearest below it."""
    low = rating - NEAR + rng.random() * 2 * NEAR
    untried = [_BANK]
    if user_id is not None:
        untried.append(~exists().where(_A.user_id == user_id, _A.puzzle_id == _P.id))
    if skip:
        untried.append(_P.id.not_in(skip))
    up = select(_P.id).where(*untried, _P.rating >= low).order_by(_P.rating).limit(1)
    found = db.session.execute(up).scalar()
    if found is None:
        down = select(_P.id).where(*untried, _P.rating < low).order_by(desc(_P.rating)).limit(1)
        found = db.session.execute(down).scalar()
    return found


@dataclass(frozen=True)
class Own:
    """One puzzle of a person's 错题本 and where it stands."""

    id: int
    game: str
    kind: str
    ruleset: str
    match_id: str
    hand: int
    decision: int
    last: bool | None
    """Their last answer was right; None: never tried."""
    days: int
    """The different days they solved it on."""


def own(user_id: int, open_day: date) -> list[Own]:
    """The own puzzles of the matches the account owns, newest first; none of a daily's
    board from ``open_day`` (the day being played) on: they open with the day's reviews."""
    # The account's matches first, then their puzzles by those ids: PostgreSQL sees the ids
    # and reads the puzzles by ``ix_puzzles_match``. Joined in one statement, it estimated
    # the whole bank as joining (the bank's rows have no match) and walked it, JIT and all:
    # 450-760 ms with 50,000 puzzles (benchmarks/puzzle_pages.py), against about 6 ms.
    owned = list(db.session.scalars(
        select(MatchRow.id).where(
            MatchRow.owner_user_id == user_id,
            or_(MatchRow.daily.is_(None), MatchRow.daily < open_day),
        )))
    if not owned:
        return []
    puzzles = db.session.execute(
        select(_P.id, _P.game, _P.kind, _P.ruleset, _P.match_id, _P.hand, _P.decision)
        .where(_P.match_id.in_(owned)).order_by(desc(_P.id))
    ).all()
    if not puzzles:
        return []
    # Their attempts in one index range (``ix_puzzle_attempts_user``), oldest first, rather
    # than two probes a puzzle: a few answers each, read whole.
    last: dict[int, bool] = {}
    days: defaultdict[int, set[str]] = defaultdict(set)
    for puzzle_id, correct, day in db.session.execute(
        select(_A.puzzle_id, _A.correct, _A.day)
        .where(_A.user_id == user_id, _A.puzzle_id.in_([p.id for p in puzzles]))
        .order_by(_A.id)
    ):
        last[puzzle_id] = correct
        if correct:
            days[puzzle_id].add(day)
    return [Own(*p, last.get(p.id), len(days[p.id])) for p in puzzles]


def daily(day: str) -> int | None:
    """The puzzle of ``day``: chosen by its first request among the bank's, the same for
    everyone after."""
    found = db.session.execute(
        select(DailyPuzzle.puzzle_id).where(DailyPuzzle.day == day)
    ).scalar()
    if found is not None:
        return int(found)
    top = db.session.execute(select(func.max(_P.id)).where(_BANK)).scalar()
    if top is None:
        return None
    target = random.Random(day).randint(1, int(top))
    chosen = db.session.execute(
        select(_P.id).where(_BANK, _P.id >= target).order_by(_P.id).limit(1)
    ).scalar()
    if chosen is None:
        return None
    # Two first requests of a day race: the first insert wins, both read it back.
    db.session.execute(dialect_insert(DailyPuzzle.__table__).values(
        day=day, puzzle_id=chosen).on_conflict_do_nothing(index_elements=["day"]))
    db.session.commit()
    return int(db.session.execute(
        select(DailyPuzzle.puzzle_id).where(DailyPuzzle.day == day)).scalar_one())


def share(puzzle_id: int, day: str) -> tuple[int, int]:
    """How many answers to ``puzzle_id`` on ``day`` were right, of how many."""
    right, answered = db.session.execute(
        select(func.count().filter(_A.correct), func.count())
        .where(_A.puzzle_id == puzzle_id, _A.day == day)
    ).one()
    return int(right or 0), int(answered or 0)


@dataclass(frozen=True)
class Standing:
    rating: float
    rd: float
    streak: int
    best_streak: int

    @property
    def shown(self) -> str:
        """``"1530"``, or ``"1530?"`` while provisional, as a game rating is shown."""
        return label(self.rating, self.rd)


def standing(user_id: int) -> Standing | None:
    """An account's puzzle rating and streaks; None before its first attempt."""
    found = db.session.execute(
        select(_R.rating, _R.rd, _R.streak, _R.best_streak).where(_R.user_id == user_id)
    ).one_or_none()
    if found is None:
        return None
    return Standing(found.rating, found.rd, found.streak, found.best_streak)


@dataclass(frozen=True)
class Attempt:
    token: str
    puzzle_id: int
    move: str
    correct: bool
    day: str
    rated: bool
    rating_before: float | None
    rating: float | None


def attempt(token: str) -> Attempt | None:
    found = db.session.execute(
        select(_A.token, _A.puzzle_id, _A.move, _A.correct, _A.day, _A.rated,
               _A.rating_before, _A.rating).where(_A.token == token)
    ).one_or_none()
    return None if found is None else Attempt(*found)
