"""Templates keep their globals in a plain dict (`webapp.templating`), so every global must be
registered before a template loads: a later one would never reach the templates loaded before.
"""

from __future__ import annotations

import jinja2
from flask import Flask

from tests.web.play_helpers import seat_match
from tests.web.romme_helpers import seat_romme


def test_templates_see_every_global_after_the_site_has_served_its_pages(app: Flask):
    gin, romme = app.test_client(), app.test_client()
    seat_match(app, gin)
    seat_romme(app, romme)
    pages = [(gin, "/"), (gin, "/play"), (gin, "/play?hint=1"), (romme, "/romme"),
             (gin, "/login"), (gin, "/register"), (gin, "/rules"), (gin, "/leaderboard"),
             (gin, "/no-such-page")]
    for client, path in pages:  # twice: a global added during the first round shows up here
        assert client.get(path).status_code in (200, 404)
    for client, path in pages:
        assert client.get(path).status_code in (200, 404)
    env = app.jinja_env
    loaded = [env.get_template(name) for name in ("base.html", "gin/table.html",
                                                   "romme/table.html", "errors/error.html")]
    for template in loaded:
        assert isinstance(template.globals, dict)
        assert template.globals.keys() == env.globals.keys(), template.name


def test_a_template_reads_the_globals_jinja_would_give_it(app: Flask):
    ours = app.jinja_env.from_string("{{ range(3)|list }} {{ _('Stock') }}")
    plain = jinja2.Environment.make_globals(app.jinja_env, None)
    assert dict(plain) == ours.globals
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert ours.render() == "[0, 1, 2] Stock"
