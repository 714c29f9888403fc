"""A small browser stand-in for the benchmarks: cookies, forms, timings; standard library only.

`WebClient` keeps one cookie jar and sends every request on a fresh ``http.client`` connection
(gunicorn's sync workers close the connection after each response anyway). It can spread its
requests over several base URLs in turn — the statelessness check — and records the latency of
each request by kind: ``table`` (GET /play), ``action`` (POST /play) or ``other``.

`Player` plays the person's side of a match through the same forms a person uses, choosing
moves from the page alone: pass the upcard, draw from the stock, knock or go gin when the page
offers it, otherwise discard the card with the lowest deadwood preview; next hand; stop when
the match is over.

`ServerProcess` starts and stops a gunicorn master (``gunicorn.conf.py`` settings) and
`fresh_database` creates an empty PostgreSQL database migrated with ``flask db upgrade``.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = ROOT / ".venv" / "bin"
PG_ADMIN_URL = os.environ.get("BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432")

CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
PHASE = re.compile(r'data-phase="([a-z-]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
MOVE_FORM = re.compile(r'<form method="post" action="/play" class="move-form">(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)">')
SLOT = re.compile(r'<li class="slot[^"]*">(.*?)</li>', re.S)
SLOT_BUTTON = re.compile(r'<button [^>]*name="card"[^>]*data-card="([0-9TJQKA]{1,2}[SHDC])"')
PREVIEW = re.compile(r'class="preview"><span class="vh">[^<]*</span>\s*(\d+)')
ENDING_LINK = re.compile(r'data-confirm="(knock|gin)"')
NOTICE = re.compile(r'<p class="flash flash-notice">([^<]*)</p>')
SETTLEMENT = re.compile(r'data-zone="settlement"')
EARNED = re.compile(r'data-earned="(\d+)"')
TOTAL = re.compile(r'data-total="(you|computer)">(\d+)<')


class HttpFailure(Exception):
    """A request that got no usable answer: connection error, timeout or a 5xx/4xx status."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: str
    seconds: float


@dataclass
class Stats:
    """Latencies (seconds) by request kind, and failures by kind of failure."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    matches: int = 0

    def merge(self, other: Stats) -> None:
        for kind, values in other.latencies.items():
            self.latencies[kind].extend(values)
        for kind, count in other.errors.items():
            self.errors[kind] += count
        self.matches += other.matches


class WebClient:
    """One browser: a cookie jar and a list of servers it talks to in turn."""

    def __init__(self, bases: list[str], timeout: float = 30.0, stats: Stats | None = None):
        self.bases = [urllib.parse.urlsplit(b) for b in bases]
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.stats = stats if stats is not None else Stats()
        self.turn = 0
        self.served_by: dict[str, int] = defaultdict(int)
        # (method, path, local port) of the request waiting for its answer, else None: lets a
        # fault script find the worker serving it.
        self.in_flight: tuple[str, str, int] | None = None

    def _next_base(self) -> urllib.parse.SplitResult:
        base = self.bases[self.turn % len(self.bases)]
        self.turn += 1
        return base

    def request(self, method: str, path: str, data: dict[str, str] | None = None) -> Response:
        base = self._next_base()
        headers = {"Accept-Language": "en", "User-Agent": "gin-bench"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        kind = "table" if path == "/play" and method == "GET" else (
            "action" if path == "/play" and method == "POST" else "other"
        )
        start = time.perf_counter()
        conn = http.client.HTTPConnection(base.hostname, base.port, timeout=self.timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            if conn.sock is not None:
                self.in_flight = (method, path, conn.sock.getsockname()[1])
            raw = conn.getresponse()
            text = raw.read().decode("utf-8", "replace")
            resp_headers = {k.lower(): v for k, v in raw.getheaders()}
            cookie_headers = raw.headers.get_all("Set-Cookie") or []
        except TimeoutError as exc:
            self.stats.errors["timeout"] += 1
            raise HttpFailure("timeout", f"{method} {path}") from exc
        except (OSError, http.client.HTTPException) as exc:
            self.stats.errors["connection"] += 1
            raise HttpFailure("connection", f"{method} {path}: {exc!r}") from exc
        finally:
            self.in_flight = None
            conn.close()
        elapsed = time.perf_counter() - start
        self.served_by[base.netloc] += 1
        for header in cookie_headers:
            self._store_cookie(header)
        if raw.status >= 400:
            self.stats.errors[f"http {raw.status}"] += 1
            raise HttpFailure(f"http {raw.status}", f"{method} {path}")
        self.stats.latencies[kind].append(elapsed)
        return Response(raw.status, resp_headers, text, elapsed)

    def _store_cookie(self, header: str) -> None:
        jar: SimpleCookie = SimpleCookie()
        jar.load(header)
        for name, morsel in jar.items():
            expired = morsel["max-age"] == "0" or (
                morsel["expires"] and "1970" in morsel["expires"]
            )
            if expired or morsel.value == "":
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = morsel.value

    def get(self, path: str) -> Response:
        return self.request("GET", path)

    def post(self, path: str, data: dict[str, str]) -> Response:
        return self.request("POST", path, data)


@dataclass
class Table:
    """What a player reads off GET /play."""

    html: str

    @property
    def phase(self) -> str | None:
        found = PHASE.search(self.html)
        return found.group(1) if found else None

    @property
    def version(self) -> int | None:
        found = VERSION.search(self.html)
        return int(found.group(1)) if found else None

    @property
    def forms(self) -> dict[str, dict[str, str]]:
        """The move forms on the page, by action (the first form of each action)."""
        out: dict[str, dict[str, str]] = {}
        for inner in MOVE_FORM.findall(self.html):
            fields = dict(HIDDEN.findall(inner))
            out.setdefault(fields.get("action", ""), fields)
        return out

    @property
    def notices(self) -> list[str]:
        return NOTICE.findall(self.html)

    @property
    def settlement(self) -> bool:
        return bool(SETTLEMENT.search(self.html))

    @property
    def earned(self) -> int | None:
        found = EARNED.search(self.html)
        return int(found.group(1)) if found else None

    @property
    def person_won(self) -> bool | None:
        totals = dict(TOTAL.findall(self.html))
        if len(totals) != 2:
            return None
        return int(totals["you"]) > int(totals["computer"])

    def choose(self) -> dict[str, str] | None:
        """The form fields of the next move, or ``None`` when there is nothing to do."""
        phase = self.phase
        forms = self.forms
        if phase == "upcard" and "pass-upcard" in forms:
            return forms["pass-upcard"]
        if phase == "draw" and "draw-stock" in forms:
            return forms["draw-stock"]
        if phase == "hand-over" and "next-hand" in forms:
            return forms["next-hand"]
        if phase == "discard":
            token = CSRF.search(self.html)
            version = self.version
            if token is None or version is None:
                return None
            base = {"csrf_token": token.group(1), "version": str(version)}
            best: tuple[int, str] | None = None
            for slot in SLOT.findall(self.html):
                button, preview = SLOT_BUTTON.search(slot), PREVIEW.search(slot)
                if button and preview:
                    candidate = (int(preview.group(1)), button.group(1))
                    best = candidate if best is None or candidate < best else best
            if best is None:
                return None
            # With a Knock… or Gin… link on the page, the card leaving the least deadwood
            # knocks (or goes gin): the move its confirmation step would offer first.
            endings = set(ENDING_LINK.findall(self.html))
            action = "gin" if "gin" in endings else "knock" if endings else "discard"
            return {**base, "action": action, "card": best[1]}
        return None


class Player:
    """Plays the person's side of matches through the forms."""

    def __init__(self, client: WebClient, ruleset: str = "standard", difficulty: str = "expert"):
        self.client = client
        self.ruleset = ruleset
        self.difficulty = difficulty
        self.table: Table | None = None
        self.actions = 0

    def token(self, path: str = "/") -> str:
        found = CSRF.search(self.client.get(path).body)
        if not found:
            raise HttpFailure("parse", f"no CSRF token on {path}")
        return found.group(1)

    def start(self) -> Table:
        data = {
            "csrf_token": self.token("/"),
            "ruleset": self.ruleset,
            "difficulty": self.difficulty,
            "confirm": "1",
        }
        response = self.client.post("/new", data)
        if response.status != 303:
            raise HttpFailure("unexpected", f"POST /new answered {response.status}")
        self.actions = 0
        return self.look()

    def look(self) -> Table:
        self.table = Table(self.client.get("/play").body)
        return self.table

    def step(self) -> bool:
        """Make one move from the current table; ``False`` once the match is over."""
        table = self.table or self.look()
        if table.phase == "match-over":
            return False
        fields = table.choose()
        if fields is None:
            raise HttpFailure("parse", f"no move found in phase {table.phase!r}")
        response = self.client.post("/play", fields)
        if response.status != 303:
            raise HttpFailure("unexpected", f"POST /play answered {response.status}")
        self.actions += 1
        self.look()
        return True

    def register(self, username: str, password: str) -> None:
        data = {
            "csrf_token": self.token("/register"),
            "username": username,
            "password": password,
            "confirm": password,
        }
        response = self.client.post("/register", data)
        if response.status != 303:
            raise HttpFailure("unexpected", f"POST /register answered {response.status}")


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(pct / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


# --- servers and databases -----------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def database_url(name: str) -> str:
    return f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"


def fresh_database(name: str, root: Path = ROOT) -> str:
    """Drop and create ``name`` on the local PostgreSQL, migrate it with the migrations of
    the checkout at ``root`` (this one by default), return its URL."""
    import psycopg

    with psycopg.connect(f"{PG_ADMIN_URL}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    url = database_url(name)
    env = server_env(url, PYTHONPATH=str(root))
    done = subprocess.run(
        [str(VENV_BIN / "flask"), "--app", "webapp", "db", "upgrade"],
        cwd=root, env=env, capture_output=True, text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"flask db upgrade failed:\n{done.stderr[-2000:]}")
    return url


def drop_database(name: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG_ADMIN_URL}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def bench_database(pg: bool, name: str) -> Iterator[str]:
    """The URL of the database an in-process benchmark runs on: with ``pg`` (``--pg``) a fresh
    PostgreSQL database ``name``, migrated, dropped afterwards; else ``DATABASE_URL``; else a
    new SQLite file (migrated by the benchmark's app)."""
    if pg:
        url = fresh_database(name)
    else:
        url = os.environ.get("DATABASE_URL") or (
            f"sqlite:///{tempfile.mkdtemp(prefix=name + '-')}/{name}.sqlite3"
        )
    print(f"database: {url.split('@')[-1] if '@' in url else url}")
    try:
        yield url
    finally:
        if pg:
            drop_database(name)


def server_env(url: str, secret: str | None = None, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": url,
        "APP_ENV": "production",
        "SECRET_KEY": secret or secrets.token_urlsafe(48),
        "SESSION_COOKIE_SECURE": "0",
        "HOST": "127.0.0.1",
        # One process's memory is enough for a measurement; production sets REDIS_URL.
        "RATE_LIMIT_PER_PROCESS": "1",
        # Every simulated player deals from 127.0.0.1: the per-address limit is not measured.
        "NEW_MATCH_RATE_LIMIT": "100000 per minute",
        **extra,
    }


class ServerProcess:
    """A gunicorn master started with ``gunicorn.conf.py``, on a free 127.0.0.1 port; the
    site and the settings of the checkout at ``root`` (this one by default)."""

    def __init__(
        self, env: dict[str, str], app: str | None = None, log: Path | None = None,
        root: Path = ROOT,
    ):
        self.port = free_port()
        self.root = root
        self.env = {**env, "HOST": "127.0.0.1", "PORT": str(self.port), "PYTHONPATH": str(root)}
        self.app = app
        self.log_path = log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, ready_path: str = "/", wait: float = 30.0) -> ServerProcess:
        args = [str(VENV_BIN / "gunicorn"), "-c", str(self.root / "gunicorn.conf.py")]
        if self.app:
            args.append(self.app)
        out = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            args, cwd=self.root, env=self.env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        if out is not subprocess.DEVNULL:
            out.close()
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"gunicorn exited with {self.proc.returncode}; see {self.log_path}"
                )
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", ready_path)
                status = conn.getresponse().status
                conn.close()
                if status < 500 and len(self.workers()) >= self.expected_workers():
                    return self
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn on port {self.port} did not come up")

    def expected_workers(self) -> int:
        import multiprocessing

        return int(self.env.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))

    def workers(self) -> list[int]:
        """PIDs of the master's children (its workers)."""
        if self.proc is None:
            return []
        return children(self.proc.pid)

    def stop(self) -> None:
        """SIGTERM the master (graceful), then SIGKILL the whole process group if needed."""
        if self.proc is None:
            return
        pid = self.proc.pid
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=25)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(pid, signal.SIGKILL)  # the group is ours alone (start_new_session)
        except ProcessLookupError:
            pass
        if self.proc.poll() is None:
            self.proc.wait(timeout=5)
        self.proc = None


def children(pid: int) -> list[int]:
    """Direct children of ``pid``, read from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # The command name is in parentheses and may contain spaces: split after it.
        fields = stat[stat.rfind(")") + 2 :].split()
        if int(fields[1]) == pid:
            found.append(int(entry))
    return sorted(found)


def process_state(pid: int) -> str:
    """The /proc state letter of ``pid`` (R running, S sleeping, ...) or '' if gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat[stat.rfind(")") + 2 :].split()[0]


def socket_inode(server_port: int, client_port: int) -> int | None:
    """The inode of the server's end of the loopback TCP connection from ``client_port``."""
    want_local = f"0100007F:{server_port:04X}"
    want_remote = f"0100007F:{client_port:04X}"
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == want_local and fields[2] == want_remote:
            return int(fields[9])
    return None


def process_holding(inode: int, pids: list[int]) -> int | None:
    """Which of ``pids`` has the socket ``inode`` open."""
    target = f"socket:[{inode}]"
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    if os.readlink(f"/proc/{pid}/fd/{fd}") == target:
                        return pid
                except OSError:
                    continue
        except OSError:
            continue
    return None


def run_threads(count: int, target, name: str) -> list[threading.Thread]:  # type: ignore[no-untyped-def]
    threads = [
        threading.Thread(target=target, args=(i,), name=f"{name}-{i}", daemon=True)
        for i in range(count)
    ]
    for thread in threads:
        thread.start()
    return threads
