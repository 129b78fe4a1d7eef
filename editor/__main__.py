"""``python -m editor [module.sqlite]``."""

import sys

from editor.app import main

sys.exit(main())
