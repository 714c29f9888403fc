"""Instructions per request under callgrind: what a change costs, unmoved by a busy machine.

    .venv/bin/python benchmarks/request_instructions.py BEFORE AFTER [--gets 60] [--moves 60]

On this 2-core machine two runs of the same code differ by up to 25% in latency and by a few
per cent in processor time (`site_ab.py`); a change worth 3% drowns in that. Callgrind counts the
instructions a process executes, and the same code on the same input gives the same count
whatever else the machine runs. So each version (a git revision, checked out into a temporary
worktree with its translations compiled, or a directory holding a checkout) is run in-process
(Flask's test client on SQLite, `page_cost.make_app`) under ``valgrind --tool=callgrind`` three
times, on the same deal (the match's secret seed drawn from a seeded generator):

1. set-up only: the app made, a match against expert started, five moves played;
2. the set-up, then GET /play of that table ``--gets`` times;
3. the same, then ``--moves`` more moves (each the POST /play with the computer's reply, and
   the GET after it), played by `webclient.Player`.

(2 − 1) / gets is the instructions of one table GET, (3 − 2) / moves those of one move. Not
counted: PostgreSQL's side (SQLite runs in the process), gunicorn and the network. The
versions run two at a time (one per core); each run takes about a minute. Needs valgrind
(Debian's package ``valgrind``).

Takes about 5 minutes per version under callgrind (three runs of each, 50 times slower than
plain Python).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

COLLECTED = re.compile(r"Collected : (\d+)")


def play(root: str, gets: int, moves: int) -> None:
    """The measured program (run under callgrind): ``root``'s site, one table, then requests."""
    import logging
    import random

    sys.path[:0] = [root + "/benchmarks", root]
    import page_cost as page
    from webclient import Player

    try:
        from webapp import matches as dealer  # the match layer, since it left the Gin table
    except ImportError:  # a tree from before it
        from webapp.play import service as dealer  # type: ignore[no-redef]

    logging.disable(logging.WARNING)
    dealer._os_random = random.Random(1)  # the same deal in every run and version
    with tempfile.TemporaryDirectory() as instance:
        app = page.make_app(f"sqlite:///{instance}/bench.db", instance)
        client = page.InProcessClient(app, page.Timers(), lambda *a: None)
        client.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-CN"
        player = Player(client, difficulty="expert")
        player.start()
        for _ in range(5):
            player.step()
        player.look()
        for _ in range(gets):
            client.client.get("/play")
        for _ in range(moves):
            if not player.step():
                player.start()


def instructions(root: Path, gets: int, moves: int) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out",
             sys.executable, __file__, "--play", str(root), str(gets), str(moves)],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = COLLECTED.search(done.stderr)
    if done.returncode or not found:
        raise SystemExit(f"callgrind run failed in {root}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> int:
    if sys.argv[1:2] == ["--play"]:  # the measured program imports only its own version
        play(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return 0
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from site_ab import checkout
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("versions", nargs="+", help="git revisions or checkout directories")
    parser.add_argument("--gets", type=int, default=60)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        roots = [checkout(spec, Path(scratch)) for spec in args.versions]
        runs = [(root, g, m) for root in roots
                for g, m in ((0, 0), (args.gets, 0), (args.gets, args.moves))]
        with ThreadPoolExecutor(max_workers=2) as pool:
            counts = list(pool.map(lambda run: instructions(*run), runs))
    subprocess.run(["git", "worktree", "prune"], cwd=Path(__file__).resolve().parent, check=False)
    print(f"{'version':40} {'per table GET':>15} {'per move':>15}   (instructions, millions)")
    first: tuple[float, float] | None = None
    for index, spec in enumerate(args.versions):
        setup, with_gets, with_moves = counts[3 * index : 3 * index + 3]
        per_get = (with_gets - setup) / args.gets / 1e6
        per_move = (with_moves - with_gets) / args.moves / 1e6
        change = ""
        if first is None:
            first = (per_get, per_move)
        else:
            change = f"   {per_get / first[0] - 1:+.1%} / {per_move / first[1] - 1:+.1%}"
        print(f"{spec[-40:]:40} {per_get:15.3f} {per_move:15.3f}{change}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
