"""Which tests run on PostgreSQL too, and the guard that keeps that set complete.

CI runs the whole suite on SQLite and then only the tests marked ``db`` on PostgreSQL
(docs/development.md). A test is marked ``db`` by ``pytestmark``/``@pytest.mark.db`` in its
file or by its module's name in ``DB_MODULES`` below. The guard: on a whole-suite SQLite run,
every statement each test sends to the database while it runs (its call phase — the fixtures'
migrations and file copies are the same for every test) is recorded by its shape, the SQL text
with the expanded ``IN (?, ?, ?)`` lists and multi-row ``VALUES`` collapsed (literals are already
bind parameters) — the statements the site's code sends (webapp/), not a test's own reads and
seeding. The run fails, naming the tests and statements, when a test not marked ``db``
sent a shape no ``db`` test sent: everything the suite asks the database is then asked on
PostgreSQL too. ``--statement-guard`` checks a partial run as well (against the ``db`` tests in
it); ``--no-statement-guard`` switches it off.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The modules whose behaviour depends on the database: migrations and their lock, concurrent
# writers, raw SQL, ranking/boards/rating queries, the database going away, time-zone arithmetic
# in SQL, and what each page asks the database (sql_helpers' statement counts).
DB_MODULES = frozenset({
    "test_accounts", "test_board_games", "test_database_read_only", "test_deploy",
    "test_hu_ranking", "test_leaderboard", "test_migration_lock", "test_migrations",
    "test_player_charts", "test_player_page_cache", "test_practice", "test_ranked",
    "test_ranking", "test_ranking_integrity", "test_rating_estimate", "test_rating_glicko",
    "test_rating_pages", "test_rating_rebuild", "test_rating_record", "test_read_only_pages",
    "test_romme_ranking", "test_time_zones", "test_totals", "test_password_cost", "test_puzzles",
    "test_browser_puzzles", "test_romme_puzzles",
})

_IN_LIST = re.compile(r"\bIN \(\?(?:, \?)+\)", re.IGNORECASE)
_VALUES_ROWS = re.compile(r"(\(\?[^()]*\))(?:\s*,\s*\(\?[^()]*\))+")
_SAVEPOINT = re.compile(r"\bsa_savepoint_\d+\b")
_SPACE = re.compile(r"\s+")
_ROOT = Path(__file__).resolve().parents[1]
_SITE, _TESTS = str(_ROOT / "webapp") + os.sep, str(_ROOT / "tests") + os.sep


def shape(statement: str) -> str:
    """The statement with what varies between calls of the same query collapsed."""
    text = _SPACE.sub(" ", statement).strip()
    text = _VALUES_ROWS.sub(r"\1", text)
    text = _IN_LIST.sub("IN (?)", text)
    return _SAVEPOINT.sub("sa_savepoint", text)


def sent_by_the_site() -> bool:
    """Whether the nearest of our own frames that sent the statement is the site's code
    (webapp/), not a test's own reads and seeding (tests/): a test counting rows to check the
    site asks nothing that depends on the database, the site's queries are what PostgreSQL must
    see."""
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(_SITE):
            return True
        if name.startswith(_TESTS):
            return False
        frame = frame.f_back
    return True


class StatementGuard:
    def __init__(self) -> None:
        self.running: str | None = None  # nodeid of the test in its call phase
        self.db_tests: set[str] = set()
        self.db_shapes: set[str] = set()
        self.other: dict[str, set[str]] = defaultdict(set)  # shape → unmarked tests
        self.missing: dict[str, set[str]] = {}

    def record(self, _conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        test = self.running  # read once: live-server threads send statements too
        if test is None:
            return
        if test in self.db_tests:
            self.db_shapes.add(shape(statement))
        elif sent_by_the_site():
            self.other[shape(statement)].add(test)

    def merge(self, found: dict[str, Any]) -> None:
        self.db_shapes.update(found["db"])
        for text, tests in found["other"].items():
            self.other[text].update(tests)

    def output(self) -> dict[str, Any]:
        return {"db": sorted(self.db_shapes),
                "other": {text: sorted(tests) for text, tests in self.other.items()}}

    def check(self) -> None:
        self.missing = {text: tests for text, tests in self.other.items()
                        if text not in self.db_shapes}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("statement guard")
    group.addoption("--statement-guard", action="store_true", default=None,
                    help="check that db-marked tests send every statement shape (any run)")
    group.addoption("--no-statement-guard", action="store_false", dest="statement_guard",
                    help="do not record or check statement shapes")


def _guarding(config: pytest.Config) -> bool:
    """Asked for, or a whole-suite run on SQLite (where it is complete)."""
    chosen = config.getoption("statement_guard")
    if chosen is not None:
        return bool(chosen)
    whole = (config.args_source == pytest.Config.ArgsSource.TESTPATHS
             and not config.getoption("keyword") and not config.getoption("markexpr")
             and not config.getoption("deselect") and not config.getoption("lf"))
    return whole and not os.environ.get("TEST_DATABASE_URL")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "db: behaviour depends on the database; also runs on PostgreSQL in CI")
    if _guarding(config):
        # Imported here: collecting tests/engine alone must load no database code.
        from sqlalchemy import event
        from sqlalchemy.engine import Engine

        guard = StatementGuard()
        config.stash[_GUARD] = guard
        event.listen(Engine, "before_cursor_execute", guard.record)


_GUARD = pytest.StashKey[StatementGuard]()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.module is not None and item.module.__name__.rsplit(".", 1)[-1] in DB_MODULES:
            item.add_marker(pytest.mark.db)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    guard = item.config.stash.get(_GUARD, None)
    if guard is None:
        return (yield)
    if item.get_closest_marker("db") is not None:
        guard.db_tests.add(item.nodeid)
    guard.running = item.nodeid
    try:
        return (yield)
    finally:
        guard.running = None


def pytest_testnodedown(node: Any, error: Any) -> None:
    """xdist's controller: a worker's shapes, handed over when it finishes."""
    guard = node.config.stash.get(_GUARD, None)
    found = getattr(node, "workeroutput", {}).get("statement_shapes")
    if guard is not None and found:
        guard.merge(json.loads(found))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    guard = session.config.stash.get(_GUARD, None)
    if guard is None:
        return
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: the controller checks
        workeroutput["statement_shapes"] = json.dumps(guard.output())
        return
    guard.check()
    if guard.missing and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    guard = config.stash.get(_GUARD, None)
    if guard is None or getattr(config, "workeroutput", None) is not None:
        return
    if not guard.missing:
        terminalreporter.write_line(
            f"statement guard: every statement shape ({len(guard.db_shapes)}) "
            "was sent by a db-marked test")
        return
    tests = sorted({test for found in guard.missing.values() for test in found})
    terminalreporter.section("statement guard FAILED", sep="=", red=True)
    terminalreporter.write_line(
        f"{len(tests)} test(s) not marked db sent {len(guard.missing)} statement shape(s) "
        "that no db-marked test sends, so PostgreSQL would never see them. Mark them db "
        "(pytestmark = pytest.mark.db, or DB_MODULES in tests/conftest.py):")
    for test in tests:
        terminalreporter.write_line(f"  {test}")
    for text, found in sorted(guard.missing.items())[:20]:
        terminalreporter.write_line(f"  - {text[:300]}  ({len(found)} test(s))")
