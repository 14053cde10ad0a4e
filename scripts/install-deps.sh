#!/usr/bin/env bash
# Installs Debian packages, idempotently: only the missing ones, nothing when all are there.
#
#     scripts/install-deps.sh              the packages the tests and the demo need
#     scripts/install-deps.sh PACKAGE...   these (scripts/build-release.sh passes its build list)
set -euo pipefail

packages=("$@")
[ "${#packages[@]}" -gt 0 ] || packages=(
  postgresql redis-server
  libpq-dev libhiredis-dev libmecab-dev libcbor-dev mecab mecab-ipadic-utf8
  libssl-dev libcurl4-openssl-dev libmicrohttpd-dev libvips42
  openssl python3
)

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done

if [ "${#missing[@]}" -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1 && [ ! -x /opt/swift/usr/bin/swift ]; then
  echo "install-deps: Swift 6 is not installed (expected 'swift' on PATH or /opt/swift/usr/bin/swift)" >&2
  exit 1
fi
