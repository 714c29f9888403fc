"""The lock files in ``requirements/`` and the check that an environment holds exactly them.

``requirements/site.txt`` pins the site's dependencies and ``requirements/dev.txt`` those plus
the dev tools, each at one version with the hashes of its files (``pip-compile``, run by
``make lock``). ``python scripts/locked.py requirements/dev.txt`` compares ``pip freeze`` of the
running interpreter with a lock: every locked package at its locked version and nothing else
(the project's own editable install aside). ``make`` runs it after every install, so ``make run``
and ``make test`` stop on an environment that differs from the lock. Standard library only.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE_LOCK = ROOT / "requirements" / "site.txt"
DEV_LOCK = ROOT / "requirements" / "dev.txt"
# What pip-compile writes for a requirement of pyproject.toml itself (a "via" line).
PROJECT_VIA = re.compile(r"^gin-rummy-site \(pyproject\.toml(::[\w.-]+)?\)$")
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)")
_HASH = re.compile(r"--hash=(sha256:[0-9a-f]{64})")


@dataclass
class Pin:
    version: str
    hashes: list[str] = field(default_factory=list)
    via: list[str] = field(default_factory=list)


def canonical(name: str) -> str:
    """PEP 503's normal form: ``Flask-WTF`` and ``flask_wtf`` are one package."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_lock(path: Path) -> dict[str, Pin]:
    """Each locked package by canonical name: version, hashes, and who needs it ("via")."""
    pins: dict[str, Pin] = {}
    current: Pin | None = None
    in_via = False
    for line in path.read_text().splitlines():
        found = _PIN.match(line)
        if found:
            current = pins.setdefault(canonical(found.group(1)), Pin(found.group(2)))
            in_via = False
        elif current is None:
            continue
        current.hashes += _HASH.findall(line)
        stripped = line.strip()
        if stripped.startswith("# via"):
            rest = stripped.removeprefix("# via").strip()
            current.via += [rest] if rest else []
            in_via = not rest
        elif in_via and stripped.startswith("#   "):
            current.via.append(stripped.removeprefix("#").strip())
    return pins


def installed() -> dict[str, str]:
    """``pip freeze`` of this interpreter (pip and setuptools included, the project left out)."""
    frozen = subprocess.run(
        [sys.executable, "-m", "pip", "freeze", "--all", "--exclude-editable"],
        capture_output=True, text=True, check=True,
    ).stdout
    versions: dict[str, str] = {}
    for line in frozen.splitlines():
        found = _PIN.match(line)
        if found:
            versions[canonical(found.group(1))] = found.group(2)
        elif line.strip() and not line.startswith("#"):
            versions[canonical(re.split(r"[\s@]", line)[0])] = line  # a direct URL: no version
    return versions


def differences(lock: Path) -> list[str]:
    """Sentences for every way the running environment differs from ``lock``; [] when equal."""
    wanted = {name: pin.version for name, pin in read_lock(lock).items()}
    have = installed()
    found = []
    for name in sorted(wanted.keys() | have.keys()):
        if name not in have:
            found.append(f"{name}=={wanted[name]} is locked but not installed")
        elif name not in wanted:
            found.append(f"{name} ({have[name]}) is installed but not in the lock")
        elif have[name] != wanted[name]:
            found.append(f"{name} is {have[name]}, the lock says {wanted[name]}")
    return found


def main(argv: list[str]) -> int:
    lock = Path(argv[0]) if argv else DEV_LOCK
    found = differences(lock)
    for sentence in found:
        print(f"{lock}: {sentence}", file=sys.stderr)
    if not found:
        print(f"{lock.name}: the environment holds exactly its {len(read_lock(lock))} packages")
    else:
        print("The environment differs from the lock: `make` installs it again after "
              "`rm .venv/.installed`; a new dependency needs `make lock`.", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
