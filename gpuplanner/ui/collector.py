"""The cyclic garbage collector in the desktop app: its young passes as Python makes them, its full pass only while
the window is idle. A full pass walks every object the app holds (the answers it keeps for undo, the estimates it
reuses: about 50 ms of CPU on a 70B plan's, offscreen) and holds whichever thread runs it, the planner's worker
included, so that a pass falling during an edit froze the window for as long (50-166 ms measured). Reference counting
frees what the planner makes; the collector is there for the rare cycle, which waits for the next pause."""

from __future__ import annotations

import gc

from PySide6.QtCore import QEvent, QObject, QTimer

from gpuplanner.ui.main_window import MainWindow

# How long the window is left alone (no plan running, no edit) before the full pass runs.
IDLE_MS = 1500
# Python's own rule runs the full pass after this many passes of the middle generation (and once the objects waiting
# for it are a quarter of those it holds): this high, never, so that it runs only here.
NO_FULL_PASS = 1 << 30


class IdleCollector(QObject):
    """Keep what the window holds by now out of every pass (gc.freeze: it lives as long as the app does) and run
    the full pass once the window has been idle for IDLE_MS; every plan started and every edit puts it off."""

    def __init__(self, window: MainWindow, idle_ms: int = IDLE_MS) -> None:
        super().__init__(window)
        self.window = window
        self.passes = 0  # full passes run (read by the tests)
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, NO_FULL_PASS)
        gc.freeze()
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(idle_ms)
        self.timer.timeout.connect(self._collect)
        window.runner.busy_changed.connect(self._busy)
        window.wizard.edited.connect(self._put_off)
        window.wizard.typed.connect(self._put_off)
        window.installEventFilter(self)

    def _busy(self, busy: bool) -> None:
        if busy:
            self.timer.stop()
        else:
            self._put_off()

    def _put_off(self) -> None:
        """The full pass runs IDLE_MS from now, if the window is still open."""
        if self.window.isVisible():
            self.timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.window and event.type() == QEvent.Type.Hide:  # closed (or minimised): nothing to wait for
            self.timer.stop()
        return super().eventFilter(watched, event)

    def _collect(self) -> None:
        gc.collect()
        self.passes += 1
