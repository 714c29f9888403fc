"""The envelope of every match snapshot, the same in both engines.

A snapshot is compact JSON (never pickle)::

    {"v": VERSION, "rules": RULESET, "seed": SEED, ...the engine's own fields...,
     "player_seed": TEXT}

``v`` is the engine's snapshot version (an engine reads its older versions too); ``rules`` is
the preset's name when the ruleset equals a preset, anything else in full through the
ruleset's own ``to_dict``/``from_dict``; ``player_seed`` is absent when empty, so snapshots
written before players could type one read the same. Whatever a damaged snapshot raises while
it is read becomes ``InvalidInputError`` (``reading``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from engine_common.errors import InvalidInputError
from engine_common.presets import named

SNAPSHOT_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError)
"""What reading a damaged snapshot may raise (``InvalidInputError`` is a ``ValueError``)."""


class _Ruleset(Protocol):
    @property
    def name(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=_Ruleset)


def seal(
    version: int,
    ruleset: R,
    presets: Mapping[str, R],
    seed: str,
    player_seed: str,
    fields: Mapping[str, Any],
) -> dict[str, Any]:
    """The snapshot: the envelope around the engine's ``fields`` (kept in their order)."""
    rules = ruleset.name if presets.get(ruleset.name) == ruleset else ruleset.to_dict()
    data: dict[str, Any] = {"v": version, "rules": rules, "seed": seed, **fields}
    if player_seed:
        data["player_seed"] = player_seed
    return data


def unseal(
    data: Mapping[str, Any],
    presets: Mapping[str, R],
    from_dict: Callable[[dict[str, Any]], R],
) -> tuple[R, str, str]:
    """The ruleset, seed and player seed of a snapshot whose version the engine accepted."""
    rules = data["rules"]
    ruleset = named(presets, rules) if isinstance(rules, str) else from_dict(rules)
    return ruleset, str(data["seed"]), str(data.get("player_seed", ""))


def check_version(data: Mapping[str, Any], *versions: int) -> None:
    """Raise ``InvalidInputError`` unless ``data`` is a snapshot of one of ``versions``."""
    if data.get("v") not in versions:
        raise InvalidInputError(f"unknown snapshot version {data.get('v')!r}")


@contextmanager
def reading() -> Iterator[None]:
    """Read a snapshot inside this block: anything unreadable raises ``InvalidInputError``."""
    try:
        yield
    except SNAPSHOT_ERRORS as exc:
        raise InvalidInputError(f"bad snapshot: {exc!r}") from exc
