#!/usr/bin/env bash
# Run the whole test suite headless, then the import contracts and ruff.
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
.venv/bin/ruff check darkdec_qt editor tests benchmarks
.venv/bin/python -m pytest "$@"
