#!/usr/bin/env bash
# Install Dark December and its test tools into ./.venv (Python 3.11+, pip).
# On Debian/Ubuntu, when root, also the system libraries Qt needs to open a real window
# (the xcb platform plugin, not only the headless one) and Xvfb + xauth, which the test
# suite uses to start the client on a real X server.
set -euo pipefail
cd "$(dirname "$0")/.."
# Qt 6 xcb plugin (libqxcb.so, libQt6XcbQpa.so): every library `ldd` lists, by Debian package.
QT_XCB_PACKAGES="libegl1 libgl1 libglib2.0-0 libfontconfig1 libfreetype6 libdbus-1-3 fonts-dejavu-core
  libx11-6 libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
  libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1
  libxcb-util1 libxcb-xfixes0 libxcb-xkb1 libxkbcommon0 libxkbcommon-x11-0"
TEST_PACKAGES="xvfb xauth desktop-file-utils"  # desktop-file-validate, update-mime-database: tests/packaging/test_desktop.py
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  missing=""
  for p in $QT_XCB_PACKAGES $TEST_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    echo "setup: installing$missing"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  fi
fi
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
# The check the issue asks for: the xcb plugin finds every library it links.
plugins=$(.venv/bin/python -c "import os, PySide6; print(os.path.join(os.path.dirname(PySide6.__file__), 'Qt'))")
if command -v ldd >/dev/null 2>&1 && [ -f "$plugins/plugins/platforms/libqxcb.so" ]; then
  if ldd "$plugins/plugins/platforms/libqxcb.so" "$plugins"/lib/libQt6XcbQpa.so.* | grep "not found"; then
    echo "setup: the Qt xcb platform plugin lacks the libraries above: the window cannot open" \
      "(install them, as root: bash packaging/setup.sh)" >&2
    [ "$(id -u)" = "0" ] && exit 1
  fi
fi
