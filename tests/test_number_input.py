"""Numbers as people type them into the wizard: suffixes, scientific notation, separators — or a visible
refusal; a value is never changed silently."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gpuplanner.ui.number_input import Refusal, parse_number


@pytest.mark.parametrize(("text", "scale", "value"), [
    ("2T", 1e9, 2000.0), ("500B", 1e9, 500.0), ("1e3", 1e9, 1000.0), ("1.5k", 1.0, 1500.0), ("2M", 1.0, 2e6),
    ("1,281,167", 1.0, 1281167.0), (" 42 ", 1.0, 42.0), ("-5", 1.0, -5.0), ("3.5e-2", 1.0, 0.035),
])
def test_parse_number_reads_what_people_type(text: str, scale: float, value: float) -> None:
    assert parse_number(text, unit_scale=scale) == pytest.approx(value)


@pytest.mark.parametrize("text", ["", "lots", "1e", "2TT", "1,2.3.4", "nan", "inf", "0x10"])
def test_parse_number_refuses_the_rest(text: str) -> None:
    assert isinstance(parse_number(text), Refusal)


def test_a_german_locale_reads_its_own_separators() -> None:
    assert parse_number("1.281.167,5", group_separator=".", decimal_point=",") == pytest.approx(1281167.5)


@pytest.fixture
def window(main_window):
    return main_window


def type_into(qtbot, box, text: str) -> None:
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)


@pytest.mark.parametrize(("text", "billions"), [("2T", 2000.0), ("1e3", 1000.0), ("500B", 500.0), ("2,500", 2500.0)])
def test_tokens_typed_with_suffixes_become_the_right_count(qtbot, window, text: str, billions: float) -> None:
    box = window.wizard.model_page.tokens_b
    type_into(qtbot, box, text)
    assert box.problem() is None
    assert box.value() == pytest.approx(billions)
    assert window.wizard.scenario()["training"]["tokens"] == pytest.approx(billions * 1e9)


@pytest.mark.parametrize(("field", "text", "reason"), [
    ("tokens_b", "-5", "at least 0.001"), ("tokens_b", "0", "at least 0.001"), ("seq_len", "lots", "not a number"),
])
def test_out_of_range_or_garbage_is_refused_visibly(qtbot, window, field: str, text: str, reason: str) -> None:
    box = getattr(window.wizard.model_page, field)
    before = box.value()
    type_into(qtbot, box, text)
    window.wizard.next()  # focus leaves the field: the typed text stays, marked
    assert box.text().replace(box.suffix(), "").strip() == text
    assert box.value() == before  # nothing silently changed...
    assert box.property("invalid") is True and reason in box.toolTip()
    window.debouncer.stop()
    window.recompute()  # ...and nothing is computed from the old value
    assert reason in window.status.text()


def test_a_count_too_large_is_refused_not_clamped(qtbot, window) -> None:
    box = window.wizard.deployment_page.count
    type_into(qtbot, box, "99999999")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    window.wizard.next()
    assert box.text() == "99999999"  # not clamped to 1,048,576, not reverted
    assert "at most 1,048,576" in box.problem() and box.property("invalid") is True
    window.debouncer.stop()
    window.recompute()
    assert "at most 1,048,576" in window.status.text() and window.runner._latest == 0  # nothing was computed
    type_into(qtbot, box, "64")
    assert box.problem() is None and box.value() == 64 and box.property("invalid") is False


def test_a_fields_problem_follows_its_range_and_unit_with_the_same_text(qtbot) -> None:
    """A field's problem is worked out again whenever anything it reads changes, not only its text: typed text
    kept on screen becomes acceptable once the range takes it in, and is refused again once it no longer does."""
    from gpuplanner.ui.widgets import float_spin, int_spin

    box = int_spin(1, 4000, 100)
    qtbot.addWidget(box)
    box.lineEdit().setText("5000")
    assert "at most 4,000" in box.problem()
    box.setMaximum(8000)
    assert box.text() == "5000" and box.problem() is None
    box.setMaximum(4500)
    assert box.text() == "5000" and "at most 4,500" in box.problem()
    box.setMinimum(60)
    box.lineEdit().setText("50")
    assert "at least 60" in box.problem()
    box.setMinimum(40)  # the value (100) stays in range: the typed text stays on screen
    assert box.text() == "50" and box.problem() is None

    rate = float_spin(0.0, 100.0, 1.0, decimals=2)
    qtbot.addWidget(rate)
    rate.lineEdit().setText("0.05k")
    assert rate.problem() is None  # 50
    rate.unit_scale = 1e-3  # a field in thousandths: 50,000 of them
    assert rate.text() == "0.05k" and "at most 100" in rate.problem()


@pytest.mark.parametrize("text", ["1,5", "12,34", "1,2345", ",5"])
def test_an_ambiguous_separator_is_refused_not_read_ten_times_larger(text: str) -> None:
    """'1,5' (a decimal comma where the locale groups with commas) became 15 in the tokens field and $15 in the
    catalog editor: a separator that does not group thousands in threes is refused."""
    refused = parse_number(text)
    assert isinstance(refused, Refusal) and refused.kind == "ambiguous"
    assert parse_number("1,281,167") == 1281167 and parse_number("-1,000.5") == -1000.5


def test_chinese_ten_thousands_and_hundred_millions() -> None:
    assert parse_number("500万") == 5e6 and parse_number("1.5亿") == 1.5e8
    assert parse_number("1.5亿", unit_scale=1e9) == pytest.approx(0.15)  # a field in billions


def test_a_decimal_comma_typed_in_the_tokens_field_is_refused_visibly(qtbot, window) -> None:
    box = window.wizard.model_page.tokens_b
    type_into(qtbot, box, "1,5")
    window.wizard.next()
    assert box.text().replace(box.suffix(), "").strip() == "1,5"  # kept as typed, never read as 15
    assert box.property("invalid") is True and "ambiguous" in box.toolTip()
    window.debouncer.stop()
    window.recompute()  # nothing is computed from it
    assert "ambiguous" in window.status.text()


def test_a_short_job_reads_in_hours_or_minutes_not_0_0_days() -> None:
    from gpuplanner.i18n.durations import duration_text

    def same(_context: str, text: str) -> str:
        return text

    def digits(value: float, decimals: int) -> str:
        return f"{value:.{decimals}f}"

    assert duration_text(12.5, same, digits) == "12.5 days"
    assert duration_text(0.22, same, digits) == "5.3 hours"  # was "0.2 days"
    assert duration_text(0.001, same, digits) == "1 min"  # was "0.0 days"


def test_a_unit_typed_in_a_field_that_shows_it_is_read_and_examples_speak_its_unit(qtbot, window) -> None:
    """'50ms' typed into the time-per-token field (which shows ' ms') read '50ms ms' and was refused with token
    counts as examples; now it is 50 ms, and garbage is refused with examples in milliseconds."""
    window.wizard.task_page.set_task("inference")
    box = window.wizard.model_page.max_tpot
    type_into(qtbot, box, "50ms")
    assert box.problem() is None and box.value() == 50
    assert window.wizard.scenario()["inference"]["max_tpot_s"] == pytest.approx(0.05)
    type_into(qtbot, box, "fast")
    problem = box.problem()
    assert problem.startswith("“fast” is not a number of ms (examples: ") and problem.endswith(" ms)")
    assert "2T" not in problem and "1.5k" not in problem
    type_into(qtbot, box, "120 MS")
    assert box.problem() is None and box.value() == 120


def test_tokens_from_the_datasets_size(qtbot, window, monkeypatch) -> None:
    """A lab manager knows documents or gigabytes of text, not tokens: the dialog says the tokens they mean
    (OpenAI's rules of thumb for English: 4 characters, 3/4 of a word a token) and puts them in the tokens field,
    as an edit Ctrl+Z undoes."""
    from PySide6.QtWidgets import QDialog

    from gpuplanner.ui.wizard.dataset_dialog import DatasetDialog

    page = window.wizard.model_page
    before = page.tokens_b.value()
    seen: list[str] = []

    def exec_(dialog: DatasetDialog) -> int:
        assert dialog.tokens() == pytest.approx(100e9 / 4)  # 100 GB of text
        dialog.kind.setCurrentIndex(dialog.kind.findData("documents"))
        dialog.documents.setValue(2e6)
        dialog.words.setValue(1500)
        seen.append(dialog.estimate.text())
        return int(QDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(DatasetDialog, "exec", exec_)
    window.wizard.next()
    qtbot.mouseClick(page.from_dataset, Qt.MouseButton.LeftButton)
    tokens = 2e6 * 1500 / 0.75  # 4 billion
    assert page.tokens_b.value() == pytest.approx(tokens / 1e9)
    assert seen[0].startswith("= 4.0 billion tokens")
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert page.tokens_b.value() == pytest.approx(before)
