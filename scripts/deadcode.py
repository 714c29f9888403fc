"""Dead-code check for ``make lint``: vulture over both engines and the site, templates included.

Only the product counts as a user: the engines, the site and its templates. Code that only
tests or benchmarks call is dead to the product — delete it, or move it into the test or
benchmark that needs it. Vulture reads Python only, so a property that only a template uses
would look unused: this script parses every Jinja template, writes the names the templates use
as a vulture whitelist (a temporary file), and runs vulture with it and with
``scripts/vulture_whitelist.py`` — the short, hand-kept list of names that frameworks call
(Flask hooks, Flask-Login's user API, SQLAlchemy type hooks and columns). Exit status 1 when
something is unused.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from jinja2 import Environment, nodes

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("gin_engine", "romme_engine", "engine_common", "webapp")
# Functions registered with the framework by a decorator are called by it, not by our code.
FRAMEWORK_DECORATORS = (
    "@*.get", "@*.post", "@*.route", "@*.errorhandler", "@*.command", "@*.group",
    "@*.context_processor", "@*.app_template_global", "@*.before_request", "@*.url_defaults",
    "@*.listens_for",
)


def template_names() -> set[str]:
    """Every variable, attribute and macro name the templates use."""
    env = Environment(extensions=["jinja2.ext.i18n"])
    names: set[str] = set()
    for path in (ROOT / "webapp" / "templates").rglob("*.html"):
        tree = env.parse(path.read_text(encoding="utf-8"))
        for node in tree.find_all((nodes.Getattr, nodes.Name, nodes.Keyword)):
            if isinstance(node, nodes.Getattr):
                names.add(node.attr)
            elif isinstance(node, nodes.Name):
                names.add(node.name)
            else:
                names.add(node.key)
    return {name for name in names if name.isidentifier()}


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        used = Path(folder) / "template_names.py"
        used.write_text("".join(f"_.{name}\n" for name in sorted(template_names())))
        command = [
            sys.executable, "-m", "vulture", *CHECKED,
            str(ROOT / "scripts" / "vulture_whitelist.py"), str(used),
            "--min-confidence", "60",
            "--ignore-decorators", ",".join(FRAMEWORK_DECORATORS),
        ]
        found = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if found.returncode not in (0, 3):  # 3: vulture found unused code; anything else: it failed
        print(found.stdout + found.stderr, file=sys.stderr)
        return 2
    checked = tuple(f"{folder}/" for folder in CHECKED)
    report = [line for line in found.stdout.splitlines() if line.startswith(checked)]
    print("\n".join(report) if report else "dead code: none found")
    return 1 if report else 0


if __name__ == "__main__":
    raise SystemExit(main())
