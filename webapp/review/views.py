"""The review pages: one finished hand, and every finished hand of a match; and the one form
they post, Practice this deal (`webapp.review.practice`).

Only the match's owner (or the guest session that played it) sees them; anyone else, and any
match of a game without a review (`webapp.games.Game.review`), gets the same 404 as a match
that does not exist. What differs between games, the page asks the game's review hook.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from webapp import games, matches
from webapp.daily.locks import refuse_before_close
from webapp.extensions import deals_limited
from webapp.form_rules import confirmed
from webapp.i18n import gettext as _
from webapp.review import practice as practices
from webapp.review.service import (
    Availability,
    Reviewable,
    finished,
    hand_review,
    remember_guest_match,
    reviewable_match,
)
from webapp.review.store import kept_hands
from webapp.review.summary import figures, match_summary

bp = Blueprint("review", __name__)


def hand_links(match_id: str, hands: int) -> list[tuple[int, str]]:
    """Each of a match's hands with its review's address (``/review/<match>/<number>``).

    Built from one ``url_for``, the number written after its stem: a player's match history
    lists up to seventy of these, and a ``url_for`` each was a sixth of the player page's time.
    `tests/web/test_review.py` holds every address to ``url_for``'s."""
    last = url_for("review.hand", match_id=match_id, number=hands)
    stem = last[: -len(str(hands))]
    return [(number, f"{stem}{number}") for number in range(1, hands + 1)]


bp.add_app_template_global(hand_links, "review_hand_links")


def _match(match_id: str) -> Reviewable:
    found = reviewable_match(match_id)
    if found is None:
        abort(404, description=_("There is no review of that match for you here."))
    refuse_before_close(found.record)  # a daily's board: locked until its day closes
    return found


@bp.get("/review/<match_id>/<int:number>")
def hand(match_id: str, number: int) -> str:
    reviewable = _match(match_id)
    record, hook, game = reviewable.record, reviewable.hook, reviewable.match
    if not finished(game, number):
        abort(404, description=_("Hand %(number)d of this match is not over.", number=number))
    found = hand_review(reviewable, number)
    review = found.review
    hands = kept_hands(record.id)
    return render_template(
        "review/hand.html",
        record=record,
        number=number,
        hands=len(game.results),
        banner=hook.banner(game, number),
        availability=found.availability,
        Availability=Availability,
        summary=figures(hook.tally(review).summary) if review is not None else None,
        match=figures(match_summary(hands.values())) if hands else None,
        reviewed=len(hands),
        match_over=game.settlement is not None,
        practice_offered=practices.offered(reviewable, number),
        **hook.hand_page(game, review),
    )


@bp.post("/review/<match_id>/<int:number>/practice")
@deals_limited
def practice(match_id: str, number: int) -> Response | str:
    """Deal finished hand ``number`` again as a practice match; a running match is abandoned
    as by ``/new``, so the person is asked first."""
    reviewable = _match(match_id)
    record = reviewable.record
    if not finished(reviewable.match, number):
        abort(404, description=_("Hand %(number)d of this match is not over.", number=number))
    if not practices.offered(reviewable, number):
        abort(404, description=_(
            "This hand was played before the site kept each hand's moves, so it cannot be "
            "dealt again."))
    running = matches.running_match()
    if not confirmed(request.form) and running is not None:
        return render_template(
            "review/confirm_practice.html", running=running, record=record, number=number
        )
    remember_guest_match(record)  # its reviews stay open to the guest who practises it
    practice = practices.start(reviewable, number, matches.viewer_id())
    return redirect(url_for(games.table_of(practice), _anchor="table"), code=303)


@bp.get("/review/<match_id>")
def match(match_id: str) -> str:
    reviewable = _match(match_id)
    record, hook, game = reviewable.record, reviewable.hook, reviewable.match
    summaries = kept_hands(record.id)  # the kept hands' figures, without decoding their moves
    availability = {}
    for number in range(1, len(game.results) + 1):
        if number in summaries:
            availability[number] = Availability.READY
            continue
        found = hand_review(reviewable, number)  # not reviewed yet: reviewed now, and kept
        availability[number] = found.availability
        if found.review is not None:
            summaries[number] = hook.tally(found.review).summary
    return render_template(
        "review/match.html",
        record=record,
        hands=[
            (n, hook.banner(game, n), availability[n],
             figures(summaries[n]) if n in summaries else None)
            for n in range(1, len(game.results) + 1)
        ],
        Availability=Availability,
        match=figures(match_summary(summaries.values())) if summaries else None,
        match_over=game.settlement is not None,
    )
