"""docs/rules.md stays true to the code: its presets table and the sections code cites."""

import re
from enum import StrEnum
from pathlib import Path

from gin_engine.ruleset import PRESETS, Ruleset, Scoring

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
CITATION = re.compile(r"docs/rules\.md §(\d+)(?:[–-](\d+))?((?:, §\d+)*)")


def _sections() -> set[int]:
    return {int(m) for m in re.findall(r"^## (\d+)\. ", RULES.read_text(), re.MULTILINE)}


def _section_10() -> str:
    return RULES.read_text().split("## 10. ", 1)[1].split("\n## ", 1)[0]


def _table_rows() -> dict[str, dict[str, str]]:
    """The presets tables of §10 (gin-rummy and 胡牌制), as {preset: {field: cell}}."""
    rows = {}
    for table in re.findall(r"(?:^\|.*\n)+", _section_10(), re.MULTILINE):
        lines = table.splitlines()
        header = [cell.strip().strip("`") for cell in lines[0].strip("|").split("|")]
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
    if isinstance(value, StrEnum):
        return value.value
    return str(value)


def test_presets_table_matches_the_ruleset() -> None:
    rows = _table_rows()
    assert set(rows) == set(PRESETS)
    for name, row in rows.items():
        assert row == {field: _cell(PRESETS[name], field) for field in row}, name


def test_shared_values_stated_for_each_scoring() -> None:
    text = _section_10()
    for scoring in Scoring:
        rules = [rule for rule in PRESETS.values() if rule.scoring is scoring]
        for field in ("hand_size", "knock_limit", "gin_bonus", "undercut_bonus", "dead_hand_stock",
                      "low_hu_bonus", "full_shape_cards"):
            values = {getattr(rule, field) for rule in rules}
            assert len(values) == 1, (scoring, field)
        if scoring is Scoring.GIN_RUMMY:
            for field in ("hand_size", "knock_limit", "gin_bonus", "undercut_bonus",
                          "dead_hand_stock"):
                assert f"`{field}` {getattr(rules[0], field)}" in text, field
        else:
            for field in ("low_hu_bonus", "full_shape_cards"):
                assert f"`{field}` {getattr(rules[0], field)}" in text, field
            bonus = rules[0].shape_bonus
            assert f"三金 (three melds) {bonus[0]}, 二金 (two melds) {bonus[1]}, 金龙" in text
            assert f"10-card run) {bonus[2]} (`shape_bonus`)" in text


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
