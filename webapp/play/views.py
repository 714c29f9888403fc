"""The table page. For now a placeholder that shows the match was created."""

from __future__ import annotations

from flask import Blueprint, render_template

from webapp.main.forms import difficulty_name, ruleset_name
from webapp.play.service import current_match

bp = Blueprint("play", __name__)


@bp.get("/play")
def table() -> str:
    return render_template(
        "play/table.html",
        match=current_match(),
        ruleset_name=ruleset_name,
        difficulty_name=difficulty_name,
    )
