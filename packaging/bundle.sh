#!/usr/bin/env bash
# Build the one-folder bundle with PyInstaller (packaging/darkdec.spec) into dist/darkdec/:
# the frozen `darkdec` with Python, Qt and the package data inside; it needs no Python on the
# machine. Linux here; the same spec builds the Windows folder and the macOS .app
# (.github/workflows/bundles.yml). Usage: bash packaging/bundle.sh [DIST_DIR] [WORK_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
DIST=${1:-dist}
WORK=${2:-build/pyinstaller}
PY=${PYTHON:-.venv/bin/python}
"$PY" -c "import PyInstaller" 2>/dev/null || "$PY" -m pip install -q "pyinstaller>=6,<7"
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN --distpath "$DIST" --workpath "$WORK" packaging/darkdec.spec
du -sh "$DIST/darkdec" | awk '{print "bundle: " $2 " (" $1 " unpacked)"}'
