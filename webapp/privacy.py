"""``Cache-Control: no-store`` on every response built from one person's match or account.

A response is private because of what its request read, not because of its address: loading
a match row (`webapp.store`), loading the logged-in account (`load_user`) or showing the
password forms (the accounts blueprint) marks the request, and `no_store_when_private` sets
the header at the end. So a table, a hint, a refusal, the start page with a running match and
any page seen logged in are never kept by a shared cache or a shared computer's browser,
and a new page that shows a hand is private without joining a list. Pages that read neither
(the rules, a guest's leaderboard) stay cacheable.
"""

from __future__ import annotations

from flask import g
from werkzeug.wrappers import Response

_FLAG = "private_response"


def mark_private() -> None:
    """This request read one person's data: its response must not be stored."""
    setattr(g, _FLAG, True)


def no_store_when_private(response: Response) -> Response:
    """Flask ``after_request`` (error pages included): ``no-store`` if `mark_private` ran."""
    if g.get(_FLAG):
        response.headers["Cache-Control"] = "no-store"
    return response
