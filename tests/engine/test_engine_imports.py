import subprocess
import sys
from pathlib import Path


def test_importing_the_engine_loads_no_web_framework():
    code = (
        "import sys, gin_engine, gin_engine.match, gin_engine.view;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlalchemy', 'werkzeug')];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_engine_modules_import_only_the_standard_library():
    code = (
        "import sys; before = set(sys.modules); import gin_engine;"
        "new = {m.split('.')[0] for m in set(sys.modules) - before};"
        "std = set(sys.stdlib_module_names) | {'gin_engine', 'engine_common'};"
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
