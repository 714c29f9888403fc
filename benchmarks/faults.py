"""Faults: kill -9 gunicorn workers and restart PostgreSQL while people play; check the damage.

    .venv/bin/python benchmarks/faults.py [--kills 3] [--users 4] [--guests 2] [--no-pg-restart]

Starts the site (``gunicorn.conf.py``) on a fresh PostgreSQL database (``gin_bench_faults``).
Registered users play quick matches against easy (so that they win and earn ranking points);
guests play standard matches against expert (long replies, so a kill often lands mid-action).
Every client plays through the forms and logs each action: the version of the page it acted
from, whether the POST failed, and the version of the table it read next. A failed POST is not
retried blindly: the client reads the table again (waiting while the server or database is
down); if the lost action turns out to have been applied, it resubmits the old form once, as an
impatient person would, and that must be refused as stale.

Faults, while everybody plays:

a. ``--kills`` times: SIGKILL a worker of the gunicorn master (one busy computing, if any);
b. once: ``pg_ctlcluster --skip-systemctl-redirect <version> main restart`` (local cluster).

Checks (exit status 0 when all pass):

- every action ends at the version it started from or the next one — never further, never
  corrupt — and exactly the next one when its POST succeeded; every resubmitted form is refused;
- every stored match loads with ``gin_engine.Match.from_dict`` and holds 52 distinct cards,
  with hand sizes right for its phase, and each client's last page matches its stored version;
- play continues: after the faults every client plays its match to the end;
- ranking points: exactly one award per finished match won by a logged-in owner, none
  otherwise, and one statistics row per finished owned match.

Time is bounded (``--max-seconds``); the gunicorn master is stopped and PostgreSQL is left
running at the end.

Takes about 3 minutes (the clients play while the faults are made one after another, then the
stored matches are checked).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webclient import (  # noqa: E402
    HttpFailure,
    Player,
    ServerProcess,
    Table,
    WebClient,
    fresh_database,
    process_holding,
    server_env,
    socket_inode,
)

DATABASE = "gin_bench_faults"
RECOVER_SECONDS = 60.0


def plain_url(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


def session_match_id(client: WebClient) -> str | None:
    """The match id in the (signed, not encrypted) Flask session cookie."""
    value = client.cookies.get("session")
    if not value:
        return None
    compressed = value.startswith(".")
    payload = value.lstrip(".").split(".")[0]
    data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    if compressed:
        data = zlib.decompress(data)
    found = json.loads(data).get("match_id")
    return found if isinstance(found, str) else None


@dataclass
class Action:
    t_post: float  # when the POST was sent
    t_answer: float  # when it answered or failed
    v_from: int
    v_after: int
    match_no: int = 0  # how many matches the client had finished before this action
    error: str | None = None
    resubmitted: str | None = None  # outcome of resubmitting a lost-but-applied form


@dataclass
class Client:
    index: int
    kind: str  # "user" or "guest"
    ruleset: str
    difficulty: str
    player: Player
    actions: list[Action] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)  # (check, text)
    finished: list[tuple[str | None, bool | None, int | None]] = field(default_factory=list)
    recoveries: int = 0
    last_version: int | None = None
    running: bool = True
    done_after_faults: bool = False

    @property
    def label(self) -> str:
        return f"client {self.index} ({self.kind}, {self.ruleset}/{self.difficulty})"


class Run:
    def __init__(self, base: str, deadline: float) -> None:
        self.base = base
        self.deadline = deadline
        self.finish = threading.Event()  # after the faults: finish the current match, stop
        self.lock = threading.Lock()

    def look(self, client: Client) -> Table:
        """GET /play until it answers (the server or database may be down for a while)."""
        waited = time.monotonic()
        while True:
            try:
                table = client.player.look()
                if table.version is not None or table.phase is None:
                    return table
            except HttpFailure:
                pass
            if time.monotonic() - waited > RECOVER_SECONDS or time.monotonic() > self.deadline:
                raise TimeoutError(f"{client.label}: the table did not come back")
            client.recoveries += 1
            time.sleep(0.2)

    def start_match(self, client: Client) -> Table:
        waited = time.monotonic()
        while True:
            try:
                client.player.start()
                return self.look(client)
            except HttpFailure:
                if time.monotonic() - waited > RECOVER_SECONDS:
                    raise
                client.recoveries += 1
                time.sleep(0.2)

    def act(self, client: Client, table: Table) -> Table:
        fields = table.choose()
        version = table.version
        if fields is None or version is None:
            raise RuntimeError(f"{client.label}: no move on the page (phase {table.phase})")
        t_post = time.monotonic()
        error = None
        try:
            response = client.player.client.post("/play", fields)
            if response.status != 303:
                error = f"status {response.status}"
        except HttpFailure as failed:
            error = failed.kind
        t_answer = time.monotonic()
        after = self.look(client)
        action = Action(
            t_post, t_answer, version, after.version or -1, len(client.finished), error
        )
        if error is None and (action.v_after != version + 1 or after.notices):
            client.problems.append(("version", (
                f"v{version}: POST answered 303 but the table shows v{action.v_after} "
                f"{after.notices}"
            )))
        if error is not None and action.v_after not in (version, version + 1):
            client.problems.append(
                ("version", f"v{version}: after a failed POST the table is at v{action.v_after}")
            )
        if error is not None and action.v_after == version + 1 and after.phase != "match-over":
            # Applied although the answer was lost: the same form again must be refused.
            try:
                client.player.client.post("/play", fields)
                again = self.look(client)
                refused = again.version == version + 1 and len(again.notices) == 1
                action.resubmitted = "refused as stale" if refused else (
                    f"NOT refused: v{again.version} {again.notices}"
                )
                if not refused:
                    client.problems.append(
                        ("version", f"v{version}: resubmitted form {action.resubmitted}")
                    )
                after = again
            except HttpFailure as failed:
                action.resubmitted = f"failed ({failed.kind})"
                after = self.look(client)
        client.actions.append(action)
        client.last_version = after.version
        return after

    def play(self, client: Client) -> None:
        try:
            table = self.start_match(client)
            while time.monotonic() < self.deadline:
                if table.phase == "match-over":
                    client.finished.append(
                        (session_match_id(client.player.client), table.person_won, table.earned)
                    )
                    if self.finish.is_set():
                        client.done_after_faults = True
                        return
                    table = self.start_match(client)
                    continue
                table = self.act(client, table)
            client.problems.append(("continue", "ran out of time before the match ended"))
        except Exception as exc:  # noqa: BLE001 — reported as a failed check
            client.problems.append(("continue", f"stopped: {exc!r}"))
        finally:
            client.running = False


def worker_mid_action(
    server: ServerProcess, clients: list[Client], wait: float = 10.0
) -> tuple[int, str] | None:
    """The worker serving some client's POST /play right now (found through /proc)."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        for client in sorted(clients, key=lambda c: c.kind != "guest"):  # guests think longer
            flight = client.player.client.in_flight
            if flight is None or flight[:2] != ("POST", "/play"):
                continue
            inode = socket_inode(server.port, flight[2])
            pid = process_holding(inode, server.workers()) if inode else None
            if pid is not None and client.player.client.in_flight == flight:
                return pid, f"serving {client.label}'s POST /play"
        time.sleep(0.001)
    return None


def pg_cluster() -> str:
    versions = sorted(os.listdir("/etc/postgresql"))
    return versions[-1]


def pg_restart() -> float:
    started = time.monotonic()
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", pg_cluster(), "main", "restart"],
        check=True, capture_output=True, text=True, timeout=120,
    )
    return time.monotonic() - started


def pg_ensure_running() -> None:
    status = subprocess.run(
        ["pg_ctlcluster", pg_cluster(), "main", "status"], capture_output=True, text=True
    )
    if status.returncode != 0:
        subprocess.run(
            ["pg_ctlcluster", "--skip-systemctl-redirect", pg_cluster(), "main", "start"],
            check=False, timeout=120,
        )


def wait_for_database(url: str, seconds: float = 60.0) -> float:
    import psycopg

    started = time.monotonic()
    while time.monotonic() - started < seconds:
        try:
            with psycopg.connect(plain_url(url), connect_timeout=2) as conn:
                conn.execute("SELECT 1")
            return time.monotonic() - started
        except psycopg.Error:
            time.sleep(0.2)
    raise TimeoutError("PostgreSQL did not come back")


def other_database_sessions(url: str) -> int:
    """Connections to other databases (someone's test run) that a restart would cut."""
    import psycopg

    with psycopg.connect(plain_url(url)) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname IS NOT NULL "
            "AND datname NOT IN (%s, 'postgres') AND pid <> pg_backend_pid()",
            (DATABASE,),
        ).fetchone()
    return int(row[0]) if row else 0


def describe_fault(name: str, at: float, clients: list[Client]) -> list[str]:
    """Per client: the action in flight at ``at`` (or the version last seen) and what followed."""
    lines = [f"  {name}:"]
    for client in clients:
        in_flight = [a for a in client.actions if a.t_post <= at <= a.t_answer]
        before = [a for a in client.actions if a.t_answer < at]
        if in_flight:
            a = in_flight[0]
            applied = "applied" if a.v_after == a.v_from + 1 else "not applied"
            verdict = "ok" if a.v_after in (a.v_from, a.v_from + 1) else "WRONG"
            extra = f"; resubmitted form {a.resubmitted}" if a.resubmitted else ""
            lines.append(
                f"    {client.label}: POST from v{a.v_from} in flight, "
                f"{a.error or 'answered 303'} → table at v{a.v_after} ({applied}, {verdict}){extra}"
            )
        else:
            last = before[-1] if before else None
            nxt = next((a for a in client.actions if a.t_post > at), None)
            if nxt is None:
                follow, ok = "no later move", True
            elif last is not None and nxt.match_no != last.match_no:
                follow, ok = f"its match ended; next move in a new match from v{nxt.v_from}", True
            else:
                follow = f"next move from v{nxt.v_from}"
                ok = last is None or nxt.v_from == last.v_after
            seen = f"v{last.v_after}" if last else "its first page"
            lines.append(f"    {client.label}: no POST in flight, last saw {seen} → {follow} "
                         f"({'ok' if ok else 'WRONG'})")
    return lines


def check_database(
    url: str, clients: list[Client]
) -> tuple[list[str], list[tuple[str, str]]]:
    """Snapshots, versions and ranking points in the database; returns (report, problems)."""
    import psycopg

    import gin_engine

    report: list[str] = []
    problems: list[tuple[str, str]] = []
    with psycopg.connect(plain_url(url)) as conn:
        matches = conn.execute(
            "SELECT id, version, status, owner_user_id, snapshot FROM matches"
        ).fetchall()
        awards = conn.execute(
            "SELECT match_id, count(*), sum(points) FROM point_awards GROUP BY match_id"
        ).fetchall()
        results = conn.execute(
            "SELECT match_id, count(*) FROM match_results GROUP BY match_id"
        ).fetchall()
    award_count = {m: n for m, n, _ in awards}
    result_count = dict(results)
    by_id = {row[0]: row for row in matches}
    won_owned = lost_owned = 0
    for match_id, version, status, owner, snapshot in matches:
        try:
            game = gin_engine.Match.from_dict(snapshot)
        except Exception as exc:  # noqa: BLE001
            problems.append(("snapshot", f"match {match_id} v{version} does not load: {exc!r}"))
            continue
        hand = game.hand
        cards = [*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard_pile]
        if len(cards) != 52 or len(set(cards)) != 52:
            problems.append(("snapshot", f"match {match_id} v{version}: {len(set(cards))} cards"))
        sizes = sorted(len(h) for h in hand.hands)
        expected = [10, 11] if game.phase is gin_engine.Phase.DISCARD else [10, 10]
        if sizes != expected:
            problems.append(("snapshot", f"match {match_id} v{version}: hands {sizes}"))
        over = game.phase is gin_engine.Phase.MATCH_OVER
        if over != (status == "finished"):
            problems.append(("snapshot", f"match {match_id}: status {status}, phase {game.phase}"))
        if owner is None:
            if award_count.get(match_id) or result_count.get(match_id):
                problems.append(("award", f"guest match {match_id} has an award or statistics"))
            continue
        if status == "finished":
            won = game.settlement is not None and game.settlement.winner == 0
            won_owned += won
            lost_owned += not won
            if award_count.get(match_id, 0) != (1 if won else 0):
                problems.append(("award", f"match {match_id} ({'won' if won else 'lost'}): "
                                 f"{award_count.get(match_id, 0)} awards"))
            if result_count.get(match_id, 0) != 1:
                problems.append(("award", f"match {match_id}: {result_count.get(match_id, 0)} "
                                 "statistics rows"))
        elif award_count.get(match_id):
            problems.append(("award", f"match {match_id} ({status}) has an award"))
    for client in clients:
        match_id = session_match_id(client.player.client)
        row = by_id.get(match_id or "")
        if row is None:
            problems.append(("snapshot", f"{client.label}: its match {match_id} is not stored"))
        elif row[1] != client.last_version:
            problems.append(
                ("version", f"{client.label}: last page v{client.last_version}, stored v{row[1]}")
            )
        for finished_id, won, earned in client.finished:
            if client.kind == "user" and won and not earned:
                problems.append(("award", f"{client.label}: won {finished_id}, no points shown"))
    statuses: dict[str, int] = {}
    for row in matches:
        statuses[row[2]] = statuses.get(row[2], 0) + 1
    report.append(f"  matches stored: {len(matches)} {statuses}; snapshots checked: all")
    report.append(f"  owned finished matches: {won_owned} won, {lost_owned} lost; point awards "
                  f"{sum(award_count.values())} (expected {won_owned}); statistics rows "
                  f"{sum(result_count.values())}")
    return report, problems


def main() -> int:  # noqa: C901 — one linear script
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=4)
    parser.add_argument("--guests", type=int, default=2)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--no-pg-restart", action="store_true")
    parser.add_argument("--max-seconds", type=float, default=240.0)
    parser.add_argument("--quiet-wait", type=float, default=20.0,
                        help="wait up to this long for other databases' sessions to end "
                             "before restarting PostgreSQL")
    args = parser.parse_args()

    logs = Path(tempfile.mkdtemp(prefix="gin-faults-"))
    url = fresh_database(DATABASE)
    env = server_env(url, AUTH_RATE_LIMIT="1000 per minute")
    server = ServerProcess(env, log=logs / "site.log")
    deadline = time.monotonic() + args.max_seconds
    run = Run(server.base, deadline)
    clients: list[Client] = []
    faults: list[tuple[str, float]] = []
    lines: list[str] = []
    all_ok = True
    try:
        server.start()
        print(f"site {server.base}, {len(server.workers())} workers, database {DATABASE}; "
              f"logs in {logs}")
        for i in range(args.users + args.guests):
            user = i < args.users
            client = WebClient([server.base], timeout=40.0)
            c = Client(
                index=i, kind="user" if user else "guest",
                ruleset="quick" if user else "standard",
                difficulty="easy" if user else "expert",
                player=Player(client, "quick" if user else "standard",
                              "easy" if user else "expert"),
            )
            if user:
                c.player.register(f"fault_{secrets.token_hex(3)}_{i}", secrets.token_urlsafe(12))
            clients.append(c)
        threads = [threading.Thread(target=run.play, args=(c,), daemon=True) for c in clients]
        for thread in threads:
            thread.start()
        time.sleep(3.0)

        for k in range(args.kills):
            found = worker_mid_action(server, clients)
            if found is None:
                pid, what = random.choice(server.workers()), "no POST in flight found"
            else:
                pid, what = found
            at = time.monotonic()
            os.kill(pid, signal.SIGKILL)
            faults.append((f"kill -9 worker {pid} ({what}) #{k + 1}", at))
            print(f"killed worker {pid} ({what})")
            time.sleep(3.0)

        if not args.no_pg_restart:
            waited = 0.0
            while other_database_sessions(url) and waited < args.quiet_wait:
                time.sleep(1.0)
                waited += 1.0
            others = other_database_sessions(url)
            if others:
                print(f"note: {others} session(s) on other databases are cut by the restart")
            time.sleep(random.uniform(0.0, 0.3))
            at = time.monotonic()
            took = pg_restart()
            back = wait_for_database(url)
            faults.append((f"PostgreSQL restart ({took:.1f} s, accepting again after "
                           f"{took + back:.1f} s)", at))
            print(f"restarted PostgreSQL in {took:.1f} s")
            time.sleep(3.0)

        run.finish.set()
        for thread in threads:
            thread.join(timeout=max(1.0, deadline - time.monotonic()))

        lines.append("\nfaults and every client's action at that moment:")
        for name, at in faults:
            lines.extend(describe_fault(name, at, clients))

        actions = [a for c in clients for a in c.actions]
        hit = [a for a in actions if a.error]
        applied = [a for a in hit if a.v_after == a.v_from + 1]
        resubmits = [a for a in hit if a.resubmitted]
        lines.append("\nclients:")
        for c in clients:
            lines.append(f"  {c.label}: {len(c.actions)} actions, {len(c.finished)} matches "
                         f"finished, {sum(1 for _, w, _ in c.finished if w)} won, "
                         f"{c.recoveries} retried reads, finished its match after the faults: "
                         f"{'yes' if c.done_after_faults else 'NO'}")
        lines.append(f"\nactions: {len(actions)}; failed POSTs {len(hit)} "
                     f"({len(applied)} applied, {len(hit) - len(applied)} not applied); "
                     f"resubmitted forms {len(resubmits)}, refused as stale "
                     f"{sum(1 for a in resubmits if a.resubmitted == 'refused as stale')}")
        report, db_problems = check_database(url, clients)
        lines.append("database:")
        lines.extend(report)
        problems = [(kind, f"{c.label}: {text}") for c in clients for kind, text in c.problems]
        problems += db_problems
        problems += [("continue", f"{c.label}: did not finish its match after the faults")
                     for c in clients if not c.done_after_faults]
        kinds = {kind for kind, _ in problems}
        checks = [
            ("every action at its previous or next version, never double-applied",
             "version" not in kinds),
            ("every snapshot loads, 52 cards, hand sizes right for the phase",
             "snapshot" not in kinds),
            ("play continued: every client finished its match after the faults",
             "continue" not in kinds),
            ("no point award lost or duplicated (one per won owned match)", "award" not in kinds),
            ("faults hit actions in flight (failed POSTs seen)", bool(hit)),
        ]
        lines.append("\nchecks:")
        for name, ok in checks:
            lines.append(f"  [{'ok' if ok else 'FAILED'}] {name}")
        if problems:
            lines.append("problems:")
            lines.extend(f"  - [{kind}] {text}" for kind, text in problems[:40])
        all_ok = all(ok for _, ok in checks[:4]) and not problems
    finally:
        run.finish.set()
        run.deadline = 0.0
        server.stop()
        pg_ensure_running()
    print("\n".join(lines))
    print("faults: " + ("PASSED" if all_ok else "FAILED"))
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
