"""Puzzle pages at scale (issue 51): with a bank of 50,000 puzzles and 1,000,000 attempts, each
puzzle page's time per request (in-process, Flask's test client), logged in as a player with
thousands of attempts of their own; target p95 ≤ 30 ms.

The rows are synthetic (the issue allows it): the positions, moves and reasons are copies of
real puzzles found by the Gin hook in two hands of the computer players, spread over the bank
with ratings drawn around 1500; the attempts go to 2,000 accounts ("me" has 5,000 of them)
over a year, a third of them right; "me" owns a reviewed match with 200 own puzzles
(错题本). Pages, in turns, one request each per round: a bank puzzle, the next puzzle (its
choice near the rating, ``303``), an answer (``POST``, a new token each time) and its answer
page, 每日一题, the 错题本, the hub, and ``GET /me`` (the player page with its puzzle panel).

    nice -n 10 python benchmarks/puzzle_pages.py --pg [--puzzles 50000 --attempts 1000000]

Takes a few minutes: the fill (its time is printed), then 200 requests of each page.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from page_cost import make_app  # noqa: E402

from engine_common.stats import percentile  # noqa: E402

PASSWORD = "correct horse battery"
CSRF = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')
TOKEN = re.compile(r'name="token" value="([^"]+)"')
MOVE = re.compile(r'name="move" value="([^"]+)"')
USERS = 2000
ME = USERS + 1
OWN = 200

FILL = [
    """INSERT INTO users (id, username, username_key, password_hash, created_at)
       SELECT i, 'player' || i, 'player' || i, 'x', now() - interval '400 days'
       FROM generate_series(1, %(users)s) AS i""",
    """INSERT INTO users (id, username, username_key, password_hash, created_at)
       VALUES (%(me)s, 'me', 'me', %(hash)s, now() - interval '400 days')""",
    "SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))",
    """INSERT INTO puzzles (game, ruleset, kind, source, position, moves, answer, reason, rating,
                           rd, volatility, created_at)
       SELECT 'gin', t.ruleset, t.kind, 'bench:' || i, t.position, t.moves, t.answer, t.reason,
              1500 + 250 * (random() + random() + random() - 1.5) * 2, 80, 0.06,
              now() - interval '30 days'
       FROM generate_series(1, %(puzzles)s) AS i
       JOIN bench_templates AS t ON t.n = i %% (SELECT count(*) FROM bench_templates)""",
    """INSERT INTO puzzle_attempts (token, puzzle_id, user_id, played_at, day, move, correct,
                                   rated)
       SELECT 'b' || lpad(i::text, 21, '0'), 1 + floor(random() * %(puzzles)s)::int,
              CASE WHEN i %% 200 = 0 THEN %(me)s ELSE 1 + floor(random() * %(users)s)::int END,
              played_at, to_char(played_at, 'YYYY-MM-DD'), 'draw-stock', random() < 0.34, true
       FROM (SELECT i, now() - random() * interval '364 days' AS played_at
             FROM generate_series(1, %(attempts)s) AS i) AS g""",
    """INSERT INTO puzzle_ratings (user_id, rating, rd, volatility, last_played, streak,
                                  best_streak)
       SELECT id, 1400 + (id %% 300), 60, 0.06, now() - interval '1 day', id %% 7, 12
       FROM users""",
]


def fill(app: Any, puzzles: int, attempts: int) -> int:
    """The synthetic rows; the first bank puzzle's id."""
    from sqlalchemy import select, text

    import gin_engine as engine
    from gin_engine.ai import make_bot
    from gin_engine.driver import play
    from webapp.accounts.passwords import hash_password
    from webapp.extensions import db
    from webapp.gin import puzzles as gin_puzzles
    from webapp.models import Puzzle
    from webapp.puzzles.store import add
    from webapp.store import create_match

    templates = [c.data for seed in (3, 8) for c in
                 gin_puzzles.bank("standard", seed, ("easy", "normal"), 1) if c.data]
    params = {"users": USERS, "me": ME, "puzzles": puzzles, "attempts": attempts,
              "hash": hash_password(PASSWORD)}
    start = time.perf_counter()
    with app.test_request_context():
        with db.engine.begin() as connection:
            connection.exec_driver_sql(
                "CREATE TEMP TABLE bench_templates (n int, ruleset text, kind text, "
                "position jsonb, moves jsonb, answer text, reason jsonb)")
            for n, data in enumerate(templates):
                connection.execute(text(
                    "INSERT INTO bench_templates VALUES (:n, :r, :k, CAST(:p AS jsonb), "
                    "CAST(:m AS jsonb), :a, CAST(:why AS jsonb))"), {
                    "n": n, "r": data.ruleset, "k": data.kind, "a": data.answer,
                    "p": _json(data.position), "m": _json([list(m) for m in data.moves]),
                    "why": _json(data.reason)})
            for statement in FILL:
                connection.exec_driver_sql(statement, params)
        game = engine.Match.new(engine.STANDARD, random.Random(3), first_dealer=1)
        play(game, [make_bot("easy", random.Random(3)), make_bot("normal", random.Random(4))],
             hands=1)
        record = create_match(ruleset="standard", difficulty="normal", snapshot=game.to_dict(),
                              owner_user_id=ME)
        data = templates[0]
        for decision in range(1, OWN + 1):
            add("gin", f"match:{record.id}:1:{decision}", data, record.id, 1, decision)
        db.session.commit()
        first = db.session.execute(select(Puzzle.id).order_by(Puzzle.id).limit(1)).scalar_one()
        with db.engine.connect() as connection:
            connection.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
                "VACUUM ANALYZE")
    print(f"filled {puzzles:,} puzzles ({len(templates)} positions copied), {attempts:,} "
          f"attempts in {time.perf_counter() - start:.0f} s", flush=True)
    return int(first)


def _json(value: Any) -> str:
    return json.dumps(value)


def log_in(client: Any) -> None:
    token = CSRF.search(client.get("/login").get_data(as_text=True))
    assert token
    answer = client.post("/login", data={"csrf_token": token.group(1), "username": "me",
                                         "password": PASSWORD})
    assert answer.status_code in (302, 303), answer.status_code


Samples = dict[str, list[tuple[float, float]]]
"""Per page: each request's (wall, processor) seconds."""


def measure(app: Any, first: int, rounds: int, puzzles: int) -> Samples:
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-CN"
    log_in(client)
    found: Samples = {}

    def timed(label: str, method: str, path: str, **data: Any) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.open(path, method=method, **data)
        found.setdefault(label, []).append(
            (time.perf_counter() - wall, time.process_time() - cpu))
        assert response.status_code in (200, 303), (label, response.status_code)
        return response

    for i in range(rounds):
        puzzle = f"/puzzles/{first + (i * 7919) % puzzles}"
        page = timed("GET /puzzles/<id>", "GET", puzzle).get_data(as_text=True)
        timed("GET /puzzles/next", "GET", "/puzzles/next")
        token, csrf = TOKEN.search(page), CSRF.search(page)
        assert token and csrf
        body = {"csrf_token": csrf.group(1), "token": token.group(1),
                "move": MOVE.findall(page)[0]}
        answered = timed("POST /puzzles/<id>", "POST", puzzle, data=body)
        timed("GET /puzzles/answer/<token>", "GET", answered.headers["Location"])
        for page_path in ("/puzzles/daily", "/puzzles/mine", "/puzzles", "/me"):
            timed(f"GET {page_path}", "GET", page_path)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", action="store_true", help="a fresh PostgreSQL database")
    parser.add_argument("--puzzles", type=int, default=50_000)
    parser.add_argument("--attempts", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    from webclient import bench_database

    with bench_database(args.pg, "gin_bench_puzzles") as url:
        app = make_app(url, tempfile.mkdtemp(prefix="gin-puzzles-instance-"))
        first = fill(app, args.puzzles, args.attempts)
        for _warm in range(2):
            measure(app, first, 5, args.puzzles)
        found = measure(app, first, args.rounds, args.puzzles)
        for label, samples in found.items():
            walls = [w * 1e3 for w, _ in samples]
            cpus = [c * 1e3 for _, c in samples]
            print(f"{label:30} {len(samples):4d} requests, wall p50 "
                  f"{statistics.median(walls):5.1f} / p95 {percentile(walls, 0.95):5.1f} / max "
                  f"{max(walls):5.1f} ms; processor p50 {statistics.median(cpus):5.1f} / p95 "
                  f"{percentile(cpus, 0.95):5.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
