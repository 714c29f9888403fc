"""The Jinja environment: Flask's, with each template's globals in one plain dict.

Jinja keeps a template's globals as ``ChainMap(template_globals, environment.globals)`` so that a
change to the environment's globals after loading still shows. Every ``{% include %}`` builds a
context and every ``{% from … import %}`` compares key sets over those globals (55 here), and on
a ChainMap each of those steps runs in Python, key by key: the table page's eight partials and
two imports cost 12.6% of its instructions (``benchmarks/request_instructions.py`` against
the partials inlined). A dict does the same steps in C. What it saves of a page:
``benchmarks/framework_defaults.py``, variant "chainmap globals".

The price is Jinja's own advice made a rule: every global is registered while the app is built
(``create_app``, extensions' ``init_app``, blueprints' ``add_app_template_global``), before any
template is loaded; a global added later would not reach templates already loaded.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from flask.templating import Environment


class TemplateEnvironment(Environment):
    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}
