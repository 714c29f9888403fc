"""What the daily's pages cost at scale: 100,000 players on one day, 1,000,000 daily results.

Fills a PostgreSQL database (``bench_daily`` by default, dropped and created afresh and
migrated to head) with synthetic dailies generated inside PostgreSQL: 100,000 players' Gin
Rummy dailies today and yesterday (4 boards each) and 50,000 the day before, 1,000,000
results with their boards' tallies. The logged-in viewer ``me`` plays today's daily through
the site's own paths (``POST /daily/start``, then every move of the day's match through
`webapp.matches`, its boards recorded by `webapp.daily.scoring.record`), and has a result on
each board of yesterday: that match's, whose four boards are reviewed as the site reviews a
hand (their luck kept), so the day's page shows four boards' luck. The two past days are
closed (`webapp.daily.scoring.close`: every attempt's score and rank in two statements; its
time is printed). Then, in-process (Flask's test client, as ``board_scale.py``), each page is
requested ``--requests`` times after a warm-up, in rounds, and the median and p95 printed, of
the whole request and of its time in the database driver, and over GET /play's median of the
same run:

    /daily (me, today's daily done: four boards' matchpoints) · /daily (a guest) ·
    the day's page after the close (yesterday: standings, me pinned, four histograms) ·
    /me (its daily history) · GET /play

    nice -n 10 .venv/bin/python benchmarks/daily_scale.py
    nice -n 10 .venv/bin/python benchmarks/daily_scale.py --reuse   # skip the fill

The database is kept after the run (``--reuse`` measures it again); ``--drop`` drops it.

Takes under a minute on a quiet machine (about 2 at load 7–9: the fill 20 s, the closes 7–13 s,
me's daily 10 s, the requests 1 minute); ``--reuse`` only the requests.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from board_scale import (  # noqa: E402
    PASSWORD,
    Polite,
    SqlClock,
    benchmark_site,
    log_in,
    print_rows,
    start_a_match,
    timed,
)
from sqlalchemy import delete, select, update  # noqa: E402

from tests.web.daily_helpers import play_out, review_boards  # noqa: E402

BOARDS = 4
FILL = [
    "SELECT setseed(0.5)",
    """INSERT INTO users (id, username, username_key, password_hash, created_at)
       SELECT i, 'player' || i, 'player' || i, 'x', now() - interval '400 days'
       FROM generate_series(1, %(players)s) AS i""",
    """INSERT INTO users (id, username, username_key, password_hash, created_at)
       VALUES (%(me_id)s, 'me', 'me', %(hash)s, now() - interval '400 days')""",
    "SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))",
    # Today and yesterday every player; the day before, half of them; and me yesterday.
    """INSERT INTO daily_attempts (game, day, user_id, match_id, counted, finished)
       SELECT 'gin', d.day, u, 'bench', true, true
       FROM (VALUES (%(today)s::date, %(players)s), (%(yesterday)s::date, %(players)s),
                    (%(before)s::date, %(players)s / 2)) AS d(day, players),
            generate_series(1, d.players) AS u""",
    """INSERT INTO daily_attempts (game, day, user_id, match_id, counted, finished)
       VALUES ('gin', %(yesterday)s, %(me_id)s, 'bench', true, true)""",
    # Results around 0, from a Gin Rummy hand's range: a few hundred distinct values per board.
    """INSERT INTO daily_results (game, day, board, user_id, result)
       SELECT a.game, a.day, b, a.user_id,
              round((random() - 0.5) * 90 + (random() - 0.5) * 60)::int
       FROM daily_attempts AS a, generate_series(1, %(boards)s) AS b""",
    """INSERT INTO daily_tallies (game, day, board, result, players)
       SELECT game, day, board, result, count(*) FROM daily_results
       GROUP BY game, day, board, result""",
]


def fill(app: Any, players: int) -> None:
    from webapp.accounts.passwords import hash_password
    from webapp.daily import calendar
    from webapp.extensions import db

    with app.app_context():
        today = calendar.today()
    params = {"players": players, "me_id": players + 1, "hash": hash_password(PASSWORD),
              "today": today, "yesterday": today - timedelta(days=1),
              "before": today - timedelta(days=2), "boards": BOARDS}
    with app.app_context():
        start = time.perf_counter()
        with db.engine.begin() as connection:
            for statement in FILL:
                connection.exec_driver_sql(statement, params)
            results = connection.exec_driver_sql("SELECT count(*) FROM daily_results").scalar()
        print(f"filled {players + 1:,} users / {results:,} daily results in "
              f"{time.perf_counter() - start:.0f} s", flush=True)
        with db.engine.connect() as connection:
            connection.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
                "VACUUM ANALYZE")


def open_and_close(app: Any) -> date:
    """Open today's and the two past days' rows (seed, pars), close the past days (timed)."""
    from webapp import games
    from webapp.daily import calendar, days, scoring
    from webapp.extensions import db

    gin = games.named("gin")
    with app.app_context():
        today = calendar.today()
        for back in (0, 1, 2):
            days.open_day(gin, today - timedelta(days=back))
        for back in (1, 2):
            start = time.perf_counter()
            scoring.close("gin", today - timedelta(days=back))
            db.session.commit()
            print(f"closed {today - timedelta(days=back)} (standings of every attempt) in "
                  f"{time.perf_counter() - start:.2f} s", flush=True)
    return today


def me_plays(app: Any) -> None:
    """me plays today's daily through the site's own paths, unless done; its four boards are
    reviewed as the site reviews a hand (their luck kept), and me's attempt of yesterday
    becomes that match, its results and their tallies the match's, so that the day's page
    shows four boards' luck-adjusted results."""
    from webapp import games, matches
    from webapp.daily import calendar, scoring
    from webapp.extensions import db
    from webapp.models import DailyAttempt, DailyResult, DailyTally, User
    from webapp.store import load_match

    viewer = app.test_client()
    log_in(viewer)
    if "data-state=\"done\"" in viewer.get("/daily").get_data(as_text=True):
        return
    played = play_out(app, viewer, "gin")
    review_boards(app, played)
    with app.app_context():
        record = load_match(played)
        assert record is not None
        results = games.named("gin").daily.results(matches.read(record))  # type: ignore[union-attr]
        me = db.session.scalar(select(User.id).where(User.username == "me"))
        key = {"game": "gin", "day": calendar.today() - timedelta(days=1)}
        mine = (DailyResult.game == key["game"], DailyResult.day == key["day"],
                DailyResult.user_id == me)
        for board, result in db.session.execute(select(DailyResult.board, DailyResult.result)
                                                 .where(*mine)).all():
            db.session.execute(
                update(DailyTally).where(DailyTally.game == key["game"],
                                         DailyTally.day == key["day"], DailyTally.board == board,
                                         DailyTally.result == result)
                .values(players=DailyTally.players - 1))
        db.session.execute(delete(DailyTally).where(DailyTally.players == 0))
        db.session.execute(delete(DailyResult).where(*mine))
        for board, result in enumerate(results, start=1):
            scoring.add_result(key["game"], key["day"], board, me, result)
        db.session.execute(update(DailyAttempt).where(
            DailyAttempt.game == key["game"], DailyAttempt.day == key["day"],
            DailyAttempt.user_id == me).values(match_id=played))
        db.session.commit()


def measure(app: Any, today: date, requests: int, warmup: int) -> None:
    guest = app.test_client()
    viewer = app.test_client()
    log_in(viewer)
    player = app.test_client()
    start_a_match(player)
    yesterday = (today - timedelta(days=1)).isoformat()
    pages = [
        ("/daily (me, done)", viewer, "/daily"),
        ("/daily (a guest)", guest, "/daily"),
        ("the day's page (standings)", viewer, f"/daily/gin/{yesterday}"),
        ("/me (daily history)", viewer, "/me"),
        ("GET /play", player, "/play"),
    ]
    day_page = viewer.get(f"/daily/gin/{yesterday}").get_data(as_text=True)
    assert day_page.count("data-adjusted") == BOARDS, "the day's page shows no luck for me"
    from webapp.extensions import db

    with app.app_context():
        clock = SqlClock(db.engine)
    print_rows(timed(pages, requests, warmup, clock))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--database", default="bench_daily")
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--reuse", action="store_true", help="measure the existing database")
    parser.add_argument("--drop", action="store_true", help="drop the database afterwards")
    args = parser.parse_args()
    with benchmark_site(args.database, args.reuse, args.drop, migrate=not args.reuse) as app:
        from webapp import requestlog

        logging.getLogger(requestlog.APP_LOGGER).propagate = False
        if not args.reuse:
            with Polite(args.database):
                fill(app, args.players)
            me_plays(app)
        today = open_and_close(app)
        measure(app, today, args.requests, args.warmup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
