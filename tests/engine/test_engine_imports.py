import subprocess
import sys
from pathlib import Path

import pytest

# Each engine: the modules a user imports, and the top-level packages it may bring along.
ENGINES = {
    "gin_engine": ("gin_engine, gin_engine.match, gin_engine.view", "gin_engine"),
    "romme_engine": (
        "romme_engine, romme_engine.match, romme_engine.view, romme_engine.ai",
        "romme_engine",
    ),
}


@pytest.mark.parametrize("engine", ENGINES)
def test_importing_an_engine_loads_no_web_framework(engine: str):
    modules, _ = ENGINES[engine]
    code = (
        f"import sys, {modules};"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlalchemy', 'werkzeug')];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("engine", ENGINES)
def test_an_engine_imports_only_the_standard_library(engine: str):
    modules, package = ENGINES[engine]
    code = (
        f"import sys; before = set(sys.modules); import {modules};"
        "new = {m.split('.')[0] for m in set(sys.modules) - before};"
        f"std = set(sys.stdlib_module_names) | {{{package!r}, 'engine_common'}};"
        "print(sorted(new - std))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_collecting_the_engine_tests_loads_no_web_code():
    """The engine's tests stand on the standard library and pytest: no Flask, no webapp."""
    engine_tests = str(Path(__file__).resolve().parent)
    code = (
        "import sys, pytest;"
        f"code = pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider', {engine_tests!r}]);"
        "bad = sorted({m.split('.')[0] for m in sys.modules}"
        " & {'flask', 'webapp', 'sqlalchemy', 'werkzeug', 'jinja2'});"
        "print('BAD', ','.join(bad), 'EXIT', int(code))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "BAD  EXIT 0"
