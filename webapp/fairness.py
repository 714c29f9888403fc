"""What a table shows so a player can check the deals: the commitment, then the seed.

The commitment (SHA-256 of the match's secret seed) is shown from the first page of the
match; the seed itself only once the match is over, with a link to ``/verify``, which
re-deals every hand from it (docs: the FAQ, "Can I check the deals are fair?").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine_common.fairness import commitment
from webapp import games
from webapp.models import MatchStatus
from webapp.store import MatchRecord


@dataclass(frozen=True, slots=True)
class FairDeal:
    commitment: str
    player_seed: str
    revealed_seed: str | None
    """``None`` until the match is over: before that it would give away every deal."""
    verify_query: dict[str, object] = field(default_factory=dict)
    """The rest of the ``/verify`` link: the game, how many deals, what else its deals depend
    on (a Rommé match's players)."""


def fair_deal(record: MatchRecord) -> FairDeal:
    """The fairness panel of any table (every engine keeps ``seed`` and ``player_seed``)."""
    snapshot = record.snapshot
    seed = str(snapshot["seed"])
    over = record.status == MatchStatus.FINISHED
    game = games.of(record)
    return FairDeal(
        commitment=commitment(seed),
        player_seed=str(snapshot.get("player_seed", "")),
        revealed_seed=seed if over else None,
        verify_query={"game": game.query, **game.verify_query(snapshot)} if over else {},
    )
