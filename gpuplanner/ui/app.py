"""Start the desktop app (or its offscreen smoke test): one error path, settings, translators."""

from __future__ import annotations

import logging
import os
import sys
import time
import traceback
from types import TracebackType
from typing import TYPE_CHECKING

from gpuplanner.catalog.store import Catalog
from gpuplanner.crash_log import enable_fault_log, write_crash
from gpuplanner.display import use_offscreen_without_display

if TYPE_CHECKING:
    from gpuplanner.ui.main_window import MainWindow

log = logging.getLogger("gpuplanner")


# Harmless chatter of the offscreen platform plugin.
IGNORED_QT_MESSAGES = ("This plugin does not support propagateSizeHints",)


def _install_error_handling(*, fatal: bool = False) -> None:
    """Qt messages go to logging; an uncaught exception shows a dialog instead of killing the app silently."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication, QMessageBox

    from gpuplanner.ui.dialogs import message_box

    levels = {QtMsgType.QtDebugMsg: logging.DEBUG, QtMsgType.QtInfoMsg: logging.INFO,
              QtMsgType.QtWarningMsg: logging.WARNING, QtMsgType.QtCriticalMsg: logging.ERROR,
              QtMsgType.QtFatalMsg: logging.CRITICAL}

    def qt_message(kind: QtMsgType, _context: object, message: str) -> None:
        if not message.startswith(IGNORED_QT_MESSAGES):
            logging.getLogger("qt").log(levels.get(kind, logging.WARNING), message)

    qInstallMessageHandler(qt_message)

    handling: list[bool] = []  # set while the dialog for one error is open

    def excepthook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        log.error("uncaught exception:\n%s", "".join(traceback.format_exception(kind, value, tb)))
        written = write_crash(kind, value, tb)
        if fatal:  # the smoke test must fail, not wait on a dialog
            os._exit(1)
        if handling or QApplication.instance() is None:  # one dialog at a time; the log has every error
            return
        handling.append(True)
        try:
            where = (QApplication.translate("App", "The details are in %1; attach that file to a report.")
                     .replace("%1", str(written)) if written is not None else
                     QApplication.translate("App", "The details could not be written to a log file."))
            message_box(None, QMessageBox.Icon.Critical, QApplication.translate("App", "Unexpected error"),
                        QApplication.translate("App", "GPU Planner hit an internal error and kept running; "
                                               "your inputs are autosaved.\n\n%1").replace(
                            "%1", f"{kind.__name__}: {value}") + "\n\n" + where)
        finally:
            handling.clear()

    sys.excepthook = excepthook
    enable_fault_log()


class LanguageSwitcher:
    """Rebuilds the main window in another language; the scenario and geometry carry over."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        window.language_requested.connect(self.switch)

    def switch(self, code: str) -> None:
        from gpuplanner.i18n.language import install_translations
        from gpuplanner.ui.main_window import MainWindow

        old = self.window
        scenario = old.wizard.scenario()
        old.settings.set_language(code)
        install_translations(code)
        new = MainWindow(old.catalog, old.settings)
        new.restoreGeometry(old.saveGeometry())
        new.adopt_document(scenario, old.current_path, recovered=old.recovered,
                           history=old.undo_history(), page=old.wizard.currentId())
        new.language_requested.connect(self.switch)
        new.show()
        new.start()
        self.window = new
        old.close_without_asking = True
        old.close()
        old.deleteLater()


# The wall-clock time (time.time()) a benchmark launched this process at: the smoke test then also reports its
# first paint from the launch, which the in-process clock below starts after the command line's imports.
LAUNCH_TIME_VARIABLE = "GPUPLANNER_LAUNCHED_AT"


def run_gui(argv: list[str], *, smoke_test: bool = False, language: str = "") -> int:
    started = time.perf_counter()
    if smoke_test:
        use_offscreen_without_display()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    from gpuplanner.i18n.language import install_translations
    from gpuplanner.report.fonts import report_font_family
    from gpuplanner.ui.collector import IdleCollector
    from gpuplanner.ui.contrast_style import use_contrast_style
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    running = QApplication.instance()
    app = running if isinstance(running, QApplication) else QApplication([sys.argv[0], *argv])
    app.setApplicationName("GPU Planner")
    app.setOrganizationName("gpuplanner")
    _install_error_handling(fatal=smoke_test)
    use_contrast_style(app)  # radio buttons and check boxes visible in a dark palette too
    settings = AppSettings()
    install_translations(language or settings.language())
    app.setFont(QFont(report_font_family(), app.font().pointSize()))  # CJK glyphs on machines without fonts
    window = MainWindow(Catalog(), settings)
    window.restore_session()
    window.show()
    # What the app has made by now lives as long as it does: kept out of the collector's passes, whose full pass
    # over it (one every ~8 plans) held whichever thread ran it 100-300 ms, 4-46 ms so (offscreen, 80,824 objects);
    # and the full pass, over what the window holds later, runs when the window is idle.
    _collector = IdleCollector(window)  # kept alive while the app runs
    window.start()
    if not smoke_test:
        _switcher = LanguageSwitcher(window)  # kept alive while the app runs
        return app.exec()

    timings: dict[str, float] = {}

    def first_paint() -> None:
        window.grab()
        timings["paint"] = time.perf_counter() - started
        launched = os.environ.get(LAUNCH_TIME_VARIABLE)
        if launched:  # set by benchmarks/bundle.py: the clock from the process's launch, imports included
            timings["since_launch"] = time.time() - float(launched)

    draw_count = [0]

    def first_result() -> None:
        window.ensure_charts()
        window.tabs.setCurrentIndex(1)
        window.grab()
        draw_count[0] = window.charts.draw_count if window.charts is not None else 0
        timings["result"] = time.perf_counter() - started
        app.quit()

    def give_up() -> None:
        print(f"smoke test: no result within 120 s (last error: {window.last_error})", file=sys.stderr)
        app.exit(1)

    window.close_without_asking = True  # an automated start: no one is there to answer; the session is autosaved
    QTimer.singleShot(0, first_paint)
    window.result_shown.connect(first_result)
    QTimer.singleShot(120_000, give_up)
    code = app.exec()
    window.close()
    if code == 0:
        charts = draw_count[0]
        import PySide6

        since = f" ({timings['since_launch']:.2f} s after launch)" if "since_launch" in timings else ""
        print(f"smoke test: first paint after {timings['paint']:.2f} s{since}, first result after "
              f"{timings['result']:.2f} s, charts drawn {charts} time(s), "
              f"{len(window.last_result.plans) if window.last_result else 0} plans"
              f" (Qt for Python {PySide6.__version__}, platform {app.platformName()})")
    return code
