"""Practice this deal (复盘): a finished hand's deal dealt again as a new match against the
same level, unranked, so it counts on no board, total, statistic or rating.

The practice's first hand is the hand dealt again card for card (the game's
``Review.practice``, Gin Rummy's `webapp.gin.review` — the same hands, upcard and stock order,
the same dealer — or Rommé's `webapp.romme.review` — the same hands and stock order to as many
players, the same dealer); its later hands come from a seed of its own, drawn fresh from the
operating system like every match's.

What it may reveal. Only a hand that is over is dealt again (``Review.replayable``), and only
its own deck: playing it again can show its stock and the computer's cards, which that hand's
showdown may have kept hidden, but that hand can change no more. Nothing else of the match it
came from is dealt: the practice never holds that match's seed, and that match's deal ``n``
is a generator of its own, ``Random(f"{deal_seed}:{n}")``, so one deal's order gives no way
to another's short of trying the 2**128 seeds. A hand of a match still running may be
practised (its review opens while the match goes on), but dealing the practice ends that
match as abandoned, as any new match does (a loss, if ranked; the person is asked first), so
no card of it is still to be played. docs/fair-play.md says the same.

Fair deals. The practice's own commitment covers its hands from the second on; its first
hand is the deal its origin's commitment covers (`origin`), whose seed the fairness panel
reveals with the practice's own once the practice is over (`webapp.fairness`).
"""

from __future__ import annotations

from webapp import games, matches
from webapp.review.service import Reviewable
from webapp.store import MatchRecord


def offered(found: Reviewable, number: int) -> bool:
    """Whether hand ``number`` may be practised: it is over and the match kept its moves."""
    return found.hook.replayable(found.match, number)


def origin(record: MatchRecord, number: int) -> tuple[str, int]:
    """The match and hand whose deal a practice of ``record``'s hand ``number`` deals again:
    that hand itself, or, for the first hand of a practice, the hand it was dealt from."""
    if record.practice_of is not None and record.practice_hand is not None and number == 1:
        return record.practice_of, record.practice_hand
    return record.id, number


def start(found: Reviewable, number: int, owner: int | None) -> MatchRecord:
    """Deal the practice of the match's hand ``number`` against the match's level and make
    it this session's match; the running match ends as abandoned (`matches.store_new_match`)."""
    record = found.record
    return matches.start_practice(
        games.of(record), record.ruleset, record.difficulty,
        found.hook.practice(found.match, number), owner, origin(record, number),
    )
