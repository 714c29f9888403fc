"""The bank's stability (issue 51): every bank puzzle of ``--game`` (or ``--limit`` of them,
the first by id) valued again on another random stream (``Random(1)``, the engine's
``puzzle.WORLDS`` worlds; the bank was valued on ``Random(0)``): the share whose answer is still
the best move by value, and the share whose answer is still clearly best. Each position is
played again from its source (`puzzle_hidden.replayed`).

    nice -n 10 python benchmarks/puzzle_stability.py --bank-url postgresql+psycopg://... [--limit N]
    nice -n 10 python benchmarks/puzzle_stability.py --game romme --bank-url ...

Takes about 6.5 minutes of processor time for a bank of 5,021 Gin Rummy puzzles (76 ms a
puzzle); Rommé's, about 1.5 s a puzzle (docs/puzzles.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzle_hidden import PARTS, replayed  # noqa: E402
from sqlalchemy import create_engine, select  # noqa: E402

from engine_common.stats import wilson  # noqa: E402
from webapp.config import normalise_database_url  # noqa: E402
from webapp.models import Puzzle  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bank-url", required=True)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1, help="the other random stream")
    parser.add_argument("--game", choices=sorted(PARTS), default="gin")
    args = parser.parse_args()
    bank = create_engine(normalise_database_url(args.bank_url))
    with bank.connect() as connection:
        rows = connection.execute(
            select(Puzzle.id, Puzzle.source, Puzzle.kind, Puzzle.answer)
            .where(Puzzle.match_id.is_(None), Puzzle.game == args.game)
            .order_by(Puzzle.id).limit(args.limit)).all()
    parts = PARTS[args.game]
    start = time.process_time()
    same: Counter[str] = Counter()
    clear: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for row, view in replayed(rows, args.game):
        valued = parts.value_moves(view, args.seed)
        best = parts.format_action(valued.best)
        total[row.kind] += 1
        same[row.kind] += best == row.answer
        clear[row.kind] += best == row.answer and valued.clearly_best
    n = sum(total.values())
    for name, counts in (("same best move", same), ("still clearly best", clear)):
        k = sum(counts.values())
        low, high = wilson(k, n)
        kinds = " ".join(f"{kind} {counts[kind]}/{total[kind]}" for kind in sorted(total))
        print(f"{name}: {k}/{n} = {k / n:.2%} [{low:.2%}, {high:.2%}] ({kinds})")
    print(f"processor time {time.process_time() - start:.0f} s "
          f"({(time.process_time() - start) / n * 1000:.0f} ms a puzzle)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
