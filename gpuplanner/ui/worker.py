"""One background-job abstraction: run a pure function on a pool thread, deliver its result on the GUI thread.

Every job carries an id; only the newest job's result is delivered (stale results are dropped). Exceptions in
the job never escape: they arrive as `failed(job_id, field, message)`, the field "" for a bug of ours. A job may
report progress and be cancelled through the `JobControl` it receives; a cancelled job raises CancelledError and
delivers `cancelled(job_id)`, never a partial result. A job starts once the GUI thread has handled the events its
submission queued, the window's repaint included (see LatestJobRunner.submit).
"""

from __future__ import annotations

import itertools
import logging
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRunnable, Qt, QThreadPool, QTimer, Signal, Slot
from shiboken6 import isValid

from gpuplanner.core.base.errors import CancelledError, InputError
from gpuplanner.crash_log import write_crash
from gpuplanner.i18n.messages import translated

log = logging.getLogger(__name__)

# The longest the GUI thread waits for the interpreter lock while a job runs Python on the pool thread: the holder
# hands it over once a waiter has waited a switch interval (CPython's default 5 ms), and the GUI thread waits so for
# each slot, paint call and timer it runs during a plan.
GUI_LOCK_WAIT_S = 0.001

# The event that lets the work asked for since the last one begin, posted below the priority of a repaint (Qt posts
# a window's UpdateRequest at LowEventPriority), so that the GUI thread paints what led to the work before it runs.
_AFTER_REPAINT = QEvent.Type(QEvent.registerEventType())
_AFTER_REPAINT_PRIORITY = Qt.EventPriority.LowEventPriority.value - 1
# Work whose start the GUI thread has not let through within this long (a GUI thread that busy, or a runner torn down
# without wait()) begins anyway.
START_WAIT_LIMIT_S = 2.0

# A progress bar needs no more than about 20 updates a second: each report is a queued call the GUI thread runs
# (and a wait for the interpreter lock the job holds); a 70B full-catalog plan reported about 50 times in 250 ms.
PROGRESS_INTERVAL_S = 0.05


class _AfterRepaint(QObject):
    """The application's one keeper of the work let through after the repaint (after_repaint)."""

    def __init__(self, parent: QObject | None) -> None:
        super().__init__(parent)
        self._gates: list[tuple[bool, threading.Event | None, Callable[[], None] | None]] = []

    def add(self, gate: threading.Event | None, before: Callable[[], None] | None, last: bool) -> None:
        self._gates.append((last, gate, before))
        if len(self._gates) == 1:
            QCoreApplication.postEvent(self, QEvent(_AFTER_REPAINT), _AFTER_REPAINT_PRIORITY)

    def customEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() != _AFTER_REPAINT:
            super().customEvent(event)
            return
        gates, self._gates = sorted(self._gates, key=lambda gate: gate[0]), []  # (stable: the `last` ones last)
        for _last, _gate, before in gates:
            if before is not None:
                before()
        for _last, gate, _before in gates:  # one after the other, the GUI thread's last steps in this turn
            if gate is not None:
                gate.set()


def after_repaint(gate: threading.Event | None = None, before: Callable[[], None] | None = None,
                  last: bool = False) -> None:
    """Set `gate`, which work on another thread waits on, once the GUI thread has handled the events queued now, the
    window's repaint included; `before` is called first (work of the GUI thread's own that should wait for the
    repaint), and every gate due then is set after every `before`, in one call into Python (`last`: after the
    others: a plan, which holds the interpreter lock from its first line). Work let through so, rather than started
    then: a pool started from Python hands the interpreter lock to the new thread inside the call, and the GUI thread
    then waits to have it back; once a gate is set, the lock is wanted only for the few steps to the end of the
    turn."""
    application = QCoreApplication.instance()
    keeper = application.findChild(_AfterRepaint) if application is not None else None
    if keeper is None:
        keeper = _AfterRepaint(application)
    keeper.add(gate, before, last)


class JobControl:
    """Handed to the job function: report progress, learn about cancellation."""

    def __init__(self, job_id: int, emit_progress: Callable[[int, int, int], None]) -> None:
        self.job_id = job_id
        self._cancelled = threading.Event()
        self._emit_progress = emit_progress
        self._reported_at: float | None = None  # when progress was last passed on

    def cancel(self) -> None:
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def progress(self, done: int, total: int) -> bool:
        """Report progress; returns False once cancelled (pure code can stop on that). The first and the last
        report are passed on, the others at most every PROGRESS_INTERVAL_S; cancellation is checked on every one."""
        now = time.monotonic()
        if self._reported_at is None or done >= total or now - self._reported_at >= PROGRESS_INTERVAL_S:
            self._reported_at = now
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
        self.let_through = threading.Event()  # set by the GUI thread once it has painted what led to the job

    def run(self) -> None:
        self.let_through.wait(START_WAIT_LIMIT_S)
        if self.control.cancelled:  # superseded before it began: never run
            self.signals.cancelled.emit(self.job_id)
            return
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
    """Runs jobs one after another on a private pool; delivers only the newest job's outcome. A job submitted
    begins once the GUI thread has handled what is queued before it, the repaint included: a job begun at once
    holds the interpreter lock while the window paints the edit that asked for it, and each call of the paint into
    Python (a style hook, an event filter, a slot) waited for it, up to the switch interval, or took turns with it:
    the window's 7-9 ms of work for a key press held it 17-38 ms (70B plans, offscreen, a loaded machine). The job
    is handed to the pool thread at once and waits there to be let through (a threading.Event): the GUI thread's
    last act in its turn is then a Python call that keeps the lock until it returns, where starting the pool then
    released the lock inside the call, to the job, and waited 2-9 ms to have it back."""

    finished = Signal(int, object)  # job id, result
    failed = Signal(int, str, str)  # job id, the input field at fault ("" for a bug of ours), message
    progress = Signal(int, int, int)  # job id, done, total
    cancelled = Signal(int)  # job id: the newest job stopped on request and has no result
    started = Signal(int)  # job id: let through to run (after the events queued before it)
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        sys.setswitchinterval(min(sys.getswitchinterval(), GUI_LOCK_WAIT_S))
        self._ids = itertools.count(1)
        self._latest = 0
        self._running: dict[int, JobControl] = {}
        self._waiting: list[_Job] = []  # submitted, to be let through after the next repaint
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
        job = _Job(job_id, function, self._signals, control)
        self._waiting.append(job)
        after_repaint(job.let_through, lambda: self._announce(job), last=True)
        self._pool.start(job)
        return job_id

    def _announce(self, job: _Job) -> None:
        """`job` is about to be let through: say so (`started`), unless it was cancelled meanwhile (a newer edit's: it
        never runs) or the runner was deleted meanwhile (its window closed: nobody listens)."""
        if job in self._waiting:
            self._waiting.remove(job)
            if isValid(self) and not job.control.cancelled:
                self.started.emit(job.job_id)

    def cancel(self) -> None:
        for control in self._running.values():
            control.cancel()

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Run the jobs submitted to their end (those not let through yet included), at most `timeout_ms`."""
        for job in list(self._waiting):
            self._announce(job)
            job.let_through.set()
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
    """Turns edits into calls: a whole value (a pick, a step, a toggle, an undo) alone is answered at once; typed
    text, and every edit of a burst, waits until the edits have paused `delay_ms`, so a burst is one call at its
    end. The first edit of a burst is told apart once the event that made it is handled: the signals of one key or
    click (a spin box's valueChanged comes before its line edit's textEdited) arrive together. The decision is a
    queued call, run before the window repaints for the edit (a repaint is a low-priority event): one repaint shows
    the new value and the plan's status, and the plan starts after it (LatestJobRunner)."""

    triggered = Signal()
    _first_edit = Signal()  # queued to _decide: the event that made the first edit is over

    def __init__(self, delay_ms: int = 300, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._typed = False  # an edit of the pending ones is typed text
        self._pending = False  # edits wait for the end of the burst
        self._deciding = False  # the first edit's event is being handled: _decide runs once it is over
        self._first_edit.connect(self._decide, Qt.ConnectionType.QueuedConnection)
        self._pause = QTimer(self)  # the burst is over once this runs out
        self._pause.setSingleShot(True)
        self._pause.setInterval(delay_ms)
        self._pause.timeout.connect(self._burst_over)

    @Slot()
    def poke(self) -> None:
        """An edit."""
        if self._deciding:
            return  # the same key or click: decided with it
        if self._pause.isActive():  # within a burst
            self._pending = True
            self._pause.start()
            return
        self._deciding = True
        self._first_edit.emit()

    @Slot()
    def typed(self) -> None:
        """The edit was typed text: the typist may not be done."""
        self._typed = True
        self.poke()

    @Slot()
    def answered(self) -> None:
        """The answer to the edits so far is on screen: the next edit is a first one, planned at once, however soon
        it comes (a ranking-only plan is shown in about 60 ms, within `delay_ms` of its edit). A burst is the edits
        made before their answer could be shown (a held key)."""
        if not self._pending and not self._deciding:
            self._pause.stop()

    def stop(self) -> None:
        """Forget the edits not yet answered."""
        self._pause.stop()
        self._typed = self._pending = self._deciding = False

    @property
    def delay_ms(self) -> int:
        """The pause that ends a burst of edits."""
        return self._pause.interval()

    @delay_ms.setter
    def delay_ms(self, delay_ms: int) -> None:
        self._pause.setInterval(delay_ms)

    @Slot()
    def _decide(self) -> None:
        if not self._deciding:
            return  # stopped since the edit
        self._deciding = False
        self._pause.start()  # edits from now on are a burst's
        if self._typed:
            self._pending = True
        else:
            self.triggered.emit()

    @Slot()
    def _burst_over(self) -> None:
        if self._pending:
            self._typed = self._pending = False
            self.triggered.emit()
