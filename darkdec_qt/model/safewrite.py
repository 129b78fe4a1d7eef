"""Atomic, durable file writes with a clear sentence for every failure.

:func:`atomic_write` writes bytes to a temporary file beside the target
(``.save-<pid>-<random>.ddg``), fsyncs it, renames it over the target and fsyncs the
folder, so after a crash or a kill at any moment the target holds either the previous
or the new content, whole. The target's permissions are kept (a new file gets the
usual ``0666 & ~umask``), and a symlink is followed: its target is replaced, the link
stays. A temporary file left by a killed save carries the dead process's id;
:func:`remove_orphans` deletes such files (and old SQLite journals) on the next start
or save in that folder.

Failures raise :class:`SaveError` with one sentence naming the file and the cause a
user can act on (disk full, read-only folder, no permission, a parent that is a file,
a target that is a folder); the previous file is never touched. Only a regular file (or a
symlink to one) is saved onto: a named pipe or a device node is refused, never replaced
(as root, ``--out /dev/null`` would otherwise replace ``/dev/null`` with a file).
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from pathlib import Path

WINDOWS = os.name == "nt"
BINARY = getattr(os, "O_BINARY", 0)
"""Windows opens a descriptor in text mode unless told: every byte written must stay a byte."""
ORPHAN_AGE_S = 24 * 3600
"""A temporary file older than this is an orphan even if its process id is alive again."""
_ORPHAN = re.compile(r"^\.(save|build)-(\d+)-[0-9a-f]+\.(ddg|sqlite)(-journal|-wal|-shm)?$")
_OLD_ORPHAN = re.compile(r"^\.save-[a-z0-9_]{8}\.ddg(-journal)?$")
"""Temporary files of saves killed under format 1 (``tempfile.mkstemp`` names, no pid):
nothing writes these names any more, so any such file is an orphan."""


class SaveError(OSError):
    """A save that failed; the previous file is intact. ``str()`` is the sentence."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "save failed"


def _reason(exc: OSError, target: Path) -> str:
    code = exc.errno
    if code in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    if code == errno.EFBIG:
        return "the file would exceed the size limit (ulimit -f)"
    if code == errno.EROFS:
        return "the disk is read-only"
    if code in (errno.EACCES, errno.EPERM):
        return f"no permission to write in {target.parent}"
    if code == errno.ENOTDIR:
        return "a folder on the path is a file"
    if code == errno.EISDIR:
        return "it is a folder"
    if code == errno.ENOENT:
        return f"the folder {target.parent} does not exist"
    if code == errno.ENAMETOOLONG:
        return "the file name is too long"
    return exc.strerror or str(exc)


def special_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words (for the one-sentence refusals of
    opening and of saving onto a named pipe or a device)."""
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _fail(target: Path, exc: OSError) -> SaveError:
    return SaveError(f"cannot save {target}: {_reason(exc, target)}; the previous file is unchanged")


def _pid_alive_windows(pid: int) -> bool:
    """Windows: ``os.kill(pid, 0)`` would terminate the process, so ask the kernel instead."""
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return kernel32.GetLastError() == 5  # access denied: it exists
    try:
        code = ctypes.c_ulong()
        return bool(kernel32.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if WINDOWS:
        return _pid_alive_windows(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_orphans(folder: str | Path) -> list[Path]:
    """Delete the temporary files of saves that were killed in ``folder`` (their process
    is gone, or they are older than a day); returns what was removed. Never raises."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for e in entries:
        m = _ORPHAN.match(e.name)
        if not m and not _OLD_ORPHAN.match(e.name):
            continue
        try:
            if not e.is_file(follow_symlinks=False):
                continue
            if m and _pid_alive(int(m.group(2))) and now - e.stat(follow_symlinks=False).st_mtime < ORPHAN_AGE_S:
                continue
            os.unlink(e.path)
            removed.append(Path(e.path))
        except (OSError, ValueError):
            continue
    return removed


def temp_name(folder: Path, prefix: str, suffix: str) -> Path:
    """A temporary file name beside a target that :func:`remove_orphans` recognises: it
    carries this process's id, so a live writer's file is never taken for an orphan."""
    return folder / f"{prefix}{os.getpid()}-{secrets.token_hex(6)}{suffix}"


def fsync_path(path: Path) -> None:
    """fsync a file by name (for files written by another library, e.g. SQLite)."""
    fd = os.open(path, (os.O_RDWR | BINARY) if WINDOWS else os.O_RDONLY)  # Windows flushes writable handles only
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(folder: Path) -> None:
    """fsync a folder, so a rename in it survives a power cut."""
    _fsync_dir(folder)


def _fsync_dir(folder: Path) -> None:
    if WINDOWS:
        return  # a folder cannot be opened or fsynced there; os.replace is atomic on its own
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # not supported (Windows): the rename is still atomic
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_mode(fd: int, path: Path, mode: int) -> None:
    """Permissions of a file being written: by descriptor where the system has it (POSIX), by
    name elsewhere (Windows keeps only the read-only flag)."""
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:
        os.chmod(path, mode)


def resolve_target(path: str | Path) -> Path:
    """The file a save to ``path`` writes: a symlink's final target (so the link stays)."""
    p = Path(path)
    if p.is_symlink():
        return Path(os.path.realpath(p))
    return p


def check_target(target: Path) -> None:
    """Refuse, before anything is written, a target that exists and is not a regular file: a
    folder, a named pipe or a device node (found by ``stat``; nothing is opened)."""
    try:
        kind = os.stat(target).st_mode
    except (OSError, ValueError):
        return  # missing (or unreadable: the write says why)
    if stat.S_ISDIR(kind):
        raise SaveError(f"cannot save {target}: it is a folder; nothing was written")
    if not stat.S_ISREG(kind):
        raise SaveError(f"cannot save {target}: it is {special_kind(kind)}, not a file; only regular files are "
                        "saved onto; nothing was written")


def atomic_write(path: str | Path, data: bytes, prefix: str = ".save-", suffix: str = ".ddg") -> Path:
    """Write ``data`` to ``path`` atomically and durably (module docstring); returns the
    file written (a symlink's target). Raises SaveError, the previous file intact."""
    target = resolve_target(path)
    folder = target.parent
    check_target(target)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise SaveError(f"cannot save {target}: {folder} is a file, not a folder") from None
    except OSError as exc:
        raise _fail(target, exc) from None
    remove_orphans(folder)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    except OSError as exc:
        raise _fail(target, exc) from None
    tmp = temp_name(folder, prefix, suffix)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, 0o600)
    except OSError as exc:
        raise _fail(target, exc) from None
    try:
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            set_mode(fd, tmp, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise _fail(target, exc) from None
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(folder)
    return target
