"""Same moves? ``python benchmarks/gin_ai_fingerprint.py [--rev REV] [--matches N]``.

A speed-up of the computer players must not change what they play. This script plays
fixed-seed matches for several pairings on several rulesets (seats swapped on each seed, as
the tournament does), writes down every action taken, the expert's whole decision (reason,
estimates, danger: exact floats) at each of its moves and, at each move of the other bot, the
hint the table would show for that view (``ai.hint``, itself an expert decision with
``Random(0)``), then the final scores; it prints one sha256 per pairing and ruleset.

Run it on the working tree and with ``--rev main`` (that revision's ``gin_engine`` and
``engine_common``, exported by ``git archive``, imported instead): every line must match.
Standard library and git only.

Takes about 2 minutes at the default ``--matches 20`` (both trees).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from engine_ab import extract

ROOT = Path(__file__).resolve().parent.parent
PAIRINGS = (
    ("expert", "simple"),
    ("expert", "eager"),
    ("expert", "expert-v1"),
    ("normal", "expert"),
    ("easy", "expert"),
)
RULESETS = ("classic", "standard", "hu")


class Recorder:
    """One seat's bot; every decision is written to ``log``: the expert's whole decision, or
    another bot's action plus the hint for the same view."""

    def __init__(self, level: str, rng: random.Random, log: list[str], hints: bool) -> None:
        from gin_engine.ai import make_bot

        self.level, self.rng, self.log, self.hints = level, rng, log, hints
        self.bot = make_bot(level, rng)

    def choose(self, view: Any) -> Any:
        from gin_engine.actions import format_action
        from gin_engine.ai import decide, hint
        from gin_engine.hand import Phase

        if view.phase is Phase.HAND_OVER:
            action = self.bot.choose(view)
        elif self.level == "expert":
            # The expert's policy is decide(view, rng).action: call it once, keep it whole.
            decision = decide(view, self.rng)
            action = decision.action
            self.log.append(repr(decision))
        else:
            action = self.bot.choose(view)
            if self.hints:
                self.log.append(repr(hint(view)))
        self.log.append(f"{self.level} {format_action(action)}")
        return action


def fingerprint(pair: tuple[str, str], ruleset_name: str, seeds: range, hints: bool) -> str:
    from gin_engine.driver import play
    from gin_engine.match import Match
    from gin_engine.ruleset import preset

    ruleset = preset(ruleset_name)
    log: list[str] = []
    for seed in seeds:
        for a_seat in (0, 1):
            match = Match.new(ruleset, random.Random(seed))
            bots = [
                Recorder(pair[b], random.Random(f"{seed}:{b}:{a_seat}"), log, hints)
                for b in (0, 1)
            ]
            play(match, [bots[0], bots[1]] if a_seat == 0 else [bots[1], bots[0]])
            log.append(f"match {seed} {a_seat} scores {match.scores}")
    return hashlib.sha256("\n".join(log).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rev", default="", help="fingerprint this git revision's engine")
    parser.add_argument("--matches", type=int, default=20, help="seeds per pairing (x2 seats)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-hints", action="store_true", help="actions and expert only")
    parser.add_argument("--only", default="", help="pairings or rulesets containing this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.rev:
            extract(args.rev, ("gin_engine", "engine_common"), Path(tmp))
            sys.path.insert(0, tmp)
        else:
            sys.path.insert(0, str(ROOT))
        import gin_engine

        print(f"engine {Path(gin_engine.__file__).parent} ({args.rev or 'working tree'}),"
              f" seeds {args.seed}..{args.seed + args.matches - 1}, seats swapped,"
              f" hints {'off' if args.no_hints else 'on'}")
        seeds = range(args.seed, args.seed + args.matches)
        for pair in PAIRINGS:
            for name in RULESETS:
                label = f"{pair[0]} vs {pair[1]} {name}"
                if args.only not in label:
                    continue
                start = time.process_time()
                digest = fingerprint(pair, name, seeds, not args.no_hints)
                print(f"{label:<30} {digest}  ({time.process_time() - start:.0f} s cpu)",
                      flush=True)


if __name__ == "__main__":
    main()
