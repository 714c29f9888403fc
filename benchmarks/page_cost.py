"""What one table page costs inside the app: GET /play by phase, POST /play by opponent
(``--game romme``: GET /romme and POST /romme, the Rommé table).

In-process (Flask's test client, no network, no gunicorn), on SQLite by default or on
PostgreSQL with ``--pg`` (a fresh database on the local server, as the other benchmarks) or
``DATABASE_URL``. The person's side is played by `webclient.Player` (the same page-reading
player as the load test) through the real forms, so every phase of a match is visited.

Printed, in milliseconds per request (median and mean over the requests measured):

- ``/healthz`` (one ``SELECT 1``) and the trivial "ok" of `trivial_app` as baselines;
- GET /play by table phase (upcard, draw, discard, hand-over, match-over) and overall;
- POST /play (the person's move and the computer's reply, then the 303) by opponent;
- a breakdown of each: loading the match row (database), decoding its snapshot
  (``Match.from_dict``, through ``webapp.matches.read``), the engine's work for the page
  (``build_table``), template rendering, the computer's reply (``computer_replies``), saving
  (UPDATE and COMMIT), and the rest (Flask, WhiteNoise, session cookie, CSRF, login, rate
  limiter, logging, end of transaction).

    .venv/bin/python benchmarks/page_cost.py                     # SQLite
    .venv/bin/python benchmarks/page_cost.py --pg                # PostgreSQL, fresh database
    .venv/bin/python benchmarks/page_cost.py --requests 3000 --difficulty easy,expert
    .venv/bin/python benchmarks/page_cost.py --served         # end to end, see below
    .venv/bin/python benchmarks/page_cost.py --game romme --players 3   # the Rommé table

``--served`` measures the same requests end to end instead: gunicorn (``gunicorn.conf.py``,
one worker) on a fresh PostgreSQL database and the trivial app beside it, one client sending
one request at a time: the trivial "ok", GET /play of one table again and again, then whole
matches against expert (GET /play after each move, and the POST /play).

Takes about 1 minute with the defaults on one free core, ``--served`` about 2.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webclient import HttpFailure, Player, Response, Stats  # noqa: E402

PARTS = ("load", "decode", "build_table", "render", "computer", "save", "other")


class Timers:
    """Seconds spent in the instrumented functions during the current request."""

    def __init__(self) -> None:
        self.current: dict[str, float] = defaultdict(float)

    def wrap(self, part: str, func: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return func(*args, **kwargs)
            finally:
                self.current[part] += time.perf_counter() - start

        return timed

    def take(self) -> dict[str, float]:
        taken, self.current = dict(self.current), defaultdict(float)
        return taken


class InProcessClient:
    """The `webclient.WebClient` interface (get/post → Response) over Flask's test client."""

    def __init__(self, app: Any, timers: Timers, record: Callable[..., None]) -> None:
        self.client = app.test_client()
        self.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        self.timers = timers
        self.record = record
        self.stats = Stats()

    def request(self, method: str, path: str, data: dict[str, str] | None = None) -> Response:
        self.timers.take()
        start = time.perf_counter()
        raw = self.client.open(path, method=method, data=data)
        elapsed = time.perf_counter() - start
        body = raw.get_data(as_text=True)
        if raw.status_code >= 400:
            raise HttpFailure(f"http {raw.status_code}", f"{method} {path}")
        self.record(method, path, elapsed, self.timers.take(), body)
        return Response(raw.status_code, dict(raw.headers), body, elapsed)

    def get(self, path: str) -> Response:
        return self.request("GET", path)

    def post(self, path: str, data: dict[str, str]) -> Response:
        return self.request("POST", path, data)


def make_app(url: str, instance: str, migrate: bool = True) -> Any:
    """The site on ``url``, its request log written nowhere; migrated to head if ``migrate``."""
    from flask_migrate import upgrade

    from webapp import MIGRATIONS_DIR, create_app, requestlog

    app = create_app(
        {
            "SECRET_KEY": "page-benchmark-" + "x" * 40,
            "INSTANCE_PATH": instance,
            "DATABASE_URL": url,
            "SESSION_COOKIE_SECURE": False,
            "REMEMBER_COOKIE_SECURE": False,
        }
    )
    # Keep the per-request JSON log line (it is part of the cost) but write it nowhere.
    for handler in logging.getLogger(requestlog.APP_LOGGER).handlers:
        if isinstance(handler, logging.StreamHandler):
            handler.setStream(open(os.devnull, "w"))  # noqa: SIM115
    if migrate:
        with app.app_context():
            upgrade(directory=str(MIGRATIONS_DIR))
    # Alembic's logging setup adds a root handler; keep the site's lines out of it.
    logging.getLogger(requestlog.APP_LOGGER).propagate = False
    return app


@contextmanager
def instrumented(timers: Timers) -> Iterator[None]:
    from webapp.gin import views

    with _instrumented(timers, views):
        yield


@contextmanager
def instrumented_romme(timers: Timers) -> Iterator[None]:
    """The same parts for the Rommé table (``webapp.romme``)."""
    from webapp.romme import views

    with _instrumented(timers, views):
        yield


@contextmanager
def _instrumented(timers: Timers, views: Any) -> Iterator[None]:
    """Time a table's page parts (``views``) and the match layer's (``webapp.matches``, which
    both tables load, decode, move and save through)."""
    from webapp import matches

    targets = {
        (views, "build_table"): "build_table",
        (views, "render_template"): "render",
        (matches, "load_match"): "load",
        (matches, "computer_replies"): "computer",
        (matches, "read"): "decode",
        (matches, "save_and_count"): "save",
    }
    saved = {key: getattr(*key) for key in targets}
    for (module, name), part in targets.items():
        setattr(module, name, timers.wrap(part, getattr(module, name)))
    try:
        yield
    finally:
        for (module, name), func in saved.items():
            setattr(module, name, func)


def run_romme(url: str, requests: int, difficulties: list[str], warmup: int, players: int
              ) -> dict[str, list[tuple[float, dict[str, float]]]]:
    """GET /romme by phase and POST /romme by difficulty, the person played by the normal bot
    (chosen from the stored match between requests, outside the measured time)."""
    samples: dict[str, list[tuple[float, dict[str, float]]]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as instance:
        app = make_app(url, instance)
        # A 3-hand Rommé match is a few dozen moves: more new matches a minute than the
        # site lets one address start.
        app.config["NEW_MATCH_RATE_LIMIT"] = "100000 per minute"
        timers = Timers()
        with instrumented_romme(timers):
            for difficulty in difficulties:
                RommeRun(app, timers, difficulty, players, warmup, samples).play(requests)
    return samples


class RommeRun:
    """One difficulty's requests against the Rommé table, filed into ``samples``."""

    def __init__(self, app: Any, timers: Timers, difficulty: str, players: int, warmup: int,
                 samples: dict[str, list[tuple[float, dict[str, float]]]]) -> None:
        import random

        from romme_engine.ai import make_bot

        self.app, self.timers, self.difficulty = app, timers, difficulty
        self.players, self.warmup, self.samples = players, warmup, samples
        self.client = app.test_client()
        self.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        self.bot = make_bot("normal", random.Random(1))
        self.seen = 0

    def timed(self, method: str, path: str, data: dict[str, Any] | None = None) -> Any:
        self.timers.take()
        start = time.perf_counter()
        raw = self.client.open(path, method=method, data=data)
        elapsed = time.perf_counter() - start
        if raw.status_code >= 400:
            raise HttpFailure(f"http {raw.status_code}", f"{method} {path}")
        self.seen += 1
        return raw, elapsed, self.timers.take()

    def new_match(self) -> None:
        from webclient import CSRF

        token = CSRF.search(self.client.get("/?game=romme").get_data(as_text=True))
        assert token is not None
        started = self.client.post("/new", data={
            "csrf_token": token.group(1), "game": "romme", "ruleset": "romme",
            "opponents": str(self.players - 1), "difficulty": self.difficulty, "confirm": "1"})
        if started.status_code != 303:
            raise HttpFailure(f"http {started.status_code}", "POST /new")

    def person_move(self, body: str) -> dict[str, Any]:
        from webclient import CSRF, VERSION

        import romme_engine as romme
        from webapp.store import load_match

        with self.client.session_transaction() as session:
            match_id = session["match_id"]
        with self.app.app_context():
            record = load_match(match_id)
            assert record is not None
            action = self.bot.choose(romme.Match.from_dict(record.snapshot).view(0))
        token, version = CSRF.search(body), VERSION.search(body)
        assert token is not None and version is not None
        return {"csrf_token": token.group(1), "version": version.group(1), **_romme_form(action)}

    def play(self, requests: int) -> None:
        from webclient import PHASE

        self.new_match()
        posts = 0
        while posts < requests:
            raw, elapsed, parts = self.timed("GET", "/romme")
            body = raw.get_data(as_text=True)
            found = PHASE.search(body)
            phase = found.group(1) if found else "none"
            if self.seen > self.warmup:
                self.samples[f"GET /romme {phase}"].append((elapsed, parts))
                self.samples["GET /romme (all)"].append((elapsed, parts))
            if phase == "match-over":
                self.new_match()
                continue
            raw, elapsed, parts = self.timed("POST", "/romme", self.person_move(body))
            if self.seen > self.warmup:
                self.samples[f"POST /romme {self.difficulty}"].append((elapsed, parts))
            posts += 1


def _romme_form(action: Any) -> dict[str, Any]:
    """The fields the Rommé table's forms send for ``action``."""
    import romme_engine as romme

    if isinstance(action, romme.Discard):
        return {"discard": str(action.card)}
    if isinstance(action, romme.LayMeld):
        return {"action": "meld", "cards": [str(c) for c in action.cards], "ordered": "1"}
    if isinstance(action, romme.LayOff | romme.SwapJoker):
        kind = "lay-off" if isinstance(action, romme.LayOff) else "swap"
        data = {"action": kind, "cards": [str(action.card)], "meld": str(action.meld)}
        if isinstance(action, romme.LayOff) and action.end is not None:
            data["end"] = action.end.value
        return data
    return {"action": romme.format_action(action)}


def ms(values: list[float]) -> str:
    if not values:
        return "     -"
    return f"{statistics.median(values) * 1000:6.2f}"


def mean_ms(values: list[float]) -> str:
    return f"{statistics.fmean(values) * 1000:6.2f}" if values else "     -"


def run(url: str, requests: int, difficulties: list[str], warmup: int) -> None:
    with tempfile.TemporaryDirectory() as instance:
        app = make_app(url, instance)
        # Matches against the computer end faster than the site lets one address start new
        # ones (20 a minute): lift the limit, as run_romme does.
        app.config["NEW_MATCH_RATE_LIMIT"] = "100000 per minute"
        timers = Timers()
        samples: dict[str, list[tuple[float, dict[str, float]]]] = defaultdict(list)
        seen = {"n": 0}

        def record(method: str, path: str, elapsed: float, parts: dict[str, float], body: str):  # type: ignore[no-untyped-def]
            seen["n"] += 1
            if seen["n"] <= warmup:
                return
            if path == "/play" and method == "GET":
                from webclient import PHASE

                found = PHASE.search(body)
                phase = found.group(1) if found else "none"
                samples[f"GET /play {phase}"].append((elapsed, parts))
                samples["GET /play (all)"].append((elapsed, parts))
            elif path == "/play" and method == "POST":
                samples[f"POST /play {current['difficulty']}"].append((elapsed, parts))

        current = {"difficulty": ""}
        with instrumented(timers):
            # Baselines: /healthz and a trivial "ok" on the same app process.
            @app.get("/bench-ok")
            def ok() -> str:
                return "ok"

            client = app.test_client()
            for path in ("/healthz", "/bench-ok"):
                for _ in range(warmup):
                    client.get(path)
                times = []
                for _ in range(max(200, requests // 4)):
                    start = time.perf_counter()
                    client.get(path)
                    times.append(time.perf_counter() - start)
                samples[f"GET {path}"] = [(t, {}) for t in times]

            for difficulty in difficulties:
                current["difficulty"] = difficulty
                seen["n"] = 0
                player = Player(InProcessClient(app, timers, record), difficulty=difficulty)
                player.start()
                posts = 0
                while posts < requests:
                    if not player.step():
                        player.start()
                        continue
                    posts += 1

    report(samples)


def report(samples: dict[str, list[tuple[float, dict[str, float]]]]) -> None:
    header = " ".join(f"{p:>11}" for p in PARTS)
    print(f"{'request':28} {'n':>5} {'median':>7} {'mean':>7}  {header}")
    order = sorted(samples, key=lambda k: (k.startswith("GET /") and "/healthz" not in k
                                           and "/bench" not in k or k.startswith("POST"), k))
    for key in order:
        rows = samples[key]
        totals = [t for t, _ in rows]
        cells = []
        for part in PARTS:
            if part == "other":
                values = [t - sum(p.values()) for t, p in rows]
            else:
                values = [p.get(part, 0.0) for _, p in rows]
            cells.append(f"{mean_ms(values):>11}" if any(values) else f"{'':>11}")
        print(f"{key:28} {len(rows):5d} {ms(totals):>7} {mean_ms(totals):>7}  " + " ".join(cells))
    print("(ms; parts: means per request; 'other': Flask, session, CSRF, login, limiter, logging)")


def served(requests: int) -> None:
    from webclient import (
        ServerProcess,
        WebClient,
        drop_database,
        fresh_database,
        server_env,
    )

    url = fresh_database("gin_bench_page_served")
    site = ServerProcess(server_env(url, WEB_CONCURRENCY="1"))
    trivial = ServerProcess(server_env(url, WEB_CONCURRENCY="1"), app="benchmarks.trivial_app:app")
    try:
        site.start("/healthz")
        trivial.start("/")
        rows: dict[str, list[float]] = {}
        client = WebClient([trivial.base])
        for _ in range(50):
            client.get("/")
        client.stats.latencies.clear()
        for _ in range(requests):
            client.get("/")
        rows["trivial GET /"] = client.stats.latencies["other"]
        player = Player(WebClient([site.base]), difficulty="expert")
        player.start()
        for _ in range(50):
            player.client.get("/play")
        player.client.stats.latencies.clear()
        for _ in range(requests):
            player.client.get("/play")
        rows["GET /play (same table)"] = list(player.client.stats.latencies["table"])
        player.client.stats.latencies.clear()
        moves = 0
        while moves < requests:
            if not player.step():
                player.start()
                continue
            moves += 1
        rows["GET /play (playing)"] = player.client.stats.latencies["table"]
        rows["POST /play expert"] = player.client.stats.latencies["action"]
    finally:
        site.stop()
        trivial.stop()
        drop_database("gin_bench_page_served")
    print(f"{'request (gunicorn, 1 worker)':28} {'n':>5} {'median':>7} {'mean':>7}")
    for key, values in rows.items():
        print(f"{key:28} {len(values):5d} {ms(values):>7} {mean_ms(values):>7}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", action="store_true", help="a fresh PostgreSQL database")
    parser.add_argument("--requests", type=int, default=1500, help="POSTs per opponent")
    parser.add_argument("--difficulty", default="easy,expert")
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--served", action="store_true", help="end to end through gunicorn")
    parser.add_argument("--game", choices=("gin", "romme"), default="gin",
                        help="romme: the Rommé table (GET /romme, POST /romme)")
    parser.add_argument("--players", type=int, default=3, help="Rommé: the person + computers")
    args = parser.parse_args()
    if args.served:
        served(min(args.requests, 1000))
        return 0
    difficulties = [d for d in args.difficulty.split(",") if d]
    from webclient import bench_database

    # Its own database for Rommé, so a Gin run beside it is not dropped under it.
    name = "romme_bench_page" if args.game == "romme" else "gin_bench_page"
    with bench_database(args.pg, name) as url:
        if args.game == "romme":
            report(run_romme(url, args.requests, difficulties, args.warmup, args.players))
        else:
            run(url, args.requests, difficulties, args.warmup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
