"""The window's session file written off the window's thread. Every edit is kept in the session file so that a crash
loses nothing; written whole and synced to the device (safe_write.replace_file) on the window's thread, the file held
the window still 12-50 ms an edit (the fsync, the temporary file's creation and the rename; more on a busy disk),
while the plan for that edit ran in the worker. The writes go one at a time, in order, to a thread of their own;
one waiting to be written gives way to a newer one (only the newest session matters). A write begins once the window
has painted the edit (after_repaint): begun at once, its Python between the system calls took turns with the
paint's for the interpreter lock."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QThreadPool, Signal

from gpuplanner.safe_write import replace_file
from gpuplanner.ui.worker import START_WAIT_LIMIT_S, after_repaint


class SessionWriter(QObject):
    """Writes (path, bytes) with replace_file(sync_folder=False) on one pool thread, in the order asked: a write asked
    for while another is under way waits for it, and gives way to any newer one asked for meanwhile. `written` is
    emitted (to the window's thread) after each write, with None or the OSError it raised."""

    written = Signal(object)  # None, or the OSError of a write that failed

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._lock = threading.Lock()
        self._next: tuple[str, bytes] | None = None
        self._running = False
        self._let_through = threading.Event()  # set once the window has painted what asked for the write

    def write(self, path: str, data: bytes) -> None:
        """Write `data` as the file `path`, soon, off this thread."""
        with self._lock:
            self._next = (path, data)
            if self._running:
                return  # the write under way takes it next
            self._running = True
        self._let_through.clear()
        after_repaint(self._let_through)
        self.pool.start(self._drain)

    def flush(self) -> None:
        """Wait until every write asked for is done (before a write on this thread, and when the window closes)."""
        self._let_through.set()
        self.pool.waitForDone()

    def _drain(self) -> None:
        self._let_through.wait(START_WAIT_LIMIT_S)
        while True:
            with self._lock:
                job, self._next = self._next, None
                if job is None:
                    self._running = False
                    return
            try:
                replace_file(job[0], job[1], sync_folder=False)
            except OSError as exc:
                self.written.emit(exc)
            else:
                self.written.emit(None)
