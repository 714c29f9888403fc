"""The match layer and the games registry sit below the pages: loading either loads no
blueprint (no module with a ``Blueprint``, nor the start page's package ``webapp.main``), so a
view may use them and they never reach back into a view."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _source(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imported(path: Path) -> set[str]:
    """The site's modules a module imports, each with the packages Python loads on the way."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    loaded = {".".join(name.split(".")[:end]) for name in names
              for end in range(1, name.count(".") + 2)}
    return {name for name in loaded if name.startswith("webapp.") and _source(name)}


def _loaded_by(module: str) -> set[str]:
    seen, todo = set(), [module]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_imported(_source(name) or Path()))
    return seen - {module}


def _is_page(module: str) -> bool:
    path = _source(module)
    return (module == "webapp.main" or module.startswith("webapp.main.")
            or (path is not None and "Blueprint(" in path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("module", ["webapp.matches", "webapp.games"])
def test_the_match_layer_and_the_registry_load_no_blueprint(module: str) -> None:
    loaded = _loaded_by(module)
    assert "webapp.store" in loaded  # the walk follows the site's imports
    assert not {name for name in loaded if _is_page(name)}
