"""The puzzle bank: positions from the computer players' own matches with one clearly best
move, made by ``flask puzzles generate`` (docs/puzzles.md).

Match ``i`` of a run is dealt from ``seed + i`` under the game's presets in turn, its two
seats' levels going through every pair of the game's offered levels, so every ruleset and every
level as the player to move is in the bank; every decision of both seats is a candidate,
valued by the game's hook, and kept when its expert move is clearly best. A puzzle is keyed by
where it comes from (``bank:<ruleset>:<seed>:<levels>:<hand>:<step>``): running the same seeds again
adds nothing.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from webapp import games
from webapp.extensions import db
from webapp.puzzles.store import add


@dataclass
class Made:
    """What a run looked at and kept."""

    matches: int = 0
    candidates: int = 0
    kept: int = 0
    added: int = 0
    """Kept and new to the bank."""
    kinds: Counter[str] = field(default_factory=Counter)
    rulesets: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    """Processor time of the whole run (playing and valuing)."""


def generate(matches: int, seed: int, hands: int | None,
             progress: Callable[[Made], None] | None = None) -> Made:
    """Play ``matches`` matches of each game with puzzles from ``seed`` on and keep their
    puzzles; commits after each match."""
    made = Made()
    start = time.process_time()
    for game in games.with_puzzles():
        hook = game.puzzles
        assert hook is not None
        rulesets, levels = list(game.presets), game.levels
        for i in range(matches):
            ruleset = rulesets[i % len(rulesets)]
            pair = (levels[(i // len(rulesets)) % len(levels)],
                    levels[(i // (len(rulesets) * len(levels))) % len(levels)])
            for found in hook.bank(ruleset, seed + i, pair, hands):
                made.candidates += 1
                if found.data is None:
                    continue
                made.kept += 1
                made.kinds[found.data.kind] += 1
                made.rulesets[ruleset] += 1
                made.added += add(game.key, found.source, found.data)
            db.session.commit()
            made.matches += 1
            made.seconds = time.process_time() - start
            if progress is not None:
                progress(made)
    return made
