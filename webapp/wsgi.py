"""WSGI entry point: ``gunicorn webapp.wsgi:app``."""

from webapp import create_app

app = create_app()
