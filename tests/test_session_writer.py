"""The session file kept at every edit is written off the window's thread: a slow disk never holds the window, the
file ends up with the newest inputs (and has them when the window closes), and a write that fails still reaches the
user once."""

from __future__ import annotations

import json
import time

import pytest
from PySide6.QtCore import QElapsedTimer, Qt, QTimer

from gpuplanner import safe_write

SLOW_DISK_S = 1.5  # each file's fsync takes this long: far beyond any stall of the window's own work


@pytest.fixture
def slow_disk(monkeypatch) -> list[int]:
    """Every os.fsync (safe_write's, which every session write makes) takes SLOW_DISK_S; the handles synced."""
    synced: list[int] = []
    real_fsync = safe_write.os.fsync

    def slow_fsync(handle: int) -> None:
        time.sleep(SLOW_DISK_S)
        synced.append(handle)
        real_fsync(handle)

    monkeypatch.setattr(safe_write.os, "fsync", slow_fsync)
    return synced


def test_a_slow_disk_never_holds_the_window(qtbot, main_window, slow_disk) -> None:
    """Two sequence-length edits (key presses) while every session write takes 1.5 s: the event loop keeps
    turning (before, the window's thread wrote the file itself and stood still for the whole write), and once the
    writes are done the file holds the length now on screen."""
    box = main_window.wizard.model_page.seq_len
    gaps: list[int] = []
    clock = QElapsedTimer()
    ticker = QTimer()
    ticker.setInterval(10)
    ticker.timeout.connect(lambda: gaps.append(clock.restart()))
    clock.start()
    ticker.start()
    for _ in range(2):
        with qtbot.waitSignal(main_window.result_shown, timeout=60_000):
            qtbot.keyClick(box, Qt.Key.Key_Up)
    qtbot.wait(50)
    ticker.stop()
    assert gaps and max(gaps) < SLOW_DISK_S * 1000 * 2 / 3
    main_window.session_writer.flush()
    assert slow_disk  # (the writes went through the slow disk)
    session = json.loads(main_window.settings.session_path.read_text(encoding="utf-8"))
    assert session["scenario"]["seq_len"] == box.value()


def test_the_newest_session_is_on_disk_when_the_window_closes(qtbot, main_window, slow_disk) -> None:
    """An edit planned and shown while its session write is still under way (a slow disk): closing the window
    waits for the write, so the file holds the edit."""
    main_window.settings.session_path.unlink(missing_ok=True)
    box = main_window.wizard.model_page.seq_len
    with qtbot.waitSignal(main_window.result_shown, timeout=60_000):
        qtbot.keyClick(box, Qt.Key.Key_Up)
    main_window.close_without_asking = True
    main_window.close()
    session = json.loads(main_window.settings.session_path.read_text(encoding="utf-8"))
    assert session["scenario"]["seq_len"] == box.value()


def test_a_session_write_that_fails_reaches_the_user_once(qtbot, main_window) -> None:
    """The session file's place is a folder: each edit's background write fails, and the window says so in one
    notice (and on the status line), not once per edit."""
    main_window.settings.session_path.unlink(missing_ok=True)
    main_window.settings.session_path.mkdir(parents=True)
    box = main_window.wizard.model_page.seq_len
    for _ in range(3):
        with qtbot.waitSignal(main_window.session_writer.written, timeout=60_000):
            qtbot.keyClick(box, Qt.Key.Key_Up)
    qtbot.waitUntil(lambda: main_window._autosave_failing, timeout=10_000)
    assert main_window.notices.label.text().count("Autosave failed") == 1
    assert "Autosave failed" in main_window.status.text()
    main_window.close_without_asking = True  # (the session's place stays a folder: no prompt, nothing to remove)
    main_window.close()


def test_a_session_write_begins_after_the_repaint_of_the_edit(qtbot, tmp_path, monkeypatch) -> None:
    """A write asked for in a turn of the GUI thread begins once that turn's events, the repaint included, are
    handled: begun at once, the writer's Python between its system calls took turns with the paint's for the
    interpreter lock. flush() lets it through at once."""
    from PySide6.QtWidgets import QApplication

    import gpuplanner.ui.session_writer as session_module

    monkeypatch.setattr(session_module, "START_WAIT_LIMIT_S", 60.0)  # only the GUI thread lets it through
    writer = session_module.SessionWriter()
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    writer.write(str(first), b"{}")
    time.sleep(0.2)  # time enough for a write begun at once
    assert not first.exists()
    with qtbot.waitSignal(writer.written, timeout=10_000):
        QApplication.processEvents()  # the turn's events, then the write
    assert first.read_bytes() == b"{}"
    writer.write(str(second), b"[]")
    writer.flush()
    assert second.read_bytes() == b"[]"
