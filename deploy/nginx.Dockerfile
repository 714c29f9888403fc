# nginx from Debian, configured by deploy/nginx.conf.template (see compose.yaml).
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends nginx-light gettext-base \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /srv/nginx/tmp
COPY deploy/nginx.conf.template /etc/gin/nginx.conf.template
ENV GIN_LISTEN=80 GIN_UPSTREAM=app:8000
EXPOSE 80
CMD ["sh", "-c", "envsubst '$GIN_LISTEN $GIN_UPSTREAM' < /etc/gin/nginx.conf.template > /srv/nginx/nginx.conf && exec nginx -p /srv/nginx -c /srv/nginx/nginx.conf -g 'daemon off;'"]
