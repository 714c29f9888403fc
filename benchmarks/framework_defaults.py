"""What each replaced framework default saves on the table page (GET /play), measured together.

One app process on a fresh PostgreSQL database plays a match through the real forms
(`webclient.Player`). At every table state each variant serves the same page, in a shuffled
order per state, so a busy machine slows every variant alike:

- ``as is``: the site as it stands;
- ``flask session``: Flask's own ``SecureCookieSessionInterface`` (cookie re-signed every page)
  instead of ``webapp/session_cookie.py``;
- ``babel gettext``: Flask-Babel's template ``_``/``ngettext`` and its catalogue look-up on
  every call, in templates and in Python (messages, labels, lazy texts), instead of
  ``webapp/i18n/texts.py``'s one look-up per request;
- ``babel locale``: the per-request catalogue checked against Flask-Babel's public
  ``get_locale()`` at every text instead of ``webapp/i18n/texts.py``'s read of Flask-Babel's
  request state (the same locale object, without three context-local look-ups);
- ``uncached cards``: every card's name and markup made when the template asks for it, instead
  of ``webapp/cards.py``'s per-language cache;
- ``chainmap globals``: each template's globals as Jinja's ``ChainMap`` over the environment's
  instead of ``webapp/templating.py``'s plain dict;
- ``transaction reads``: the table's reads in the request's transaction (BEGIN … ROLLBACK), the
  framework's way, instead of AUTOCOMMIT (``webapp/store.py`` ``read_without_transaction``).
  In one process with one client this shows only the round trips' latency; what the two
  round trips cost PostgreSQL's processor, which a loaded machine pays, ``site_ab.py`` measures.

Printed: the median milliseconds per GET /play of each variant and ``(variant − as is) /
variant``: what the site's way saves against the variant (negative: the variant is faster).
Run from the project root:

    .venv/bin/python benchmarks/framework_defaults.py --states 120 --repeat 5

Takes about 5 minutes at ``--states 150 --repeat 4`` on one free core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

import jinja2

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from page_cost import InProcessClient, Timers, make_app  # noqa: E402
from webclient import Player, drop_database, fresh_database  # noqa: E402


def uncached_cards() -> dict[str, Callable[..., Any]]:
    """The card helpers as plain functions: translate and build the markup on every call."""
    from flask_babel import gettext as _
    from markupsafe import Markup

    from gin_engine import Card
    from webapp.cards import RANK_NAMES, SUIT_NAMES

    def card_name(card: Card) -> str:
        rank, suit = RANK_NAMES[card.rank], SUIT_NAMES[card.suit]
        return str(_("%(rank)s of %(suit)s", rank=rank, suit=suit))

    def card_face(card: Card) -> Markup:
        return Markup('<span class="pip" role="img" aria-label="%s">%s</span>') % (
            card_name(card), card.symbol
        )

    def card_html(card: Card, extra: str = "") -> Markup:
        classes = "card" + (" red" if card.is_red else "") + (f" {extra}" if extra else "")
        return Markup('<span class="%s" data-card="%s" role="img" aria-label="%s">%s</span>') % (
            classes, str(card), card_name(card), card.symbol
        )

    def card_row(cards: Iterable[Card], label: str = "") -> Markup:
        inner = Markup("").join(card_html(c) for c in cards)
        if label:
            return Markup('<span class="card-row" aria-label="%s">%s</span>') % (label, inner)
        return Markup('<span class="card-row">%s</span>') % inner

    return {"card_name": card_name, "card_face": card_face, "card_html": card_html,
            "card_row": card_row}


def public_locale_catalogue() -> Callable[[], Any]:
    """``webapp.i18n.texts.current_translations`` as it would be knowing Flask-Babel's locale
    only through its public ``get_locale``, asked at every text."""
    import flask_babel
    from flask import g

    def current_translations() -> Any:
        locale = flask_babel.get_locale()
        if locale is None:
            return flask_babel.get_translations()
        space = g._get_current_object().__dict__
        found = space.get("_bench_translations")
        if found is None or found[0] is not locale:
            found = space["_bench_translations"] = (locale, flask_babel.get_translations())
        return found[1]

    return current_translations


class Variants:
    """Switch one replacement back to the framework's way, and restore it."""

    def __init__(self, app: Any) -> None:
        import flask_babel
        from flask.sessions import SecureCookieSessionInterface

        from webapp import cards
        from webapp.i18n import texts

        self.app = app
        self.ours = {
            "session": app.session_interface,
            "cards": {k: app.jinja_env.globals[k] for k in uncached_cards()},
            "catalogue": cards.current_translations,
        }
        self.flask_session = SecureCookieSessionInterface()
        self.plain_cards = uncached_cards()
        self.public_catalogue = public_locale_catalogue()
        self.babel = flask_babel
        self.cards, self.texts = cards, texts
        from webapp.gin import views as play_views

        self.play_views = play_views

    def babel_gettext(self, on: bool) -> None:
        env = self.app.jinja_env
        if on:
            get = self.babel.get_translations
            env.install_gettext_callables(
                gettext=lambda s: get().ugettext(s),
                ngettext=lambda s, p, n: get().ungettext(s, p, n),
                newstyle=True,
                pgettext=lambda c, s: get().upgettext(c, s),
                npgettext=lambda c, s, p, n: get().unpgettext(c, s, p, n),
            )
            # webapp.i18n's gettext family looks the catalogue up through this name.
            self.texts.current_translations = get
            self.cards.current_translations = get
        else:
            self.texts.init_app(self.app)
            self.texts.current_translations = self.ours["catalogue"]
            self.cards.current_translations = self.ours["catalogue"]

    def babel_locale(self, on: bool) -> None:
        catalogue = self.public_catalogue if on else self.ours["catalogue"]
        self.texts.current_translations = catalogue
        self.cards.current_translations = catalogue

    def set(self, name: str, on: bool) -> None:
        if name == "flask session":
            self.app.session_interface = self.flask_session if on else self.ours["session"]
        elif name == "babel gettext":
            self.babel_gettext(on)
        elif name == "babel locale":
            self.babel_locale(on)
        elif name == "uncached cards":
            self.app.jinja_env.globals.update(self.plain_cards if on else self.ours["cards"])
        elif name == "chainmap globals":
            env = self.app.jinja_env
            if on:
                env.make_globals = partial(jinja2.Environment.make_globals, env)
            else:
                del env.make_globals
        elif name == "transaction reads":
            from webapp.store import read_without_transaction

            self.play_views.read_without_transaction = (  # type: ignore[assignment]
                (lambda: None) if on else read_without_transaction
            )
        # Imported macro modules keep the globals they were made with: start from source.
        self.app.jinja_env.cache.clear()


VARIANTS = (
    "as is", "flask session", "babel gettext", "babel locale", "uncached cards",
    "chainmap globals", "transaction reads",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=120, help="table states visited")
    parser.add_argument("--repeat", type=int, default=5, help="GETs per variant and state")
    parser.add_argument("--seed", type=int, default=1, help="order of the variants per state")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    name = "gin_bench_defaults"
    url = fresh_database(name)
    try:
        import tempfile

        with tempfile.TemporaryDirectory() as instance:
            app = make_app(url, instance)
            variants = Variants(app)
            client = InProcessClient(app, Timers(), lambda *a: None)
            player = Player(client, difficulty="expert")
            player.start()
            times: dict[str, list[float]] = defaultdict(list)
            for _ in range(args.states):
                order = list(VARIANTS)
                rng.shuffle(order)
                for variant in order:
                    if variant != "as is":
                        variants.set(variant, True)
                    client.client.get("/play")  # warm: templates compiled for this variant
                    for _ in range(args.repeat):
                        start = time.perf_counter()
                        client.client.get("/play")
                        times[variant].append(time.perf_counter() - start)
                    if variant != "as is":
                        variants.set(variant, False)
                if not player.step():
                    player.start()
    finally:
        drop_database(name)
    base = statistics.median(times["as is"])
    print(f"{'variant':20} {'n':>5} {'median ms':>10} {'as is saves':>14}")
    for variant in VARIANTS:
        median = statistics.median(times[variant])
        saved = "" if variant == "as is" else f"{(median - base) / median:13.1%}"
        print(f"{variant:20} {len(times[variant]):5d} {median * 1000:10.2f} {saved:>14}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
