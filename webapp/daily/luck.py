"""The person's own boards of a closed day with their luck (运气) and luck-adjusted result,
for any game whose review measures luck (``Review.luck``, `webapp.games`).

Luck is part of a hand's review and is worked out against every other order the hidden stock
could have had, so it is locked with the review until the day closes (`webapp.daily.locks`):
before the close no page shows it, and this gives nothing for a day still open. It is never
computed here: each board's hand is reviewed, its luck with it, once the move that finished
it has been answered (`webapp.review.service.after_move`, dailies included) or else on the
first view of its review, and kept in ``hand_reviews``; this reads the kept figures of the
person's match (one index range). A board whose review is not kept yet is said so, with a
link to its review, which computes and keeps it as it does for any hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from engine_common.luck import HandLuck
from webapp.daily.calendar import is_closed
from webapp.games import Game
from webapp.review.store import kept_hands
from webapp.review.summary import KeptHand


@dataclass(frozen=True, slots=True)
class OwnBoard:
    """One of the person's boards on the day's page."""

    number: int
    result: int
    par: int
    reviewed: bool
    """The board's review is kept (with its luck, unless measuring it failed)."""
    luck: HandLuck | None

    @property
    def adjusted(self) -> float | None:
        """The board's result minus its luck: what the person would expect with average
        cards (`HandLuck.adjusted`)."""
        return None if self.luck is None else self.luck.adjusted(self.result)


def own_boards(
    game: Game, day: date, match_id: str, results: Mapping[int, int], pars: Sequence[int]
) -> list[OwnBoard] | None:
    """The person's boards (``results`` by board, of their attempt's match ``match_id``)
    with the luck kept with each board's review (`_luck`); None for a game that measures no
    luck, a day still open, or nobody's boards."""
    hook = game.review
    if hook is None or hook.luck is None or not results or not is_closed(day):
        return None
    kept = kept_hands(match_id)
    return [
        OwnBoard(board, result, pars[board - 1], board in kept, _luck(kept.get(board), result))
        for board, result in sorted(results.items())
    ]


def _luck(hand: KeptHand | None, result: int) -> HandLuck | None:
    """The kept luck of a board's hand, if it adjusts the board's result: luck is measured in
    the review's points, which are each game's board result (`Daily.results` counts a hand
    as `Review.points` does); a result recorded under another count (a game's boards kept
    before `f0fda16`) is shown as not measured."""
    if hand is None or hand.points != result:
        return None
    return hand.luck
