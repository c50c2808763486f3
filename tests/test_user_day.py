"""A user's day with the app, driven with real keys: what a pasted, signed or half-typed number does to the plans
and to the file saved."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from gpuplanner.ui.number_input import Refusal, parse_number
from gpuplanner.ui.wizard.common import PageId


def select_and_type(qtbot, box, text: str) -> None:
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box, text)


def test_two_lines_pasted_into_a_number_field_are_refused_not_joined(qtbot, main_window) -> None:
    """A column of two cells copied from a spreadsheet arrives as "12\\n34"; the field showed "12 34" and the plans
    used 1234 sequences a step."""
    main_window.wizard.show_page(int(PageId.MODEL))
    box = main_window.wizard.model_page.global_batch
    before = main_window.wizard.scenario()["training"]["global_batch"]
    QGuiApplication.clipboard().setText("12\n34")
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(box, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert "12 34" in box.text()
    assert box.problem() is not None and "12 34" in box.problem()
    assert main_window.wizard.scenario()["training"]["global_batch"] == before
    select_and_type(qtbot, box, "1 024")  # thousands grouped by a space are still read
    assert box.problem() is None and main_window.wizard.scenario()["training"]["global_batch"] == 1024


@pytest.mark.parametrize(("text", "value"), [("1 281 167", 1281167.0), ("1\u202f281\u202f167", 1281167.0),
                                             ("1.5 k", 1500.0), ("500 万", 5e6), (" 42 ", 42.0)])
def test_spaces_are_read_where_they_group_thousands_or_stand_before_a_suffix(text: str, value: float) -> None:
    assert parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["12 34", "12\n34", "1 2", "12 345.5 6", "1,281 167"])
def test_spaces_that_join_two_numbers_are_refused(text: str) -> None:
    refusal = parse_number(text)
    assert isinstance(refusal, Refusal) and refusal.kind == "ambiguous" and "\n" not in refusal.argument


@pytest.mark.parametrize("text", ["-0", "-0.0001"])
def test_a_minus_sign_in_a_field_that_takes_no_negatives_is_refused(qtbot, main_window, text: str) -> None:
    """"-0" in the budget, the deadline or the electricity price was read as 0 (no limit, free power) and the field
    kept showing the minus sign."""
    main_window.wizard.show_page(int(PageId.BUDGET))
    box = main_window.wizard.budget_page.budget
    select_and_type(qtbot, box, "5000")
    assert main_window.wizard.scenario()["constraints"]["budget"] == 5000
    select_and_type(qtbot, box, text)
    assert box.problem() is not None and "0" in box.problem()
    assert main_window.wizard.scenario()["constraints"]["budget"] == 5000


def test_ctrl_s_with_a_refused_field_writes_nothing_and_says_why(qtbot, main_window, tmp_path, message_boxes) -> None:
    """Typing "1e400" passes "1e4": the wizard held 10,000 while the field showed "1e400", refused. Ctrl+S wrote
    10,000 to the file and marked the document saved, a value the screen never showed as the input."""
    path = tmp_path / "day.json"
    assert main_window.save_to(str(path))
    saved = path.read_text(encoding="utf-8")
    main_window.wizard.show_page(int(PageId.MODEL))
    box = main_window.wizard.model_page.global_batch
    select_and_type(qtbot, box, "1e400")
    assert box.problem() is not None and main_window.is_modified()
    qtbot.keyClick(main_window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert path.read_text(encoding="utf-8") == saved  # the file is as it was
    assert main_window.is_modified()  # and the window still says the edits are not saved
    assert message_boxes.shown and "1e400" in message_boxes.shown[-1][1]
    assert box.property("invalid") is True
    select_and_type(qtbot, box, "256")
    qtbot.keyClick(main_window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert json.loads(path.read_text(encoding="utf-8"))["training"]["global_batch"] == 256
    assert not main_window.is_modified()
