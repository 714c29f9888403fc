"""Slow clients cannot stall the site (issue 14, item 6): with 8 half-sent requests held open,
``/healthz`` still answers through ``deploy/nginx.conf.template`` (Debian's nginx, run
directly: there is no Docker engine here) in front of gunicorn with ``gunicorn.conf.py``.

How fast it answers is measured by ``benchmarks/slow_clients.py`` (figures in
benchmarks/README.md); here a request counts as stalled only past `DEADLINE`, far beyond any normal
answer. ``make test`` installs nginx first (scripts/ensure-nginx).
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.slow_clients import (
    DEADLINE,
    HALF_OPEN,
    ROOT,
    gunicorn_site,
    half_open,
    healthz,
    nginx_proxy,
)


def test_healthz_answers_through_the_proxy_while_requests_are_half_open(
    tmp_path: Path,
) -> None:
    with gunicorn_site(tmp_path) as site, nginx_proxy(tmp_path, site.port) as proxy:
        with half_open(proxy) as held:
            assert len(held) == HALF_OPEN
            answers = [healthz(proxy) for _ in range(5)]
        assert [status for status, _ in answers] == [200] * 5, (
            f"/healthz stalled (no answer within {DEADLINE} s) behind {HALF_OPEN} "
            "half-open requests"
        )
        # The half-open connections were nginx's to hold: gunicorn never saw them.
        log = (tmp_path / "gunicorn.log").read_text()
        assert "/rules" not in log and "POST /login" not in log


def test_gunicorn_runs_threaded_workers() -> None:
    settings: dict[str, object] = {}
    exec((ROOT / "gunicorn.conf.py").read_text(), settings)
    assert settings["worker_class"] == "gthread"
    assert int(str(settings["threads"])) >= 2
    # A worker takes only as many connections as it has threads, and none is kept idle:
    # otherwise it queues requests while another worker is free (CHANGELOG.md, 30 Nov).
    assert settings["worker_connections"] == settings["threads"]
    assert settings["keepalive"] == 0
