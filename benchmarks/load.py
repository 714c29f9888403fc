"""Load test: N concurrent guests play full matches against gunicorn + PostgreSQL on 127.0.0.1.

    .venv/bin/python benchmarks/load.py [--players 8,32,64] [--seconds 30] [--difficulty expert]
    .venv/bin/python benchmarks/load.py --proxy   # through deploy/'s nginx, as in production

Creates a fresh PostgreSQL database (``gin_bench``, migrated with ``flask db upgrade``), starts
the site with ``gunicorn.conf.py`` (workers from the CPU count) and, on the same settings, a
trivial Flask app (`benchmarks/trivial_app.py`) as the baseline. For each number of players:

1. baseline: N threads GET the trivial app's "ok" page as fast as they can;
2. site floor: N threads GET the site's own ``/healthz`` (every layer of the site — session,
   CSRF, language, rate limiter, security headers, request log — and one ``SELECT 1``, no
   template): what any database-backed page of the site costs before it does its own work;
3. table GET: N guests, each with a match, reload GET /play as fast as they can;
4. play: N guests play whole matches through the forms (POST /play → 303 → GET /play),
   starting a new match when one ends, for ``--seconds``.

Reported per level: matches completed, requests/s, p50/p95/p99 latency of the table GET and of
the action POST (which includes the computer's reply), errors (status ≥ 400, timeouts,
connection errors). The action POST's throughput is its server capacity in the play phase, where
the server is busy with GETs and POSTs alike: POSTs/s + GETs/s × (mean worker time of a GET ÷
mean worker time of a POST), worker times read from gunicorn's access log (``%(M)s``) for the
same window — the POSTs per second the server would do if the GETs' share went to POSTs.
Targets: table GET ≥ 40%
of the baseline, action POST ≥ 20%, p99 < 250 ms at 32 players.

The load generator runs on the same machine (and cores) as the server; its CPU use is printed.
Every loop is bounded in time; both gunicorn masters are stopped at the end.

Takes about 6 minutes with the defaults (three player counts, four phases of 30 s each, start-up
and warm-up); ``--proxy`` about as long again.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import re
import resource
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from slow_clients import nginx_proxy  # noqa: E402
from webclient import (  # noqa: E402
    HttpFailure,
    Player,
    ServerProcess,
    Stats,
    WebClient,
    fresh_database,
    percentile,
    server_env,
)

DATABASE = "gin_bench"
TARGET_GET, TARGET_POST, TARGET_P99_MS, TARGET_PLAYERS = 0.40, 0.20, 250.0, 32


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def hammer(players: int, seconds: float, work) -> tuple[Stats, float, float]:  # type: ignore[no-untyped-def]
    """Run ``work(i, stats, deadline)`` in ``players`` threads; return stats, wall and CPU time."""
    results = [Stats() for _ in range(players)]
    ready = threading.Barrier(players + 1)
    go = threading.Barrier(players + 1)
    started: list[float] = []

    def body(i: int) -> None:
        setup = work(i, results[i], None)  # unmeasured setup (e.g. deal a match)
        ready.wait(timeout=300)
        go.wait(timeout=300)
        work(i, results[i], started[0] + seconds, setup)

    threads = [threading.Thread(target=body, args=(i,), daemon=True) for i in range(players)]
    for thread in threads:
        thread.start()
    ready.wait(timeout=300)
    for result in results:
        result.latencies.clear()
        result.errors.clear()
    cpu0 = cpu_seconds()
    started.append(time.perf_counter())
    go.wait(timeout=300)
    for thread in threads:
        thread.join(timeout=seconds + 120)
    wall = time.perf_counter() - started[0]
    total = Stats()
    for result in results:
        total.merge(result)
    return total, wall, cpu_seconds() - cpu0


def fixed_work(base: str, path: str):  # type: ignore[no-untyped-def]
    """GET one fixed page again and again."""

    def work(i: int, stats: Stats, deadline: float | None, setup: object = None) -> object:
        if deadline is None:
            return None
        client = WebClient([base], stats=stats)
        while time.perf_counter() < deadline:
            try:
                client.get(path)
            except HttpFailure:
                time.sleep(0.01)
        return None

    return work


def table_work(base: str, difficulty: str):  # type: ignore[no-untyped-def]
    def work(i: int, stats: Stats, deadline: float | None, setup: object = None) -> object:
        if deadline is None:
            client = WebClient([base], stats=stats)
            Player(client, difficulty=difficulty).start()
            return client
        client = setup
        assert isinstance(client, WebClient)
        while time.perf_counter() < deadline:
            try:
                client.get("/play")
            except HttpFailure:
                time.sleep(0.01)
        return None

    return work


def play_work(base: str, difficulty: str, think: float):  # type: ignore[no-untyped-def]
    def work(i: int, stats: Stats, deadline: float | None, setup: object = None) -> object:
        if deadline is None:
            return None
        player = Player(WebClient([base], stats=stats), difficulty=difficulty)
        fresh = True
        while time.perf_counter() < deadline:
            try:
                if fresh:
                    player.start()
                    fresh = False
                if not player.step():
                    stats.matches += 1
                    fresh = True
                if think:
                    time.sleep(think)
            except HttpFailure as failure:
                if failure.kind in ("parse", "unexpected"):
                    stats.errors[failure.kind] += 1
                time.sleep(0.05)
                player.table = None  # re-read the table before the next move
        return None

    return work


ACCESS = re.compile(r'"(GET|POST) (/[^ ?]*)\S* HTTP/[\d.]+" (\d{3}) \S+ (\d+)ms')


def site_log_size(server: ServerProcess) -> int:
    return server.log_path.stat().st_size if server.log_path else 0


def worker_times(server: ServerProcess, start: int) -> dict[str, float]:
    """Mean worker time (ms) by "METHOD /path" in the access log written since ``start``."""
    if server.log_path is None:
        return {}
    with open(server.log_path, "rb") as log:
        log.seek(start)
        text = log.read().decode("utf-8", "replace")
    sums: dict[str, list[float]] = {}
    for method, path, _status, millis in ACCESS.findall(text):
        sums.setdefault(f"{method} {path}", []).append(float(millis))
    return {key: sum(v) / len(v) for key, v in sums.items()}


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="8,32,64", help="comma-separated levels")
    parser.add_argument("--seconds", type=float, default=30.0, help="play phase per level")
    parser.add_argument("--baseline-seconds", type=float, default=10.0,
                        help="trivial-app and table-GET phases per level")
    parser.add_argument("--difficulty", default="expert", choices=("easy", "normal", "expert"))
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="pause of each player between moves (0: as fast as possible)")
    parser.add_argument("--proxy", action="store_true",
                        help="reach both apps through deploy/'s nginx config, as in production")
    args = parser.parse_args()
    levels = [int(x) for x in args.players.split(",") if x.strip()]

    cores = multiprocessing.cpu_count()
    logs = Path(tempfile.mkdtemp(prefix="gin-load-"))
    print(f"machine: {platform.machine()}, {cores} cores, Python {platform.python_version()}, "
          f"load average at start {load_average()}")
    print("note: the load generator runs on the same cores as the server (loopback, 127.0.0.1)")
    url = fresh_database(DATABASE)
    env = server_env(url)
    site = ServerProcess(env, log=logs / "site.log")
    trivial = ServerProcess(env, app="benchmarks.trivial_app:app", log=logs / "trivial.log")
    rows = []
    try:
        site.start()
        trivial.start()
        with ExitStack() as proxies:
            site_base, trivial_base = site.base, trivial.base
            if args.proxy:
                site_base = proxied(proxies, logs / "site-proxy", site.port)
                trivial_base = proxied(proxies, logs / "trivial-proxy", trivial.port)
            print(f"gunicorn.conf.py: {len(site.workers())} gthread workers each; "
                  f"site {site_base}, trivial {trivial_base}"
                  f"{' (nginx in front of each)' if args.proxy else ''}; database {DATABASE}; "
                  f"difficulty {args.difficulty}; think time {args.think_ms:.0f} ms; "
                  f"logs in {logs}")
            rows = [measure_level(players, args, site, site_base, trivial_base)
                    for players in levels]
    finally:
        site.stop()
        trivial.stop()
    summarize(rows)
    return 0


def proxied(stack: ExitStack, folder: Path, upstream_port: int) -> str:
    """Start deploy/'s nginx in front of ``upstream_port``; its base URL."""
    return f"http://127.0.0.1:{stack.enter_context(nginx_proxy(folder, upstream_port))}"


def measure_level(players: int, args: argparse.Namespace, site: ServerProcess, site_base: str,
                  trivial_base: str) -> dict:  # type: ignore[type-arg]
    """The four phases of the module docstring for one number of players, printed."""
    cores = multiprocessing.cpu_count()
    base_stats, base_wall, base_cpu = hammer(players, args.baseline_seconds,
                                             fixed_work(trivial_base, "/"))
    floor_stats, floor_wall, _ = hammer(players, args.baseline_seconds,
                                        fixed_work(site_base, "/healthz"))
    get_stats, get_wall, get_cpu = hammer(players, args.baseline_seconds,
                                          table_work(site_base, args.difficulty))
    log_start = site_log_size(site)
    play, wall, cpu = hammer(players, args.seconds,
                             play_work(site_base, args.difficulty, args.think_ms / 1000))
    trivial_rps = len(base_stats.latencies["other"]) / base_wall
    floor_rps = len(floor_stats.latencies["other"]) / floor_wall
    get_rps = len(get_stats.latencies["table"]) / get_wall
    gets = play.latencies["table"]
    posts = play.latencies["action"]
    others = play.latencies["other"]
    durations = worker_times(site, log_start)
    d_get, d_post = durations.get("GET /play"), durations.get("POST /play")
    if d_get and d_post:
        post_rps = (len(posts) + (len(gets) + len(others)) * d_get / d_post) / wall
    else:  # no access log to read: charge the GETs at the GET-only rate instead
        get_time = (len(gets) + len(others)) / get_rps if get_rps else 0.0
        post_rps = len(posts) / (wall - get_time) if wall > get_time else float("nan")
    errors = sum(sum(s.errors.values()) for s in (play, get_stats, base_stats, floor_stats))
    row = {
        "players": players,
        "matches": play.matches,
        "rps": (len(gets) + len(posts) + len(others)) / wall,
        "get": gets,
        "post": posts,
        "errors": errors,
        "error_kinds": {
            **base_stats.errors, **floor_stats.errors, **get_stats.errors, **play.errors
        },
        "trivial_rps": trivial_rps,
        "floor_rps": floor_rps,
        "get_rps": get_rps,
        "post_rps": post_rps,
        "play_get_rps": len(gets) / wall,
        "play_post_rps": len(posts) / wall,
        "client_cpu": cpu / wall,
        "client_cpu_base": base_cpu / base_wall,
        "client_cpu_get": get_cpu / get_wall,
    }
    print(f"\n== {players} players ==")
    print(f"  baseline (trivial app)  {trivial_rps:8.1f} req/s")
    print(f"  site floor (/healthz)   {floor_rps:8.1f} req/s  "
          f"({floor_rps / trivial_rps:.0%} of baseline)")
    print(f"  table GET only          {get_rps:8.1f} req/s  "
          f"({get_rps / trivial_rps:.0%} of baseline)")
    print(f"  play for {wall:.1f} s: {play.matches} matches completed, "
          f"{row['rps']:.1f} req/s ({row['play_get_rps']:.1f} table GET/s, "
          f"{row['play_post_rps']:.1f} action POST/s)")
    print(f"  action POST capacity    {post_rps:8.1f} req/s  "
          f"({post_rps / trivial_rps:.0%} of baseline; mean worker time GET "
          f"{d_get or 0:.1f} ms, POST {d_post or 0:.1f} ms)")
    for name, values in (("table GET  ", gets), ("action POST", posts)):
        print(f"  {name} latency ms  p50 {ms(percentile(values, 50))}  "
              f"p95 {ms(percentile(values, 95))}  p99 {ms(percentile(values, 99))}  "
              f"(n={len(values)})")
    print(f"  errors: {errors} {dict(row['error_kinds']) or ''}")
    print(f"  load generator CPU (cores of {cores}): baseline "
          f"{row['client_cpu_base']:.2f}, table GET {row['client_cpu_get']:.2f}, "
          f"play {row['client_cpu']:.2f}; load average {load_average()}")
    return row


def summarize(rows: list[dict]) -> None:  # type: ignore[type-arg]
    print("\n| players | matches | req/s | table GET p50/p95/p99 ms | action POST p50/p95/p99 ms "
          "| errors | trivial req/s | site /healthz req/s (ratio) | table GET req/s (ratio) "
          "| action POST req/s (ratio) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        g, p = r["get"], r["post"]
        print(
            f"| {r['players']} | {r['matches']} | {r['rps']:.0f} | "
            f"{ms(percentile(g, 50))}/{ms(percentile(g, 95))}/{ms(percentile(g, 99))} | "
            f"{ms(percentile(p, 50))}/{ms(percentile(p, 95))}/{ms(percentile(p, 99))} | "
            f"{r['errors']} | {r['trivial_rps']:.0f} | {r['floor_rps']:.0f} "
            f"({r['floor_rps'] / r['trivial_rps']:.0%}) | {r['get_rps']:.0f} "
            f"({r['get_rps'] / r['trivial_rps']:.0%}) | {r['post_rps']:.0f} "
            f"({r['post_rps'] / r['trivial_rps']:.0%}) |"
        )
    print("\ntargets:")
    for r in rows:
        get_ratio = r["get_rps"] / r["trivial_rps"]
        post_ratio = r["post_rps"] / r["trivial_rps"]
        verdicts = [
            f"table GET {get_ratio:.0%} of trivial (≥ 40%): "
            + ("met" if get_ratio >= TARGET_GET else "MISSED"),
            f"action POST {post_ratio:.0%} (≥ 20%): "
            + ("met" if post_ratio >= TARGET_POST else "MISSED"),
            f"errors {r['errors']} (0): " + ("met" if r["errors"] == 0 else "MISSED"),
        ]
        if r["players"] == TARGET_PLAYERS:
            p99 = max(percentile(r["get"], 99), percentile(r["post"], 99)) * 1000
            verdicts.append(f"p99 {p99:.0f} ms (< {TARGET_P99_MS:.0f}): "
                            + ("met" if p99 < TARGET_P99_MS else "MISSED"))
        print(f"  {r['players']:>3} players: " + "; ".join(verdicts))
    print("(the load generator shares the server's cores; figures include its cost)")


if __name__ == "__main__":
    sys.exit(main())
