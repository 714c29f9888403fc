"""gunicorn settings for production: ``gunicorn -c gunicorn.conf.py webapp.wsgi:app``.

Requests are CPU-bound (the computer thinks inside the request) and keep no state in the
process, so workers, about two per core, scale across processes and hosts alike. Each worker
runs a few threads (gthread): a client that is slow to send or to read holds one thread, not
the whole worker. Slow clients are the reverse proxy's job, though: in production gunicorn
sits behind nginx (``deploy/nginx.conf.template``, ``compose.yaml``), which reads each request
whole before passing it on, so a half-sent request never reaches gunicorn at all.
"""

import multiprocessing
import os

wsgi_app = "webapp.wsgi:app"
bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "gthread"
# Threads share a worker's CPU (the GIL): a few are enough to keep one slow client from
# blocking the others, more would only queue CPU-bound moves.
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# The expert's reply takes tens of milliseconds; 30 s only ever catches a stuck worker.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# Idle keep-alive connections are closed after 5 s, so they cannot pile up on the threads.
keepalive = 5
# Recycle workers now and then so a slow leak can never take a host down.
max_requests = 5000
max_requests_jitter = 500
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
