"""Where an internal error's traceback goes: a rotating log in the user-data folder that the app's error dialog and
the command line's one-line error both name, so a report can carry it. No Qt here (the CLI writes it too)."""

from __future__ import annotations

import logging
import traceback
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

from gpuplanner.paths import user_data_dir

LOG_NAME = "crash.log"
MAX_BYTES = 256 * 1024  # a log rotates at this size, keeping BACKUPS older files beside it
BACKUPS = 2


def crash_log_path() -> Path:
    return user_data_dir() / "logs" / LOG_NAME


def write_crash(kind: type[BaseException], value: BaseException, tb: TracebackType | None,
                where: str = "app") -> Path | None:
    """Append the traceback to the crash log; its path, or None where it cannot be written (a read-only or full
    folder must not turn one error into two)."""
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
    return path if path.exists() else None
