"""File-exchange tests: the bundled module, loaded once."""

import pytest

from darkdec_qt.model.load import DEFAULT_MODULE, load_module


@pytest.fixture(scope="session")
def module():
    return load_module(DEFAULT_MODULE)
