"""Snapshot conventions shared by the engines: a version key ``v`` and presets stored by name.

A snapshot is compact JSON (never pickle). A ruleset that equals a preset is written as the
preset's name, anything else in full through its own ``to_dict``/``from_dict``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar


class _Ruleset(Protocol):
    @property
    def name(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=_Ruleset)


def encode_ruleset(ruleset: R, presets: Mapping[str, R]) -> str | dict[str, Any]:
    return ruleset.name if presets.get(ruleset.name) == ruleset else ruleset.to_dict()


def decode_ruleset(
    data: str | dict[str, Any],
    presets: Mapping[str, R],
    from_dict: Callable[[dict[str, Any]], R],
) -> R:
    """The preset named ``data``, or a ruleset read in full; KeyError for an unknown name."""
    if isinstance(data, str):
        return presets[data]
    return from_dict(data)


def check_version(data: Mapping[str, Any], version: int) -> None:
    """Raise ValueError unless ``data`` is a snapshot of ``version``."""
    if data.get("v") != version:
        raise ValueError(f"unknown snapshot version {data.get('v')!r}")
