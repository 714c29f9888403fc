"""What the table shows so a player can check the deals: the commitment, then the seed.

The commitment (SHA-256 of the match's secret seed) is shown from the first page of the
match; the seed itself only once the match is over, with a link to ``/verify``, which
re-deals every hand from it (docs: the FAQ, "Can I check the deals are fair?").
"""

from __future__ import annotations

from dataclasses import dataclass

import romme_engine as romme
from engine_common.fairness import commitment
from webapp.models import ROMME, MatchStatus
from webapp.store import MatchRecord


@dataclass(frozen=True, slots=True)
class FairDeal:
    commitment: str
    player_seed: str
    revealed_seed: str | None
    """``None`` until the match is over: before that it would give away every deal."""
    deals: int
    game: str | None = None
    """``romme`` for a Rommé match (the ``/verify`` link says so); ``None`` for Gin Rummy."""
    players: int | None = None
    """A Rommé match's players, the person included: the deals depend on them."""


def fair_deal(record: MatchRecord) -> FairDeal:
    """The fairness panel of either table (both engines keep ``seed`` and ``player_seed``)."""
    snapshot = record.snapshot
    seed = str(snapshot["seed"])
    over = record.status == MatchStatus.FINISHED
    game, players = None, None
    if record.game == ROMME:
        hand = romme.Match.from_dict(snapshot).hand
        deals, game, players = hand.number, ROMME, hand.players
    else:
        deals = int(snapshot["deals"])
    return FairDeal(
        commitment=commitment(seed),
        player_seed=str(snapshot.get("player_seed", "")),
        revealed_seed=seed if over else None,
        deals=deals,
        game=game,
        players=players,
    )
