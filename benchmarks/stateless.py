"""Statelessness: one match played to the end with its requests alternating between two servers.

    .venv/bin/python benchmarks/stateless.py [--difficulty expert] [--ruleset standard]

Starts two gunicorn instances (``gunicorn.conf.py``, two ports) sharing one fresh PostgreSQL
database (``gin_bench_stateless``) and one ``SECRET_KEY``. One client — one cookie jar — sends
each request to the other server in turn, starts a match and plays it to the end. Checks:

- the match is over, with the settlement shown;
- the version went up by exactly one per move (version = moves + 1) and the page always showed
  the version after the move just made;
- no notice was shown (no stale form, no lost session) and no request failed;
- both servers served requests (about half each);
- the stored row agrees: status finished, same version, the snapshot loads with
  ``gin_engine.Match.from_dict`` and is at match over, with all 52 cards present.

Exit status 0 when every check passes. Both gunicorn masters are stopped at the end.

Takes about 20 seconds (one expert match of about 130 moves, two servers started and stopped).
"""

from __future__ import annotations

import argparse
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webclient import (  # noqa: E402
    HttpFailure,
    Player,
    ServerProcess,
    WebClient,
    drop_database,
    fresh_database,
    server_env,
)

DATABASE = "gin_bench_stateless"
MAX_MOVES = 2000


def snapshot_over_and_whole(snapshot: dict) -> bool:  # type: ignore[type-arg]
    """The snapshot loads, is at match over, and holds all 52 cards exactly once."""
    import gin_engine

    game = gin_engine.Match.from_dict(snapshot)
    hand = game.hand
    cards = [*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard_pile]
    whole = len(cards) == 52 and len(set(cards)) == 52
    return whole and game.phase is gin_engine.Phase.MATCH_OVER


def stored_row(url: str) -> tuple[str, int, dict, int]:  # type: ignore[type-arg]
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        rows = conn.execute("SELECT status, version, snapshot FROM matches").fetchall()
    status, version, snapshot = rows[0]
    return status, version, snapshot, len(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--difficulty", default="expert", choices=("easy", "normal", "expert"))
    parser.add_argument("--ruleset", default="standard", choices=("standard", "classic", "quick"))
    parser.add_argument("--workers", default="2", help="WEB_CONCURRENCY of each instance")
    args = parser.parse_args()

    logs = Path(tempfile.mkdtemp(prefix="gin-stateless-"))
    url = fresh_database(DATABASE)
    env = server_env(url, secret=secrets.token_urlsafe(48), WEB_CONCURRENCY=args.workers)
    servers = [ServerProcess(env, log=logs / f"site-{i}.log") for i in (1, 2)]
    checks: list[tuple[str, bool]] = []
    try:
        for server in servers:
            server.start()
        print(f"two gunicorn instances: {servers[0].base} and {servers[1].base}, "
              f"{args.workers} workers each, one database ({DATABASE}), one SECRET_KEY")
        client = WebClient([s.base for s in servers])
        player = Player(client, ruleset=args.ruleset, difficulty=args.difficulty)
        started = time.perf_counter()
        table = player.start()
        first_version = table.version
        notices = list(table.notices)
        versions_ok = first_version == 1
        failure = None
        try:
            while player.actions < MAX_MOVES:
                before = player.table.version if player.table else None
                if not player.step():
                    break
                after = player.table.version if player.table else None
                notices += player.table.notices if player.table else []
                if before is None or after != before + 1:
                    versions_ok = False
                    print(f"  version went from {before} to {after} after one move")
        except HttpFailure as failed:
            failure = str(failed)
        seconds = time.perf_counter() - started
        final = player.table
        assert final is not None
        status, version, snapshot, rows = stored_row(url)
        print(f"played {player.actions} moves in {seconds:.1f} s; requests per server: "
              + ", ".join(f"{k}: {v}" for k, v in sorted(client.served_by.items())))
        print(f"final page: phase {final.phase}, version {final.version}, settlement shown "
              f"{final.settlement}, person won {final.person_won}")
        print(f"stored row: status {status}, version {version}, matches in database {rows}")
        served = sorted(client.served_by.values())
        checks = [
            ("no request failed", failure is None and not client.stats.errors),
            ("match over with the settlement shown", final.phase == "match-over"
             and final.settlement),
            ("version = moves + 1, one step per move", versions_ok
             and final.version == player.actions + 1),
            ("no notice shown (no stale form, no lost session)", not notices),
            ("both servers served requests", len(served) == 2 and served[0] > 0),
            ("stored row finished at the page's version", status == "finished"
             and version == final.version and rows == 1),
            ("snapshot loads, is at match over, 52 distinct cards",
             snapshot_over_and_whole(snapshot)),
        ]
        if failure:
            print(f"failure: {failure}")
        if notices:
            print(f"notices: {notices}")
    finally:
        for server in servers:
            server.stop()
        drop_database(DATABASE)
    for name, ok in checks:
        print(f"  [{'ok' if ok else 'FAILED'}] {name}")
    passed = bool(checks) and all(ok for _, ok in checks)
    print("statelessness: " + ("PASSED" if passed else "FAILED"))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
