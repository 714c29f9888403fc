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
from webapp.review.page import (
    flagged,
    luck_figures,
    match_luck,
    runs,
    signed,
    skill_line,
    verdict,
)
from webapp.review.service import (
    Availability,
    Reviewable,
    finished,
    hand_review,
    remember_guest_match,
    reviewable_match,
)
from webapp.review.store import kept_hands
from webapp.review.summary import KeptHand, figures, match_summary

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
bp.add_app_template_global(signed, "signed_points")


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
    banner = hook.banner(game, number)
    page = hook.hand_page(game, review)
    summary = hook.tally(review).summary if review is not None else None
    luck = None if found.luck is None else found.luck.total
    result = hook.points(game, number)
    return render_template(
        "review/hand.html",
        record=record,
        number=number,
        hands=len(game.results),
        banner=banner,
        availability=found.availability,
        Availability=Availability,
        page=page,
        runs=runs(page.rows),
        mistakes=flagged(page.rows),
        skill=skill_line(summary, luck) if summary is not None else [],
        verdict=verdict(result, summary, found.luck, page.rows) if summary is not None else None,
        summary=figures(summary) if summary is not None else None,
        luck=luck_figures(result, found.luck, summary.points_lost)
        if found.luck is not None and summary is not None else None,
        match_over=game.settlement is not None,
        practice_offered=practices.offered(reviewable, number),
        computers=game.players - 1,
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
    kept = kept_hands(record.id)  # the kept hands' figures, without decoding their moves
    availability = {}
    for number in range(1, len(game.results) + 1):
        if number in kept:
            availability[number] = Availability.READY
            continue
        found = hand_review(reviewable, number)  # not reviewed yet: reviewed now, and kept
        availability[number] = found.availability
        if found.review is not None:
            kept[number] = KeptHand(hook.tally(found.review).summary,
                                    hook.points(game, number), found.luck)
    summaries = [hand.summary for hand in kept.values()]
    over = match_luck(kept.values())
    return render_template(
        "review/match.html",
        record=record,
        hands=[
            (n, hook.banner(game, n), availability[n],
             figures(kept[n].summary) if n in kept else None,
             _luck_total(kept.get(n)))
            for n in range(1, len(game.results) + 1)
        ],
        Availability=Availability,
        match=figures(match_summary(summaries)) if summaries else None,
        skill=skill_line(match_summary(summaries), over.luck.total if over else None)
        if summaries else [],
        luck=over,
        match_over=game.settlement is not None,
        computers=game.players - 1,
    )


def _luck_total(hand: KeptHand | None) -> str | None:
    """A hand's luck on the match page ("−18"), None when not measured."""
    return None if hand is None or hand.luck is None else signed(hand.luck.total)
