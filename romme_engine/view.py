"""A player's view: everything one player may know, and nothing more.

Other players' cards and the stock order are not reachable from a view; other hands appear
only as card counts until the hand's result shows them. Computer players and pages see only
views.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine_common.view import SeatView
from romme_engine.cards import Card
from romme_engine.hand import Event, Hand, Phase
from romme_engine.melds import Meld
from romme_engine.results import HandResult, Standing
from romme_engine.ruleset import Ruleset

if TYPE_CHECKING:
    from romme_engine.match import Match


@dataclass(frozen=True, slots=True)
class PlayerView(SeatView[Card, HandResult]):
    """One seat's view of a Rommé match (the fields every game's view holds are
    ``SeatView``'s). The ``taken_card`` must be laid out this turn."""

    players: int
    ruleset: Ruleset
    phase: Phase
    hand_counts: tuple[int, ...]
    """How many cards each player holds."""
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    """Who laid each table meld."""
    opened: tuple[bool, ...]
    stock_runs: int
    may_take_discard: bool
    """Whether this player may take the top discard now (it can be laid out this turn)."""
    freed_jokers: tuple[Card, ...]
    """Jokers swapped off the table this turn: they must be laid out again."""
    staged: tuple[int, ...]
    """Table indices of the melds laid this turn (taken back by a take-back)."""
    can_take_back: bool
    history: tuple[Event, ...]
    scores: tuple[int, ...]
    standing: Standing | None
    """Set once the match is over."""

    @property
    def staged_value(self) -> int:
        """The value of the melds this player laid this turn, towards the opening."""
        return sum(self.table[i].value for i in self.staged)

    @property
    def opening_needed(self) -> int:
        """How much more this player must lay this turn to open (开牌): the ruleset's opening
        minimum less what is staged, 0 once reached or once the player opened earlier."""
        if self.opened[self.player]:
            return 0
        return max(0, self.ruleset.opening - self.staged_value)

    @property
    def next_player(self) -> int:
        return (self.player + 1) % self.players


def make_view(match: Match, player: int) -> PlayerView:
    return hand_view(
        match.hand,
        player,
        ruleset=match.ruleset,
        phase=match.phase,
        turn=match.turn,
        scores=match.scores,
        results=tuple(match.results),
        standing=match.standing,
    )


def hand_view(
    hand: Hand,
    player: int,
    *,
    ruleset: Ruleset,
    phase: Phase,
    turn: int | None,
    scores: tuple[int, ...],
    results: tuple[HandResult, ...] = (),
    standing: Standing | None = None,
) -> PlayerView:
    """What ``player`` may see of ``hand``; the match's part (scores, results, standing) is
    passed in, so a bot's play-out of a bare hand builds views the same way."""
    mine = hand.turn == player and phase is Phase.PLAY
    return PlayerView(
        player=player,
        players=hand.players,
        ruleset=ruleset,
        phase=phase,
        turn=turn,
        dealer=hand.dealer,
        hand_number=hand.number,
        hand=tuple(sorted(hand.hands[player])),
        hand_counts=tuple(len(h) for h in hand.hands),
        table=tuple(hand.table),
        owners=tuple(hand.owners),
        opened=tuple(hand.opened),
        discard_pile=tuple(hand.discard_pile),
        stock_count=len(hand.stock),
        stock_runs=hand.stock_runs,
        may_take_discard=(
            phase is Phase.DRAW and hand.turn == player and hand.may_take_discard(player)
        ),
        drawn_card=hand.drawn_card if mine else None,
        taken_card=hand.taken_card if mine else None,
        freed_jokers=tuple(hand.freed_jokers) if mine else (),
        staged=tuple(hand.staged()) if mine else (),
        can_take_back=mine and hand.saved is not None,
        history=tuple(hand.history),
        scores=scores,
        results=results,
        standing=standing,
    )
