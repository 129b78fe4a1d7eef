"""Saves work where the POSIX calls do not exist (Windows): no ``os.fchmod``, descriptors
opened in text mode unless ``O_BINARY`` is given, no folder fsync, and ``os.kill(pid, 0)``
terminates a process instead of asking whether it lives. Simulated here on the calls
themselves, so the suite on Linux guards the Windows path."""

from __future__ import annotations

import os

import pytest

from darkdec_qt.model import safewrite

DATA = bytes(range(256)) * 64 + b"\n\r\n\x1a"


def test_a_save_without_fchmod_writes_every_byte(tmp_path, monkeypatch):
    monkeypatch.delattr(os, "fchmod")
    target = safewrite.atomic_write(tmp_path / "g.ddg", DATA)
    assert target.read_bytes() == DATA


def test_a_save_opens_its_temporary_file_in_binary_mode(tmp_path, monkeypatch):
    """Windows translates b"\\n" to b"\\r\\n" on a descriptor opened without O_BINARY."""
    monkeypatch.setattr(safewrite, "BINARY", 0x8000)  # Windows' O_BINARY
    real_open = os.open
    flags_seen = []

    def open_(path, flags, mode=0o777):  # noqa: ANN001, ANN202
        flags_seen.append(flags)
        return real_open(path, flags & ~0x8000, mode)

    monkeypatch.setattr(os, "open", open_)
    safewrite.atomic_write(tmp_path / "g.ddg", DATA)
    writes = [f for f in flags_seen if f & os.O_WRONLY]
    assert writes and all(f & 0x8000 for f in writes)


def test_orphan_cleanup_never_signals_a_process_on_windows(tmp_path, monkeypatch):
    """An orphan's process id is checked with the kernel's process query, never os.kill."""
    orphan = tmp_path / f".save-{os.getpid() + 1}-abcdef.ddg"
    orphan.write_bytes(b"x")
    monkeypatch.setattr(safewrite, "WINDOWS", True)
    monkeypatch.setattr(safewrite, "_pid_alive_windows", lambda pid: False)

    def kill(*_):  # noqa: ANN002, ANN202
        pytest.fail("os.kill terminates the process on Windows")

    monkeypatch.setattr(os, "kill", kill)
    assert safewrite.remove_orphans(tmp_path) == [orphan]
    target = safewrite.atomic_write(tmp_path / "g.ddg", DATA)  # and no folder fsync there
    assert target.read_bytes() == DATA
