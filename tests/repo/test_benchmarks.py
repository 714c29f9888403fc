"""Every benchmark script still imports on the current code, says what it measures and how long
it takes, and every script a run-all file names exists: so none of them rots unnoticed.

The scripts are run for their figures by hand (``benchmarks/README.md``); importing one runs its
module level (imports, constants, argument tables), which is where a renamed engine function or
a moved module breaks it.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"
SCRIPTS = sorted(BENCHMARKS.glob("*.py"))
# Imported by the scripts, never run on their own.
HELPERS = {"webclient", "trivial_app", "romme_rollout"}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_benchmark_imports_and_says_what_it_measures_and_how_long(script: Path) -> None:
    docstring = ast.get_docstring(ast.parse(script.read_text()))
    assert docstring, f"{script.name} has no docstring saying what it measures"
    if script.stem not in HELPERS:
        assert re.search(r"^Takes ", docstring, re.MULTILINE), f"{script.name}: how long?"
    # In a fresh interpreter, as the script runs, so one module's import cannot hide another's.
    code = (
        "import runpy, sys;"
        f"sys.path[:0] = [{str(BENCHMARKS)!r}, {str(ROOT)!r}];"
        f"runpy.run_path({str(script)!r}, run_name='imported_by_the_suite')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("runner", sorted(BENCHMARKS.glob("*.sh")), ids=lambda path: path.name)
def test_a_run_all_script_names_only_scripts_that_exist(runner: Path) -> None:
    text = runner.read_text()
    assert subprocess.run(["sh", "-n", str(runner)]).returncode == 0
    named = set(re.findall(r"benchmarks/([\w.]+\.(?:py|sh))", text))
    assert named, runner.name
    for name in named:
        assert (BENCHMARKS / name).exists(), f"{runner.name} names benchmarks/{name}"
    assert "git checkout" not in text and "git apply" not in text, "needs another commit"


def test_benchmarks_hold_no_patch() -> None:
    assert not list(BENCHMARKS.glob("*.patch"))
    assert importlib.util.find_spec("benchmarks") is not None
