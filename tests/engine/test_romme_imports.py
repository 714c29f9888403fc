import subprocess
import sys


def test_importing_the_romme_engine_loads_no_web_framework():
    code = (
        "import sys, romme_engine, romme_engine.match, romme_engine.view, romme_engine.ai;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlalchemy', 'werkzeug')];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_romme_engine_imports_only_the_standard_library():
    code = (
        "import sys; before = set(sys.modules); import romme_engine, romme_engine.ai;"
        "new = {m.split('.')[0] for m in set(sys.modules) - before};"
        "std = set(sys.stdlib_module_names) | {'romme_engine', 'engine_common'};"
        "print(sorted(new - std))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
