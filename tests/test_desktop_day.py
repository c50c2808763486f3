"""A working day with the app, round two: diffusion plans in images and epochs, the dark palette's radio buttons,
catalog prices in the user's currency and the entry dialog's choices in the user's language."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.conftest import compute


def _column(window, name: str) -> int:
    from gpuplanner.ui.plans_model import PlansTableModel

    return PlansTableModel.COLUMNS.index(name)


def test_a_diffusion_plan_speaks_in_images_and_epochs(qtbot, main_window) -> None:
    """An SDXL plan read 'TP 1 · PP 1 · DP 1 · ZeRO-0 · micro-batch 8 · recompute none': the diffusion task is
    picked and SDXL chosen with clicks, and the plan says how many GPUs take how many images a pass and how many
    images over how many epochs it trains."""
    wizard = main_window.wizard
    qtbot.mouseClick(wizard.task_page.buttons["diffusion"], Qt.MouseButton.LeftButton)
    page = wizard.model_page
    index = page.image_preset.findData("sdxl")
    page.image_preset.setCurrentIndex(index)
    page.image_preset.activated.emit(index)
    page.epochs.lineEdit().selectAll()
    qtbot.keyClicks(page.epochs.lineEdit(), "2")
    qtbot.keyClick(page.epochs.lineEdit(), Qt.Key.Key_Tab)
    result = compute(qtbot, main_window)
    assert result.best is not None and result.best.model.name.startswith("Stable Diffusion XL")
    view = main_window.plans_view
    view.selectRow(0)
    layout = view.model().index(0, _column(main_window, "layout")).data()
    assert "images/pass" in layout and "TP" not in layout
    text = main_window.details.toPlainText()
    assert "per pass" in text and "TP 1" not in text and "ZeRO-0" not in text
    assert "Images trained" in text and "2 epochs of" in text
