"""Slow clients against the production setup: ``python benchmarks/slow_clients.py``.

Starts gunicorn (``gunicorn.conf.py``, 2 workers, an SQLite database in a temporary folder)
and Debian's nginx with ``deploy/nginx.conf.template`` in front of it, opens 8 connections
that each begin a request and never finish it, and times ``GET /healthz`` while they are held:
through nginx, and (for comparison) straight to gunicorn. Prints the figures; benchmarks/README.md
quotes them. tests/web/test_slow_clients.py uses the same parts.

Takes about 30 seconds (the direct case waits 15 s for an answer that does not come).
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import socket
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# Run as a script (README): the repository root, for the `benchmarks` package, comes first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.webclient import ROOT, VENV_BIN, ServerProcess, free_port, server_env  # noqa: E402

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
HALF_OPEN = 8
WORKERS = 2
DEADLINE = 15.0  # seconds a /healthz may take before it counts as stalled


@contextmanager
def gunicorn_site(folder: Path, workers: int = WORKERS) -> Iterator[ServerProcess]:
    """gunicorn with ``gunicorn.conf.py`` on a fresh SQLite database in ``folder``."""
    url = f"sqlite:///{folder / 'slow.sqlite3'}"
    env = server_env(url, WEB_CONCURRENCY=str(workers), INSTANCE_PATH=str(folder))
    subprocess.run(
        [str(VENV_BIN / "flask"), "--app", "webapp", "db", "upgrade"],
        cwd=ROOT, env=env, check=True, capture_output=True,
    )
    # A generous wait: on a busy shared machine two workers can take half a minute to boot.
    server = ServerProcess(env, log=folder / "gunicorn.log").start("/healthz", wait=120)
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def nginx_proxy(folder: Path, upstream_port: int) -> Iterator[int]:
    """Debian's nginx with the deploy config in front of ``upstream_port``; yields its port."""
    if not Path(NGINX).exists():
        raise RuntimeError(f"{NGINX} is missing: run scripts/ensure-nginx")
    port = free_port()
    prefix = folder / "nginx"
    (prefix / "tmp").mkdir(parents=True, exist_ok=True)
    template = string.Template((ROOT / "deploy" / "nginx.conf.template").read_text())
    text = template.safe_substitute(
        GIN_LISTEN=f"127.0.0.1:{port}", GIN_UPSTREAM=f"127.0.0.1:{upstream_port}"
    )
    if os.geteuid() == 0:
        # As root, nginx's workers would become "nobody", who may not enter a private
        # temporary folder; here they stay the user running the measurement.
        text = "user root;\n" + text
    config = prefix / "nginx.conf"
    config.write_text(text)
    args = [NGINX, "-p", str(prefix), "-c", str(config), "-g", "daemon off;"]
    subprocess.run([*args, "-t"], check=True, capture_output=True)
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if healthz(port)[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def healthz(port: int, timeout: float = DEADLINE) -> tuple[int, float]:
    """(status, seconds) of one ``GET /healthz``; status 0 if it did not answer in time."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", "/healthz")
        status = connection.getresponse().status
    except TimeoutError:
        status = 0
    finally:
        connection.close()
    return status, time.monotonic() - started


@contextmanager
def half_open(port: int, count: int = HALF_OPEN) -> Iterator[list[socket.socket]]:
    """``count`` connections, each with a request begun and never finished: half stop inside
    the headers, half announce a 500-byte body and send a few bytes of it."""
    held = []
    try:
        for index in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            if index % 2:
                sock.sendall(b"GET /rules HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
            else:
                sock.sendall(
                    b"POST /login HTTP/1.1\r\nHost: localhost\r\n"
                    b"Content-Type: application/x-www-form-urlencoded\r\n"
                    b"Content-Length: 500\r\n\r\nusername=sl"
                )
            held.append(sock)
        time.sleep(0.5)  # let them reach whoever reads them
        yield held
    finally:
        for sock in held:
            sock.close()


def measure(port: int, tries: int) -> list[tuple[int, float]]:
    """Up to ``tries`` timed ``/healthz`` with the half-open requests held; stops at a stall."""
    found: list[tuple[int, float]] = []
    with half_open(port):
        while len(found) < tries and (not found or found[-1][0] == 200):
            found.append(healthz(port))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="slow-clients-") as tmp:
        folder = Path(tmp)
        with gunicorn_site(folder) as site, nginx_proxy(folder, site.port) as proxy:
            for name, port in (("through nginx", proxy), ("straight to gunicorn", site.port)):
                found = measure(port, args.tries)
                answered = [seconds for status, seconds in found if status == 200]
                stalled = len(found) - len(answered)
                worst = max(seconds for _, seconds in found)
                print(
                    f"{name}: {HALF_OPEN} half-open requests held, {WORKERS} gthread workers; "
                    f"/healthz x{len(found)}: {len(answered)} answered, {stalled} stalled "
                    f"(no answer in {DEADLINE:.0f} s; the first stops the run), "
                    f"slowest {worst * 1000:.1f} ms"
                )


if __name__ == "__main__":
    main()
