"""Why a file was not written, in the current language: the reasons a full disk, a quota, a read-only or forbidden
place or a failing device give, and the verified write's own (safe_write); any other as the system words it.
The command line and the window pass their own `tr` (both translate under the empty context)."""

from __future__ import annotations

import errno
from collections.abc import Callable

from gpuplanner.safe_write import UnverifiedWriteError


def failure_reason(exc: OSError, tr: Callable[[str], str]) -> str:
    if isinstance(exc, UnverifiedWriteError):
        return tr("what reached the disk is not the whole file")
    reasons = {
        errno.ENOSPC: tr("the disk is full"),
        errno.EDQUOT: tr("the disk quota is used up"),
        errno.EROFS: tr("the disk is read-only"),
        errno.EACCES: tr("permission denied"),
        errno.EPERM: tr("permission denied"),
        errno.EIO: tr("the device reported an input/output error"),
        errno.ENOENT: tr("the folder does not exist"),
    }
    return reasons.get(exc.errno or 0) or exc.strerror or str(exc)
