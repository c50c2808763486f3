"""One background-job abstraction: run a pure function on a pool thread, deliver its result on the GUI thread.

Every job carries an id; only the newest job's result is delivered (stale results are dropped). Exceptions in
the job never escape: they arrive as `failed(job_id, field, message)`, the field "" for a bug of ours. A job may
report progress and be cancelled through the `JobControl` it receives; a cancelled job raises CancelledError and
delivers `cancelled(job_id)`, never a partial result.
"""

from __future__ import annotations

import itertools
import logging
import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, QTimer, Signal, Slot

from gpuplanner.core.base.errors import CancelledError, InputError
from gpuplanner.crash_log import write_crash
from gpuplanner.i18n.messages import translated

log = logging.getLogger(__name__)


class JobControl:
    """Handed to the job function: report progress, learn about cancellation."""

    def __init__(self, job_id: int, emit_progress: Callable[[int, int, int], None]) -> None:
        self.job_id = job_id
        self._cancelled = threading.Event()
        self._emit_progress = emit_progress

    def cancel(self) -> None:
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def progress(self, done: int, total: int) -> bool:
        """Report progress; returns False once cancelled (pure code can stop on that)."""
        self._emit_progress(self.job_id, done, total)
        return not self.cancelled


class _JobSignals(QObject):
    finished = Signal(int, object)
    failed = Signal(int, str, str)
    progress = Signal(int, int, int)
    cancelled = Signal(int)


class _Job(QRunnable):
    def __init__(self, job_id: int, function: Callable[[JobControl], Any], signals: _JobSignals,
                 control: JobControl) -> None:
        super().__init__()
        self.job_id = job_id
        self.function = function
        self.signals = signals
        self.control = control

    def run(self) -> None:
        try:
            result = self.function(self.control)
        except CancelledError:
            self.signals.cancelled.emit(self.job_id)
        except InputError as exc:
            self.signals.failed.emit(self.job_id, exc.field, translated(exc.message))
        except Exception as exc:  # a bug: into the crash log and the dialog, never silently
            log.error("background job failed:\n%s", traceback.format_exc())
            written = write_crash(type(exc), exc, exc.__traceback__, "background estimate")
            where = (QCoreApplication.translate("App", "The details are in %1; attach that file to a report.")
                     .replace("%1", str(written)) if written is not None else
                     QCoreApplication.translate("App", "The details could not be written to a log file."))
            self.signals.failed.emit(self.job_id, "", f"{type(exc).__name__}: {exc}\n\n{where}")
        else:
            self.signals.finished.emit(self.job_id, result)


class LatestJobRunner(QObject):
    """Runs jobs one after another on a private pool; delivers only the newest job's outcome."""

    finished = Signal(int, object)  # job id, result
    failed = Signal(int, str, str)  # job id, the input field at fault ("" for a bug of ours), message
    progress = Signal(int, int, int)  # job id, done, total
    cancelled = Signal(int)  # job id: the newest job stopped on request and has no result
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._latest = 0
        self._running: dict[int, JobControl] = {}
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _JobSignals()
        self._signals.finished.connect(self._on_finished)
        self._signals.failed.connect(self._on_failed)
        self._signals.progress.connect(self._on_progress)
        self._signals.cancelled.connect(self._on_cancelled)

    def submit(self, function: Callable[[JobControl], Any]) -> int:
        """Queue a job; earlier queued or running jobs are cancelled and their results will be dropped."""
        for control in self._running.values():
            control.cancel()
        job_id = next(self._ids)
        self._latest = job_id
        control = JobControl(job_id, self._signals.progress.emit)
        self._running[job_id] = control
        if len(self._running) == 1:
            self.busy_changed.emit(True)
        self._pool.start(_Job(job_id, function, self._signals, control))
        return job_id

    def cancel(self) -> None:
        for control in self._running.values():
            control.cancel()

    def wait(self, timeout_ms: int = 30_000) -> bool:
        return self._pool.waitForDone(timeout_ms)

    def _retire(self, job_id: int) -> None:
        self._running.pop(job_id, None)
        if not self._running:
            self.busy_changed.emit(False)

    @Slot(int, object)
    def _on_finished(self, job_id: int, result: object) -> None:
        self._retire(job_id)
        if job_id == self._latest:
            self.finished.emit(job_id, result)

    @Slot(int, str, str)
    def _on_failed(self, job_id: int, field: str, message: str) -> None:
        self._retire(job_id)
        if job_id == self._latest:
            self.failed.emit(job_id, field, message)

    @Slot(int)
    def _on_cancelled(self, job_id: int) -> None:
        self._retire(job_id)
        if job_id == self._latest:
            self.cancelled.emit(job_id)

    @Slot(int, int, int)
    def _on_progress(self, job_id: int, done: int, total: int) -> None:
        if job_id == self._latest:
            self.progress.emit(job_id, done, total)


class Debouncer(QObject):
    """Collapses bursts of edits into one call `delay_ms` after the last one."""

    triggered = Signal()

    def __init__(self, delay_ms: int = 300, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.triggered)

    @Slot()
    def poke(self) -> None:
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    @property
    def delay_ms(self) -> int:
        return self._timer.interval()
