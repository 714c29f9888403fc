"""What a review page costs once its review is kept: GET /review/<match>/<hand> and
GET /review/<match>, in-process (Flask's test client, no network), on SQLite by default or on
PostgreSQL with ``--pg`` (a fresh database on the local server) or ``DATABASE_URL``.

``--matches`` whole matches (``--game gin``: standard rules, an easy player against normal;
``--game romme``: the 3-hand Rommé rules, an easy player against ``--players`` − 1 normal
computers; seeded) are stored as guest matches and every hand is reviewed and kept first (Gin
Rummy's with its luck; Rommé has none), as the site keeps them, with the site's own worlds
(that cost is `benchmarks/review.py`'s, `benchmarks/romme_review.py`'s and
`benchmarks/luck.py`'s, not measured here). Then each hand's page and each match's
page is requested ``--rounds`` times, all in turn. Printed per page: requests, wall time p50 /
p95 / max and processor p50 / p95 (the test client's whole request: routing, session, loading
the match row and the kept review, decoding, rendering, the request log line written nowhere).
On a shared machine the processor time is the figure to read: the wall time waits for the
other processes.

    python benchmarks/review_page.py                 # SQLite
    python benchmarks/review_page.py --pg            # PostgreSQL, fresh database
    python benchmarks/review_page.py --game romme    # Rommé, 3 players

Takes about 2 minutes with the defaults on the busy 2-core machine (most of it reviewing the
100 hands first), under ``nice -n 15``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from page_cost import make_app  # noqa: E402

import gin_engine as engine  # noqa: E402
from engine_common.stats import percentile  # noqa: E402
from gin_engine.ai import make_bot  # noqa: E402
from gin_engine.ai.review import review_hand  # noqa: E402
from gin_engine.driver import play  # noqa: E402


def store_romme_matches(app: object, count: int, players: int) -> list[tuple[str, int]]:
    """``count`` whole Rommé matches stored with every hand's review kept: (match id, hands)."""
    import romme_engine as romme
    from romme_engine.ai import make_bot as romme_bot
    from romme_engine.ai.review import review_hand as romme_review_hand
    from webapp.review.store import keep_review
    from webapp.romme.review import points
    from webapp.store import create_match

    stored = []
    with app.test_request_context():  # type: ignore[attr-defined]
        for seed in range(count):
            game = romme.Match.new(romme.ROMME, players, random.Random(seed))
            seats = [romme_bot("easy" if s == 0 else "normal", random.Random(seed + s))
                     for s in range(players)]
            while not game.is_over:
                if game.turn is None:
                    game.apply(0, romme.NextHand())
                    continue
                game.apply(game.turn, seats[game.turn].choose(game.view(game.turn)))
            record = create_match(game="romme", ruleset="romme", difficulty="normal",
                                  snapshot=game.to_dict())
            for number in range(1, len(game.results) + 1):
                keep_review(record.id, romme_review_hand(game, number, 0), points(game, number))
            stored.append((record.id, len(game.results)))
    return stored


def store_matches(app: object, count: int) -> list[tuple[str, int]]:
    """``count`` whole matches stored with every hand's review kept: (match id, hands)."""
    from gin_engine.ai.luck import hand_luck
    from webapp.gin.review import points
    from webapp.review.store import keep_review
    from webapp.store import create_match

    stored = []
    with app.test_request_context():  # type: ignore[attr-defined]
        for seed in range(count):
            game = engine.Match.new(engine.STANDARD, random.Random(seed), first_dealer=1)
            seats = [make_bot("easy", random.Random(seed)),
                     make_bot("normal", random.Random(seed + 1))]
            play(game, seats)
            record = create_match(ruleset="standard", difficulty="normal",
                                  snapshot=game.to_dict())
            for number in range(1, len(game.results) + 1):
                keep_review(record.id, review_hand(game, number, 0), points(game, number),
                            hand_luck(game, number, 0))
            stored.append((record.id, len(game.results)))
    return stored


Samples = dict[str, list[tuple[float, float]]]
"""Per page ("hand", "match"): each request's (wall, processor) seconds."""


def measure(app: object, stored: list[tuple[str, int]], rounds: int) -> Samples:
    from webapp.matches import SESSION_MATCH_KEY

    client = app.test_client()  # type: ignore[attr-defined]
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-CN"
    found: Samples = {"hand": [], "match": []}
    for round_ in range(rounds + 1):
        for match_id, hands in stored:
            with client.session_transaction() as session:
                session[SESSION_MATCH_KEY] = match_id
            paths = [("hand", f"/review/{match_id}/{n}") for n in range(1, hands + 1)]
            for page, path in [*paths, ("match", f"/review/{match_id}")]:
                wall, cpu = time.perf_counter(), time.process_time()
                response = client.get(path)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                assert response.status_code == 200 and b'data-review="none"' not in response.data
                assert b'data-review="unavailable"' not in response.data
                if round_:  # the first round warms the caches
                    found[page].append((wall, cpu))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", action="store_true", help="a fresh PostgreSQL database")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--game", choices=("gin", "romme"), default="gin")
    parser.add_argument("--players", type=int, default=3, help="Rommé's players, 2 to 4")
    args = parser.parse_args()
    from webclient import bench_database

    with bench_database(args.pg, "gin_bench_review_page") as url:
        app = make_app(url, tempfile.mkdtemp(prefix="gin-review-instance-"))
        if args.game == "romme":
            stored = store_romme_matches(app, args.matches, args.players)
        else:
            stored = store_matches(app, args.matches)
        hands = sum(h for _, h in stored)
        print(f"{len(stored)} matches, {hands} hands reviewed and kept")
        for page, samples in measure(app, stored, args.rounds).items():
            walls = [w * 1e3 for w, _ in samples]
            cpus = [c * 1e3 for _, c in samples]
            print(f"GET {args.game} review page ({page}): {len(samples)} requests, wall p50"
                  f" {percentile(walls, 0.5):.1f} / p95 {percentile(walls, 0.95):.1f} /"
                  f" max {max(walls):.1f} ms; processor p50 {percentile(cpus, 0.5):.1f} /"
                  f" p95 {percentile(cpus, 0.95):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
