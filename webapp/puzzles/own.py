"""错题本: a person's flagged decisions (失误, 大错) that have a clearly best move become their own
puzzles, valued once after the hand's review (`webapp.review.service`, after the response),
or when the person first asks for one (练这一步) before that ran.

An own puzzle belongs to the match it came from: the account that owns the match sees it in
its 错题本; whoever may see the match's review (its owner, or the guest session that played
it) may open it, nobody else (`webapp.puzzles.views`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from webapp import games
from webapp.extensions import db
from webapp.puzzles.store import add, from_decision, kept_decisions
from webapp.store import MatchRecord


def after_review(record: MatchRecord, match: Any, number: int, review: Any) -> None:
    """Keep the puzzles of hand ``number``'s flagged decisions not looked at yet."""
    hook = games.of(record).puzzles
    if hook is None:
        return
    kept = kept_decisions(record.id, number)
    _keep(record, match, number, [d for d in hook.flagged(review) if d not in kept])


def for_decision(record: MatchRecord, match: Any, number: int, decision: int,
                 review: Any) -> int | None:
    """The puzzle of a flagged decision, kept now if it was not; None when the decision is
    not flagged or has no clearly best move."""
    hook = games.of(record).puzzles
    if hook is None or decision not in hook.flagged(review):
        return None
    found = from_decision(record.id, number, decision)
    if found is None:
        _keep(record, match, number, [decision])
        found = from_decision(record.id, number, decision)
    return found


def _keep(record: MatchRecord, match: Any, number: int, decisions: Sequence[int]) -> None:
    game = games.of(record)
    if game.puzzles is None or not decisions:
        return
    for decision, data in game.puzzles.own(match, record.ruleset, number, decisions):
        if data is not None:
            add(game.key, f"match:{record.id}:{number}:{decision}", data, record.id, number,
                decision)
    db.session.commit()
