# The site as a container: gunicorn on $PORT, migrations run on start, PostgreSQL via DATABASE_URL.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    APP_ENV=production \
    PORT=8000 \
    INSTANCE_PATH=/app/instance

WORKDIR /app
RUN useradd --create-home --uid 10001 gin

# Dependencies first, exactly as locked (every file's hash checked), so code edits do not
# reinstall them; setuptools is locked with them, to build the project below without fetching.
COPY requirements/site.txt ./requirements/
RUN pip install --require-hashes -r requirements/site.txt

COPY engine_common ./engine_common
COPY gin_engine ./gin_engine
COPY romme_engine ./romme_engine
COPY webapp ./webapp
COPY migrations ./migrations
COPY static ./static
COPY gunicorn.conf.py babel.cfg pyproject.toml README.md ./
# Editable, so the package finds static/ and migrations/ beside it in /app.
RUN pip install --no-deps --no-build-isolation -e . \
    && pybabel compile -d webapp/translations \
    && mkdir -p instance && chown gin:gin instance

USER gin
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ[\"PORT\"]}/healthz', timeout=4)"
CMD ["sh", "-c", "flask --app webapp db upgrade && exec gunicorn -c gunicorn.conf.py"]
