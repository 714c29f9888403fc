"""The hidden-card scan at scale (issue 51): no puzzle page names a card its player could not
see at that decision, over a whole bank and the own puzzles of ``--players`` players.

The bank (``--bank-url``, the database ``flask puzzles generate`` filled), every game's puzzles:
every puzzle's position is played again from its source
(``bank:<ruleset>:<seed>:<levels>:<hand>:<step>``), its page requested (no answer is written to
that database) and its answer's reason and every move's words said; each card they name must
be one the player could see at that decision: in Gin Rummy their hand, the discard pile or the
cards the opponent took; in Rommé their hand, the discard pile, the melds on the table or the
cards the others took from the pile (by face: both copies alike, every joker alike). The
players (``--game``'s): in a fresh SQLite database, each player's guest session plays (a seeded
easy player against normal, the rulesets or table sizes in turn) until a hand of theirs has a
decision with a clearly best move; every such decision of that hand is kept as their own puzzle
(not only the flagged ones: more positions), and each puzzle's page and answer page are scanned
the same way (`tests/web/puzzle_helpers.leaked`).

    nice -n 10 python benchmarks/puzzle_hidden.py --bank-url postgresql+psycopg://... --players 200
    nice -n 10 python benchmarks/puzzle_hidden.py --game romme --players 20

Exit status 1 on any card shown that the player could not see.

Takes about 22 s of processor time for a bank of 5,021 Gin Rummy puzzles and about 156 s for
200 players; Rommé's, 5 s for 888 puzzles and 583 s for 200 players.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from page_cost import make_app  # noqa: E402

import gin_engine as engine  # noqa: E402
import romme_engine as romme  # noqa: E402
from gin_engine.actions import format_action  # noqa: E402
from gin_engine.ai import make_bot  # noqa: E402
from gin_engine.ai.puzzle import match_candidates, value_moves  # noqa: E402
from gin_engine.driver import play  # noqa: E402
from romme_engine.actions import format_action as romme_format  # noqa: E402
from romme_engine.ai.puzzle import match_candidates as romme_candidates  # noqa: E402
from romme_engine.ai.puzzle import value_moves as romme_value  # noqa: E402
from tests.web.puzzle_helpers import leaked, own_view, seen_at  # noqa: E402
from tests.web.review_helpers import seat_game  # noqa: E402
from tests.web.romme_helpers import seat_romme, simulated_romme  # noqa: E402
from tests.web.romme_puzzle_helpers import own_romme_view, romme_seen_at  # noqa: E402
from tests.web.test_review_hidden import named_cards  # noqa: E402
from tests.web.test_romme_review_hidden import named_cards as romme_named  # noqa: E402

RULESETS = tuple(engine.PRESETS)


@dataclass(frozen=True)
class Parts:
    """What the scans and the stability benchmark ask of a game's engine and tests."""

    candidates: Callable[[Any, int, tuple[str, ...], int | None], Iterator[Any]]
    preset: Callable[[str], Any]
    value_moves: Callable[[Any, int], Any]
    format_action: Callable[[Any], str]
    seen_at: Callable[[Any], set[str]]
    named_cards: Callable[[str], set[str]]
    deal_hand: Callable[[int], tuple[Any, str]]
    """A match whose first hand a seeded easy player (seat 0) played against normal, and its
    ruleset."""
    seat: Callable[[Any, Any, Any, str], str]
    own_view: Callable[[Any, int, int], Any]


def _gin_hand(seed: int) -> tuple[engine.Match, str]:
    ruleset = RULESETS[seed % len(RULESETS)]
    game = engine.Match.new(engine.preset(ruleset), random.Random(seed), first_dealer=1)
    play(game, [make_bot("easy", random.Random(seed)),
                make_bot("normal", random.Random(seed + 1))], hands=1)
    return game, ruleset


def _romme_hand(seed: int) -> tuple[romme.Match, str]:
    return simulated_romme(seed, players=2 + seed % 3), "romme"


PARTS = {
    "gin": Parts(match_candidates, engine.preset, value_moves, format_action, seen_at,
                 named_cards, _gin_hand, seat_game, own_view),
    "romme": Parts(romme_candidates, romme.preset, romme_value, romme_format, romme_seen_at,
                   romme_named, _romme_hand,
                   lambda app, client, game, _r: seat_romme(app, client, players=game.players,
                                                            game=game),
                   own_romme_view),
}


def replayed(rows: Sequence[Any], game: str = "gin") -> Iterator[tuple[Any, Any]]:
    """Each bank puzzle row of ``game`` (with its ``source``) and the view it was found at: each
    match of the bank played again once, from its seed and levels, up to its last hand with a
    puzzle."""
    parts = PARTS[game]
    by_match: dict[tuple[str, str, str], list[tuple[int, int, Any]]] = defaultdict(list)
    for row in rows:
        _bank, ruleset, seed, levels, hand, step = row.source.split(":")
        by_match[(ruleset, seed, levels)].append((int(hand), int(step), row))
    for (ruleset, seed, levels), found in by_match.items():
        wanted = {(hand, step): row for hand, step, row in found}
        last = max(hand for hand, _s, _r in found)
        for candidate in parts.candidates(parts.preset(ruleset), int(seed),
                                          tuple(levels.split("-")), last):
            row = wanted.pop((candidate.hand, candidate.step), None)
            if row is not None:
                yield row, candidate.view
        assert not wanted, f"sources not found again: {sorted(wanted)}"


def scan_bank(url: str) -> tuple[int, int]:
    """(puzzles scanned, puzzles naming a card their player could not see)."""
    from sqlalchemy import select

    from webapp import games
    from webapp.extensions import db
    from webapp.models import Puzzle

    app = make_app(url, tempfile.mkdtemp(prefix="puzzle-hidden-"), migrate=False)
    client = app.test_client()
    with app.app_context():
        rows = db.session.execute(select(
            Puzzle.id, Puzzle.game, Puzzle.source, Puzzle.ruleset, Puzzle.kind, Puzzle.position,
            Puzzle.moves, Puzzle.answer, Puzzle.reason).where(Puzzle.match_id.is_(None))).all()
    scanned = leaks = 0
    for game in sorted({row.game for row in rows}):
        hook, parts = games.named(game).puzzles, PARTS[game]
        assert hook is not None
        for row, view in replayed([r for r in rows if r.game == game], game):
            page = client.get(f"/puzzles/{row.id}").get_data(as_text=True)
            with app.test_request_context():
                words = " ".join(m.words for m in hook.page(
                    row.ruleset, row.kind, row.position, row.moves).moves.values())
                words += hook.reason(row.ruleset, row.answer, row.reason)
            named = parts.named_cards(page) | parts.named_cards(words)
            seen = parts.seen_at(view)
            scanned += 1
            if not named or named - seen:
                leaks += 1
                print(f"puzzle {row.id} ({row.source}) names {sorted(named - seen)}")
    return scanned, leaks


def scan_players(players: int, key: str = "gin") -> tuple[int, int, int]:
    """(players, own puzzles scanned, puzzles naming a card their player could not see)."""
    from webapp import games
    from webapp.extensions import db
    from webapp.puzzles.store import add, from_decision

    instance = tempfile.mkdtemp(prefix="puzzle-hidden-own-")
    app = make_app(f"sqlite:///{instance}/own.sqlite3", instance)
    hook, parts = games.named(key).puzzles, PARTS[key]
    assert hook is not None
    scanned = leaks = 0
    seed = 0
    for player in range(players):
        client = app.test_client()
        while True:
            seed += 1
            game, ruleset = parts.deal_hand(seed)
            match_id = parts.seat(app, client, game, ruleset)
            decisions = range(1, 80)
            with app.app_context():
                kept = [(d, data) for d, data in hook.own(game, ruleset, 1, decisions) if data]
                for d, data in kept:
                    add(key, f"match:{match_id}:1:{d}", data, match_id, 1, d)
                db.session.commit()
                ids = [(d, from_decision(match_id, 1, d)) for d, _data in kept]
            if ids:
                break
        for decision, puzzle_id in ids:
            assert puzzle_id is not None
            seen = parts.seen_at(parts.own_view(game, 1, decision))
            found = leaked(client, puzzle_id, seen, parts.named_cards)
            scanned += 1
            if found:
                leaks += 1
                print(f"player {player}: puzzle {puzzle_id} names {sorted(found)}")
    return players, scanned, leaks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bank-url", help="the database holding the bank")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--game", choices=sorted(PARTS), default="gin",
                        help="whose players' own puzzles are scanned (the bank: every game's)")
    args = parser.parse_args()
    failed = False
    start = time.process_time()
    if args.bank_url:
        scanned, leaks = scan_bank(args.bank_url)
        print(f"bank: {scanned} puzzles scanned, {leaks} naming an unseen card")
        failed |= leaks > 0
    if args.players:
        players, scanned, leaks = scan_players(args.players, args.game)
        print(f"own: {players} players, {scanned} puzzles scanned, {leaks} naming an unseen card")
        failed |= leaks > 0
    print(f"processor time {time.process_time() - start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
