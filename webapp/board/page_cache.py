"""The player pages' parts that change only when that player's data does, kept between requests.

A player page (``/me``, ``/u/<name>``) is mostly the same HTML request after request: the
points chart, the rating panel with its chart, the last ten matches with their hand-by-hand
tables and, on one's own page, the review accuracy trend. Reading them (five statements) and
rendering them cost more than twice the table's page at any data size (benchmarks/README.md,
"Boards at scale"), so each part is rendered once and kept here, in each worker process's
memory (``cachetools``' LRU with an age limit).

This replaces a default (every page rendered afresh) because the committed benchmark shows the
parts cost most of the page: ``benchmarks/board_scale.py`` at 5,000,000 results, ``/me`` 4.2×
and ``/u/player1`` 3.4× ``GET /play`` before, the figures after in benchmarks/README.md.

No invalidation: each part's key holds everything its HTML depends on — the part, the player
(id and name), the board, own page or not, the language, the time zone the dates are shown in,
the site's root — and the values it changes with, read live on every request with the totals
(`freshness`). A part changes with only some of them, so a new result renders again only what
it changed:

- the ranking points chart: the player's points and wins on the board (a loss leaves it kept);
- the rating panel and the last matches: the player's newest ``match_results`` row (every
  ended match writes one, with its points award and rating update, in one transaction);
- the dailies (每日一局): the player's attempts started, finished and scored, and the day;
- on one's own page, the accuracy trend: that newest row and how many hand reviews are kept of
  the matches the trend looks at (reviews are computed after a hand ends, and never change);
- each of the last matches, kept on its own (`PageParts.match`): a recorded match never
  changes, so after a new result only the new match's entry is rendered, not ten.

Any worker sees the same values, so no worker shows a part older than the database. What they
cannot see — a repair run by another process (``recount-ratings``) — is shown for at most
`KEPT_FOR`.

Not kept: the totals and the rank (the rank moves with other players' results; one live read),
the time zone form (it holds the CSRF token), anything of the viewer but the language and the
time zone. A part of one's own page is keyed ``own`` and the player's id, so only they see it;
another viewer's parts are the public page, the same for every viewer.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable, Hashable
from datetime import timedelta
from typing import Any

from cachetools import TTLCache
from flask import current_app, render_template, request
from flask_babel import get_locale, get_timezone
from markupsafe import Markup
from sqlalchemy import ScalarSelect, select

from webapp.board import profile
from webapp.daily import calendar as daily_calendar
from webapp.daily import history as daily_history
from webapp.extensions import db
from webapp.models import User
from webapp.review import store as review_store

KEPT_BYTES = 32 * 1024 * 1024
"""The most the kept parts hold per worker, in bytes of their strings (a part is 8–13 kB of
English at 1,000 users, twice that in Chinese; the least recently used go first)."""
KEPT_FOR = timedelta(minutes=10)
"""The longest a part is shown without being rendered again."""

EXTENSION = "player_page_parts"
"""Where `current_app.extensions` keeps them."""


class _Parts:
    def __init__(self) -> None:
        self.kept: TTLCache[Hashable, Markup] = TTLCache(
            KEPT_BYTES, KEPT_FOR.total_seconds(), getsizeof=sys.getsizeof
        )
        # cachetools' caches are not thread-safe; gunicorn's threads may share a worker.
        self.lock = threading.Lock()


def _parts() -> _Parts:
    found = current_app.extensions.get(EXTENSION)
    if found is None:
        found = current_app.extensions.setdefault(EXTENSION, _Parts())
    assert isinstance(found, _Parts)
    return found


@functools.cache
def freshness(own: bool) -> tuple[ScalarSelect[Any], ...]:
    """What the kept parts of the player's page change with, beside the totals: the newest
    result and, on one's own page, the trend's kept reviews; as scalar subqueries about
    `profile.PLAYER` to read with the page's totals (`profile.totals_and_rank`), no statement
    of its own. Built once for each kind of page."""
    finished_at, match_id = profile.last_result()
    daily = daily_history.changes(profile.PLAYER)
    if own:
        return finished_at, match_id, daily, review_store.trend_reviews(profile.PLAYER)
    return finished_at, match_id, daily


class PageParts:
    """The kept parts of one player page as one viewer sees it."""

    def __init__(self, user: User, game: str, own: bool, token: tuple[Any, ...] | None) -> None:
        """``token``: `freshness`'s values, read with the totals; ``None`` where the player
        has no totals on this board (then read here, in a statement of its own)."""
        if token is None:
            read = select(*freshness(own))
            token = tuple(db.session.execute(read, {"player": user.id}).one())
        self.newest_result: tuple[Any, ...] = token[:2]
        """The player's newest result (its end and match): every ended match changes it."""
        self.dailies: tuple[Any, ...] = (token[2], daily_calendar.today())
        """The player's dailies (`webapp.daily.history.changes`) and the day (a streak ends
        when a day passes unplayed)."""
        self.trend_reviews: tuple[Any, ...] = token[3:]
        """On one's own page, the trend's kept reviews; else nothing."""
        self._viewer = (
            user.id, user.username, own, str(get_locale()), str(get_timezone()),
            request.script_root,
        )
        self._game = game

    def part(
        self, name: str, changes_with: tuple[Any, ...], build: Callable[[], dict[str, Any]]
    ) -> Markup:
        """Part ``name`` (template ``board/_player_<name>.html``) of this board, kept while the
        values ``changes_with`` hold, or rendered from ``build()``'s values (called only when
        it is not kept)."""
        key = (name, self._game, *self._viewer, changes_with)
        return _kept(key, f"board/_player_{name}.html", build)

    def match(self, match_id: str, build: Callable[[], dict[str, Any]]) -> Markup:
        """One of the last matches (template ``board/_player_match.html``), kept for as long as
        there is room: a recorded match never changes, whatever the board shown."""
        return _kept(("match", match_id, *self._viewer), "board/_player_match.html", build)


def _kept(key: Hashable, template: str, build: Callable[[], dict[str, Any]]) -> Markup:
    parts = _parts()
    with parts.lock:
        found = parts.kept.get(key)
    if found is None:
        found = Markup(render_template(template, **build()))
        with parts.lock:
            try:
                parts.kept[key] = found
            except ValueError:  # larger than all the room there is: shown, not kept
                pass
    return found
