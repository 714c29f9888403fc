"""gunicorn settings for production: ``gunicorn -c gunicorn.conf.py webapp.wsgi:app``.

Requests are CPU-bound (the computer thinks inside the request) and keep no state in the
process, so workers, about two per core, scale across processes and hosts alike. Each worker
runs two threads (gthread): a client that is slow to send or to read holds one thread, not
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
# Threads share a worker's CPU (the GIL): two keep one slow client from blocking the
# worker, more would only queue CPU-bound moves.
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
# A gthread worker goes on accepting connections while it has room for them (default 1000)
# and queues their requests behind its busy threads, even while another worker is idle: at
# 32 players that tripled the p99 latency (CHANGELOG.md, 30 Nov). Taking no
# more connections than it has threads leaves the rest in the listen queue for whichever
# worker frees up first, as sync workers do.
worker_connections = threads
# The expert's reply takes tens of milliseconds; 30 s only ever catches a stuck worker.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# No keep-alive: with so few places per worker, an idle kept-alive connection would hold one.
# nginx keeps the clients' connections alive; its hop to gunicorn is on the same host or LAN.
keepalive = 0
# Recycle workers now and then so a slow leak can never take a host down.
max_requests = 5000
max_requests_jitter = 500
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
