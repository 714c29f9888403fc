"""Match service: what the play and start views call. One function per player action.

Each function loads the match, applies the engine, and saves it in one transaction
(`webapp.store.save_match` with the version that was read).
"""

from __future__ import annotations

from flask import session

from webapp.models import Match, MatchStatus
from webapp.store import create_match, load_match

SESSION_MATCH_KEY = "match_id"


def start_match(ruleset_name: str, difficulty: str, owner: int | None) -> Match:
    """Create a match for this browser session and remember its id there.

    ``ruleset_name`` is a preset key of `gin_engine.ruleset.PRESETS` and ``difficulty`` one of
    easy/normal/expert, both validated by the form. ``owner`` is the logged-in user's id, or
    ``None`` for a guest. The snapshot stays empty until the engine deals the first hand here.
    """
    match = create_match(
        ruleset=ruleset_name, difficulty=difficulty, snapshot={}, owner_user_id=owner
    )
    session[SESSION_MATCH_KEY] = match.id
    session.permanent = True
    return match


def current_match() -> Match | None:
    """The active match of this browser session, or ``None``."""
    match_id = session.get(SESSION_MATCH_KEY)
    if not isinstance(match_id, str):
        return None
    match = load_match(match_id)
    if match is None or match.status != MatchStatus.ACTIVE:
        return None
    return match
