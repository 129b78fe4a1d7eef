"""The rules index's test scan is kept in the user cache folder and reused only for the
same test files (darkdec_qt.clauses.scan_tests): a changed test or a damaged cache
file is scanned again, never answered from the cache."""

from __future__ import annotations

from darkdec_qt import clauses as rc


def _tests(tmp_path, body: str):
    d = tmp_path / "tests"
    d.mkdir(exist_ok=True)
    (d / "test_x.py").write_text(body, encoding="utf-8")
    return d


def test_the_scan_is_cached_and_a_changed_test_is_scanned_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    d = _tests(tmp_path, "def test_10_4_1A_alone_on_a_road():\n    pass\n")
    assert rc.scan_tests(d) == {"10.4.1A": ["tests/test_x.py::test_10_4_1A_alone_on_a_road"]}
    assert list((tmp_path / "cache").rglob("rules-tests.json"))
    assert rc.scan_tests(d) == {"10.4.1A": ["tests/test_x.py::test_10_4_1A_alone_on_a_road"]}
    _tests(tmp_path, "def test_10_4_2B_leaving():\n    pass\n")
    assert rc.scan_tests(d) == {"10.4.2B": ["tests/test_x.py::test_10_4_2B_leaving"]}


def test_a_damaged_cache_file_is_scanned_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    d = _tests(tmp_path, "def test_13_2_assault():\n    pass\n")
    want = {"13.2": ["tests/test_x.py::test_13_2_assault"]}
    assert rc.scan_tests(d) == want
    cache = next((tmp_path / "cache").rglob("rules-tests.json"))
    for junk in ("{not json", '{"key": "x", "found": {}}', '{"key": null, "found": [1]}'):
        cache.write_text(junk, encoding="utf-8")
        assert rc.scan_tests(d) == want
