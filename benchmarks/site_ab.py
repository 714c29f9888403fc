"""Two versions of the site, end to end, side by side: what a change costs per request.

    .venv/bin/python benchmarks/site_ab.py BEFORE AFTER [--requests 800] [--env NAME K=V ...]

BEFORE and AFTER are git revisions of this repository (checked out into temporary worktrees,
their translations compiled) or directories holding a checkout. A version may be given twice
with different settings: ``--env 2 GUNICORN_THREADS=1`` sets an environment variable for the
second server only (counted from 1).

Each version runs in its own gunicorn (its own ``gunicorn.conf.py``, one worker) on its own
fresh PostgreSQL database, migrated by its own migrations, and is played by its own checkout's
`webclient.Player` (the page a player reads may differ between versions). The requests
alternate between the versions one by one, so a machine that gets busier or quieter during the
run slows every version alike:

1. the same table page, GET /play again and again (``--requests`` times);
2. whole matches against expert: each move's POST /play and the GET /play after it.

Printed per version: the client's latency (median and 25th percentile, ms) and the processor
time per request of the gunicorn worker and of the PostgreSQL backends serving its database
(read from /proc before and after each part). Processor time is what bounds throughput on a
machine whose cores the site and its database share (``load.py``), and it moves much less than
latency when other programs run.

Takes about 3 minutes for two versions at ``--requests 800`` (set-up of the worktrees and
databases included).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import webclient  # noqa: E402

ROOT = webclient.ROOT
PG_ADMIN = f"{webclient.PG_ADMIN_URL}/postgres"


@dataclass
class Version:
    label: str
    root: Path
    env: dict[str, str]
    database: str = ""
    server: webclient.ServerProcess | None = None
    player: Any = None
    same: list[float] = field(default_factory=list)
    move_post: list[float] = field(default_factory=list)
    move_get: list[float] = field(default_factory=list)
    cpu: dict[str, tuple[float, float]] = field(default_factory=dict)


def checkout(spec: str, scratch: Path) -> Path:
    """A directory holding ``spec``: itself if it is one, else a worktree of that revision."""
    if Path(spec).is_dir():
        return Path(spec).resolve()
    target = scratch / spec.replace("/", "_")
    if not target.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(target), spec],
                       cwd=ROOT, check=True, capture_output=True)
        subprocess.run([str(webclient.VENV_BIN / "pybabel"), "compile", "-d",
                        "webapp/translations"], cwd=target, check=True, capture_output=True)
    return target


def own_webclient(root: Path, index: int) -> ModuleType:
    """The checkout's own ``benchmarks/webclient.py``, imported under a name of its own."""
    spec = importlib.util.spec_from_file_location(f"webclient_{index}",
                                                  root / "benchmarks" / "webclient.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def processor_seconds(pids: list[int]) -> float:
    """User plus system time of these processes so far (/proc/PID/stat, fields 14 and 15)."""
    ticks = 0
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def backends(database: str) -> list[int]:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (database,))
        return [row[0] for row in rows]


def usage(version: Version) -> tuple[float, float]:
    assert version.server is not None
    worker = processor_seconds(version.server.workers())
    return worker, processor_seconds(backends(version.database))


def timed(call: Any, *args: Any) -> float:
    start = time.perf_counter()
    call(*args)
    return time.perf_counter() - start


def measure(versions: list[Version], requests: int) -> None:
    for version in versions:
        for _ in range(50):  # warm: templates compiled, connections pooled and prepared
            version.player.client.get("/play")
    before = [usage(v) for v in versions]
    for _ in range(requests):
        for version in versions:
            version.same.append(timed(version.player.client.get, "/play"))
    after = [usage(v) for v in versions]
    for version, b, a in zip(versions, before, after, strict=True):
        version.cpu["same"] = ((a[0] - b[0]) / requests, (a[1] - b[1]) / requests)
    for version in versions:
        version.player.start()
    before = after
    for _ in range(requests):
        for version in versions:
            player = version.player
            if player.table.phase == "match-over":
                player.start()
            fields = player.table.choose()
            version.move_post.append(timed(player.client.post, "/play", fields))
            version.move_get.append(timed(player.look))
    after = [usage(v) for v in versions]
    for version, b, a in zip(versions, before, after, strict=True):
        version.cpu["move"] = ((a[0] - b[0]) / requests, (a[1] - b[1]) / requests)


def report(versions: list[Version]) -> None:
    def latency(values: list[float]) -> str:
        ordered = sorted(values)
        return (f"{statistics.median(ordered) * 1000:6.2f} / "
                f"{ordered[len(ordered) // 4] * 1000:6.2f}")

    print("latency: median / 25th percentile, ms; processor: ms per request (per move: its "
          "POST and the GET after it), gunicorn worker + PostgreSQL")
    print(f"{'version':34} {'GET same table':>16} {'POST move':>16} {'GET after move':>16}"
          f" {'cpu same table':>18} {'cpu per move':>18}")
    for v in versions:
        same, move = v.cpu["same"], v.cpu["move"]
        print(f"{v.label[:34]:34} {latency(v.same):>16} {latency(v.move_post):>16}"
              f" {latency(v.move_get):>16} {same[0] * 1000:8.2f} + {same[1] * 1000:5.2f}"
              f" {move[0] * 1000:9.2f} + {move[1] * 1000:5.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("versions", nargs="+", help="git revisions or checkout directories")
    parser.add_argument("--requests", type=int, default=800)
    parser.add_argument("--env", nargs=2, action="append", default=[],
                        metavar=("NUMBER", "NAME=VALUE"),
                        help="an environment variable for one version's server (from 1)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gin-ab-") as scratch:
        versions = []
        for index, spec in enumerate(args.versions, start=1):
            env = dict(value.split("=", 1) for number, value in args.env if int(number) == index)
            label = spec + "".join(f" {k}={v}" for k, v in env.items())
            versions.append(Version(label, checkout(spec, Path(scratch)), env))
        try:
            for index, version in enumerate(versions):
                version.database = f"gin_bench_ab_{index}"
                url = webclient.fresh_database(version.database, root=version.root)
                server_env = webclient.server_env(url, WEB_CONCURRENCY="1", **version.env)
                version.server = webclient.ServerProcess(server_env, root=version.root).start()
                own = own_webclient(version.root, index)
                version.player = own.Player(own.WebClient([version.server.base]),
                                            "standard", "expert")
                version.player.start()
                while version.player.table.phase != "discard":
                    version.player.step()
            measure(versions, args.requests)
        finally:
            for version in versions:
                if version.server is not None:
                    version.server.stop()
                if version.database:
                    webclient.drop_database(version.database)
        report(versions)
    # The scratch worktrees are gone with their directory: forget them.
    subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
