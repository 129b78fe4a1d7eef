#!/usr/bin/env bash
# Install Dark December and its test tools into ./.venv (Python 3.11+, pip).
# System libraries Qt needs on a bare Debian machine are installed when missing and we are root.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  need=""
  for lib in libEGL.so.1 libGL.so.1 libxkbcommon.so.0 libfontconfig.so.1 libdbus-1.so.3; do
    ldconfig -p | grep -q "$lib" || need=1
  done
  if [ -n "$need" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 fonts-dejavu-core >/dev/null
  fi
fi
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
