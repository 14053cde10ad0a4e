# mirror-bot's image: the release build (scripts/build-release.sh, the same recipe CI
# runs) in Swift's official Debian image, then only the binary, its migrations and
# the shared C libraries it links or opens with dlopen (libvips) on debian:bookworm-slim,
# as a non-root user.
#
#   docker build -t mirror-bot .
#   docker run --env-file .env mirror-bot                 # the daemon (CMD)
#   docker run --env-file .env mirror-bot mirror-bot migrate
#
# docker-compose.yml runs it with PostgreSQL and Redis. Without a registry (or Docker):
# scripts/image.sh builds this file with podman, scripts/image-check.sh runs it (docs/CONTAINERS.md).

ARG SWIFT_IMAGE=swift:6.3-bookworm

FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
# The build packages first, from the script's own list, so the layer is cached.
COPY scripts/build-release.sh scripts/build-release.sh
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      $(bash scripts/build-release.sh --build-packages) \
 && rm -rf /var/lib/apt/lists/*
# Package.swift names the test targets, so Tests/ comes along (it is not built).
COPY Package.swift ./
COPY Sources Sources
COPY Tests Tests
COPY migrations migrations
COPY scripts/build-release.sh scripts/install-deps.sh scripts/
RUN WITH_FAKE_X=0 bash scripts/build-release.sh

FROM debian:bookworm-slim AS runtime
COPY scripts/build-release.sh /tmp/build-release.sh
# The runtime packages, then only what the runtime reads of them: MeCab's compiled UTF-8
# dictionary (/var/lib/mecab/dic/ipadic-utf8), not its CSV sources (/usr/share/mecab/dic/ipadic,
# 52 MB) nor the EUC-JP build beside it (/var/lib/mecab/dic/ipadic, 40 MB); no documentation.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      $(bash /tmp/build-release.sh --runtime-packages) \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /tmp/build-release.sh \
 && update-alternatives --quiet --set mecab-dictionary /var/lib/mecab/dic/ipadic-utf8 \
 && rm -rf /usr/share/mecab/dic/ipadic /var/lib/mecab/dic/ipadic /usr/share/doc/* /usr/share/man/* \
 && useradd --system --uid 10001 --user-group --home-dir /app --shell /usr/sbin/nologin mirror-bot
# /usr/local/bin/mirror-bot and /usr/local/share/mirror-bot/migrations/.
COPY --from=build /src/dist/ /usr/local/
WORKDIR /app
# `mirror-bot migrate` looks in ./migrations first; Procfile and app.json for Dokku.
COPY --from=build /src/dist/share/mirror-bot/migrations ./migrations
COPY Procfile app.json ./
USER mirror-bot
# The daemon logs one event a line to stdout; SIGTERM stops it cleanly.
STOPSIGNAL SIGTERM
# The health check costs no X request. With STATUS_PORT (or PORT) set, it asks the
# daemon's /healthz (200 while every loop is on time and its last round succeeded; the
# reasons otherwise). Without, it reads the heartbeat: the daemon touches HEARTBEAT_FILE
# after every successful loop round (the posting loop runs at least once a minute), so a
# file older than 10 minutes means a stuck or failing daemon. Run `mirror-bot doctor` by
# hand to learn what is wrong.
COPY scripts/healthcheck.sh /usr/local/bin/mirror-bot-healthcheck
ENV HEARTBEAT_FILE=/tmp/mirror-bot.heartbeat
HEALTHCHECK --interval=2m --timeout=10s --start-period=5m --retries=3 CMD ["mirror-bot-healthcheck"]
CMD ["mirror-bot", "start"]
