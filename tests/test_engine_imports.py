import subprocess
import sys


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
        "std = set(sys.stdlib_module_names) | {'gin_engine'};"
        "print(sorted(new - std))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
