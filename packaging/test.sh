#!/usr/bin/env bash
# Run ruff, then the whole test suite headless and in parallel: pytest-xdist, one worker
# per core, each test file's tests handed out as workers fall idle (worksteal), so the
# whole-game tests spread over the workers. The import contracts run as a test
# (tests/test_layers.py). Arguments go to pytest: `-n 0` runs in one process.
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
# Each worker imports the package anew: let Python keep the compiled modules (and pytest its
# rewritten test modules) in __pycache__ instead of compiling them again in every process.
unset PYTHONDONTWRITEBYTECODE
.venv/bin/ruff check darkdec_qt editor tests benchmarks
parallel=(-n auto --dist worksteal)
if ! .venv/bin/python -c "import xdist" 2>/dev/null; then
  echo "test.sh: pytest-xdist is missing (bash packaging/setup.sh installs it): one process" >&2
  parallel=()
fi
.venv/bin/python -m pytest "${parallel[@]}" "$@"
