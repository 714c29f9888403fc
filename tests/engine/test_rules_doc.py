"""docs/rules.md stays true to the code: its presets table and the sections code cites."""

import re
from pathlib import Path

from gin_engine.ruleset import PRESETS, Ruleset

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
CITATION = re.compile(r"docs/rules\.md §(\d+)(?:[–-](\d+))?((?:, §\d+)*)")


def _sections() -> set[int]:
    return {int(m) for m in re.findall(r"^## (\d+)\. ", RULES.read_text(), re.MULTILINE)}


def _table_rows() -> dict[str, dict[str, str]]:
    """The presets table of §10, as {preset: {field: cell}}."""
    text = RULES.read_text().split("## 10. ", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in text.splitlines() if line.startswith("|")]
    header = [cell.strip().strip("`") for cell in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [cell.strip().strip("`") for cell in line.strip("|").split("|")]
        rows[cells[0]] = dict(zip(header[1:], cells[1:], strict=True))
    return rows


def _cell(rule: Ruleset, field: str) -> str:
    value = getattr(rule, field)
    if field in ("game_bonus", "box_bonus", "shutout_multiplier") and not rule.settlement:
        return "—"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def test_presets_table_matches_the_ruleset() -> None:
    rows = _table_rows()
    assert set(rows) == set(PRESETS)
    for name, row in rows.items():
        assert row == {field: _cell(PRESETS[name], field) for field in row}, name


def test_shared_values_stated_for_all_presets() -> None:
    text = RULES.read_text().split("## 10. ", 1)[1].split("\n## ", 1)[0]
    for field in ("hand_size", "knock_limit", "gin_bonus", "undercut_bonus", "dead_hand_stock"):
        values = {getattr(rule, field) for rule in PRESETS.values()}
        assert len(values) == 1, field
        assert f"`{field}` {values.pop()}" in text


def test_every_citation_names_an_existing_section() -> None:
    sections = _sections()
    assert sections == set(range(1, 13))
    cited = 0
    for folder in ("gin_engine", "webapp", "tests", "benchmarks", "scripts"):
        for path in (ROOT / folder).rglob("*.py"):
            for first, last, more in CITATION.findall(path.read_text()):
                numbers = set(range(int(first), int(last or first) + 1))
                numbers |= {int(n) for n in re.findall(r"\d+", more)}
                assert numbers <= sections, f"{path}: docs/rules.md §{first}"
                cited += 1
    assert cited >= 5
