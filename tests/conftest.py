"""Test configuration: every test runs headless; each test process (one per pytest-xdist
worker, ``packaging/test.sh``) has its own user folders and loads the bundled module once."""

from __future__ import annotations

import os
import sys

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


LONG = ("slow", "wheel", "packaging")  # the markers of tests that take tens of seconds (pyproject.toml)


def pytest_collection_modifyitems(config, items):
    """The long tests first (whole games, the wheel, the bundle), the rest in their order:
    the parallel workers (packaging/test.sh) then share the long tests out early and end
    together, instead of one worker meeting a whole game at the end while the other waits."""
    items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in LONG))


@pytest.fixture(scope="session", autouse=True)
def _user_folders(tmp_path_factory):
    """The user's data, cache and configuration folders (platformdirs) in this process's
    temporary folder: no test reads or writes the real ones, and two workers never share
    them (autosaves, the exchange's keys and games, the editor's module copy, the module
    cache). The file-safety tests give each test its own (tests/files/conftest.py)."""
    root = tmp_path_factory.mktemp("user")
    with pytest.MonkeyPatch.context() as mp:
        for var in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
            mp.setenv(var, str(root / var.lower()))
        yield root


@pytest.fixture(scope="session", autouse=True)
def _cold_rules_caches():
    """Under mutation testing (packaging/mutation.sh) mutmut runs each mutant's tests in a
    process forked from the one that ran them without mutants, so the rules engine's caches
    (the tables and module memos, ZOC, distances to the enemy) and the tests' memos of its
    answers (initial states, sampled play-outs) would still hold answers computed without the
    mutant, and a mutant in cached code would survive any test. Each mutant's run starts with
    them empty (the play-outs cost seconds to rebuild, the rest well under a second)."""
    if "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", ""):
        from darkdec_qt.rules import engine
        from darkdec_qt.rules.core import tables, zoc

        tables._CACHE.clear()
        zoc._CACHE.clear()
        engine._NEAR_CACHE.clear()
        # the tests' own memos of engine answers: initial states, the sampled play-outs
        for name, memo in (("tests.rules.conftest_real", "_init"),
                           ("tests.rules.test_queries_agree_with_check", "sampled")):
            if name in sys.modules:
                getattr(sys.modules[name], memo).cache_clear()
    yield


@pytest.fixture(scope="session")
def module():
    """The bundled module, loaded once per process and shared (its records are frozen)."""
    from tests.bundled import bundled_module

    return bundled_module()
