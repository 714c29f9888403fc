"""gunicorn settings for production: ``gunicorn -c gunicorn.conf.py webapp.wsgi:app``.

Requests are CPU-bound (the computer thinks inside the request) and keep no state in the
process, so plain sync workers, about two per core, scale across processes and hosts alike.
"""

import multiprocessing
import os

wsgi_app = "webapp.wsgi:app"
bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "sync"
# The expert's reply takes tens of milliseconds; 30 s only ever catches a stuck worker.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# Recycle workers now and then so a slow leak can never take a host down.
max_requests = 5000
max_requests_jitter = 500
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
