"""The puzzle bank: positions from the computer players' own matches with one clearly best
move, made by ``flask puzzles generate`` (docs/puzzles.md).

Match ``i`` of a run is dealt from ``seed + i`` under the game's presets in turn, with the
game's numbers of seats in turn (`webapp.games.Puzzles.seats`), its seats' levels going through
every combination of the game's offered levels (`seating`), so every ruleset, table size and
level as the player to move is in the bank; every decision of every seat is a candidate,
valued by the game's hook, and kept when its expert move is clearly best. A puzzle is keyed by
where it comes from (``bank:<ruleset>:<seed>:<levels>:<hand>:<step>``): running the same seeds
again adds nothing.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
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


def seating(
    i: int, rulesets: Sequence[str], seats: Sequence[int], levels: Sequence[str]
) -> tuple[str, tuple[str, ...]]:
    """Match ``i``'s ruleset and each seat's level: the rulesets in turn, then the numbers of
    seats, then each seat's level going through the levels (seat 0 fastest), so that
    consecutive matches cover every combination."""
    ruleset = rulesets[i % len(rulesets)]
    rest = i // len(rulesets)
    count = seats[rest % len(seats)]
    rest //= len(seats)
    chosen = []
    for _seat in range(count):
        chosen.append(levels[rest % len(levels)])
        rest //= len(levels)
    return ruleset, tuple(chosen)


def generate(
    matches: int,
    seed: int,
    hands: int | None,
    progress: Callable[[Made], None] | None = None,
    game_key: str | None = None,
    ruleset: str | None = None,
) -> Made:
    """Play ``matches`` matches of each game with puzzles (or of ``game_key`` alone, under
    its ``ruleset`` alone when given) from ``seed`` on and keep their puzzles; commits after
    each match."""
    made = Made()
    start = time.process_time()
    for game in games.with_puzzles():
        hook = game.puzzles
        assert hook is not None
        if game_key is not None and game.key != game_key:
            continue
        rulesets = [ruleset] if ruleset is not None else list(game.presets)
        for i in range(matches):
            played, levels = seating(i, rulesets, hook.seats, game.levels)
            for found in hook.bank(played, seed + i, levels, hands):
                made.candidates += 1
                if found.data is None:
                    continue
                made.kept += 1
                made.kinds[found.data.kind] += 1
                made.rulesets[played] += 1
                made.added += add(game.key, found.source, found.data)
            db.session.commit()
            made.matches += 1
            made.seconds = time.process_time() - start
            if progress is not None:
                progress(made)
    return made
