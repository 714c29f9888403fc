"""The lock files say what pyproject.toml asks for, no more, each package pinned with its hashes.

A dependency added to (or removed from, or narrowed in) ``pyproject.toml`` without ``make lock``
fails here, in CI, instead of installing one set of packages on one machine and another
elsewhere. Read offline from the lock files' own "via" lines (pip-compile's record of who needs
each package), so the test does not depend on what happens to be installed.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from scripts.locked import DEV_LOCK, PROJECT_VIA, ROOT, SITE_LOCK, canonical, read_lock

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
SITE = [Requirement(text) for text in PROJECT["project"]["dependencies"]]
BUILD = [Requirement(text) for text in PROJECT["build-system"]["requires"]]
DEV = [Requirement(text) for text in PROJECT["project"]["optional-dependencies"]["dev"]]
LOCKS = {SITE_LOCK: SITE + BUILD, DEV_LOCK: SITE + BUILD + DEV}


@pytest.mark.parametrize("lock", LOCKS, ids=lambda path: path.name)
def test_every_requirement_of_pyproject_is_locked_at_a_version_it_allows(lock: Path) -> None:
    pins = read_lock(lock)
    for requirement in LOCKS[lock]:
        name = canonical(requirement.name)
        if name not in pins:
            pytest.fail(f"{requirement} is not in {lock.name}: run `make lock`")
        version = pins[name].version
        assert requirement.specifier.contains(version, prereleases=True), (
            f"{lock.name} pins {name}=={version}, pyproject.toml asks {requirement}: `make lock`"
        )


@pytest.mark.parametrize("lock", LOCKS, ids=lambda path: path.name)
def test_the_lock_holds_only_what_pyproject_needs(lock: Path) -> None:
    pins = read_lock(lock)
    asked = {canonical(requirement.name) for requirement in LOCKS[lock]}
    for name, pin in pins.items():
        needed_by = [via for via in pin.via if not via.startswith("-c ")]
        assert needed_by, f"{name} in {lock.name} is needed by nothing"
        for via in needed_by:
            if PROJECT_VIA.match(via):
                # Removed from pyproject.toml (or moved to another list) since the lock was made.
                if name not in asked:
                    pytest.fail(f"{name}: pyproject.toml no longer asks for it; `make lock`")
            else:
                # Its dependant must itself be locked, or it was dropped and left this behind.
                if canonical(via) not in pins:
                    pytest.fail(f"{name} is locked for {via}, which is not")


@pytest.mark.parametrize("lock", LOCKS, ids=lambda path: path.name)
def test_every_package_is_pinned_with_the_hashes_of_its_files(lock: Path) -> None:
    pins = read_lock(lock)
    assert len(pins) >= len(LOCKS[lock])
    for name, pin in pins.items():
        assert pin.hashes, f"{name} in {lock.name} has no hash"
    assert "by the following command:\n#\n#    make lock\n" in lock.read_text()


def test_the_site_and_the_dev_tools_run_the_same_versions() -> None:
    site, dev = read_lock(SITE_LOCK), read_lock(DEV_LOCK)
    assert site.keys() <= dev.keys()
    assert {name: dev[name].version for name in site} == {
        name: pin.version for name, pin in site.items()
    }
