"""The test suite (a package, so that tests/editor does not shadow the editor package)."""
