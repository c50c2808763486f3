"""The catalog editor is a form a buyer can use: labels with units, required fields marked, numbers checked as
typed, the planner's words offered, and a new GPU usable at once."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFormLayout, QLabel

from gpuplanner.catalog.options import node_for
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.site.site import PowerAssumptions
from gpuplanner.ui.catalog_editor import CatalogEntryDialog

MY_SXM = {"id": "my-h100", "vendor": "NVIDIA", "model": "H100 SXM (our quote)", "segment": "datacenter",
          "form_factor": "sxm", "memory_gib": "80", "memory_bandwidth_gbs": "3,350", "bf16_tflops": "989.5",
          "tdp_w": "700", "interconnect": "nvlink", "interconnect_gbs": "900", "price_usd_low": "15.5k",
          "source": "vendor quote 2026-11", "as_of": "2026-11-30"}


def form_labels(dialog: CatalogEntryDialog) -> dict[str, str]:
    form = dialog.findChild(QFormLayout)
    labels = {}
    for row in range(form.rowCount()):
        label = form.itemAt(row, QFormLayout.ItemRole.LabelRole).widget()
        field = form.itemAt(row, QFormLayout.ItemRole.FieldRole).widget()
        column = next((c for c, edit in dialog.edits.items() if edit is field), None)
        if column is not None:  # (the price currency and its rate are not catalog columns)
            labels[column] = label.text() if isinstance(label, QLabel) else ""
    return labels


def test_labels_have_words_and_units_and_required_fields_are_marked(qtbot, private_user_data) -> None:
    dialog = CatalogEntryDialog(Catalog(), "gpus")
    qtbot.addWidget(dialog)
    labels = form_labels(dialog)
    assert labels["memory_gib"] == "Memory (GiB)" and labels["price_usd_low"] == "Price from (USD)"
    assert labels["source"].endswith(" *") and labels["id"].endswith(" *") and not labels["notes"].endswith("*")
    assert "memory_gib" not in labels.values()
    assert dialog.edits["interconnect"].completer() is not None  # NVLink, Infinity Fabric… offered


def test_numbers_are_checked_as_they_are_typed(qtbot, private_user_data) -> None:
    dialog = CatalogEntryDialog(Catalog(), "gpus")
    qtbot.addWidget(dialog)
    edit = dialog.edits["memory_gib"]
    qtbot.keyClicks(edit, "lots")
    assert edit.property("invalid") is True and "not a number" in edit.toolTip()
    edit.clear()
    qtbot.keyClicks(edit, "96")
    assert edit.property("invalid") is False


def test_a_hand_typed_sxm_gpu_is_an_sxm_gpu_and_usable_at_once(qtbot, main_window, message_boxes,
                                                                 monkeypatch) -> None:
    dialog = CatalogEntryDialog(main_window.catalog, "gpus", None, main_window)
    for column, value in MY_SXM.items():
        dialog.edits[column].setText(value)
    dialog.save()
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.message.text()
    gpu = main_window.catalog.gpu("my-h100")
    assert gpu.price_usd_low == 15500 and gpu.memory_bandwidth_gbs == 3350
    assert gpu.is_sxm_class and gpu.has_scale_up_fabric and gpu.scale_up_domain == 8  # "nvlink" is NVLink
    node, price = node_for(gpu, [], PowerAssumptions())
    assert node.rack_units == 8 and "()" not in price.source  # an SXM baseboard server; no empty "()"
    monkeypatch.setattr(CatalogEntryDialog, "exec", lambda self: CatalogEntryDialog.DialogCode.Accepted)
    main_window.edit_catalog_entry("gpus", dict(main_window.catalog.row("gpus", "my-h100")))
    combo = main_window.wizard.deployment_page.gpu
    assert combo.findData("my-h100") >= 0  # in the wizard's GPU list without a restart


def test_a_purchase_price_quoted_in_cny_is_typed_in_cny(qtbot, main_window, message_boxes) -> None:
    """A Chinese vendor's quote is typed as quoted: with 'Prices typed in' set to CNY the labels say CNY, the price
    is stored in the USD the catalog keeps at the rate given, and the price source names the CNY figure and rate (as
    `gpuplanner import-quote` does); a rate that is no number is refused and nothing is saved."""
    dialog = CatalogEntryDialog(main_window.catalog, "gpus", None, main_window)
    for column, value in {**MY_SXM, "price_usd_low": "180k", "price_usd_high": "200,000",
                          "price_source": "Inspur quote"}.items():
        dialog.edits[column].setText(value)
    dialog.price_currency.setCurrentText("CNY")
    assert form_labels(dialog)["price_usd_low"] == "Price from (CNY)"
    dialog.rate.setText("abc")
    dialog.save()
    assert dialog.result() != dialog.DialogCode.Accepted and "CNY per USD" in dialog.message.text()
    dialog.rate.setText("7.2")
    dialog.save()
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.message.text()
    gpu = main_window.catalog.gpu("my-h100")
    assert gpu.price_usd_low == 25000 and gpu.price_usd_high == pytest.approx(27777.78)
    assert "180,000.00 CNY at 7.2 CNY/USD" in gpu.price_source and gpu.price_source.startswith("Inspur quote")


def test_an_id_that_is_markup_a_date_that_is_a_word_and_a_gpu_without_memory_are_refused(qtbot,
                                                                                        private_user_data) -> None:
    """The editor stored an id '<b>x</b>', a price date 'yesterday' and a GPU with no memory; each is refused with
    the reason, and nothing is saved."""
    catalog = Catalog()
    for change, reason in (({"id": "<b>x</b>"}, "lowercase"), ({"price_date": "yesterday"}, "must be a date"),
                           ({"memory_gib": ""}, "memory")):
        dialog = CatalogEntryDialog(catalog, "gpus")
        qtbot.addWidget(dialog)
        for column, value in {**MY_SXM, "price_date": "2026-11-30", **change}.items():
            dialog.edits[column].setText(value)
        dialog.save()
        assert dialog.result() != dialog.DialogCode.Accepted and reason in dialog.message.text(), change
    assert [row for row in catalog.rows("gpus") if row.get("origin") == "user"] == []


def test_removing_your_entry_asks_first(qtbot, main_window, message_boxes) -> None:
    """'Remove your entry' deleted at once: it asks, Cancel keeps the row, Yes removes it."""
    from PySide6.QtWidgets import QMessageBox

    main_window.catalog.save_user_row("gpus", {**MY_SXM, "memory_gib": 80, "memory_bandwidth_gbs": 3350,
                                               "bf16_tflops": 989.5, "tdp_w": 700, "interconnect_gbs": 900,
                                               "price_usd_low": 15500})
    row = main_window.catalog.row("gpus", "my-h100")
    message_boxes.answers = [QMessageBox.StandardButton.Cancel]
    main_window.remove_catalog_entry("gpus", row)
    assert message_boxes.shown[-1][0] == "Remove your entry" and main_window.catalog.row("gpus", "my-h100")
    message_boxes.answers = [QMessageBox.StandardButton.Yes]
    main_window.remove_catalog_entry("gpus", row)
    assert not any(r["id"] == "my-h100" for r in main_window.catalog.rows("gpus"))


def test_errors_name_the_field_as_the_form_does_and_ecc_is_a_field(qtbot, private_user_data) -> None:
    """Errors said 'memory_gib'; the form had no ECC field, which the usable-memory rule and the 24x7 warning read."""
    dialog = CatalogEntryDialog(Catalog(), "gpus")
    qtbot.addWidget(dialog)
    assert "ecc" in dialog.edits
    for column, value in {**MY_SXM, "price_date": "2026-11-30", "memory_gib": "", "ecc": "yes"}.items():
        dialog.edits[column].setText(value)
    dialog.save()
    assert "Memory (GiB)" in dialog.message.text() and "memory_gib" not in dialog.message.text()
    dialog.edits["memory_gib"].setText("80")
    dialog.edits["ecc"].setText("maybe")
    dialog.save()
    assert "ECC memory (yes / no)" in dialog.message.text()
    dialog.edits["ecc"].setText("yes")
    dialog.save()
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.message.text()
    assert Catalog().gpu("my-h100").ecc is True


def test_the_entry_dialog_fits_a_1280_by_720_screen(qtbot, catalog) -> None:
    """At 1280 x 720 the GPU entry dialog was 788 px tall and Save / Cancel were off the screen: the fields scroll,
    the buttons stay in view."""
    from PySide6.QtWidgets import QDialogButtonBox, QScrollArea

    from gpuplanner.ui.catalog_editor import CatalogEntryDialog

    dialog = CatalogEntryDialog(catalog, "gpus")
    qtbot.addWidget(dialog)
    room = dialog.screen().availableGeometry()
    dialog.show()
    assert dialog.height() <= room.height() * 0.9 + 1
    buttons = dialog.findChild(QDialogButtonBox)
    bottom = buttons.mapTo(dialog, buttons.rect().bottomLeft()).y()
    assert bottom <= dialog.height()  # Save and Cancel inside the dialog, not below it
    scroll = dialog.findChild(QScrollArea)
    assert scroll is not None and scroll.widget().height() >= scroll.viewport().height()
    dialog.reject()
