"""Shared test set-up: offscreen Qt, and a private user-data folder for every test."""

from __future__ import annotations

import copy
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

if TYPE_CHECKING:
    from gpuplanner.core.scenario.fields import Field

REPO_ROOT = Path(__file__).resolve().parent.parent

# (title, table) pairs that accuracy tests register; printed after the run so every case's error is visible.
VALIDATION_TABLES: list[tuple[str, str]] = []


def pytest_terminal_summary(terminalreporter) -> None:
    # Sorted by title: under pytest-xdist the tables come from whichever worker ran their tests, in any order.
    for title, table in sorted(dict(VALIDATION_TABLES).items()):
        terminalreporter.section(title)
        terminalreporter.write_line(table)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A pytest-xdist worker hands the tables its tests registered to the controller, which prints them."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["validation_tables"] = VALIDATION_TABLES


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """The controller (pytest-xdist) keeps the tables of a worker that finished."""
    VALIDATION_TABLES.extend(tuple(pair) for pair in getattr(node, "workeroutput", {}).get("validation_tables", []))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist (`make test`: --dist loadgroup) the tests sharing a module-scoped fixture run on one worker,
    which builds it once: a cross-validation or a fresh clone's `make run` is not built again by the other worker."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        scopes = {d.scope for defs in info.name2fixturedefs.values() for d in defs} if info is not None else set()
        if "module" in scopes:
            group = item.nodeid.split("::")[0]
            item.add_marker(pytest.mark.xdist_group(group))
            if getattr(config.option, "loadgroup", False):  # a pytest-xdist worker under --dist loadgroup
                name_the_group(item, group)


def name_the_group(item: pytest.Item, group: str) -> None:
    """The group in the test's id ("id@group"), which is all the scheduler reads. pytest-xdist 3.8 writes it to
    `item._nodeid`, which pytest 9 no longer reads (the id is `item._id`): the groups were dropped without a word and
    both workers built each module's fixtures (the cross-validation twice, 97 s each under load)."""
    from _pytest.nodeid import NodeId

    item._id = NodeId.parse(f"{item.nodeid}@{group}")
    if not item.nodeid.endswith(f"@{group}"):
        raise pytest.UsageError(f"pytest-xdist's loadgroup cannot name {group} in {item.nodeid}: each worker "
                                "would build the module's fixtures again")


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


@pytest.fixture(autouse=True, scope="session")
def one_qapplication(qapp):
    """The widgets' QApplication exists before any test runs in-process code that would otherwise make a bare
    QGuiApplication (the CLI's PDF writer does where none exists), whatever order the tests run in."""
    return qapp


@pytest.fixture(autouse=True)
def message_boxes(monkeypatch: pytest.MonkeyPatch) -> MessageBoxes:
    """No test ever waits on a modal message box."""
    from PySide6.QtWidgets import QMessageBox

    boxes = MessageBoxes()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.exec(box))
    return boxes


@pytest.fixture(autouse=True, scope="session")
def session_user_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A user-data folder of this test process (each pytest-xdist worker has its own) for what is built before a
    test's own folder exists: a module-scoped catalog reads no real user's overrides and shares none with the other
    worker."""
    with pytest.MonkeyPatch.context() as patch:
        folder = tmp_path_factory.mktemp("session-userdata")
        patch.setenv("GPUPLANNER_DATA_DIR", str(folder))
        yield folder


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


CLI_TIMEOUT_S = 120
# What Python (locale, encodings, time zone), numpy and its BLAS read from the environment as the interpreter
# starts: a command whose values differ from the fork server's runs in a fresh interpreter, which reads them itself.
STARTUP_VARIABLES = ("PYTHON", "LC_", "LANG", "TZ", "NPY_", "NUMPY_", "OPENBLAS_", "OMP_", "MKL_", "GOTO", "VECLIB")


def run_cli(*args: str, cwd: Path = REPO_ROOT, env: dict[str, str] | None = None):
    """`python -m gpuplanner ARGS` in `cwd` with the test's environment (plus `env`): stdout, stderr and the exit
    status as `subprocess.run` gives them. The process is forked from this pytest worker's fork server
    (tests/cli_fork_server.py), which has loaded the modules a command starts with; GPUPLANNER_TEST_FRESH_PROCESSES=1
    starts a fresh interpreter per command instead."""
    import subprocess

    command = [sys.executable, "-m", "gpuplanner", *args]
    full_env = {**os.environ, **(env or {})}
    server = None if os.environ.get("GPUPLANNER_TEST_FRESH_PROCESSES") == "1" else CliForkServer.get()
    if server is None or not server.starts_like(full_env):
        return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=full_env, timeout=CLI_TIMEOUT_S)
    return server.run(command, Path(cwd), full_env)


class CliForkServer:
    """This test process's fork server for `run_cli` (one per pytest-xdist worker), started on first use and stopped
    when the session ends (`stop_cli_fork_server`)."""

    running: CliForkServer | None = None

    def __init__(self) -> None:
        import subprocess
        import tempfile

        self.env = dict(os.environ)
        self.scratch = Path(tempfile.mkdtemp(prefix="gpuplanner-cli-"))
        self.process = subprocess.Popen([sys.executable, str(Path(__file__).with_name("cli_fork_server.py"))],
                                        cwd=REPO_ROOT, env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        assert self.process.stdout is not None and self.process.stdout.readline() == "ready\n", \
            "the CLI fork server did not start"

    @classmethod
    def get(cls) -> CliForkServer:
        if cls.running is not None and cls.running.process.poll() is not None:  # ended: its pipes are closed
            cls.running.stop()
            cls.running = None
        if cls.running is None:
            cls.running = cls()
        return cls.running

    def starts_like(self, env: dict[str, str]) -> bool:
        """Whether a fresh interpreter started with `env` would read at start-up what the server read."""
        def startup(values: dict[str, str]) -> dict[str, str]:
            return {key: value for key, value in values.items() if key.startswith(STARTUP_VARIABLES)}

        return startup(env) == startup(self.env)

    def run(self, command: list[str], cwd: Path, env: dict[str, str]):
        import locale
        import subprocess

        out, err = self.scratch / "stdout", self.scratch / "stderr"
        request = {"args": command[3:], "cwd": str(cwd), "env": env, "stdout": str(out), "stderr": str(err),
                   "timeout": CLI_TIMEOUT_S}
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())

        def text(path: Path) -> str:  # as subprocess.run(text=True) decodes: the locale's encoding, universal newlines
            data = path.read_bytes().decode(locale.getpreferredencoding(False))
            return data.replace("\r\n", "\n").replace("\r", "\n")

        if answer.get("timed_out"):
            raise subprocess.TimeoutExpired(command, CLI_TIMEOUT_S, text(out), text(err))
        return subprocess.CompletedProcess(command, answer["returncode"], text(out), text(err))

    def stop(self) -> None:
        import shutil

        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()  # the server ends at the end of its input
        self.process.wait(timeout=30)
        self.process.stdout.close()
        shutil.rmtree(self.scratch, ignore_errors=True)


@pytest.fixture(autouse=True, scope="session")
def stop_cli_fork_server() -> Iterator[None]:
    yield
    if CliForkServer.running is not None:
        CliForkServer.running.stop()
        CliForkServer.running = None


def another_value(spec: Field) -> object:
    """A value the field takes other than its default."""
    default = spec.file_default
    if spec.choices:
        return next(choice for choice in reversed(spec.choices) if choice != default)
    if spec.kind is bool:
        return not default
    low, high = spec.minimum or 0.0, spec.maximum or 1e6
    value = low + 1.0 if default is None else float(default) * 0.9
    if not low < value <= high:
        value = (low + high) / 2
    return int(value) if spec.kind is int else value


def with_value(data: dict, path: str, value: object) -> dict:
    """A copy of a scenario document with the field at the dotted `path` set to `value`."""
    edited = copy.deepcopy(data)
    *sections, key = path.split(".")
    inner = edited
    for section in sections:
        inner = inner.setdefault(section, {})
    inner[key] = value
    return edited


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


def open_chart_panel(qtbot, width: int = 1000, height: int = 900):
    """The charts panel alone, shown at a size in the font the sheet and the app draw with."""
    from PySide6.QtGui import QFont

    from gpuplanner.report.fonts import report_font_family
    from gpuplanner.ui.charts import ChartPanel

    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.setFont(QFont(report_font_family()))
    panel.resize(width, height)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


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


@pytest.fixture(autouse=True)
def no_modifier_key_left_held() -> Iterator[None]:
    """QTest releases a modifier key with the modifier still set, so after a test's Ctrl+C Qt takes Ctrl as held:
    the next test's `selectRow(0)` on the plans table toggled the selected row off (a failure that depended on the
    order the tests ran in). Every test starts with no modifier held."""
    yield
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QWidget

    if QGuiApplication.instance() is not None and QGuiApplication.keyboardModifiers() != Qt.KeyboardModifier.NoModifier:
        receiver = QWidget()
        QTest.keyRelease(receiver, Qt.Key.Key_Control)  # a key event with no modifier: Qt's state follows it
        receiver.deleteLater()


@pytest.fixture(autouse=True)
def no_threads_or_timers_left_running():
    """A test may not leave a thread running, a worker pool busy or a timer of a closed window armed: each would run
    into the next test."""
    import threading
    import time

    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + 5.0
    while True:
        # Qt's pool threads show as dummy threads once they run Python; the pools are checked below.
        threads = [t for t in threading.enumerate() if t not in before and t.is_alive()
                   and not isinstance(t, threading._DummyThread)]
        if not threads or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert threads == [], f"threads left running: {threads}"
    from PySide6.QtCore import QThreadPool, QTimer
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        return
    for window in QApplication.topLevelWidgets():
        for pool in window.findChildren(QThreadPool):
            assert pool.waitForDone(5000), f"a worker of {type(window).__name__} is still running"
        if not window.isVisible():
            armed = [timer.objectName() or repr(timer) for timer in window.findChildren(QTimer) if timer.isActive()]
            assert armed == [], f"timers left armed on a closed {type(window).__name__}: {armed}"
