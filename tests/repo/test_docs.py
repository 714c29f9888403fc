"""The README and the docs as a newcomer reads them: short, every link there, the code runs.

Every ``python``/``pycon`` block in them is a doctest (``>>>`` lines with the output they must
print), so an example that stops working fails here instead of misleading a reader.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = sorted(
    [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "benchmarks" / "README.md"]
    + list((ROOT / "docs").glob("*.md")),
)
# [text](target) and <img src="target">; a target with a scheme leaves the repository.
LINK = re.compile(r"\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_readme_is_a_short_guide() -> None:
    assert len((ROOT / "README.md").read_text().splitlines()) <= 150


@pytest.mark.parametrize("document", DOCUMENTS, ids=_name)
def test_every_link_resolves_inside_the_repository(document: Path) -> None:
    targets = [a or b for a, b in LINK.findall(document.read_text())]
    assert targets or document.parent.name == "docs", "a guide that links nothing"
    for target in targets:
        assert "://" not in target and not target.startswith("mailto:"), target
        path = (document.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT), f"{target} leaves the repository"
        assert path.exists(), f"{_name(document)}: {target} does not exist"


@pytest.mark.parametrize("document", DOCUMENTS, ids=_name)
def test_the_code_shown_runs_as_a_doctest(document: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, (language, code) in enumerate(FENCE.findall(document.read_text())):
        if language not in ("python", "pycon"):
            continue
        test = parser.get_doctest(code, {}, f"{_name(document)}[{number}]", str(document), 0)
        assert test.examples, f"{test.name}: Python shown without >>> examples is never run"
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} failing example(s), printed above"


def test_the_engine_examples_are_doctests() -> None:
    # The two examples the issue asks for: README's engine in five lines, docs/romme.md's calls.
    for document in (ROOT / "README.md", ROOT / "docs" / "romme.md"):
        assert "```pycon\n>>> import random" in document.read_text(), document
