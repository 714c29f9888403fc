"""Every tap in the browser tests goes through ``browser_helpers.tap``, which waits for the page
the tap loads: a bare ``.click()`` returns once the navigation has committed, before the new
document is parsed, and a read right after it flakes on a loaded machine (it failed CI so)."""

from __future__ import annotations

import re
from pathlib import Path

WEB_TESTS = Path(__file__).resolve().parents[1] / "web"
BARE_CLICK = re.compile(r"\.(click|dblclick|tap)\(")


def bare_clicks(source: str) -> list[int]:
    return [number for number, line in enumerate(source.splitlines(), 1)
            if BARE_CLICK.search(line) and not line.lstrip().startswith("#")]


def test_no_browser_test_clicks_without_waiting_for_the_page() -> None:
    found = {path.name: bare_clicks(path.read_text()) for path in sorted(WEB_TESTS.glob("*.py"))
             if path.name != "browser_helpers.py"}  # where tap() itself clicks
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_check_sees_a_bare_click() -> None:
    assert bare_clicks('page.locator("button").click()\n# .click() in a comment\n') == [1]
