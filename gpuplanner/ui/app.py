"""Start the desktop app (or its offscreen smoke test)."""

from __future__ import annotations

import os
import sys
import time

from gpuplanner.catalog.store import Catalog


def run_gui(argv: list[str], *, smoke_test: bool = False) -> int:
    started = time.perf_counter()
    if smoke_test:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from gpuplanner.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("GPU Planner")
    app.setOrganizationName("gpuplanner")
    window = MainWindow(Catalog())
    window.show()
    if not smoke_test:
        return app.exec()

    def report_first_paint() -> None:
        window.grab()  # forces a full paint of the window
        print(f"smoke test: first paint after {time.perf_counter() - started:.2f} s")
        app.quit()

    QTimer.singleShot(0, report_first_paint)
    app.exec()
    return 0
