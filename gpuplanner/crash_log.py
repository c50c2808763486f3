"""Where an internal error's traceback goes: a rotating log in the user-data folder that the app's error dialog and
the command line's one-line error both name, so a report can carry it. No Qt here (the CLI writes it too)."""

from __future__ import annotations

import faulthandler
from pathlib import Path
from types import TracebackType
from typing import TextIO

from gpuplanner.paths import user_data_dir

LOG_NAME = "crash.log"
MAX_BYTES = 256 * 1024  # a log rotates at this size, keeping BACKUPS older files beside it
BACKUPS = 2

_fault_file: list[TextIO] = []  # the open crash log faulthandler writes into, once enable_fault_log has run


def crash_log_path() -> Path:
    return user_data_dir() / "logs" / LOG_NAME


def write_crash(kind: type[BaseException], value: BaseException, tb: TracebackType | None,
                where: str = "app") -> Path | None:
    """Append the traceback to the crash log; its path, or None where it cannot be written (a read-only or full
    folder must not turn one error into two)."""
    # Imported here, where an error is being written: logging.handlers (and the socket module it brings) is 5 ms of
    # every command's start otherwise.
    import logging
    import traceback
    from logging.handlers import RotatingFileHandler

    path = crash_log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    logger = logging.Logger("gpuplanner.crash")  # a private logger: nothing else's handlers see it
    logger.addHandler(handler)
    try:
        logger.error("internal error in the %s:\n%s", where, "".join(traceback.format_exception(kind, value, tb)))
    finally:
        handler.close()
    if _fault_file:  # the log may have rotated under the open file: follow it
        enable_fault_log()
    return path if path.exists() else None


def enable_fault_log() -> Path | None:
    """Have faulthandler write a fatal error's traceback (a segfault in a Qt or numpy call, an abort, a deadlocked
    thread killed by a signal) into the crash log, where no Python handler runs; its path, or None where the folder
    cannot be written (then faulthandler writes to stderr, its default)."""
    path = crash_log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        log = path.open("a", encoding="utf-8")
    except OSError:
        faulthandler.enable()
        return None
    faulthandler.enable(file=log, all_threads=True)
    for old in _fault_file:
        old.close()
    _fault_file[:] = [log]
    return path
