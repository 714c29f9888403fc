"""The games registry (`webapp.games`): every entry is started, played to its end, counted,
re-dealt, read about and ranked through the same code, and nothing outside the registry asks
which game it is.

Every test here runs over every entry, so a new game is held to all of it.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from pathlib import Path

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.web.account_helpers import make_user, register, seed_result, user_id
from webapp import games, matches
from webapp.extensions import db
from webapp.models import PERSON, MatchResult, PlayerTotal
from webapp.pages.content import PAGES
from webapp.pages.views import page_url
from webapp.rating import levels as rating_levels
from webapp.refusals import STALE
from webapp.statistics.points import RANKING_POINTS
from webapp.store import load_match

WEBAPP = Path(games.__file__).resolve().parent
EVERY_GAME = pytest.mark.parametrize("game", games.GAMES, ids=[g.key for g in games.GAMES])


def start_form_data(app: Flask, game: games.Game) -> dict[str, str]:
    """The game's start form as the page offers it (every field at its default), at easy."""
    with app.test_request_context():
        form = game.start_form(meta={"csrf": False})
        data = {f.name: "" if f.data is None else str(f.data) for f in form}
    data["difficulty"] = "easy"
    if game.query is not None:
        data["game"] = game.query
    return data


def csrf(client: FlaskClient, path: str) -> str:
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', client.get(path).get_data(True))
    assert found, path
    return found.group(1)


def test_the_registry_names_each_game_and_board_once() -> None:
    keys = [g.key for g in games.GAMES]
    boards = [b.key for b in games.boards()]
    assert len(set(keys)) == len(keys) and len(set(boards)) == len(boards)
    assert [g for g in games.GAMES if g.at_root] == [games.DEFAULT] == [games.named(None)]
    assert all(games.named(key).key == key for key in keys)
    with pytest.raises(games.UnknownGame):
        games.named("chess")


@EVERY_GAME
def test_a_logged_in_match_is_dealt_played_to_its_end_and_counted_once(
    app: Flask, client: FlaskClient, game: games.Game
) -> None:
    """The start page's form deals the match, its table shows it, the match layer plays
    it to the end (a bot in the person's seat) and its registry entry counts it on a board."""
    client.get("/?lang=en")
    register(client, "ann")
    start = f"/?game={game.query}" if game.query else "/"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        title = str(game.start_title)
    assert title in client.get(start).get_data(True)
    data = start_form_data(app, game)
    response = client.post("/new", data={**data, "csrf_token": csrf(client, start)})
    with app.test_request_context():
        table = url_for(game.table)
    assert response.status_code == 303 and response.headers["Location"] == table + "#table"
    assert client.get(table).status_code == 200
    with client.session_transaction() as session:
        match_id = session[matches.SESSION_MATCH_KEY]

    rng = random.Random(5)
    with app.test_request_context():
        record = load_match(match_id)
        assert record is not None and record.game == game.key
        assert game.read(record.snapshot).to_dict() == record.snapshot
        person = game.make_bot("easy", rng)
        while record.status == "active":
            match = matches.read(record)
            matches.play(record, record.version, person.choose(match.view(PERSON)))
        assert record.status == "finished" and matches.read(record).is_over
        results = db.session.scalars(select(MatchResult)).all()
        assert [(r.match_id, r.user_id) for r in results] == [(match_id, user_id(app, "ann"))]
        assert results[0].game in {board.key for board in game.boards}
        kept = db.session.scalars(select(PlayerTotal.game).where(PlayerTotal.matches == 1))
        assert set(kept) == {results[0].game, "all"}
    assert client.get(table).status_code == 200  # the finished match's page


@EVERY_GAME
def test_a_move_sent_to_a_table_without_its_match_plays_nothing(
    app: Flask, client: FlaskClient, game: games.Game
) -> None:
    """The tables' shared way in (`webapp.table_views`): a move posted where the session has no
    match of that game (none at all, then the other game's) is answered on the start page with
    the stale-page notice and leaves every match as it was; the table's page sends the other
    game's match to its own table."""
    client.get("/?lang=en")
    with app.test_request_context():
        table = url_for(game.table)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        stale = str(STALE)
    # A discard of the 7♠ as either table's form says it.
    form = {"csrf_token": csrf(client, "/"), "version": "1", "action": "discard", "card": "7S",
            "discard": "7S"}
    response = client.post(table, data=form)
    assert (response.status_code, response.headers["Location"]) == (303, "/")
    assert stale in client.get("/").get_data(True)

    other = next(g for g in games.GAMES if g is not game)
    start = f"/?game={other.query}" if other.query else "/"
    data = {**start_form_data(app, other), "csrf_token": csrf(client, start)}
    assert client.post("/new", data=data).status_code == 303
    with client.session_transaction() as session:
        match_id = session[matches.SESSION_MATCH_KEY]
    with app.test_request_context():
        before = load_match(match_id)
        other_table = url_for(other.table)
    assert before is not None
    response = client.post(table, data={**form, "csrf_token": csrf(client, other_table)})
    assert (response.status_code, response.headers["Location"]) == (303, "/")
    assert stale in client.get("/").get_data(True)
    with app.test_request_context():
        after = load_match(match_id)
    assert after is not None
    assert (after.version, after.snapshot) == (before.version, before.snapshot)
    response = client.get(table)
    assert (response.status_code, response.headers["Location"]) == (302, other_table + "#table")


@EVERY_GAME
def test_verify_re_deals_each_game_under_each_of_its_rulesets(
    client: FlaskClient, game: games.Game
) -> None:
    for rules in game.presets:
        query = f"seed=abc&deals=2&rules={rules}" + (f"&game={game.query}" if game.query else "")
        html = client.get("/verify?" + query).get_data(True)
        assert html.count("data-deal=") == 2, rules
        assert html.count("<option value=") == len(game.presets)
    assert client.get("/verify?game=chess").status_code == 400


@EVERY_GAME
def test_each_games_pages_and_boards_answer(
    app: Flask, client: FlaskClient, game: games.Game
) -> None:
    with app.test_request_context():
        paths = [page_url(game, page) for page in game.pages.titles]
    assert tuple(game.pages.titles) == PAGES  # the site's games have all three
    for path in paths:
        assert client.get(path).status_code == 200, path
    client.get("/?lang=en")
    for board in game.boards:
        with app.test_request_context(headers={"Accept-Language": "en"}):
            name = str(board.name)
        html = client.get(f"/leaderboard?game={board.key}").get_data(True)
        assert f'data-game="{board.key}"' in html and name in html


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize(("package", "other"), [("gin", "romme"), ("romme", "gin")])
def test_the_tables_do_not_import_each_other(package: str, other: str) -> None:
    for path in sorted((WEBAPP / package).glob("*.py")):
        crossing = {name for name in _imports(path) if name.startswith(f"webapp.{other}")}
        assert not crossing, (path.name, crossing)


def test_the_match_layer_imports_neither_table() -> None:
    found = _imports(WEBAPP / "matches.py")
    assert not {name for name in found if name.startswith(("webapp.gin", "webapp.romme"))}


def _module_file(module: str) -> Path | None:
    base = WEBAPP.parent.joinpath(*module.split("."))
    return next((p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()), None)


def _loaded_by(module: str) -> dict[str, Path]:
    """The site's modules that importing ``module`` loads (the packages on the way included),
    each with its file."""
    seen: dict[str, Path] = {}
    todo = [module]
    while todo:
        name = todo.pop()
        path = _module_file(name)
        if name in seen or path is None:
            continue
        seen[name] = path
        todo.extend(".".join(imported.split(".")[:end]) for imported in _imports(path)
                    if imported.startswith("webapp.") for end in range(2, imported.count(".") + 2))
    del seen[module]
    return seen


@pytest.mark.parametrize("module", ["webapp.matches", "webapp.games"])
def test_the_match_layer_and_the_registry_load_no_blueprint(module: str) -> None:
    """Below the pages: no module with a ``Blueprint``, nor the start page's ``webapp.main``."""
    loaded = _loaded_by(module)
    assert "webapp.store" in loaded  # the walk follows the site's imports
    pages = {name for name, path in loaded.items() if name.split(".")[:2] == ["webapp", "main"]
             or "Blueprint(" in path.read_text(encoding="utf-8")}
    assert not pages


# A game's name compared: ``== GIN``, ``!= ROMME``, ``== "romme"``, ``game == 'gin'``,
# SQLAlchemy's ``.in_((GIN, HU))`` …
_NAME = r"""(?:\b(?:GIN|HU|ROMME)\b|["'](?:gin|hu|romme)["'])"""
_COMPARED = re.compile(
    rf"(?:==|!=|\bis\b|\bin\b|\.in_\()\s*\(?\s*{_NAME}|{_NAME}\s*(?:==|!=)"
)


def test_no_module_or_template_outside_the_registry_compares_a_games_name() -> None:
    offenders: list[str] = []
    for path in sorted(WEBAPP.rglob("*")):
        name = path.relative_to(WEBAPP).as_posix()
        if path.suffix not in (".py", ".html") or name == "games.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _COMPARED.search(line):
                offenders.append(f"{name}:{number}: {line.strip()}")
    assert offenders == []


def test_the_check_above_sees_a_comparison() -> None:
    for line in ('if record.game == ROMME:', "{% if game == 'romme' %}", 'x != GIN', '"hu" == k',
                 "MatchResult.game.in_((GIN, HU))", 'r.game.in_(("romme",))'):
        assert _COMPARED.search(line), line
    for line in ("game=ROMME,", "return HU if scoring else GIN", "GAME = games.named(GIN)"):
        assert not _COMPARED.search(line), line


# The seams of issue 47: the site reaches a game's engine only through the game's own
# packages and the registry, reads no snapshot key, and offers only levels every game can play
# and rate. engine_common is allowed anywhere: it is the contract and the fairness helpers
# every engine shares and names no game (checked below), so using it ties the site to none.
ENGINES = ("gin_engine", "romme_engine")


def _own_or_registry(name: str) -> bool:
    """A module allowed to import a game's engine: the registry and the game's own packages."""
    return (name == "games.py" or name.startswith(("gin/", "romme/"))
            or re.fullmatch(r"pages/(?:gin|romme)_\w+\.py", name) is not None)


def engine_imports(root: Path) -> list[str]:
    """The modules under ``root`` (a ``webapp``) outside a game's own packages and the registry
    that import a game's engine, each with the engine modules it imports."""
    found = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        engines = sorted(n for n in _imports(path) if n.split(".")[0] in ENGINES)
        if engines and not _own_or_registry(name):
            found.append(f"{name}: {', '.join(engines)}")
    return found


def _snapshot(node: ast.expr) -> bool:
    """``snapshot``, ``record.snapshot``, ``origin.snapshot`` …: an engine's snapshot dict."""
    if isinstance(node, ast.Name):
        return "snapshot" in node.id
    return isinstance(node, ast.Attribute) and "snapshot" in node.attr


def snapshot_reads(source: str) -> list[int]:
    """The lines of ``source`` that read a snapshot's key: ``snapshot["seed"]``,
    ``record.snapshot.get("results", ())``, ``"decks" in origin.snapshot``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        read = (
            (isinstance(node, ast.Subscript) and _snapshot(node.value))
            or (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("get", "pop", "setdefault", "keys", "items", "values")
                and _snapshot(node.func.value))
            or (isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn))
                                                      for op in node.ops)
                and any(_snapshot(c) for c in node.comparators))
        )
        if read:
            lines.append(getattr(node, "lineno", 0))
    return lines


def test_no_site_module_outside_a_games_packages_and_the_registry_imports_an_engine() -> None:
    assert engine_imports(WEBAPP) == []


def test_the_shared_engine_code_names_no_game() -> None:
    common = WEBAPP.parent / "engine_common"
    assert [p.name for p in common.glob("*.py")
            if any(n.split(".")[0] in ENGINES for n in _imports(p))] == []


def test_the_engine_check_sees_an_import(tmp_path: Path) -> None:
    (tmp_path / "gin").mkdir()
    (tmp_path / "pages").mkdir()
    (tmp_path / "review").mkdir()
    (tmp_path / "gin" / "review.py").write_text("import gin_engine\n")
    (tmp_path / "pages" / "romme_values.py").write_text("from romme_engine import cards\n")
    (tmp_path / "games.py").write_text("import gin_engine.ai\n")
    (tmp_path / "review" / "store.py").write_text(
        "from gin_engine.ai.review import HandReview\n")
    (tmp_path / "labels.py").write_text("import romme_engine\nimport engine_common\n")
    assert engine_imports(tmp_path) == [
        "labels.py: romme_engine", "review/store.py: gin_engine.ai.review, "
        "gin_engine.ai.review.HandReview"]


def test_no_site_module_reads_a_snapshot_key() -> None:
    found = {path.relative_to(WEBAPP).as_posix(): snapshot_reads(path.read_text("utf-8"))
             for path in sorted(WEBAPP.rglob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_snapshot_check_sees_each_read_the_site_had() -> None:
    """The reads of the site before issue 47, as they were written."""
    for line in (
        'results_before = len(record.snapshot.get("results", ()))',  # the Gin table
        'numbers = list(range(1, len(record.snapshot.get("results", ())) + 1))',  # review
        'seed = str(snapshot["seed"])',  # fairness
        'player_seed = str(snapshot.get("player_seed", ""))',
        'x = origin is None or str(hand) in origin.snapshot.get("decks", {})',
        'seed = str(origin.snapshot["seed"])',
        'verify_query = lambda snapshot: {"deals": int(snapshot["deals"])}',  # the registry
        'given = "decks" in record.snapshot',
    ):
        assert snapshot_reads(line), line
    for line in ("record.snapshot = match.to_dict()", "game.read(record.snapshot)",
                 'create_match(snapshot=snapshot, game="gin")', "data = {'deals': 1}['deals']"):
        assert not snapshot_reads(line), line


def levels_missing(game: games.Game) -> list[str]:
    """The offered levels ``game`` cannot play (no ``make_bot``) or rate (no anchor on one of
    its boards: in ``webapp/rating/levels.json`` or the board's own, `games.Board.anchors`)."""
    missing = []
    for level in game.levels:
        try:
            game.make_bot(level, random.Random(0))
        except (ValueError, KeyError):  # the engines' InvalidInputError is a ValueError
            missing.append(f"{game.key}: no bot {level}")
        missing.extend(f"{board.key}: no anchor {level}" for board in game.boards
                       if not _anchored(board.key, level))
    return missing


def _anchored(board: str, level: str) -> bool:
    try:
        rating_levels.level(board, level)
    except KeyError:
        return False
    return True


@EVERY_GAME
def test_each_offered_level_has_a_bot_and_a_rating_anchor(app: Flask, game: games.Game) -> None:
    assert game.levels and levels_missing(game) == []
    with app.test_request_context():
        assert game.start_form(meta={"csrf": False}).difficulty.choices == list(game.levels)


def test_the_wins_kept_per_level_are_the_games_levels(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A level that earns points but that no game offers has no wins to count or show: the
    wins columns are the union of the games' levels (`games.levels`), not the points table."""
    monkeypatch.setitem(RANKING_POINTS, "grandmaster", 300)
    with app.app_context():
        seed_result(make_user("ann"))
        db.session.commit()
    html = client.get("/leaderboard").get_data(as_text=True)
    assert re.findall(r'data-col="wins-(\w+)"', html) == ["easy", "normal", "expert"]
    assert games.levels() == ("easy", "normal", "expert")


def test_the_level_check_sees_a_level_missing() -> None:
    gin, romme = games.named(games.GIN), games.named(games.ROMME)
    assert levels_missing(dataclasses.replace(gin, levels=(*gin.levels, "grandmaster"))) == [
        "gin: no bot grandmaster", "gin: no anchor grandmaster", "hu: no anchor grandmaster"]
    assert levels_missing(dataclasses.replace(romme, levels=("simple",))) == [
        "romme: no anchor simple"]
