"""An internal error leaves its traceback in a rotating log in the user-data folder, which the app's dialog and the
command line's one-line error name; an error raised while the dialog for another is open adds no second dialog."""

from __future__ import annotations

import sys


def _raise(message: str) -> tuple:
    try:
        raise RuntimeError(message)
    except RuntimeError:
        return sys.exc_info()


def test_the_crash_log_rotates_and_keeps_the_traceback(private_user_data, monkeypatch) -> None:
    import gpuplanner.crash_log as crash_log

    monkeypatch.setattr(crash_log, "MAX_BYTES", 500)
    for number in range(12):
        path = crash_log.write_crash(*_raise(f"failure number {number}"))
    assert path == private_user_data / "logs" / "crash.log"
    assert "failure number 11" in path.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in path.read_text(encoding="utf-8")
    rotated = sorted(p.name for p in path.parent.iterdir())
    assert rotated == ["crash.log", "crash.log.1", "crash.log.2"]  # at most two older files beside it


def test_an_unwritable_log_folder_is_no_second_error(private_user_data) -> None:
    from gpuplanner.crash_log import write_crash

    private_user_data.mkdir(parents=True)
    (private_user_data / "logs").write_text("a file where the folder should be", encoding="utf-8")
    assert write_crash(*_raise("boom")) is None


def test_the_app_dialog_names_the_log_and_guards_against_reentry(qtbot, private_user_data, monkeypatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from gpuplanner.ui.app import _install_error_handling

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    monkeypatch.setattr("gpuplanner.ui.app.enable_fault_log", lambda: None)  # pytest's own faulthandler stays
    _install_error_handling()
    hook = sys.excepthook
    shown: list[str] = []

    def exec_(box: QMessageBox) -> int:
        shown.append(box.text())
        if len(shown) == 1:  # another error while this dialog is open
            hook(*_raise("raised inside the dialog"))
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    hook(*_raise("first failure"))
    log = private_user_data / "logs" / "crash.log"
    assert len(shown) == 1 and str(log) in shown[0] and "first failure" in shown[0]
    written = log.read_text(encoding="utf-8")
    assert "first failure" in written and "raised inside the dialog" in written
    hook(*_raise("a later failure"))  # once the dialog is closed, the next error has its own
    assert len(shown) == 2


def test_the_command_line_keeps_the_traceback_in_the_log(private_user_data, monkeypatch, capsys) -> None:
    import gpuplanner.cli.main as cli

    def broken(_args) -> int:
        raise ZeroDivisionError("a bug of ours")

    monkeypatch.delenv("GPUPLANNER_DEBUG", raising=False)
    assert cli._run(broken, None) == cli.EXIT_BUG
    line = capsys.readouterr().err.strip()
    log = private_user_data / "logs" / "crash.log"
    assert str(log) in line and "ZeroDivisionError" in line
    assert "a bug of ours" in log.read_text(encoding="utf-8")
    assert "Traceback" in log.read_text(encoding="utf-8")


def test_a_fatal_error_in_the_app_leaves_its_traceback_in_the_crash_log(private_user_data) -> None:
    """A segfault (in a Qt or numpy call) runs no Python handler: faulthandler, enabled with the app's error
    handling, writes the Python stack of every thread into crash.log before the process dies."""
    import os
    import subprocess

    code = ("from gpuplanner.ui.app import _install_error_handling\n"
            "_install_error_handling()\n"
            "import faulthandler\n"
            "def deep_inside_the_estimate():\n"
            "    faulthandler._sigsegv()\n"
            "deep_inside_the_estimate()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "GPUPLANNER_DATA_DIR": str(private_user_data)})
    assert done.returncode != 0
    log = (private_user_data / "logs" / "crash.log").read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in log and "deep_inside_the_estimate" in log


def test_a_bug_inside_a_background_estimate_reaches_the_log_and_the_dialog(main_window, qtbot, private_user_data,
                                                                           monkeypatch) -> None:
    """The worker thread caught a bug and showed "Estimate failed" without a traceback anywhere a user could send."""
    from PySide6.QtWidgets import QMessageBox

    import gpuplanner.ui.planning_controller as controller

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("a bug inside the planner")

    shown: list[str] = []

    def exec_(box: QMessageBox) -> int:
        shown.append(box.text())
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(controller, "plan_for_scenario", broken)
    monkeypatch.setattr(QMessageBox, "exec", exec_)
    main_window.recompute()
    qtbot.waitUntil(lambda: bool(shown), timeout=10_000)
    log = private_user_data / "logs" / "crash.log"
    assert "a bug inside the planner" in shown[0] and str(log) in shown[0]
    written = log.read_text(encoding="utf-8")
    assert "internal error in the background estimate" in written and "ZeroDivisionError" in written
    assert "def broken" not in written and "in broken" in written  # the traceback, frame by frame
