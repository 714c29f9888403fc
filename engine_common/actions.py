"""An engine's action names, both ways: the words its forms and texts use (``"discard"``) and
the action classes they stand for (``Discard``). Each engine lists its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine_common.errors import InvalidInputError


class ActionNames:
    def __init__(self, kinds: Mapping[str, type[Any]]) -> None:
        self._kinds = dict(kinds)
        self._names = {kind: name for name, kind in kinds.items()}

    def name(self, action: object) -> str:
        """The name of ``action``'s kind; ``InvalidInputError`` if it is not an action."""
        found = self._names.get(type(action))
        if found is None:
            raise InvalidInputError(f"not an action: {action!r}")
        return found

    def kind(self, name: str) -> type[Any] | None:
        """The action class called ``name``; None for an unknown name."""
        return self._kinds.get(name)
