"""The baseline for `benchmarks/load.py`: a Flask app whose only page returns "ok".

Served by gunicorn with the same ``gunicorn.conf.py`` settings as the site, it measures what
the server, the loopback network and the load generator cost on their own.
"""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def ok() -> str:
    return "ok"
