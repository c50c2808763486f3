"""Replace a user's file whole or not at all: the one way the app and the command line write a file the user named
(spec sheet, plans CSV / workbook, charts, scenario, the window's session).

A full disk, a quota or a failing device can cut a write short while the program still believes it wrote
everything (a buffered write whose error is never read). So the new content goes to a temporary file beside the
target, is flushed to the device (fsync), measured and read back, checked by the caller's own test of the format,
and only then renamed over the target; the folder is synced so the rename itself survives a power cut. Any failure
removes the temporary file and leaves the old file exactly as it was. A symbolic link keeps being a link: the file it
points to receives the new content. A target that is not a regular file (a device such as /dev/null or /dev/full, a
named pipe) is written into, never renamed over: replacing it would turn the system's device into a file."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path


class UnverifiedWriteError(OSError):
    """What was written is not what was produced (cut short, or not a complete file of its format); the old file was
    left as it was. `detail` says what was found, in English, for logs."""

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(errno.EIO, detail, path)
        self.detail = detail


def write_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to `path` changes: `path` itself, or the file a symbolic link (through any chain of links)
    points to, so the link stays a link."""
    return Path(os.path.realpath(path))


def replace_file(path: str | os.PathLike[str], data: bytes,
                 check: Callable[[bytes], str | None] | None = None, *, sync_folder: bool = True) -> Path:
    """Write `data` as the new content of `path`, verified before anything is replaced: the bytes on the device
    (after fsync) are as many as `data` and read back equal to it, and `check` (given the bytes read back) returns
    None; it returns what is wrong otherwise. Raises OSError (UnverifiedWriteError when a check failed); returns
    the file written (the target of a link). `sync_folder=False` leaves the rename to the system's own schedule
    (a power cut may then bring back the previous whole file): for the window's autosave, rewritten on every edit
    on the window's thread, where the folder's fsync added a third or more (12 -> 16-20 ms median on ext4)."""
    target = write_target(path)
    if _special(target):
        _write_into(target, data)
        return target
    folder = target.parent
    import tempfile  # only where a file is written: with shutil and random, 3 ms of every command's start

    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    try:
        try:
            _write_all(handle, data)
            os.fsync(handle)  # the device's own write errors (ENOSPC, EIO, EDQUOT) come back here at the latest
            written = os.fstat(handle).st_size
        finally:
            os.close(handle)
        if written != len(data):
            raise UnverifiedWriteError(str(target), f"{written} of {len(data)} bytes reached the disk")
        with open(temporary, "rb") as reread:
            back = reread.read()
        if back != data:
            raise UnverifiedWriteError(str(target), "the bytes read back differ from those written")
        problem = check(back) if check is not None else None
        if problem is not None:
            raise UnverifiedWriteError(str(target), problem)
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if sync_folder:
        _sync_folder(folder)
    return target


def _special(target: Path) -> bool:
    """Whether `target` exists and is not a regular file (a character or block device, a FIFO, a socket)."""
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _write_into(target: Path, data: bytes) -> None:
    """Write `data` straight into a device or pipe (nothing there to read back or rename); its write errors
    (ENOSPC from /dev/full) are raised as they are."""
    handle = os.open(target, os.O_WRONLY)
    try:
        _write_all(handle, data)
    finally:
        os.close(handle)


def _write_all(handle: int, data: bytes) -> None:
    """Every byte of `data`, however many calls the system takes (a short write is not an error by itself)."""
    view = memoryview(data)
    while view:
        count = os.write(handle, view)
        if count <= 0:
            raise OSError(errno.EIO, "the system accepted no bytes")
        view = view[count:]


def _mode_for(target: Path) -> int:
    """The permissions the new file gets: the old file's, or an ordinary new file's (not mkstemp's private 0600)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Make the rename durable. Where a folder cannot be opened or synced (Windows, some network file systems) the
    new file is already in place and whole, so that is not a failed write."""
    directory_flag = getattr(os, "O_DIRECTORY", None)
    if directory_flag is None:
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY | directory_flag)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
