"""Names that frameworks use, not our code; read by scripts/deadcode.py (never imported)."""

# ruff: noqa
_ = object()

# Flask: the app class's error logging hook, the session interface and the Jinja environment
# class it reads.
_.log_exception
_.session_interface
_.jinja_environment
# Flask-Login: the login manager's settings and the user object's API.
_.login_view
_.login_message
_.login_message_category
_.localize_callback
_.session_protection
_.is_active
_.is_anonymous
_.get_id
# SQLAlchemy: a TypeDecorator's hooks and settings, the declarative base's metadata.
_.impl
_.cache_ok
_.process_bind_param
_.process_result_value
_.dialect
_.metadata
# SQLAlchemy's handle_error hook: the exception context's flag that replaces the connection.
_.is_disconnect
# WTForms: a form's per-field validation hook (validate_<field>).
_.validate_username
_.validate_password
_.validate_player_seed
# Werkzeug: a URL converter's pattern (webapp.form_rules.AsciiIntegerConverter) and its reading
# of a matched part (webapp.pages.views.GameConverter).
_.regex
_.to_python
# Flask's session interface hooks, and a request-log timestamp kept on ``g``.
_.open_session
_.should_set_cookie
_.request_started
# SQLAlchemy: columns the database fills and SQL reads (defaults, aggregates, ladders), never
# read as Python attributes; and the same field of a stored match's record.
_.created_at
# The relationship `MatchResult.statistics` proxies by name.
_.statistic_rows
# logging and Jinja: methods they call on our subclasses (a log formatter, the template
# environment's globals).
_.format
_.make_globals
