#!/usr/bin/env bash
# Static checks CI runs before the tests: no trap on outside data (scripts/lint.py).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/lint.py
