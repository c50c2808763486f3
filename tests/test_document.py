"""The open scenario is a document: named in the title, marked when modified, never written over silently,
recovered after a crash as untitled work, undoable; results that no longer answer the inputs say so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from gpuplanner.core.scenario.scenario import new_scenario
from gpuplanner.ui.main_window import MainWindow
from tests.conftest import open_window

Button = QMessageBox.StandardButton
TIMEOUT_MS = 60_000


@pytest.fixture
def window(main_window):
    return main_window


def make_window(qtbot) -> MainWindow:
    return open_window(qtbot)


@pytest.fixture
def scenario_a(tmp_path: Path) -> Path:
    path = tmp_path / "a.json"
    path.write_text(json.dumps({"task": "pretrain", "model": {"preset": "llama-2-13b"}, "seq_len": 2048}))
    return path


def save_dialog_returns(monkeypatch, path: Path | None) -> list[str]:
    asked: list[str] = []

    def fake(*_args, **_kwargs):
        asked.append("save as")
        return (str(path) if path else "", "")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake)
    return asked


def test_the_title_names_the_file_and_marks_unsaved_edits(qtbot, window, scenario_a) -> None:
    assert window.windowTitle().startswith("Untitled")
    assert not window.isWindowModified()
    assert window.load_file(str(scenario_a))
    assert window.windowTitle() == "a.json[*] — GPU Planner" and not window.isWindowModified()
    window.wizard.model_page.seq_len.setValue(8192)
    assert window.isWindowModified()
    window.undo_action.trigger()
    assert window.wizard.model_page.seq_len.value() == 2048 and not window.isWindowModified()


def test_quit_with_unsaved_edits_asks_and_cancel_keeps_the_window(qtbot, window, scenario_a, message_boxes) -> None:
    window.load_file(str(scenario_a))
    window.wizard.model_page.preset.setCurrentIndex(window.wizard.model_page.preset.findData("llama-2-70b"))
    message_boxes.answers = [Button.Cancel]
    assert window.close() is False
    assert window.isVisible()
    title, text, text_format = message_boxes.shown[-1]
    assert title == "Unsaved changes" and "a.json" in text and text_format == Qt.TextFormat.PlainText
    message_boxes.answers = [Button.Discard]
    assert window.close() is True
    assert json.loads(scenario_a.read_text())["model"] == {"preset": "llama-2-13b"}  # the file never changed


def test_save_answers_the_prompt_by_writing_the_file_in_the_title(qtbot, window, scenario_a, message_boxes) -> None:
    window.load_file(str(scenario_a))
    window.wizard.model_page.seq_len.setValue(8192)
    message_boxes.answers = [Button.Save]
    assert window.new_scenario() is True
    assert json.loads(scenario_a.read_text())["seq_len"] == 8192
    assert window.current_path is None and window.windowTitle().startswith("Untitled")


def test_new_resets_every_field_to_the_documented_defaults(qtbot, window) -> None:
    fresh = window.wizard.scenario()
    m = window.wizard.model_page
    m.tokens_b.setValue(300.0)
    m.seq_len.setValue(2048)
    m.global_batch.setValue(256)
    window.wizard.budget_page.deadline.setValue(45.0)
    window.wizard.deployment_page.rack_kw.setValue(8.0)
    window.wizard.next()
    window.wizard.next()
    assert window.new_scenario()  # the prompt is answered Discard
    assert window.wizard.scenario() == fresh
    assert window.wizard.currentId() == 0  # the first page, not the one the last document was left on
    defaults = new_scenario()
    assert m.tokens_b.value() * 1e9 == defaults["training"]["tokens"]
    assert m.seq_len.value() == defaults["seq_len"] and m.global_batch.value() == defaults["training"]["global_batch"]
    assert window.wizard.budget_page.deadline.value() == 30.0  # File → New plans to 30 days


def test_after_a_crash_unsaved_work_comes_back_untitled_and_save_never_overwrites_the_old_file(
        qtbot, private_user_data, scenario_a, monkeypatch, tmp_path) -> None:
    first = make_window(qtbot)
    first.load_file(str(scenario_a))
    first.wizard.model_page.preset.setCurrentIndex(first.wizard.model_page.preset.findData("llama-2-70b"))
    first.autosave()  # what every recompute does; then the process dies without closing
    first.hide()
    second = make_window(qtbot)
    second.restore_session()
    assert second.wizard.scenario()["model"] == {"preset": "llama-2-70b"}  # the work is back
    assert second.current_path is None and second.isWindowModified()
    assert second.windowTitle().startswith("Recovered scenario (unsaved)")
    asked = save_dialog_returns(monkeypatch, tmp_path / "b.json")
    assert second.save() is True  # Ctrl+S on a recovered document asks where
    assert asked == ["save as"]
    assert json.loads(scenario_a.read_text())["model"] == {"preset": "llama-2-13b"}
    assert json.loads((tmp_path / "b.json").read_text())["model"] == {"preset": "llama-2-70b"}
    second.close_without_asking = True
    second.close()


def test_a_cleanly_saved_document_reopens_bound_to_its_file(qtbot, private_user_data, scenario_a) -> None:
    first = make_window(qtbot)
    first.load_file(str(scenario_a))
    first.close()
    second = make_window(qtbot)
    second.restore_session()
    assert second.current_path == str(scenario_a) and not second.isWindowModified()
    second.close()


def test_recent_files_drop_entries_that_no_longer_exist(qtbot, window, scenario_a, tmp_path) -> None:
    gone = tmp_path / "gone.json"
    gone.write_text(scenario_a.read_text())
    window.load_file(str(gone), ask=False)
    window.load_file(str(scenario_a), ask=False)
    gone.unlink()
    window._refresh_recent_menu()
    assert [a.text() for a in window.recent_menu.actions()] == [str(scenario_a)]


def test_undo_and_redo_from_the_keyboard(qtbot, window) -> None:
    box = window.wizard.model_page.seq_len
    box.setValue(2048)
    box.setValue(1024)  # the same field again: one undo step
    window.wizard.deployment_page.rack_kw.setValue(12.0)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.wizard.deployment_page.rack_kw.value() == 20.0
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert box.value() == 4096
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert box.value() == 1024
    assert window.menuBar().actions()[1].text() == "&Edit"


def test_a_value_entered_left_and_entered_again_is_two_undo_steps(qtbot, window) -> None:
    """Every later entry in a field merged into its first step: 2048 typed, Tab, 1024 typed, Tab, then Ctrl+Z went
    straight back to 4096. Typing merges while the keyboard stays in the field; leaving it closes the step."""
    box = window.wizard.model_page.seq_len
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    for typed in ("2048", "1024"):
        box.setFocus()
        qtbot.waitUntil(box.hasFocus)
        box.selectAll()
        qtbot.keyClicks(box, typed)  # one keystroke at a time: four edits of the field, one step
        qtbot.keyClick(box, Qt.Key.Key_Tab)
        qtbot.waitUntil(lambda: not box.hasFocus())
    assert box.value() == 1024
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert box.value() == 2048
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert box.value() == 4096
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert box.value() == 2048


def test_redo_keys_are_each_bound_once_and_ctrl_y_redoes(qtbot, window) -> None:
    """On Linux the platform's Redo is Ctrl+Shift+Z itself: bound a second time it was ambiguous to Qt ('Ambiguous
    shortcut overload') and redo did nothing from the keyboard; Ctrl+Y was not bound at all."""
    from PySide6.QtGui import QKeySequence

    keys = [key.toString() for key in window.redo_action.shortcuts()]
    assert len(keys) == len(set(keys)) and {"Ctrl+Shift+Z", "Ctrl+Y"} <= set(keys)
    assert all(key.toString() in keys for key in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo))
    rack = window.wizard.deployment_page.rack_kw
    rack.setValue(12.0)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert rack.value() == 20.0
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert rack.value() == 12.0


def test_cancel_keeps_the_previous_result_marked_not_updated(qtbot, window) -> None:
    with qtbot.waitSignal(window.result_shown, timeout=TIMEOUT_MS):
        window.recompute()
    before = window.last_result
    assert window.pdf_button.isEnabled() and not window.stale_banner.isVisible()
    window.wizard.model_page.preset.setCurrentIndex(window.wizard.model_page.preset.findData("llama-2-70b"))
    window.runner.progress.connect(lambda *_: window.runner.cancel())  # cancel at the first progress report
    with qtbot.waitSignal(window.runner.cancelled, timeout=TIMEOUT_MS):
        window.debouncer.stop()
        window.recompute()
    qtbot.wait(50)
    assert window.last_result is before  # no partial ranking took its place
    assert window.stale_banner.isVisible() and "cancelled" in window.stale_banner.text()
    assert not window.pdf_button.isEnabled() and not any(a.isEnabled() for a in window.sheet_actions)
    assert window.write_pdf(str(Path(window.settings.path).with_name("x.pdf"))) == 0


def test_invalid_input_marks_the_plans_stale_until_fixed(qtbot, window, monkeypatch) -> None:
    with qtbot.waitSignal(window.result_shown, timeout=TIMEOUT_MS):
        window.recompute()
    m = window.wizard.model_page
    m.preset.setCurrentIndex(m.preset.findData("custom"))
    m.hidden.setValue(4096)
    m.heads.setValue(7)  # 7 heads cannot split 4096
    window.debouncer.stop()
    window.recompute()
    assert window.stale_banner.isVisible() and "highlighted" in window.stale_banner.text()
    assert not window.pdf_button.isEnabled() and not window.preview_button.isEnabled()
    m.heads.setValue(32)
    with qtbot.waitSignal(window.result_shown, timeout=TIMEOUT_MS):
        window.debouncer.stop()
        window.recompute()
    assert not window.stale_banner.isVisible() and window.pdf_button.isEnabled()


def test_discarded_edits_do_not_come_back(qtbot, private_user_data, scenario_a) -> None:
    first = make_window(qtbot)
    first.load_file(str(scenario_a))
    first.wizard.model_page.seq_len.setValue(8192)
    first.close()  # answered Discard
    second = make_window(qtbot)
    second.restore_session()
    assert second.current_path == str(scenario_a) and second.wizard.model_page.seq_len.value() == 2048
    second.close()


def test_settings_no_page_shows_are_kept_used_and_saved_and_can_be_dropped(qtbot, window, tmp_path) -> None:
    """A file's parallelism, micro-batch, GPUs per node or site weight limit have no page in the wizard: opening and
    saving the file keeps them, names them on the Assumptions page, uses them for the results, writes them back, and
    drops them only when asked (undoable)."""
    source = tmp_path / "long.json"
    source.write_text(json.dumps({
        "task": "pretrain", "model": {"preset": "mixtral-8x7b"}, "seq_len": 65536,
        "training": {"tokens": 1e10, "global_batch": 64, "micro_batch": 1},
        "hardware": {"gpu": "h100-sxm5-80gb", "count": 64, "gpus_per_node": 8},
        "parallelism": {"tp": 1, "pp": 1, "dp": 8, "cp": 8, "ep": 8},
        "constraints": {"deployment": "cloud", "deadline_days": 30, "site": {"rack_max_kg": 900}}}))
    assert window.load_file(str(source))
    data = window.wizard.scenario()
    assert data["parallelism"] == {"tp": 1, "pp": 1, "dp": 8, "cp": 8, "ep": 8}
    assert data["training"]["micro_batch"] == 1 and data["hardware"]["gpus_per_node"] == 8
    assert data["constraints"]["site"]["rack_max_kg"] == 900
    page = window.wizard.assumptions_page
    assert page.kept.isVisibleTo(page) and "parallelism.cp" in page.kept.text()
    # An edit on a page keeps them; a setting the pages own (the deadline, cleared) stays cleared.
    window.wizard.budget_page.deadline.setValue(0)
    assert "deadline_days" not in window.wizard.scenario()["constraints"]
    assert window.wizard.scenario()["parallelism"]["ep"] == 8
    with qtbot.waitSignal(window.result_shown, timeout=TIMEOUT_MS):
        window.recompute()
    layout = window.last_result.plans[0].layout
    assert (layout.cp, layout.ep) == (8, 8)  # the results use them
    saved = tmp_path / "saved.json"
    assert window.save_to(str(saved))
    written = json.loads(saved.read_text(encoding="utf-8"))
    assert written["parallelism"]["cp"] == 8 and written["constraints"]["site"]["rack_max_kg"] == 900
    qtbot.mouseClick(page.forget, Qt.MouseButton.LeftButton)
    assert "parallelism" not in window.wizard.scenario() and not page.kept.isVisibleTo(page)
    window.undo_action.trigger()
    assert window.wizard.scenario()["parallelism"]["cp"] == 8


def test_a_custom_models_own_fields_are_kept_while_it_is_chosen(qtbot, window, tmp_path) -> None:
    """A file's custom model with fields the model page has no box for (its name, experts, parameter count) keeps
    them, and saves them; choosing a preset instead leaves them out (they belong to that custom model)."""
    source = tmp_path / "moe.json"
    model = {"name": "My MoE", "layers": 24, "hidden": 2048, "heads": 16, "kv_heads": 4, "ffn_hidden": 1024,
             "vocab": 50000, "experts": 64, "experts_per_token": 8, "params": 2.5e9}
    source.write_text(json.dumps({"task": "pretrain", "model": model, "seq_len": 4096}))
    assert window.load_file(str(source))
    kept = window.wizard.scenario()["model"]
    assert {key: kept[key] for key in model} == model  # the name too, not "Custom model"
    assert "model.experts" in window.wizard.assumptions_page.kept.text()
    preset = window.wizard.model_page.preset
    preset.setCurrentIndex(preset.findData("llama-2-7b"))
    assert window.wizard.scenario()["model"] == {"preset": "llama-2-7b"}
    assert "model.experts" not in window.wizard.assumptions_page.kept.text()


def test_an_imported_config_keeps_what_the_model_page_cannot_show(qtbot, window, tmp_path) -> None:
    """Importing a MoE config.json filled only the boxes (layers, widths, heads, vocabulary): its experts, head
    width and name were lost, and the plan was for a dense model five times too small. They are carried now,
    used for the results and saved."""
    config = {"_name_or_path": "Qwen/Qwen3-30B-A3B", "model_type": "qwen3_moe", "hidden_size": 2048,
              "intermediate_size": 6144, "moe_intermediate_size": 768, "num_hidden_layers": 48,
              "num_attention_heads": 32, "num_key_value_heads": 4, "head_dim": 128, "num_experts": 128,
              "num_experts_per_tok": 8, "vocab_size": 151936, "hidden_act": "silu", "tie_word_embeddings": False}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert window.wizard.model_page.import_config(str(path))
    model = window.wizard.scenario()["model"]
    assert (model["experts"], model["experts_per_token"], model["head_dim"]) == (128, 8, 128)
    assert model["name"] == "Qwen/Qwen3-30B-A3B" and model["ffn_hidden"] == 768
    assert "model.head_dim" in window.wizard.assumptions_page.kept.text()
    with qtbot.waitSignal(window.result_shown, timeout=TIMEOUT_MS):
        window.recompute()
    assert window.last_result.plans[0].estimate.model.params == pytest.approx(30.5e9, rel=0.01)
    saved = tmp_path / "saved.json"
    assert window.save_to(str(saved))
    assert json.loads(saved.read_text(encoding="utf-8"))["model"]["experts"] == 128
    # Importing a dense config next replaces them (they belonged to the other model).
    path.write_text(json.dumps({"hidden_size": 4096, "intermediate_size": 11008, "num_hidden_layers": 32,
                                "num_attention_heads": 32, "vocab_size": 32000}), encoding="utf-8")
    assert window.wizard.model_page.import_config(str(path))
    assert "experts" not in window.wizard.scenario()["model"]


def test_ctrl_z_inside_a_number_field_is_the_documents_undo(qtbot, window) -> None:
    """Ctrl+Z typed in a number field undid the field's own text and recorded that as a new edit, clearing redo:
    with most of the wizard number fields, document undo rarely worked from the keyboard."""
    seq_len, rack = window.wizard.model_page.seq_len, window.wizard.deployment_page.rack_kw
    seq_len.setValue(2048)  # step 1
    rack.setValue(12.0)  # step 2
    window.undo_stack.undo()  # step 2 undone: rack back to 20, a redo step to keep
    assert rack.value() == 20.0 and window.undo_stack.canRedo()
    window.activateWindow()
    rack.setFocus()
    qtbot.keyClick(rack, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # inside the number field
    assert seq_len.value() == 4096 and window.undo_stack.index() == 0  # the document's step 1 undone
    qtbot.keyClick(rack, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(rack, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert seq_len.value() == 2048 and rack.value() == 12.0  # both redo steps were still there


def test_ctrl_z_in_the_editable_model_box_is_the_documents_undo(qtbot, window) -> None:
    """The model box is an editable combo (type to search), where focus lands after a language switch: its line
    edit took Ctrl+Z for its own text and the document's undo did nothing."""
    page = window.wizard.model_page
    page.seq_len.setValue(2048)
    window.activateWindow()
    window.wizard.next()  # the model page, where the box is
    line = page.preset.lineEdit()
    line.setFocus()
    qtbot.keyClick(line, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert page.seq_len.value() == 4096 and window.undo_stack.index() == 0
    qtbot.keyClick(line, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert page.seq_len.value() == 2048


def test_after_a_cancel_f5_plans_the_current_inputs_again(qtbot, window) -> None:
    """After Cancel the only way to get plans for the inputs was to edit a field; F5 (View > Plan again) does it."""
    with qtbot.waitSignal(window.result_shown, timeout=TIMEOUT_MS):
        window.recompute()
    window.wizard.model_page.preset.setCurrentIndex(window.wizard.model_page.preset.findData("llama-2-70b"))
    cancel_once = [True]

    def cancel(*_args) -> None:
        if cancel_once and cancel_once.pop():
            window.runner.cancel()

    window.runner.progress.connect(cancel)
    with qtbot.waitSignal(window.runner.cancelled, timeout=TIMEOUT_MS):
        window.debouncer.stop()
        window.recompute()
    assert window.stale_banner.isVisible() and "F5" in window.stale_banner.text()
    window.activateWindow()
    with qtbot.waitSignal(window.result_shown, timeout=TIMEOUT_MS):
        qtbot.keyClick(window, Qt.Key.Key_F5)
    assert not window.stale_banner.isVisible()
    assert window.last_result.scenario.model.name.lower().startswith("llama-2-70b")
