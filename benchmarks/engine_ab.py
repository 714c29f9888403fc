"""Engine speed, before against after, on a busy machine: ``python benchmarks/engine_ab.py REV``.

``make bench`` times one tree; on a shared machine two runs of it can differ by 3×, far more
than the few per cent a refactoring may cost. This script loads the engine of git revision
``REV`` (renamed ``gin_base``) beside the working tree's ``gin_engine`` in one process, times
each of ``make bench``'s workloads for both back to back (order alternating), in CPU time, and
prints the median and quartiles of the after/before ratios, which a load drifting during the
run does not move much. Standard library and git only.

Takes about 1 minute per round on one free core (``--rounds 11``: about 10 minutes).
"""

from __future__ import annotations

import argparse
import importlib
import io
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SEED = 20240601


def extract(rev: str, packages: tuple[str, ...], into: Path) -> None:
    """Write ``REV``'s ``packages`` (folders of this repository) into ``into``."""
    archive = subprocess.run(
        ["git", "archive", rev, *packages], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):  # Python >= 3.11.4
            tar.extractall(into, filter="data")
        else:
            tar.extractall(into)


def _export(rev: str, into: Path) -> None:
    """Write ``REV``'s gin_engine into ``into/gin_base``, every import renamed."""
    extract(rev, ("gin_engine",), into)
    (into / "gin_engine").rename(into / "gin_base")
    for path in (into / "gin_base").rglob("*.py"):
        path.write_text(path.read_text().replace("gin_engine", "gin_base"))


def _workloads(pkg: str) -> dict[str, Callable[[], object]]:
    """``make bench``'s workloads, built from package ``pkg`` with the same seeds."""

    def mod(name: str) -> ModuleType:
        return importlib.import_module(f"{pkg}.{name}")

    cards, melds, layoff, match, ai, view = (
        mod(n) for n in ("cards", "melds", "layoff", "match", "ai", "view")
    )
    rng = random.Random(SEED)
    hands10 = [rng.sample(cards.DECK, 10) for _ in range(4000)]
    masks = [cards.to_mask(h) for h in hands10]
    hands11 = [rng.sample(cards.DECK, 11) for _ in range(1000)]
    deals = []
    while len(deals) < 100:
        dealt = rng.sample(cards.DECK, 20)
        if melds.deadwood(dealt[:10]) <= 10:
            deals.append((dealt[:10], dealt[10:], melds.arrange(dealt[:10]).melds))
    positions = []
    easy = ai.make_bot("easy", random.Random(SEED))
    game = match.Match.new(mod("ruleset").STANDARD, random.Random(SEED))
    while len(positions) < 300:
        if game.phase is mod("hand").Phase.MATCH_OVER:
            game = match.Match.new(mod("ruleset").STANDARD, random.Random(len(positions)))
        player = game.turn if game.turn is not None else 0
        seen = game.view(player)
        if game.turn is not None:
            positions.append(seen)
        game.apply(player, easy.choose(seen))
    normal = ai.make_bot("normal", random.Random(1))
    expert = ai.make_bot("expert", random.Random(1))
    return {
        "deadwood(list of 10)": lambda: [melds.deadwood(h) for h in hands10],
        "deadwood(mask of 10)": lambda: [melds.deadwood(m) for m in masks],
        "discard_options": lambda: [melds.discard_options(h) for h in hands11],
        "best_discards": lambda: [melds.best_discards(h) for h in hands11],
        "lay_off": lambda: [layoff.lay_off(d, m) for _, d, m in deals],
        "knocker_arrangement": lambda: [
            layoff.knocker_arrangement(k, d, 10, 25) for k, d, _ in deals
        ],
        "legal_actions": lambda: [view.legal_actions(v) for v in positions],
        "normal decision": lambda: [normal.choose(v) for v in positions],
        "expert decision": lambda: [expert.choose(v) for v in positions[:100]],
    }


def alternate(
    before: Callable[[], object], after: Callable[[], object], rounds: int
) -> tuple[list[float], list[float]]:
    """(after/before processor-time ratios, before's times): both run back to back each round,
    which goes first alternating, so a load that drifts during the run slows both alike."""
    ratios, spent_before = [], []
    for r in range(rounds):
        spent = {}
        order = (("b", before), ("a", after))
        for key, run in order if r % 2 == 0 else order[::-1]:
            start = time.process_time()
            run()
            spent[key] = time.process_time() - start
        ratios.append(spent["a"] / spent["b"])
        spent_before.append(spent["b"])
    return ratios, spent_before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("rev", help="the 'before' git revision, e.g. main or HEAD~1")
    parser.add_argument("--rounds", type=int, default=31)
    parser.add_argument("--only", default="", help="time only workloads whose name contains this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        _export(args.rev, Path(tmp))
        sys.path.insert(0, tmp)
        sys.path.insert(0, str(ROOT))
        before, after = _workloads("gin_base"), _workloads("gin_engine")
        print(f"after (working tree) / before ({args.rev}), CPU time, {args.rounds} rounds")
        for name in before:
            if args.only not in name:
                continue
            ratios, _ = alternate(before[name], after[name], args.rounds)
            q1, median, q3 = statistics.quantiles(ratios, n=4)
            print(
                f"{name:<22} {(median - 1) * 100:+6.1f}%"
                f"   quartiles {(q1 - 1) * 100:+.1f}% .. {(q3 - 1) * 100:+.1f}%"
            )


if __name__ == "__main__":
    main()
