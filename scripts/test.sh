#!/usr/bin/env bash
# The whole test suite, on a fresh Debian machine as on a developer's:
# installs the Debian packages, starts a private PostgreSQL and Redis on
# loopback, builds, runs `swift test`, and stops the services (also on failure).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

scripts/install-deps.sh
. scripts/services.sh
trap stop_services EXIT
start_services

# A missing service is a failure, never a skip.
export MIRROR_BOT_REQUIRE_SERVICES=1
swift build --build-tests
swift test "$@"
