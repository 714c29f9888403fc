"""Fixtures for the web tests: app, client, runner, live_server, browser_page, csrf_token.

The database is built by the real Alembic migrations, never by ``create_all()``; they run
once per test process, and each test starts from what they built, empty (running all of them
before each of about a thousand tests was about a quarter of their time). By default each test
gets a fresh SQLite file, a copy of the one the migrations made; with ``TEST_DATABASE_URL`` set
(CI's PostgreSQL run) each test finds the schema at head with every table emptied, or — when an
earlier test changed the schema (the migration tests walk it down and up) — every table dropped
and the migrations run again. Every app still calls ``upgrade()``: a test that brings its own
empty database gets the whole chain. Under pytest-xdist
(``make test`` runs ``-n auto``) each worker has a database of its own, the URL's name with the
worker's id appended (``test_gw0``, ``test_gw1``), created when missing; a live server listens on
a port the system picks, so workers never share one.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from flask_migrate import upgrade
from sqlalchemy import URL, MetaData, create_engine, make_url, text
from werkzeug.serving import make_server

from webapp import MIGRATIONS_DIR, create_app
from webapp.config import normalise_database_url
from webapp.extensions import db

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
_CSRF_INPUT = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def reset_database(url: str) -> None:
    """Drop every table (alembic_version included) so the migrations start from nothing."""
    engine = create_engine(url)
    try:
        metadata = MetaData()
        metadata.reflect(bind=engine)
        metadata.drop_all(bind=engine)
    finally:
        engine.dispose()


def create_database_if_missing(url: URL) -> None:
    """``CREATE DATABASE`` the URL's database unless the server already has it."""
    server = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with server.connect() as conn:
            found = conn.execute(
                text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": url.database}
            ).first()
            if found is None:
                quoted = server.dialect.identifier_preparer.quote(str(url.database))
                conn.execute(text(f"CREATE DATABASE {quoted}"))
    finally:
        server.dispose()


def _schema(url: str) -> tuple[tuple[Any, ...], ...]:
    """The public schema's columns and the migration version: what a test may have changed."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            columns = conn.execute(text(
                "SELECT table_name, column_name, data_type, is_nullable, column_default"
                " FROM information_schema.columns WHERE table_schema = 'public'"
                " ORDER BY table_name, column_name"
            )).all()
            version = conn.execute(text("SELECT version_num FROM alembic_version")).all()
            return (*map(tuple, columns), *map(tuple, version))
    except Exception:  # no alembic_version: not at head either
        return ()
    finally:
        engine.dispose()


def _empty_tables(url: str, tables: Iterable[str]) -> None:
    """Every table named emptied, identities restarted (PostgreSQL)."""
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            quoted = ", ".join(engine.dialect.identifier_preparer.quote(t) for t in tables)
            conn.execute(text(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE"))
    finally:
        engine.dispose()


def _migrate(url: str, instance: Path) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret-key",
                      "INSTANCE_PATH": str(instance), "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS_DIR))
        db.engine.dispose()


@pytest.fixture(scope="session")
def external_database_url() -> str | None:
    """``TEST_DATABASE_URL`` made this test process's own: under xdist, ``NAME_gw0`` and so on."""
    external = os.environ.get("TEST_DATABASE_URL")
    if not external:
        return None
    url = make_url(normalise_database_url(external))
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        url = url.set(database=f"{url.database}_{worker}")
        create_database_if_missing(url)
    return url.render_as_string(hide_password=False)


@dataclass(frozen=True)
class Head:
    """The database as the migrations leave it, made once per test process."""

    sqlite_file: Path | None = None
    schema: tuple[tuple[Any, ...], ...] = ()

    @property
    def tables(self) -> list[str]:
        return sorted({row[0] for row in self.schema if len(row) > 1} - {"alembic_version"})


@pytest.fixture(scope="session")
def head(tmp_path_factory: pytest.TempPathFactory, external_database_url: str | None) -> Head:
    folder = tmp_path_factory.mktemp("head")
    if external_database_url:
        reset_database(external_database_url)
        _migrate(external_database_url, folder)
        return Head(schema=_schema(external_database_url))
    path = folder / "head.sqlite3"
    _migrate(f"sqlite:///{path}", folder)
    return Head(sqlite_file=path)


@pytest.fixture
def database_url(tmp_path: Path, external_database_url: str | None, head: Head) -> str:
    if external_database_url:
        if head.schema and _schema(external_database_url) == head.schema:
            _empty_tables(external_database_url, head.tables)
        else:
            reset_database(external_database_url)
        return external_database_url
    assert head.sqlite_file is not None
    shutil.copyfile(head.sqlite_file, tmp_path / "test.sqlite3")
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def app(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    """An app on an empty database upgraded to head with the real migrations."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret-key",
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "SQLALCHEMY_DATABASE_URI": database_url,
        }
    )
    with app.app_context():
        upgrade(directory=str(MIGRATIONS_DIR))
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture
def csrf_token() -> Callable[[FlaskClient, str], str]:
    """``csrf_token(client, "/")``: GET the page and return its form's CSRF token."""

    def fetch(client: FlaskClient, path: str = "/") -> str:
        html = client.get(path).get_data(as_text=True)
        found = _CSRF_INPUT.search(html)
        assert found, f"no CSRF token on {path}"
        return found.group(1)

    return fetch


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """Serve ``app`` on a free 127.0.0.1 port in a thread; yields the base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture
def live_server(app: Flask) -> Iterator[str]:
    """Serve ``app`` on a free 127.0.0.1 port in a thread; yields the base URL."""
    with serving(app) as base:
        yield base


REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Each phase's report kept on the test, so its fixtures' teardown knows if it failed."""
    report = yield
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium driven by Playwright (never ``playwright install``)."""
    if shutil.which(CHROMIUM) is None and not os.path.exists(CHROMIUM):
        # A skipped browser test would hide a missing install step, so this is a failure.
        pytest.fail(f"{CHROMIUM} is missing; `make test` installs it (scripts/ensure-chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


@pytest.fixture
def browser_page(
    browser: Browser, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Page]]:
    """Factory: ``browser_page(width, height, locale="zh-CN")`` → a Page with JavaScript off.

    When the test fails, each page is screenshotted (full page) into ``test-artifacts/``, named
    after the test and the viewport (a passing test's pages are not: the shots were a tenth of
    the browser tests' time); ``page.screenshot(path=...)`` takes more on the way.
    """
    contexts: list[tuple[Any, Page, str]] = []

    def make(width: int = 360, height: int = 740, locale: str = "zh-CN") -> Page:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            java_script_enabled=False,
            locale=locale,
        )
        page = context.new_page()
        contexts.append((context, page, f"{width}x{height}"))
        return page

    yield make
    failed = any(report.failed for report in request.node.stash.get(REPORTS, {}).values())
    ARTIFACTS.mkdir(exist_ok=True)
    test_name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    for index, (context, page, size) in enumerate(contexts):
        try:
            if failed and page.url.startswith("http"):
                shot = ARTIFACTS / f"{test_name}-{index}-{size}.png"
                page.screenshot(path=str(shot), full_page=True)
        finally:
            context.close()
