"""Shared test set-up: offscreen Qt, and a private user-data folder for every test."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent

# (title, table) pairs that accuracy tests register; printed after the run so every case's error is visible.
VALIDATION_TABLES: list[tuple[str, str]] = []


def pytest_terminal_summary(terminalreporter) -> None:
    for title, table in VALIDATION_TABLES:
        terminalreporter.section(title)
        terminalreporter.write_line(table)


class MessageBoxes:
    """Every QMessageBox the app shows, recorded instead of blocking: (title, text, text format). Questions are
    answered from `answers` (first in, first out), else Discard; other boxes get Ok."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, str, object]] = []
        self.answers: list[object] = []

    def exec(self, box) -> int:
        from PySide6.QtWidgets import QMessageBox

        self.shown.append((box.windowTitle(), box.text(), box.textFormat()))
        buttons = box.standardButtons()
        if self.answers:
            return int(self.answers.pop(0).value)
        if buttons & QMessageBox.StandardButton.Discard:
            return int(QMessageBox.StandardButton.Discard.value)
        return int(QMessageBox.StandardButton.Ok.value)


@pytest.fixture(autouse=True)
def message_boxes(monkeypatch: pytest.MonkeyPatch) -> MessageBoxes:
    """No test ever waits on a modal message box."""
    from PySide6.QtWidgets import QMessageBox

    boxes = MessageBoxes()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.exec(box))
    return boxes


@pytest.fixture(autouse=True)
def private_user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Never touch the real user's overrides or settings."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("GPUPLANNER_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def catalog():
    from gpuplanner.catalog.store import Catalog

    return Catalog()


def run_cli(*args: str, cwd: Path = REPO_ROOT, env: dict[str, str] | None = None):
    import subprocess

    return subprocess.run([sys.executable, "-m", "gpuplanner", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, **(env or {})}, timeout=120)


def open_window(qtbot, catalog=None):
    """The real main window, shown, on a private user-data folder (the autouse fixture above)."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    window = MainWindow(catalog or Catalog(), AppSettings())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def close_window(window) -> None:
    """Tear-down: close without the Save/Discard prompt a person would answer."""
    window.close_without_asking = True
    window.close()


@pytest.fixture
def main_window(qtbot, private_user_data):
    window = open_window(qtbot)
    yield window
    close_window(window)


def compute(qtbot, window):
    """Plan the wizard's current inputs now (no debounce wait) and return the result the window shows."""
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        window.debouncer.stop()
        window.recompute()
    return window.last_result
