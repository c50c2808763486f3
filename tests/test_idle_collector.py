"""The app's cyclic collector runs its full pass while the window is idle, never while a plan runs or the user
edits: a full pass walks every object the window holds (the answers kept for undo, the reused estimates) and held the
planner's worker, and so the window, 50-166 ms in the middle of an edit."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from gpuplanner.ui.collector import IdleCollector
from tests.conftest import compute


@pytest.fixture
def full_passes() -> Iterator[list[bool]]:
    """Each full (generation 2) pass of the collector, with whether it ran on the GUI thread's idle timer (True)
    or on Python's own rule (False); the collector's thresholds and frozen objects put back after the test."""
    passes: list[bool] = []
    thresholds = gc.get_threshold()
    idle = [False]

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            passes.append(idle[0])

    real_collect = gc.collect

    def idle_collect(*args: int) -> int:
        idle[0] = True
        try:
            return real_collect(*args)
        finally:
            idle[0] = False

    gc.callbacks.append(seen)
    gc.collect = idle_collect  # type: ignore[assignment]  # (the collector module calls gc.collect by name)
    try:
        yield passes
    finally:
        gc.collect = real_collect
        gc.callbacks.remove(seen)
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def test_the_full_pass_waits_for_the_window_to_be_idle(qtbot, main_window, full_passes) -> None:
    """Sequence lengths stepped up by key presses, each planned at once on the whole catalog: Python's own rule
    never runs a full pass meanwhile (with its rule, one ran every few plans), and once the window has been idle
    the collector runs one; a new edit puts the next off again."""
    collector = IdleCollector(main_window, idle_ms=300)
    pages = main_window.wizard  # the heaviest plan the wizard offers, as the app's responsiveness benchmark plans it
    pages.model_page.preset.setCurrentIndex(pages.model_page.preset.findData("llama-2-70b"))
    compute(qtbot, main_window)
    box = pages.model_page.seq_len
    for _ in range(12):
        with qtbot.waitSignal(main_window.result_shown, timeout=60_000):
            qtbot.keyClick(box, Qt.Key.Key_Up)
    assert False not in full_passes  # none by Python's rule while the plans ran
    qtbot.waitUntil(lambda: collector.passes == 1, timeout=10_000)
    assert full_passes == [True]
    qtbot.keyClick(box, Qt.Key.Key_Up)  # an edit: the next pass waits for its plan and the idle time after it
    qtbot.wait(100)
    assert collector.passes == 1
    qtbot.waitUntil(lambda: collector.passes == 2, timeout=30_000)
