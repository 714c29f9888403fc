"""The puzzle pages (docs/puzzles.md): the hub, a puzzle, its answer, the next one near the
player's rating, 每日一题, the 错题本, and 练这一步 from a review's flagged decision; and
``flask puzzles generate``.

A bank puzzle is everyone's; an own puzzle (a flagged decision of a reviewed hand) opens only
for whoever may see that hand's review, anyone else gets the 404 of a puzzle that does not
exist. A page that carries the person's rating, their own puzzles, an attempt or a puzzle's
form (its attempt token is one person's) is private (``no-store``); the hub and the 错题本 of a
guest, and 每日一题 before the bank has a puzzle, show nothing of anyone's.
"""

from __future__ import annotations

import random
import re
import secrets
from datetime import UTC, datetime

import click
from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from webapp import games
from webapp.daily import calendar as daily_calendar
from webapp.daily.locks import refuse_before_close
from webapp.forms import BadInput
from webapp.i18n import gettext as _
from webapp.i18n import lazy_gettext as _l
from webapp.matches import viewer_id
from webapp.privacy import mark_private
from webapp.puzzles import store
from webapp.puzzles.answer import answer
from webapp.puzzles.bank import Made, generate
from webapp.puzzles.own import for_decision
from webapp.puzzles.recount import differences
from webapp.rating.glicko import START
from webapp.review.service import finished, hand_review, reviewable_match

bp = Blueprint("puzzles", __name__, cli_group="puzzles")

SEEN_KEY = "puzzles_seen"
"""A guest's last answered puzzles (the session's), so the next one is another."""
SEEN_KEPT = 20
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")


def _today() -> str:
    return datetime.now(UTC).date().isoformat()


def _visible(puzzle_id: int) -> store.Kept:
    """The puzzle if this viewer may see it; the 404 of none otherwise, and the daily's 403
    for a board of a day still open (its puzzle shows the expert's move, as its review)."""
    kept = store.load(puzzle_id)
    found = None if kept is None or kept.match_id is None else reviewable_match(kept.match_id)
    if kept is None or (kept.match_id is not None and found is None):
        abort(404, description=_("There is no such puzzle."))
    if found is not None:
        refuse_before_close(found.record)
    return kept


def _hook(kept: store.Kept) -> games.Puzzles:
    hook = games.named(kept.game).puzzles
    if hook is None:
        abort(404, description=_("There is no such puzzle."))
    return hook


def own_standing() -> store.Standing | None:
    """The logged-in account's puzzle rating and streaks (the player page's, ``/me``)."""
    user = viewer_id()
    return None if user is None else store.standing(user)


bp.add_app_template_global(own_standing, "puzzle_standing")


def _rating() -> str | None:
    found = own_standing()
    return None if found is None else found.shown


@bp.get("/puzzles")
def hub() -> str:
    _private_if_signed_in()
    return render_template("puzzles/hub.html", standing=own_standing(),
                           daily=store.daily(_today()))


@bp.get("/puzzles/next")
def next_puzzle() -> Response | str:
    _private_if_signed_in()
    found = own_standing()
    rating = START.rating if found is None else found.rating
    chosen = store.near(rating, viewer_id(), _seen(), random.Random())
    if chosen is None:
        return render_template("puzzles/none.html")
    return redirect(url_for("puzzles.puzzle", puzzle_id=chosen), code=303)


@bp.get("/puzzles/daily")
def daily() -> Response | str:
    chosen = store.daily(_today())
    if chosen is None:
        return render_template("puzzles/none.html")
    return _show(store.load(chosen) or abort(404), daily=True)


@bp.get("/puzzles/<int:puzzle_id>")
def puzzle(puzzle_id: int) -> str:
    return _show(_visible(puzzle_id), daily=False)


def _show(kept: store.Kept, daily: bool) -> str:
    mark_private()
    hook = _hook(kept)
    return render_template(
        "puzzles/puzzle.html", puzzle=kept, daily=daily, template=hook.template,
        p=hook.page(kept.ruleset, kept.kind, kept.position, kept.moves),
        token=secrets.token_urlsafe(16), rating=_rating(),
    )


@bp.post("/puzzles/<int:puzzle_id>")
def solve(puzzle_id: int) -> Response:
    kept = _visible(puzzle_id)
    token, move = request.form.get("token", ""), request.form.get("move", "")
    if not _TOKEN.fullmatch(token):
        raise BadInput(_l("This answer is missing its puzzle. Open the puzzle again."))
    if move not in {str(m) for m, _value in kept.moves}:
        raise BadInput(_l("That is not one of this puzzle's moves. Choose one of its buttons."))
    answer(kept.id, move, token, viewer_id(), datetime.now(UTC))
    if viewer_id() is None:
        session[SEEN_KEY] = [*_seen()[-(SEEN_KEPT - 1):], kept.id]
    return redirect(url_for("puzzles.answered", token=token), code=303)


@bp.get("/puzzles/answer/<token>")
def answered(token: str) -> str:
    mark_private()
    found = store.attempt(token) if _TOKEN.fullmatch(token) else None
    if found is None:
        abort(404, description=_("There is no such answer."))
    kept = _visible(found.puzzle_id)
    hook = _hook(kept)
    daily_share = None
    if store.daily(found.day) == kept.id:
        daily_share = store.share(kept.id, found.day)
    return render_template(
        "puzzles/answer.html", puzzle=kept, attempt=found, template=hook.template,
        p=hook.page(kept.ruleset, kept.kind, kept.position, kept.moves),
        reason=hook.reason(kept.ruleset, kept.answer, kept.reason),
        daily_share=daily_share, rating=_rating(),
        change=None if not found.rated or found.rating is None or found.rating_before is None
        else (round(found.rating_before), round(found.rating)),
    )


@bp.get("/puzzles/mine")
def mine() -> str:
    _private_if_signed_in()
    user = viewer_id()
    own = [] if user is None else store.own(user, daily_calendar.today())
    kinds = {o.id: _kind(o) for o in own}
    return render_template("puzzles/mine.html", signed_in=user is not None, own=own,
                           kinds=kinds)


def _kind(own: store.Own) -> str:
    hook = games.named(own.game).puzzles
    return own.kind if hook is None else hook.kind(own.ruleset, own.kind)


@bp.get("/puzzles/from/<match_id>/<int:number>/<int:decision>")
def from_review(match_id: str, number: int, decision: int) -> Response | str:
    """练这一步: the puzzle of a review's flagged decision, kept now if the after-response
    job has not yet; a decision without a clearly best move says so."""
    mark_private()
    found = reviewable_match(match_id)
    if found is None or not finished(found.match, number):
        abort(404, description=_("There is no review of that match for you here."))
    refuse_before_close(found.record)
    review = hand_review(found, number).review
    chosen = None if review is None else for_decision(
        found.record, found.match, number, decision, review)
    if chosen is None:
        hook = games.of(found.record).puzzles
        never = None if hook is None or hook.never is None else hook.never(
            found.match, number, decision)
        return render_template("puzzles/no_puzzle.html", match_id=match_id, number=number,
                               decision=decision, never=never)
    return redirect(url_for("puzzles.puzzle", puzzle_id=chosen), code=303)


def _private_if_signed_in() -> None:
    if viewer_id() is not None:
        mark_private()


def _seen() -> list[int]:
    kept = session.get(SEEN_KEY)
    return [i for i in kept if isinstance(i, int)] if isinstance(kept, list) else []


@bp.cli.command("generate")
@click.option("--matches", type=click.IntRange(1), default=20, show_default=True,
              help="Matches of each game to play (their rulesets and level pairs in turn).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Match i is dealt from seed + i: the same seeds add nothing again.")
@click.option("--hands", type=click.IntRange(1), default=None,
              help="Hands per match (default: each match to its end).")
@click.option("--game", "game_key", default=None,
              help="Only this game's matches (gin, romme; default: every game's).")
@click.option("--ruleset", default=None,
              help="Only this preset of the game (with --game; default: its presets in turn).")
def generate_command(matches: int, seed: int, hands: int | None, game_key: str | None,
                     ruleset: str | None) -> None:
    """Add the clearly-best positions of the computer players' own matches to the bank."""
    if game_key is not None and game_key not in {g.key for g in games.with_puzzles()}:
        raise click.BadParameter(f"no game with puzzles is called {game_key!r}",
                                 param_hint="--game")
    if ruleset is not None and (game_key is None or ruleset not in games.named(game_key).presets):
        raise click.BadParameter(f"{ruleset!r} is not a preset of --game", param_hint="--ruleset")

    def progress(made: Made) -> None:
        if made.matches % 10 == 0:
            click.echo(_summary(made), err=True)

    click.echo(_summary(generate(matches, seed, hands, progress, game_key, ruleset)))


@bp.cli.command("recount-ratings")
def recount_ratings_command() -> None:
    """Replay every rated attempt and list the ratings that differ from the kept ones."""
    found = differences()
    for line in found:
        click.echo(line)
    click.echo(f"{len(found)} differences")
    if found:
        raise SystemExit(1)


def _summary(made: Made) -> str:
    share = made.kept / made.candidates if made.candidates else 0.0
    per = made.seconds / made.candidates if made.candidates else 0.0
    kinds = " ".join(f"{k}={n}" for k, n in sorted(made.kinds.items()))
    rulesets = " ".join(f"{k}={n}" for k, n in sorted(made.rulesets.items()))
    return (f"matches={made.matches} candidates={made.candidates} kept={made.kept} "
            f"({share:.1%}) added={made.added} cpu={made.seconds:.1f}s "
            f"({per * 1000:.1f} ms/candidate) kinds: {kinds} rulesets: {rulesets}")
