"""What the leaderboard and the player pages cost as the site grows: N users, M match results.

Fills a PostgreSQL database (``bench_board`` by default, dropped and created afresh) with
synthetic history following the real schema, generated inside PostgreSQL with
``generate_series`` (a few minutes for 5,000,000 results): the database is migrated to the
revision before the kept totals, filled (users, matches, match_results, point_awards), then
migrated to head, so the totals migration's backfill runs on the whole history (its time is
printed). Then, in-process (Flask's test client, as ``page_cost.py``), each page of the
boards table in benchmarks/README.md is requested ``--requests`` times after a warm-up, and
the median and p95 printed, of the whole request and of its time in the database driver:

    /leaderboard · logged in (own row pinned) · ?period=week · ?page=50 · the rating board
    (``?by=rating``: page 1, logged in, page 50, and page 1 with its ladder read afresh, as
    after an ending moved a rung) · /me · /u/<name> · the same two with nothing kept (every
    part rendered afresh, as a worker's first view of the page: webapp/board/page_cache.py) ·
    GET /play

and each page's median and p95 over GET /play's median of the same run. Then, in rounds of
their own beside GET /play, /me and /u/<name> as first seen after one more match of the
player's, recorded before each request through the site's recording path (alternately won
and lost): what that match changed is rendered again, the rest still kept. The migration to head
also backfills the skill ratings (every result replayed in Python) and the player page's kept
charts (every award and rating update read in player order); each revision's time is printed on
its own.

The history: results spread evenly over the last 52 weeks; players' activity skewed (a few
play much more than most); 45 % won, 45 % lost, 10 % abandoned; difficulties even. The
logged-in viewer ``me`` has 500 matches; ``/u/<name>`` is the player with the most matches.

``--explain FILE`` writes ``EXPLAIN (ANALYZE, BUFFERS)`` of every SQL statement each
leaderboard request makes (captured from the app, with its parameters) into FILE.

    nice -n 10 .venv/bin/python benchmarks/board_scale.py --users 1000 --results 20000
    nice -n 10 .venv/bin/python benchmarks/board_scale.py --users 100000 --results 5000000 \\
        --requests 30 --explain /tmp/explain.md
    nice -n 10 .venv/bin/python benchmarks/board_scale.py --reuse ...  # skip the fill

The database is kept after the run (``--reuse`` measures it again); ``--drop`` drops it.

Takes about 1 minute at 1,000 users / 20,000 results and about 21 minutes at 100,000 /
5,000,000 on the shared machine (load 3–5): the fill 6 minutes, the totals' backfill 3, the
ratings' backfill 9 (every result replayed in Python), the ranked flag's migration 3, the
charts' backfill 2; at load 3–13, 54 minutes (3 December 2026).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import logging
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from page_cost import make_app  # noqa: E402

ADMIN_URL = os.environ.get("BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432")
ME_MATCHES = 500
PASSWORD = "bench password"
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')

# Everything is generated in the database from ``setseed``: the same N and M give the same data.
FILL = [
    "SELECT setseed(0.18)",
    # One row per result to come: its player (skewed: low ids play most), level and ending.
    """CREATE UNLOGGED TABLE bench_plan AS
       SELECT i,
              CASE WHEN i <= %(me_matches)s THEN %(me_id)s
                   ELSE 1 + floor(%(users)s * power(random(), 2))::int END AS user_id,
              (ARRAY['easy', 'normal', 'expert'])[1 + floor(random() * 3)::int] AS difficulty,
              CASE WHEN r < 0.45 THEN 'won' WHEN r < 0.9 THEN 'lost' ELSE 'abandoned' END
                AS outcome,
              now() - random() * interval '364 days' AS finished_at
       FROM (SELECT i, random() AS r FROM generate_series(1, %(results)s) AS i) AS g""",
    """INSERT INTO users (id, username, username_key, password_hash, created_at)
       SELECT i, 'player' || i, 'player' || i, 'x', now() - interval '400 days'
       FROM generate_series(1, %(users)s) AS i""",
    """INSERT INTO users (id, username, username_key, password_hash, created_at)
       VALUES (%(me_id)s, 'me', 'me', %(hash)s, now() - interval '400 days')""",
    """INSERT INTO matches (id, version, snapshot, ruleset, difficulty, lowest_difficulty,
                           status, owner_user_id, created_at, updated_at, finished_at)
       SELECT 'bench' || lpad(i::text, 17, '0'), 40, '{}'::jsonb, 'standard', difficulty,
              difficulty, CASE WHEN outcome = 'abandoned' THEN 'abandoned' ELSE 'finished' END,
              user_id, finished_at - interval '20 minutes', finished_at, finished_at
       FROM bench_plan""",
    """INSERT INTO match_results (match_id, user_id, ruleset, difficulty, outcome, score,
                                 opponent_score, hands, hands_won, gins, undercuts_given,
                                 undercuts_received, knocks, knock_deadwood, hand_scores,
                                 finished_at)
       SELECT 'bench' || lpad(i::text, 17, '0'), user_id, 'standard', difficulty, outcome,
              CASE outcome WHEN 'won' THEN 100 + (i %% 60) WHEN 'lost' THEN i %% 100 ELSE 0 END,
              CASE outcome WHEN 'won' THEN i %% 100 WHEN 'lost' THEN 100 + (i %% 60) ELSE 0 END,
              CASE WHEN outcome = 'abandoned' THEN 0 ELSE 3 + i %% 5 END,
              CASE WHEN outcome = 'won' THEN 2 + i %% 3 ELSE 1 END,
              i %% 2, i %% 3 / 2, i %% 5 / 4, 1 + i %% 3, 4 + i %% 7,
              '[{"end": "knock", "you": 25, "computer": 0},
                {"end": "gin", "you": 0, "computer": 31}]'::jsonb,
              finished_at
       FROM bench_plan""",
    """INSERT INTO point_awards (match_id, user_id, difficulty, points, awarded_at)
       SELECT 'bench' || lpad(i::text, 17, '0'), user_id, difficulty,
              CASE difficulty WHEN 'easy' THEN 10 WHEN 'normal' THEN 30 ELSE 100 END,
              finished_at
       FROM bench_plan WHERE outcome = 'won'""",
    "SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))",
    "DROP TABLE bench_plan",
]


def admin(statement: str) -> None:
    import psycopg

    with psycopg.connect(f"{ADMIN_URL}/postgres", autocommit=True) as conn:
        conn.execute(statement)  # type: ignore[arg-type]


def url_of(name: str) -> str:
    return ADMIN_URL.replace("postgresql://", "postgresql+psycopg://") + f"/{name}"


def before_totals() -> str:
    """The revision just before the one that creates ``player_totals`` (or head, on a checkout
    from before the kept totals: then the same data measures the pages as they were)."""
    from alembic.script import ScriptDirectory
    from flask import current_app

    config = current_app.extensions["migrate"].migrate.get_config()
    scripts = ScriptDirectory.from_config(config)
    # Newest first: the oldest revision naming the table is the one that creates it.
    naming = [r for r in scripts.walk_revisions() if "player_totals" in Path(r.path).read_text()]
    if not naming:
        return "head"
    down = naming[-1].down_revision
    assert isinstance(down, str)
    return down


def revisions_to_head() -> list[Any]:
    """The revisions after the database's current one, oldest first."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from flask import current_app

    from webapp.extensions import db

    config = current_app.extensions["migrate"].migrate.get_config()
    scripts = ScriptDirectory.from_config(config)
    with db.engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    return list(reversed(list(scripts.iterate_revisions("head", current))))


class Polite:
    """While filling and migrating: every 2 s, lower the priority of this database's
    PostgreSQL backends, which do the work (the machine is shared). Does nothing where
    that is not allowed."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        import psycopg

        with psycopg.connect(f"{ADMIN_URL}/postgres", autocommit=True) as conn:
            while not self.done.wait(2):
                rows = conn.execute(
                    "SELECT pid FROM pg_stat_activity WHERE datname = %s", (self.database,)
                ).fetchall()
                for (pid,) in rows:
                    try:
                        os.setpriority(os.PRIO_PROCESS, int(pid), 10)
                    except OSError:
                        pass

    def __enter__(self) -> Polite:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.done.set()
        self.thread.join()


def fill(app: Any, users: int, results: int) -> None:
    from flask_migrate import upgrade

    from webapp import MIGRATIONS_DIR
    from webapp.accounts.passwords import hash_password
    from webapp.extensions import db

    params = {"users": users, "results": results, "me_id": users + 1,
              "me_matches": ME_MATCHES, "hash": hash_password(PASSWORD)}
    with app.app_context():
        upgrade(directory=str(MIGRATIONS_DIR), revision=before_totals())
        start = time.perf_counter()
        with db.engine.begin() as connection:
            for statement in FILL:
                connection.exec_driver_sql(statement, params)
        print(f"filled {users + 1:,} users / {results:,} results in "
              f"{time.perf_counter() - start:.0f} s", flush=True)
        # One revision at a time, each timed: the totals' and the ratings' backfills apart.
        for revision in revisions_to_head():
            start = time.perf_counter()
            upgrade(directory=str(MIGRATIONS_DIR), revision=revision.revision)
            print(f"migrated to {revision.revision} ({revision.doc.splitlines()[0][:60]}) in "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
        with db.engine.connect() as connection:
            connection.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
                "VACUUM ANALYZE"
            )


def busiest_player(app: Any) -> str:
    from sqlalchemy import func, select

    from webapp.extensions import db
    from webapp.models import MatchResult, User

    with app.app_context():
        busiest = (
            select(MatchResult.user_id).group_by(MatchResult.user_id)
            .order_by(func.count().desc()).limit(1).scalar_subquery()
        )
        return str(db.session.scalar(select(User.username).where(User.id == busiest)))


def last_page(app: Any) -> int:
    """The board's last page (1 where the kept totals do not exist: a checkout before them)."""
    from sqlalchemy import text
    from sqlalchemy.exc import ProgrammingError

    from webapp.extensions import db

    with app.app_context():
        try:
            players = db.session.scalar(
                text("SELECT count(*) FROM player_totals WHERE game = 'gin' AND period = 'all'")
            )
        except ProgrammingError:
            return 1
        return max(1, -(-int(players or 0) // int(app.config["LEADERBOARD_PAGE_SIZE"])))


def rating_page(app: Any, wanted: int = 50) -> int:
    """Page ``wanted`` of the Gin Rummy rating board, or its last page when it has fewer."""
    from sqlalchemy import text

    from webapp.extensions import db

    with app.app_context():
        ranked = db.session.scalar(text(
            "SELECT count(*) FROM player_ratings WHERE game = 'gin' AND listed"
            " AND last_played >= now() - interval '90 days'"
        ))
        pages = max(1, -(-int(ranked or 0) // int(app.config["LEADERBOARD_PAGE_SIZE"])))
    return min(wanted, pages)


def log_in(client: Any) -> None:
    page = client.get("/login").get_data(as_text=True)
    token = CSRF.search(page)
    assert token, "no CSRF token on /login"
    response = client.post(
        "/login", data={"csrf_token": token.group(1), "username": "me", "password": PASSWORD}
    )
    assert response.status_code in (302, 303), response.status_code


def start_a_match(client: Any) -> None:
    token = CSRF.search(client.get("/").get_data(as_text=True))
    assert token, "no CSRF token on /"
    response = client.post("/new", data={"csrf_token": token.group(1), "ruleset": "standard",
                                         "difficulty": "easy"})
    assert response.status_code in (302, 303), response.status_code


class SqlClock:
    """Seconds spent in the database driver (statement sent to rows read), per request: the
    part of a page's time that grows with the data, apart from Flask and the template."""

    def __init__(self, engine: Any) -> None:
        from sqlalchemy import event

        self.spent = 0.0
        self.started = 0.0
        event.listen(engine, "before_cursor_execute", self.before)
        event.listen(engine, "after_cursor_execute", self.after)

    def before(self, *_: Any) -> None:
        self.started = time.perf_counter()

    def after(self, *_: Any) -> None:
        self.spent += time.perf_counter() - self.started


@contextlib.contextmanager
def after_a_new_result(app: Any, name: str, outcomes: Iterator[str]) -> Iterator[None]:
    """Before the request inside, player ``name`` ends one more Gin Rummy match, recorded
    through the site's one recording path (`webapp.statistics.ranking.record_result`: totals, award,
    rating, charts), each time the next of ``outcomes``: the player page as first seen after a
    match, its parts that changed rendered again, the rest still kept."""
    from sqlalchemy import select

    from webapp.extensions import db
    from webapp.models import GIN, Match, MatchResult, User, utcnow
    from webapp.statistics.ranking import record_result

    outcome, now = next(outcomes), utcnow()
    with app.app_context():
        user_id = db.session.scalar(select(User.id).where(User.username == name))
        match = Match(ruleset="standard", difficulty="normal", lowest_difficulty="normal",
                      snapshot={}, status="finished", version=9, owner_user_id=user_id,
                      created_at=now, updated_at=now, finished_at=now)
        db.session.add(match)
        db.session.flush()
        won = outcome == "won"
        record_result(MatchResult(
            match_id=match.id, user_id=user_id, game=GIN, ruleset="standard",
            difficulty="normal", outcome=outcome, score=112 if won else 64,
            opponent_score=64 if won else 112, hands=5, hands_won=3 if won else 2,
            statistics={"gins": 1, "knocks": 2, "knock_deadwood": 9},
            hand_scores=[{"end": "knock", "you": 25, "computer": 0},
                         {"end": "gin", "you": 0, "computer": 31}] * 2
                        + [{"end": "knock", "you": 22, "computer": 0}],
            finished_at=now, opponents=1,
        ))
        db.session.commit()
    yield


@contextlib.contextmanager
def not_kept(app: Any, key: str) -> Iterator[None]:
    """The request inside sees nothing kept under ``app.extensions[key]`` and what it keeps
    there is forgotten after it, so the other rows still find theirs: the player pages' parts
    (`webapp.board.page_cache`, as after the player's new result) or the rating board's ladder
    (`webapp.board.rating_board`, as the first board request in a worker after an ending moved
    a rung)."""
    kept = app.extensions.pop(key, None)
    try:
        yield
    finally:
        app.extensions.pop(key, None)
        if kept is not None:
            app.extensions[key] = kept


def timed(
    pages: list[tuple[str, Any, str]], requests: int, warmup: int, clock: SqlClock,
    around: dict[str, Any] | None = None,
) -> dict[str, tuple[list[float], list[float]]]:
    """Each page's requests' whole times and their times in the database. The pages take turns,
    one request each per round, so a machine busier for a while slows every page alike and
    their ratios hold. A page whose label is in ``around`` is requested inside its context
    manager factory (`not_kept`, `after_a_new_result`), which is not timed."""
    around = around or {}
    for _label, client, path in pages:
        for _ in range(warmup):
            client.get(path)
    found: dict[str, tuple[list[float], list[float]]] = {label: ([], []) for label, *_ in pages}
    for _ in range(requests):
        for label, client, path in pages:
            before = around[label]() if label in around else contextlib.nullcontext()
            with before:
                clock.spent = 0.0
                start = time.perf_counter()
                response = client.get(path)
                found[label][0].append(time.perf_counter() - start)
                found[label][1].append(clock.spent)
            assert response.status_code == 200, (path, response.status_code)
    return found


def print_rows(measured: dict[str, tuple[list[float], list[float]]]) -> None:
    """Each page's figures, and its cost beside the table's (``GET /play``) measured in the
    same rounds (a busy machine slows both)."""
    table = statistics.median(measured["GET /play"][0])
    print(f"{'page':32} {'n':>4} {'median':>8} {'p95':>8} {'sql median':>11} {'sql p95':>8}"
          f" {'median/table':>13} {'p95/table':>10}  (ms; /table: over GET /play's median)")
    for label, (times, sql) in measured.items():
        print(f"{label:32} {len(times):4d} {statistics.median(times) * 1000:8.1f} "
              f"{p95(times) * 1000:8.1f} {statistics.median(sql) * 1000:11.1f} "
              f"{p95(sql) * 1000:8.1f} {statistics.median(times) / table:13.2f}"
              f" {p95(times) / table:10.2f}")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def explain(app: Any, client: Any, paths: list[str], out: Path) -> None:
    from sqlalchemy import event

    from webapp.extensions import db

    lines: list[str] = []
    with app.app_context():
        engine = db.engine
    for path in paths:
        captured: list[tuple[str, Any]] = []

        def capture(
            conn: Any, cursor: Any, statement: str, parameters: Any, *_: Any,
            into: list[tuple[str, Any]] = captured,
        ) -> None:
            into.append((statement, parameters))

        event.listen(engine, "before_cursor_execute", capture)
        try:
            assert client.get(path).status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", capture)
        lines.append(f"### `GET {path}`\n")
        with engine.connect() as connection:
            for statement, parameters in captured:
                if not statement.lstrip().upper().startswith("SELECT"):
                    continue
                if "FROM users" in statement and "player_totals" not in statement:
                    continue  # the logged-in user's own row, by primary key
                plan = connection.exec_driver_sql(
                    "EXPLAIN (ANALYZE, BUFFERS) " + statement, parameters
                ).scalars().all()
                shown = {k: v for k, v in (parameters or {}).items()}
                lines.append(f"```sql\n{statement}\n```\nparameters: `{shown}`\n")
                lines.append("```\n" + "\n".join(plan) + "\n```\n")
    out.write_text("\n".join(lines))
    print(f"EXPLAIN of {len(paths)} leaderboard requests written to {out}")


def measure(app: Any, requests: int, warmup: int, explain_to: Path | None) -> None:
    busiest = busiest_player(app)
    anonymous = app.test_client()
    viewer = app.test_client()
    log_in(viewer)
    player = app.test_client()
    start_a_match(player)
    pages = [
        ("/leaderboard", anonymous, "/leaderboard"),
        ("logged in (own row pinned)", viewer, "/leaderboard"),
        ("?period=week", anonymous, "/leaderboard?period=week"),
        ("?page=50", anonymous, "/leaderboard?page=50"),
        *(
            [(f"?page={last} (the last)", anonymous, f"/leaderboard?page={last}")]
            if (last := last_page(app)) > 50 else []
        ),
        ("rating board", anonymous, "/leaderboard?by=rating"),
        ("rating, logged in (pinned)", viewer, "/leaderboard?by=rating"),
        (f"rating ?page={(deep := rating_page(app))}", anonymous,
         f"/leaderboard?by=rating&page={deep}"),
        ("rating, ladder read afresh", anonymous, "/leaderboard?by=rating"),
        (f"/me ({ME_MATCHES} matches)", viewer, "/me"),
        (f"/u/{busiest}", anonymous, f"/u/{busiest}"),
        ("/me, nothing kept", viewer, "/me"),
        (f"/u/{busiest}, nothing kept", anonymous, f"/u/{busiest}"),
        ("GET /play", player, "/play"),
    ]
    # The player pages' parts are kept between requests (webapp/board/page_cache.py): the rows
    # above measure them kept, as a page viewed again; these two as after a new result.
    from webapp.board import page_cache, rating_board

    cold: dict[str, Any] = {label: (lambda: not_kept(app, page_cache.EXTENSION)) for label in
                            ("/me, nothing kept", f"/u/{busiest}, nothing kept")}
    # The rating board keeps its ladder while no ending moves a rung; this row as after one.
    cold["rating, ladder read afresh"] = lambda: not_kept(app, rating_board.KEPT)
    from webapp.extensions import db

    with app.app_context():
        clock = SqlClock(db.engine)
    print_rows(timed(pages, requests, warmup, clock, cold))
    # Then the player pages as first seen after one more match of the player's, in rounds of
    # their own: each new result moves the player's rating, so the rating board's rows above
    # would read their ladder afresh every round.
    outcomes = {name: itertools.cycle(("won", "lost")) for name in ("me", busiest)}
    after = [
        ("/me, after a new result", viewer, "/me", "me"),
        (f"/u/{busiest}, after a new result", anonymous, f"/u/{busiest}", busiest),
    ]
    print_rows(timed(
        [*((label, client, path) for label, client, path, _ in after),
         ("GET /play", player, "/play")],
        requests, warmup, clock,
        {label: (lambda name=name: after_a_new_result(app, name, outcomes[name]))
         for label, _, _, name in after},
    ))
    if explain_to is not None:
        explain(app, viewer, ["/leaderboard", "/leaderboard?period=week",
                              "/leaderboard?page=50", f"/leaderboard?page={last_page(app)}"],
                explain_to)


@contextlib.contextmanager
def benchmark_site(database: str, reuse: bool, drop: bool, migrate: bool) -> Iterator[Any]:
    """The site on the PostgreSQL database ``database``, made afresh unless ``reuse`` (and
    migrated to head if ``migrate``); its connections closed after, the database dropped if
    ``drop``."""
    with tempfile.TemporaryDirectory() as instance:
        if not reuse:
            admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            admin(f'CREATE DATABASE "{database}"')
        app = make_app(url_of(database), instance, migrate=migrate)
        logging.getLogger("alembic").setLevel(logging.WARNING)
        try:
            yield app
        finally:
            with app.app_context():
                from webapp.extensions import db

                db.engine.dispose()
            if drop:
                admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--results", type=int, default=20000)
    parser.add_argument("--database", default="bench_board")
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--reuse", action="store_true", help="measure the existing database")
    parser.add_argument("--drop", action="store_true", help="drop the database afterwards")
    parser.add_argument("--explain", type=Path, help="write EXPLAIN ANALYZE here")
    args = parser.parse_args()
    if args.results < ME_MATCHES:
        parser.error(f"--results must be at least {ME_MATCHES}")
    with benchmark_site(args.database, args.reuse, args.drop, migrate=False) as app:
        from webapp import requestlog

        if not args.reuse:
            with Polite(args.database):
                fill(app, args.users, args.results)
        # Alembic's logging setup adds a root handler; keep the site's lines out of it.
        logging.getLogger(requestlog.APP_LOGGER).propagate = False
        measure(app, args.requests, args.warmup, args.explain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
