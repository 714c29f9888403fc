"""The kept totals: counted once per ended match, equal to a full recount, backfilled, repairable.

Runs on SQLite by default and on PostgreSQL with ``TEST_DATABASE_URL`` (see conftest).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner
from flask_migrate import downgrade, upgrade
from sqlalchemy import delete, func, insert, select, text, update

import gin_engine as engine
from gin_engine.ai import make_bot
from tests.sizes import sized
from tests.web.account_helpers import make_user, seed_result
from tests.web.ending_helpers import end_match, memory_backed, race
from webapp import MIGRATIONS_DIR, games
from webapp.extensions import db
from webapp.models import (
    ALL_GAMES,
    ALL_TIME,
    GIN,
    Match,
    MatchResult,
    PlayerStatistic,
    PlayerTotal,
    PointAward,
    PointsLadder,
    new_match_id,
)
from webapp.statistics import recount
from webapp.statistics.declared import Adding, Statistic
from webapp.statistics.totals import iso_week

ENDINGS = sized(500, 2000)
RACES = 60
"""Of the endings, this many are raced: a final move and an abandon of the same match at once,
beside another player's match ending. The races are what finds a lost update, so all 60 stay
in the everyday run; the quiet endings around them shrink to 500 (still every board, game and
ISO week the recount compares; FULL_TESTS=1: the 2,000 of before)."""
LEVELS = ("easy", "normal", "expert")
SNAPSHOTS: dict[int, dict[str, Any]] = {}
"""Each bot game's snapshot, made once (the endings save it, as the site saves the match)."""
NOW = datetime.now(UTC)


def test_the_iso_week_key_is_utc_and_follows_iso_years():
    assert iso_week(datetime(2026, 11, 30, 0, 0, tzinfo=UTC)) == "2026-W49"
    assert iso_week(datetime(2026, 12, 6, 23, 59, tzinfo=UTC)) == "2026-W49"
    assert iso_week(datetime(2027, 1, 1, 12, 0, tzinfo=UTC)) == "2026-W53"
    assert iso_week(datetime(2025, 12, 29, 0, 0, tzinfo=UTC)) == "2026-W01"
    # 00:30 on Monday in UTC+2 is still Sunday in UTC.
    plus_two = timezone_plus(2)
    assert iso_week(datetime(2026, 12, 7, 0, 30, tzinfo=plus_two)) == "2026-W49"


def timezone_plus(hours: int):  # type: ignore[no-untyped-def]
    from datetime import timezone

    return timezone(timedelta(hours=hours))


def kept(app: Flask, game: str, period: str, user_id: int) -> PlayerTotal:
    with app.app_context():
        row = db.session.get(PlayerTotal, (game, period, user_id))
        assert row is not None
        db.session.expunge(row)
        return row


def kept_statistics(app: Flask, game: str, period: str, user_id: int) -> dict[str, int]:
    """The player's keyed statistics on one board (wins per level, the game's own)."""
    with app.app_context():
        s = PlayerStatistic
        return dict(db.session.execute(
            select(s.name, s.value).where(s.game == game, s.period == period, s.user_id == user_id)
        ).all())


def test_one_ending_counts_on_four_boards_and_an_abandon_is_a_loss(app: Flask) -> None:
    with app.app_context():
        ann = make_user("ann")
        seed_result(ann, difficulty="expert", score=150, finished_at=NOW, hands=4, gins=1)
        seed_result(ann, outcome="abandoned", finished_at=NOW, score=0, hands=0)
        seed_result(ann, difficulty="easy", finished_at=NOW - timedelta(days=7), score=90)
        db.session.commit()
        ann_id = ann.id
    week = kept(app, GIN, iso_week(NOW), ann_id)
    assert (week.points, week.matches, week.wins, week.abandoned) == (100, 2, 1, 1)
    assert week.best_score == 150
    # Only what is not 0 is kept: no row for the easy wins of this week.
    assert kept_statistics(app, GIN, iso_week(NOW), ann_id) == {"wins:expert": 1, "gins": 1}
    all_time = kept(app, GIN, ALL_TIME, ann_id)
    assert (all_time.points, all_time.matches, all_time.wins) == (110, 3, 2)
    assert kept_statistics(app, GIN, ALL_TIME, ann_id) == {
        "wins:expert": 1, "wins:easy": 1, "gins": 1,
    }
    assert kept(app, ALL_GAMES, ALL_TIME, ann_id).points == 110
    with app.app_context():
        ladder = dict(
            db.session.execute(
                select(PointsLadder.points, PointsLadder.players).where(
                    PointsLadder.game == GIN, PointsLadder.period == ALL_TIME
                )
            ).all()
        )
    # ann went 0 → 100 → 100 → 110: one player at 110, none left at 100.
    assert ladder == {100: 0, 110: 1}


def test_games_are_kept_apart_and_summed_on_the_all_games_board(app: Flask) -> None:
    with app.app_context():
        ann = make_user("ann")
        seed_result(ann, difficulty="normal", finished_at=NOW)
        seed_result(ann, difficulty="easy", finished_at=NOW, game="romme")
        db.session.commit()
        ann_id = ann.id
        assert recount.differences() == []
    gin = kept(app, GIN, ALL_TIME, ann_id)
    assert gin.points == 30
    assert kept_statistics(app, GIN, ALL_TIME, ann_id) == {"wins:normal": 1}
    assert kept_statistics(app, ALL_GAMES, ALL_TIME, ann_id) == {"wins:normal": 1, "wins:easy": 1}
    assert kept(app, "romme", ALL_TIME, ann_id).points == 10
    assert kept(app, ALL_GAMES, ALL_TIME, ann_id).points == 40
    assert kept(app, ALL_GAMES, iso_week(NOW), ann_id).matches == 2


# ---- Thousands of random endings through the real ending path ------------------------------


@pytest.fixture
def database_url(database_url: str) -> Iterator[str]:
    yield from memory_backed(database_url)


def bot_games(
    seed: int, finished: int, unfinished: int
) -> tuple[list[engine.Match], list[engine.Match]]:
    """Matches the bots played to the end (either side winning) and matches broken off midway."""
    rng = random.Random(seed)
    done: list[engine.Match] = []
    broken: list[engine.Match] = []
    while len(done) < finished or len(broken) < unfinished:
        game = engine.Match.new(engine.preset("quick"), rng)
        bots = [make_bot("easy", random.Random(rng.random())) for _ in (0, 1)]
        stop_after = rng.randrange(1, 40) if len(broken) < unfinished else None
        moves = 0
        while game.phase is not engine.Phase.MATCH_OVER:
            if stop_after is not None and moves == stop_after:
                break
            if game.phase is engine.Phase.HAND_OVER:
                game.next_hand()
                continue
            player = game.turn
            assert player is not None
            game.apply(player, bots[player].choose(game.view(player)))
            moves += 1
        (done if game.phase is engine.Phase.MATCH_OVER else broken).append(game)
        SNAPSHOTS[id(game)] = game.to_dict()
    return done, broken


def end(record_id: str, game: engine.Match, finished_at: datetime) -> bool:
    over = game.phase is engine.Phase.MATCH_OVER
    return end_match(record_id, SNAPSHOTS[id(game)], over, finished_at)


def test_kept_totals_equal_a_full_recount_after_thousands_of_random_endings(app: Flask) -> None:
    rng = random.Random(18)
    done, broken = bot_games(18, finished=12, unfinished=6)
    assert {g.settlement.winner for g in done if g.settlement} == {0, 1}
    with app.app_context():
        users = [make_user(f"p{n:02d}").id for n in range(40)]
        db.session.commit()

    def new_matches(owners: list[int | None]) -> list[str]:
        """Active matches for ``owners``, inserted in one transaction (the endings are the
        thing tested, one transaction each)."""
        rows = []
        for owner in owners:
            level = rng.choice(LEVELS)
            # Some hand played at an easier level: the match counts at that one.
            lowest = rng.choice(LEVELS[: LEVELS.index(level) + 1]) if rng.random() < 0.3 else level
            rows.append({
                "id": new_match_id(), "version": 1, "snapshot": {}, "ruleset": "quick",
                "difficulty": level, "lowest_difficulty": lowest, "status": "active",
                "owner_user_id": owner, "created_at": NOW, "updated_at": NOW,
            })
        db.session.execute(insert(Match), rows)
        db.session.commit()
        return [row["id"] for row in rows]

    def when() -> datetime:
        # Spread over ten weeks, so many weekly boards fill, with the ends of weeks included.
        return NOW - timedelta(seconds=rng.randrange(0, 70 * 24 * 3600))

    counted = 0
    with app.app_context():
        owners = [None if rng.random() < 0.05 else rng.choice(users)
                  for _ in range(ENDINGS - 2 * RACES)]
        # An account has one running match at a time: each batch starts at most one per owner.
        batches: list[list[int | None]] = [[]]
        for owner in owners:
            if owner is not None and owner in batches[-1]:
                batches.append([])
            batches[-1].append(owner)
        for batch in batches:
            for match_id, owner in zip(new_matches(batch), batch, strict=True):
                game = rng.choice(done if rng.random() < 0.75 else broken)
                assert end(match_id, game, when())
                counted += owner is not None

    outcomes: list[list[bool]] = []
    for _ in range(RACES):
        owner, other_owner = rng.sample(users, 2)
        with app.app_context():
            raced, beside = new_matches([owner, other_owner])
        final, abandon, other = rng.choice(done), rng.choice(broken), rng.choice(done)
        stamp = when()
        results = race(app, [(raced, final), (raced, abandon), (beside, other)], stamp, end)
        outcomes.append(results)
        counted += 2

    # Each race: the other match ended, and exactly one of the two endings of the raced one.
    assert all(sorted(r) == [False, True, True] for r in outcomes)
    with app.app_context():
        assert recount.differences() == []
        results_count = db.session.scalar(select(func.count()).select_from(MatchResult))
        assert results_count == counted
        matches, points = db.session.execute(
            select(func.sum(PlayerTotal.matches), func.sum(PlayerTotal.points)).where(
                PlayerTotal.game == GIN, PlayerTotal.period == ALL_TIME
            )
        ).one()
        awarded = db.session.scalar(select(func.sum(PointAward.points)))
        assert (matches, points) == (counted, awarded)
        by_outcome = Counter(db.session.scalars(select(MatchResult.outcome)))
        assert by_outcome["abandoned"] > ENDINGS // 20 and by_outcome["won"] > ENDINGS // 20


# ---- The repair path and the migration's backfill -------------------------------------------


def test_the_recount_command_reports_a_difference_and_fixes_it(
    app: Flask, runner: FlaskCliRunner
) -> None:
    with app.app_context():
        ann, bob = make_user("ann"), make_user("bob")
        seed_result(ann, finished_at=NOW)
        seed_result(bob, outcome="lost", finished_at=NOW)
        db.session.commit()
        clean = runner.invoke(args=["recount-totals"])
        assert clean.exit_code == 0
        assert "0 difference(s)" in clean.output
        db.session.execute(
            update(PlayerTotal)
            .where(PlayerTotal.user_id == ann.id, PlayerTotal.period == ALL_TIME)
            .values(points=PlayerTotal.points + 5)
        )
        db.session.commit()
    broken = runner.invoke(args=["recount-totals"])
    assert broken.exit_code == 1
    # Two boards: gin and all games, all time (the ladders were left as they were).
    assert "2 difference(s)" in broken.output
    assert "'points': 35" in broken.output and "'points': 30" in broken.output
    fixed = runner.invoke(args=["recount-totals", "--fix"])
    assert fixed.exit_code == 0 and "Totals rewritten" in fixed.output
    assert "0 difference(s)" in runner.invoke(args=["recount-totals"]).output


HISTORY = [
    # user, outcome, difficulty, score, finished at (UTC), points awarded
    (1, "won", "expert", 150, datetime(2026, 12, 31, 23, 0, tzinfo=UTC), 100),
    (1, "won", "easy", 110, datetime(2027, 1, 3, 22, 0, tzinfo=UTC), 10),
    (1, "lost", "normal", 60, datetime(2027, 1, 4, 0, 30, tzinfo=UTC), None),
    (2, "abandoned", "normal", 0, datetime(2027, 1, 4, 1, 0, tzinfo=UTC), None),
    (2, "won", "normal", 101, datetime(2025, 12, 29, 0, 0, tzinfo=UTC), 30),
]


def test_the_migration_backfills_the_totals_from_the_history(app: Flask) -> None:
    with app.app_context():
        downgrade(directory=str(MIGRATIONS_DIR), revision="0002")
        with db.engine.begin() as connection:
            for user_id, name in ((1, "ann"), (2, "bob")):
                connection.execute(
                    text("INSERT INTO users (id, username, username_key, password_hash,"
                         " created_at) VALUES (:id, :name, :name, 'x', :at)"),
                    {"id": user_id, "name": name, "at": NOW},
                )
            for n, (user_id, outcome, level, score, at, points) in enumerate(HISTORY):
                match_id = f"m{n}"
                connection.execute(
                    text("INSERT INTO matches (id, version, snapshot, ruleset, difficulty,"
                         " lowest_difficulty, status, owner_user_id, created_at, updated_at,"
                         " finished_at) VALUES (:id, 3, '{}', 'quick', :level, :level,"
                         " 'finished', :user, :at, :at, :at)"),
                    {"id": match_id, "level": level, "user": user_id, "at": at},
                )
                connection.execute(
                    text("INSERT INTO match_results (match_id, user_id, ruleset, difficulty,"
                         " outcome, score, opponent_score, hands, hands_won, gins,"
                         " undercuts_given, undercuts_received, knocks, knock_deadwood,"
                         " hand_scores, finished_at) VALUES (:id, :user, 'quick', :level,"
                         " :outcome, :score, 0, 2, 1, 1, 0, 0, 1, 7, '[]', :at)"),
                    {"id": match_id, "user": user_id, "level": level, "outcome": outcome,
                     "score": score, "at": at},
                )
                if points:
                    connection.execute(
                        text("INSERT INTO point_awards (match_id, user_id, difficulty, points,"
                             " awarded_at) VALUES (:id, :user, :level, :points, :at)"),
                        {"id": match_id, "user": user_id, "level": level, "points": points,
                         "at": at},
                    )
        upgrade(directory=str(MIGRATIONS_DIR))
        assert recount.differences() == []
        boards = {
            (t.game, t.period, t.user_id): (t.points, t.matches, t.wins, t.abandoned, t.best_score)
            for t in db.session.scalars(select(PlayerTotal))
        }
        ladder = {
            (r.game, r.period, r.points): r.players
            for r in db.session.scalars(select(PointsLadder))
        }
        games = set(db.session.scalars(select(MatchResult.game)))
    for game in (GIN, ALL_GAMES):
        assert boards[(game, ALL_TIME, 1)] == (110, 3, 2, 0, 150)
        assert boards[(game, ALL_TIME, 2)] == (30, 2, 1, 1, 101)
        # 31 Dec 2026 and Sunday 3 Jan 2027 are in 2026's week 53; Monday 4 Jan starts 2027.
        assert boards[(game, "2026-W53", 1)] == (110, 2, 2, 0, 150)
        assert boards[(game, "2027-W01", 1)] == (0, 1, 0, 0, 60)
        assert boards[(game, "2027-W01", 2)] == (0, 1, 0, 1, 0)
        assert boards[(game, "2026-W01", 2)] == (30, 1, 1, 0, 101)
        assert ladder[(game, ALL_TIME, 110)] == ladder[(game, ALL_TIME, 30)] == 1
        assert ladder[(game, "2027-W01", 0)] == 2
    assert len(boards) == 2 * 6
    assert games == {GIN}


def test_the_recount_command_repairs_a_wrong_a_missing_and_an_extra_statistic(
    app: Flask, runner: FlaskCliRunner
) -> None:
    with app.app_context():
        ann = make_user("ann")
        seed_result(ann, difficulty="expert", finished_at=NOW, gins=1, knocks=2, knock_deadwood=9)
        db.session.commit()
        assert "0 difference(s)" in runner.invoke(args=["recount-totals"]).output
        s = PlayerStatistic
        on_gin = (s.game == GIN, s.period == ALL_TIME, s.user_id == ann.id)
        db.session.execute(update(s).where(*on_gin, s.name == "gins").values(value=5))
        db.session.execute(delete(s).where(*on_gin, s.name == "wins:expert"))
        db.session.execute(insert(s).values(
            game=ALL_GAMES, period=ALL_TIME, user_id=ann.id, name="undercuts_given", value=1
        ))
        db.session.commit()
        ann_id = ann.id
    broken = runner.invoke(args=["recount-totals"])
    assert broken.exit_code == 1
    assert "3 difference(s)" in broken.output
    assert "'value': 5" in broken.output and "'undercuts_given'" in broken.output
    assert "'wins:expert'" in broken.output
    fixed = runner.invoke(args=["recount-totals", "--fix"])
    assert fixed.exit_code == 0
    assert "0 difference(s)" in runner.invoke(args=["recount-totals"]).output
    assert kept_statistics(app, GIN, ALL_TIME, ann_id) == kept_statistics(
        app, ALL_GAMES, ALL_TIME, ann_id
    ) == {"wins:expert": 1, "gins": 1, "knocks": 2, "knock_deadwood": 9}


def test_a_statistic_declared_as_a_maximum_keeps_the_largest(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(games, "counted", lambda: (Statistic("longest_run", Adding.MAX),))
    with app.app_context():
        ann = make_user("ann")
        for run in (3, 5, 2):
            seed_result(ann, finished_at=NOW, statistics={"longest_run": run})
        db.session.commit()
        ann_id = ann.id
        assert recount.differences() == []
    assert kept_statistics(app, GIN, ALL_TIME, ann_id) == {"wins:normal": 3, "longest_run": 5}
