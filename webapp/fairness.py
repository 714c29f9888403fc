"""What a table shows so a player can check the deals: the commitment, then the seed.

The commitment (SHA-256 of the match's secret seed) is shown from the first page of the
match; the seed itself only once the match is over, with a link to ``/verify``, which
re-deals every hand from it (docs: the FAQ, "Can I check the deals are fair?").

A practice match (`webapp.review.practice`) deals its first hand from another match's hand:
its own seed covers the hands from the second on, and the first is that match's deal, which
that match's commitment covers (`FirstDeal`): shown from the start, and that match's seed once
the practice is over (and that match too), so ``/verify`` re-deals it as well.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine_common.contract import Match
from engine_common.fairness import commitment
from webapp import games
from webapp.daily.locks import seed_shown
from webapp.models import MatchStatus
from webapp.store import MatchRecord, load_match


@dataclass(frozen=True, slots=True)
class FirstDeal:
    """A practice's first hand: deal ``number`` of the match it was practised from."""

    number: int
    commitment: str | None
    """That match's commitment; ``None`` when the match is no longer kept."""
    revealed_seed: str | None = None
    """Its seed, once the practice is over and that match has ended."""
    player_seed: str = ""
    ruleset: str = ""


@dataclass(frozen=True, slots=True)
class FairDeal:
    commitment: str
    player_seed: str
    revealed_seed: str | None
    """``None`` until the match is over: before that it would give away every deal."""
    verify_query: dict[str, object] = field(default_factory=dict)
    """The rest of the ``/verify`` link: the game, how many deals, what else its deals depend
    on (a Rommé match's players)."""
    first_deal: FirstDeal | None = None
    """A practice's first hand, which this match's seed does not give."""


def fair_deal(record: MatchRecord, match: Match[Any, Any]) -> FairDeal:
    """The fairness panel of any table, from the engine's ``match`` the table page already
    read from ``record`` (every engine's ``Match`` keeps ``seed``, ``player_seed`` and
    ``deals``: `engine_common.contract`)."""
    game = games.of(record)
    # A daily's seed is the day's: it would deal the day's boards to whoever has not played.
    over = record.status == MatchStatus.FINISHED and seed_shown(record)
    return FairDeal(
        commitment=commitment(match.seed),
        player_seed=match.player_seed,
        revealed_seed=match.seed if over else None,
        verify_query={"game": game.query, **game.verify_query(match)} if over else {},
        first_deal=_first_deal(record, over),
    )


def _first_deal(record: MatchRecord, over: bool) -> FirstDeal | None:
    if record.practice_of is None or record.practice_hand is None:
        return None
    found = load_match(record.practice_of)
    origin = None if found is None else games.of(found).read(found.snapshot)
    # A deal given in full (``given_deals``: a test's) is no deal of that match's seed: its
    # commitment does not cover it.
    if found is None or origin is None or record.practice_hand in origin.given_deals:
        return FirstDeal(record.practice_hand, None)
    seed = origin.seed
    # Before the practice is over its first deal is still being played (that seed deals it,
    # stock and all); and while the origin runs, its seed would give away its later deals.
    shown = over and found.status != MatchStatus.ACTIVE
    return FirstDeal(
        number=record.practice_hand,
        commitment=commitment(seed),
        revealed_seed=seed if shown else None,
        player_seed=origin.player_seed,
        ruleset=found.ruleset,
    )
