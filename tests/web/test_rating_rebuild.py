"""The kept ratings equal a replay of the recorded results; the repair command finds and fixes
a difference. Runs on SQLite by default and on PostgreSQL with ``TEST_DATABASE_URL``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import func, insert, select, update

import gin_engine as engine
import romme_engine as romme
from gin_engine.ai import make_bot
from romme_engine.ai import make_bot as make_romme_bot
from tests.sizes import sized
from tests.web import chart_helpers
from tests.web.account_helpers import (
    make_user,
    reach_the_winning_knock,
    register,
    seat_winning_match,
    seed_result,
    user_id,
)
from tests.web.ending_helpers import end_match, memory_backed, race
from tests.web.play_helpers import get, post_at_once
from webapp.extensions import db
from webapp.models import (
    GIN,
    HU,
    ROMME,
    Match,
    MatchResult,
    PlayerChart,
    PlayerRating,
    RatingLadder,
    RatingLadderVersion,
    RatingUpdate,
    new_match_id,
)
from webapp.rating import period, rebuild, standing
from webapp.rating.glicko import PROVISIONAL_RD, START, WIN, Rating, away, updated
from webapp.rating.levels import level

pytestmark = pytest.mark.db

OWNED_ENDINGS = sized(500, 2000)
"""Endings of accounts' matches recorded one after another (guests' come on top): 500 still take
a dozen of the players' boards past provisional onto rungs and 4 players into retirement
(FULL_TESTS=1: the 2,000 of before); the 60 races below stay whole, as they find a lost update."""
RANKED = sized(10, 20)
"""At least this many (player, board) ratings end settled and active: about four matches per
player and board over 150 days leave a dozen (seed 34) now that a deviation grows with the days
between a player's matches; 2,000 endings leave more than 20."""
RACES = 60
"""Then this many races: a final move and an abandon of one match at once, beside another
account's match ending."""
PLAYERS = 40
RETIRED = 4
LEVELS = ("easy", "normal", "expert")
NOW = datetime.now(UTC)
START_AT = NOW - timedelta(days=150)
"""The endings run from here to now, so some players end up 90 days inactive."""


@pytest.fixture
def database_url(database_url: str) -> Iterator[str]:
    yield from memory_backed(database_url)


class Game:
    """A bot-played match to end a site match with: its snapshot, finished or broken off."""

    def __init__(self, kind: str, ruleset: str, snapshot: dict[str, Any], over: bool) -> None:
        self.kind, self.ruleset, self.snapshot, self.over = kind, ruleset, snapshot, over


def gin_games(rng: random.Random, ruleset: str, finished: int, broken: int) -> list[Game]:
    games: list[Game] = []
    while len(games) < finished + broken:
        game = engine.Match.new(engine.preset(ruleset), rng)
        bots = [make_bot("easy", random.Random(rng.random())) for _ in (0, 1)]
        stop = rng.randrange(1, 40) if len(games) >= finished else None
        moves = 0
        while game.phase is not engine.Phase.MATCH_OVER and moves != stop:
            if game.phase is engine.Phase.HAND_OVER:
                game.next_hand()
                continue
            seat = game.turn
            assert seat is not None
            game.apply(seat, bots[seat].choose(game.view(seat)))
            moves += 1
        over = game.phase is engine.Phase.MATCH_OVER
        if over == (stop is None):
            games.append(Game("gin", ruleset, game.to_dict(), over))
    return games


def romme_games(rng: random.Random, players: int, finished: int, broken: int) -> list[Game]:
    games: list[Game] = []
    while len(games) < finished + broken:
        game = romme.Match.new(romme.preset("romme"), players, rng)
        bots = [make_romme_bot("easy", random.Random(rng.random())) for _ in range(players)]
        stop = rng.randrange(1, 60) if len(games) >= finished else None
        moves = 0
        while game.phase is not romme.Phase.MATCH_OVER and moves != stop:
            if game.phase is romme.Phase.HAND_OVER:
                game.next_hand()
                continue
            seat = game.hand.turn
            game.apply(seat, bots[seat].choose(game.view(seat)))
            moves += 1
        over = game.phase is romme.Phase.MATCH_OVER
        if over == (stop is None):
            games.append(Game("romme", "romme", game.to_dict(), over))
    return games


def all_games(rng: random.Random) -> list[Game]:
    """Gin Rummy, 胡牌制 and Rommé with two to four players; about a third broken off."""
    return [
        *gin_games(rng, "quick", 8, 4), *gin_games(rng, "hu", 6, 3),
        *(g for players in (2, 3, 4) for g in romme_games(rng, players, 3, 2)),
    ]


def new_matches(rng: random.Random, pairs: list[tuple[int | None, Game]]) -> list[str]:
    """Active matches of these owners for these games, inserted in one transaction (the
    endings are the thing tested, one transaction each)."""
    rows = []
    for owner, game in pairs:
        played = rng.choice(LEVELS)
        # Some hand played at an easier level: the match counts at that one.
        lowest = rng.choice(LEVELS[: LEVELS.index(played) + 1]) if rng.random() < 0.3 else played
        rows.append({
            "id": new_match_id(), "game": game.kind, "version": 1, "snapshot": {},
            "ruleset": game.ruleset, "difficulty": played, "lowest_difficulty": lowest,
            "status": "active", "owner_user_id": owner, "created_at": START_AT,
            "updated_at": START_AT,
        })
    db.session.execute(insert(Match), rows)
    db.session.commit()
    return [row["id"] for row in rows]


def end(match_id: str, game: Game, finished_at: datetime) -> bool:
    return end_match(match_id, game.snapshot, game.over, finished_at)


def kept_state() -> tuple[dict[Any, Any], dict[Any, Any], set[Any]]:
    """The kept updates and ratings, and who the board ranks now (listed and active)."""
    updates = {
        u.match_id: (u.user_id, u.game, u.played_at, u.rating_before, u.rd_before, u.rating,
                     u.rd, u.volatility)
        for u in db.session.scalars(select(RatingUpdate))
    }
    since = standing.active_since(datetime.now(UTC))
    ratings, ranked = {}, set()
    for r in db.session.scalars(select(PlayerRating)):
        ratings[(r.user_id, r.game)] = (r.rating, r.rd, r.volatility, r.shown, r.matches,
                                        r.last_played, r.username_key)
        if r.listed and r.last_played >= since:
            ranked.add((r.user_id, r.game))
    return updates, ratings, ranked


def test_kept_ratings_equal_a_replay_after_thousands_of_random_endings(app: Flask) -> None:
    rng = random.Random(34)
    games = all_games(rng)
    with app.app_context():
        users = [make_user(f"p{n:02d}").id for n in range(PLAYERS)]
        db.session.commit()
    step = (NOW - START_AT) / (OWNED_ENDINGS + RACES + 200)
    clock = iter(START_AT + step * n for n in range(10**6))
    owned = 0
    with app.app_context():
        # The first few players stop after the first third: 90 days inactive by the end.
        owners = [
            None if rng.random() < 0.05
            else rng.choice(users if n < OWNED_ENDINGS // 3 else users[RETIRED:])
            for n in range(OWNED_ENDINGS)
        ]
        while sum(owner is not None for owner in owners) < OWNED_ENDINGS:
            owners.append(rng.choice(users[RETIRED:]))
        # An account has one running match at a time: each batch starts at most one per owner.
        batches: list[list[int | None]] = [[]]
        for owner in owners:
            if owner is not None and owner in batches[-1]:
                batches.append([])
            batches[-1].append(owner)
        for batch in batches:
            pairs = [(owner, rng.choice(games)) for owner in batch]
            for match_id, (owner, game) in zip(new_matches(rng, pairs), pairs, strict=True):
                assert end(match_id, game, next(clock))
                owned += owner is not None
    assert owned >= OWNED_ENDINGS

    outcomes = []
    finished = [g for g in games if g.over]
    for _ in range(RACES):
        owner, other_owner = rng.sample(users[RETIRED:], 2)
        final = rng.choice(finished)
        broken = rng.choice([g for g in games if not g.over and g.kind == final.kind])
        other = rng.choice(games)
        with app.app_context():
            raced, beside = new_matches(rng, [(owner, final), (other_owner, other)])
        stamp = next(clock)
        outcomes.append(race(app, [(raced, final), (raced, broken), (beside, other)], stamp, end))
        owned += 2
    # Each race: the other match ended, and exactly one of the two endings of the raced one.
    assert all(sorted(r) == [False, True, True] for r in outcomes)

    with app.app_context():
        assert rebuild.differences() == []
        # The player page's charts, kept ending by ending, races and abandons included.
        kept_charts = chart_helpers.kept()
        assert kept_charts == chart_helpers.rebuilt() and len(kept_charts) > PLAYERS
        results = db.session.scalar(select(func.count()).select_from(MatchResult))
        assert db.session.scalar(select(func.count()).select_from(RatingUpdate)) == results
        assert results == owned
        before = kept_state()
        updates, ratings, ranked = before
        assert {key[1] for key in ratings} == {GIN, HU, ROMME}
        abandons = db.session.scalar(
            select(func.count()).where(MatchResult.outcome == "abandoned")
        )
        assert abandons is not None and abandons > 200
        # Settled and active players are ranked; some went 90 days without a match.
        assert len(ranked) > RANKED
        assert any(r[5] < standing.active_since(NOW) for r in ratings.values())
        # The replay written over the kept rows changes nothing the site shows.
        rebuild.rewrite()
        db.session.commit()
        assert kept_state() == before and chart_helpers.kept() == kept_charts
        assert rebuild.differences() == []


def test_racing_final_moves_through_the_forms_move_the_rating_once(
    app: Flask, client: FlaskClient, live_server: str
) -> None:
    """Twenty POSTs of the winning knock at once, for three matches in a row."""
    register(client, "alice")
    alice = user_id(app, "alice")
    expected, last = START, None
    for _ in range(3):
        match_id = seat_winning_match(app, client, owner="alice")
        page = reach_the_winning_knock(client)
        cookie = client.get_cookie("session")
        assert cookie is not None
        body = urlencode({"csrf_token": page.token, "version": page.version,
                          "action": "knock", "card": "KC"})
        statuses = post_at_once(live_server, "/play", body, cookie.value, 20)
        assert statuses == [303] * 20
        assert get(client).phase == "match-over"
        with app.app_context():
            kept_update = db.session.get(RatingUpdate, match_id)
            assert kept_update is not None
            played_at = kept_update.played_at
        expected = updated(period.before(expected, last, played_at),
                           [(level(GIN, "easy").anchor, WIN)])
        last = played_at
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(RatingUpdate)) == 3
        kept = db.session.get(PlayerRating, (alice, GIN))
        assert kept is not None
        assert (kept.rating, kept.rd, kept.matches) == (expected.rating, expected.rd, 3)
        assert rebuild.differences() == []


def test_the_recount_command_reports_a_difference_and_fixes_it(
    app: Flask, runner: FlaskCliRunner
) -> None:
    with app.app_context():
        ann = make_user("ann")
        for n in range(12):
            seed_result(ann, outcome="won" if n % 3 else "lost",
                        finished_at=NOW - timedelta(hours=12 - n))
        db.session.commit()
        clean = runner.invoke(args=["recount-ratings"])
        assert clean.exit_code == 0 and "0 difference(s)" in clean.output
        kept = db.session.get(PlayerRating, (ann.id, GIN))
        assert kept is not None and kept.listed
        db.session.execute(
            update(PlayerRating).where(PlayerRating.user_id == ann.id)
            .values(matches=PlayerRating.matches + 1)
        )
        db.session.execute(
            update(RatingLadder).where(RatingLadder.shown == kept.shown)
            .values(players=RatingLadder.players + 1)
        )
        chart = db.session.get(PlayerChart, (ann.id, GIN))
        assert chart is not None and len(chart.ratings) == 12
        chart.ratings = chart.ratings[1:]
        db.session.commit()
    broken = runner.invoke(args=["recount-ratings"])
    assert broken.exit_code == 1
    # Her count of matches, her rung counting two, her rating chart short of its oldest.
    assert "3 difference(s)" in broken.output
    assert "player_charts" in broken.output and "'ratings': (11, " in broken.output
    assert "'matches': 13" in broken.output and "'matches': 12" in broken.output
    assert "kept {'players': 2}, replayed {'players': 1}" in broken.output
    with app.app_context():
        before = db.session.get(RatingLadderVersion, GIN)
        assert before is not None
        broken_version = before.version
    fixed = runner.invoke(args=["recount-ratings", "--fix"])
    assert fixed.exit_code == 0 and "Ratings rewritten" in fixed.output
    assert "0 difference(s)" in runner.invoke(args=["recount-ratings"]).output
    # The rewritten rungs have a new version, so no worker keeps showing the broken ones.
    with app.app_context():
        assert db.session.get(RatingLadderVersion, GIN).version == broken_version + 1


def test_time_away_grows_the_deviation_the_same_on_the_site_and_in_the_replay(
    app: Flask,
) -> None:
    """Matches an hour, a month and over three years apart: each ending grows the deviation
    for the time since the last one, and the replay does the same."""
    gaps = [timedelta(hours=1)] * 14 + [timedelta(days=30), timedelta(hours=2),
                                         timedelta(days=1200), timedelta(minutes=3)]
    with app.app_context():
        ann = make_user("ann")
        at = NOW - sum(gaps, timedelta(0)) - timedelta(hours=1)
        ids = [seed_result(ann, outcome="won", finished_at=at)]
        for gap in gaps:
            at += gap
            ids.append(seed_result(ann, outcome="lost" if len(ids) % 3 else "won",
                                   finished_at=at))
        db.session.commit()
        rows = [db.session.get(RatingUpdate, match_id) for match_id in ids]
        for previous, row, gap in zip(rows[:-1], rows[1:], gaps, strict=True):
            assert previous is not None and row is not None
            after = Rating(previous.rating, previous.rd, previous.volatility)
            assert (row.rating_before, row.rd_before) == (after.rating, away(after, gap).rd)
        month, years = rows[15], rows[17]
        assert month is not None and years is not None
        # A month away: settled (RD 84) yet moving again; three years: back at the start.
        assert rows[14] is not None and rows[14].rd < month.rd_before < PROVISIONAL_RD
        assert years.rd_before == START.rd
        assert rebuild.differences() == []
        before = kept_state()
        rebuild.rewrite()
        db.session.commit()
        assert kept_state() == before and rebuild.differences() == []
