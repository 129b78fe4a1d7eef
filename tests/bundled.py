"""The bundled module, loaded once per test process: the ``module`` fixture
(tests/conftest.py) and the helpers that need it outside a fixture share this one load."""

from __future__ import annotations

from functools import lru_cache

from darkdec_qt.model.load import DEFAULT_MODULE, load_module
from darkdec_qt.moduleview import Module


@lru_cache(maxsize=1)
def bundled_module() -> Module:
    return load_module(DEFAULT_MODULE)
