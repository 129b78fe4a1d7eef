"""The frozen program's entry point (PyInstaller, packaging/darkdec.spec): the ``darkdec`` command."""

import sys

from darkdec_qt.cli import main

if __name__ == "__main__":
    sys.exit(main())
