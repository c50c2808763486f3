"""A working day with the app, round two: diffusion plans in images and epochs, the dark palette's radio buttons,
catalog prices in the user's currency and the entry dialog's choices in the user's language."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.conftest import compute, open_chart_panel


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
    assert "FLOPs counted as: 3 x the forward FLOPs per image" in text and "flops:" not in text


def test_an_sdxl_plan_reads_in_chinese_alone(catalog) -> None:
    """In Chinese an SDXL plan's runner-up layouts read 'TP 1 · PP 1 · DP 4 · ZeRO-1 · 微批 1' and its assumptions
    'flops: 3 x forward FLOPs per image…' in English: every layout and assumption line is in Chinese now."""
    import re

    from PySide6.QtGui import QTextDocument

    from gpuplanner.i18n.language import install_translations
    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.details import plan_html

    result = plan_for_scenario({"task": "diffusion", "model": {"preset": "sdxl"}, "constraints": {
        "currency": "CNY", "deployment": "on-prem"}, "images": {"count": 10_000_000, "epochs": 2, "batch": 2048}},
        catalog)
    try:
        install_translations("zh_CN")
        document = QTextDocument()
        document.setHtml(plan_html(result.plans[0], result.currency))
        text = document.toPlainText()
    finally:
        install_translations("en")
    layouts, assumptions = text[:text.index("假设")], text[text.index("假设"):]
    assert "TP 1" not in layouts and "微批" not in layouts and "卡数据并行" in layouts
    assert not re.search(r"[a-z]{4,} [a-z]{4,}", assumptions), assumptions  # no English phrase left


ADWAITA_DARK = {"Window": "#353535", "WindowText": "#eeeeec", "Base": "#2d2d2d", "Text": "#eeeeec",
                "Button": "#353535", "ButtonText": "#eeeeec", "Highlight": "#15539e"}  # GTK's Adwaita dark


def _indicator_contrast(button) -> float:
    """The highest WCAG contrast between the page colour and any pixel of the button's indicator, as drawn."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyle, QStyleOptionButton

    from gpuplanner.ui.contrast_style import contrast_ratio

    option = QStyleOptionButton()
    button.initStyleOption(option)
    rect = button.style().subElementRect(QStyle.SubElement.SE_RadioButtonIndicator, option, button)
    image = button.grab().toImage()
    page = button.palette().color(QPalette.ColorRole.Window)
    return max(contrast_ratio(image.pixelColor(x, y), page)
               for x in range(rect.left(), rect.right() + 1) for y in range(rect.top(), rect.bottom() + 1))


def test_the_task_pages_radio_buttons_stand_out_in_a_dark_palette(qtbot) -> None:
    """In a dark palette the task page's radio buttons were barely visible (Fusion's ring at 1.3 : 1 against the
    page): with the app's style each ring, as rendered, reaches WCAG's 3 : 1 for a control's boundary; a light
    palette is drawn exactly as the platform's style draws it."""
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication, QStyleFactory

    from gpuplanner.catalog.store import Catalog
    from gpuplanner.ui.contrast_style import NON_TEXT_CONTRAST, ContrastStyle, use_contrast_style
    from gpuplanner.ui.wizard import ScenarioWizard

    app = QApplication.instance()
    style_name, palette = app.style().name(), app.palette()
    dark = QPalette()
    for role, colour in ADWAITA_DARK.items():
        dark.setColor(getattr(QPalette.ColorRole, role), QColor(colour))
    try:
        app.setStyle(QStyleFactory.create("Fusion"))
        app.setPalette(dark)
        wizard = ScenarioWizard(Catalog())
        qtbot.addWidget(wizard)
        wizard.show()
        qtbot.waitExposed(wizard)
        buttons = list(wizard.task_page.buttons.values())
        buttons[1].setChecked(True)
        plain = [_indicator_contrast(button) for button in buttons]
        use_contrast_style(app)
        assert isinstance(app.style(), ContrastStyle)
        for button in buttons:
            button.setStyle(app.style())
        drawn = [_indicator_contrast(button) for button in buttons]
        assert min(plain) < 1.5  # the fault: the unchecked rings vanish into the page
        assert min(drawn) >= NON_TEXT_CONTRAST
        app.setPalette(QPalette(QColor("#efefef")))  # a light palette: the style's own drawing, untouched
        light = buttons[0]
        light.setPalette(app.palette())
        ours = light.grab().toImage()
        light.setStyle(QStyleFactory.create("Fusion"))
        assert light.grab().toImage() == ours
    finally:
        app.setStyle(QStyleFactory.create(style_name))
        app.setPalette(palette)


def _amount(text: str) -> tuple[str, int]:
    """A shown price's currency symbol and whole amount, whatever the locale's digit grouping."""
    return text[0], int("".join(ch for ch in text if ch.isdigit()))


def test_the_catalog_shows_prices_in_the_scenarios_currency(qtbot, main_window) -> None:
    """The catalog showed prices in USD only (with a CNY column for the few quoted in CNY): choosing CNY on the
    budget page and typing a rate shows every price in CNY at that rate, its listed amount in the tooltip."""
    from PySide6.QtCore import Qt

    from gpuplanner.ui.catalog_model import PRICE_COLUMNS

    catalog = main_window.catalog
    usd_listed = next(row for row in catalog.rows("gpus") if isinstance(row.get("price_usd_low"), int | float))
    page = main_window.gpu_page
    model = page.model
    column = next(c for c in range(model.columnCount()) if model._columns[c][0] in PRICE_COLUMNS)
    row = next(r for r in range(model.rowCount()) if model.row_at(r)["id"] == usd_listed["id"])
    header = model.headerData(column, Qt.Orientation.Horizontal)
    assert header == "Price from (USD)"
    assert _amount(model.index(row, column).data()) == ("$", round(usd_listed["price_usd_low"]))

    budget = main_window.wizard.budget_page
    main_window.wizard.show_page(4)
    budget.currency.setFocus()
    qtbot.keyClicks(budget.currency, "C")  # a combo box picks the item its typed letter starts
    assert budget.currency.currentData() == "CNY"
    budget.usd_to_cny.lineEdit().selectAll()
    qtbot.keyClicks(budget.usd_to_cny.lineEdit(), "7.5")
    qtbot.keyClick(budget.usd_to_cny.lineEdit(), Qt.Key.Key_Tab)
    assert model.headerData(column, Qt.Orientation.Horizontal) == "Price from (CNY)"
    assert _amount(model.index(row, column).data()) == ("¥", round(usd_listed["price_usd_low"] * 7.5))
    assert "Listed at" in model.index(row, column).data(Qt.ItemDataRole.ToolTipRole)
    cloud = main_window.cloud_page.model
    headers = [cloud.headerData(c, Qt.Orientation.Horizontal) for c in range(cloud.columnCount())]
    assert "On-demand per hour (CNY)" in headers and "Currency" not in headers


@pytest.mark.qt_log_ignore("This plugin does not support raise", "This plugin does not support grabbing")
def test_the_entry_dialogs_choice_words_are_in_the_users_language(qtbot, catalog) -> None:
    """In Chinese the entry dialog showed the catalog's words: 'datacenter', 'air' and '1' for ECC. Editing a
    bundled GPU and server shows 数据中心, 是 and 风冷; the words typed in Chinese (数据中心 from the completer, 液冷)
    are stored as the catalog's words, so the planner reads them."""
    from PySide6.QtCore import Qt

    from gpuplanner.i18n.language import install_translations
    from gpuplanner.ui.catalog_editor import CatalogEntryDialog

    try:
        install_translations("zh_CN")
        gpu = next(row for row in catalog.rows("gpus") if row["id"] == "h100-sxm5-80gb")
        dialog = CatalogEntryDialog(catalog, "gpus", gpu)
        qtbot.addWidget(dialog)
        assert dialog.edits["segment"].text() == "数据中心" and dialog.edits["ecc"].text() == "是"
        assert "消费级" in dialog.edits["segment"].placeholderText()
        segment = dialog.edits["segment"]
        segment.clear()
        segment.insert("工作站")  # an input method commits the characters whole (key events cannot type them)
        assert dialog.check_field("segment")
        assert dialog.values()["segment"] == "workstation" and dialog.values()["ecc"] == "yes"
        segment.clear()
        qtbot.keyClicks(segment, "consumer")  # the catalog's own word is still read
        assert dialog.check_field("segment") and dialog.values()["segment"] == "consumer"
        segment.completer().popup().hide()
        server = next(row for row in catalog.rows("servers") if row.get("cooling") == "air")
        dialog = CatalogEntryDialog(catalog, "servers", server)
        qtbot.addWidget(dialog)
        cooling = dialog.edits["cooling"]
        assert cooling.text() == "风冷"
        cooling.selectAll()
        cooling.insert("液冷")
        qtbot.keyClick(cooling, Qt.Key.Key_Tab)
        assert dialog.values()["cooling"] == "liquid"
        cooling.selectAll()
        qtbot.keyClicks(cooling, "immersion tank")  # a word of its own stays as typed
        assert dialog.values()["cooling"] == "immersion tank"
        qtbot.keyClick(cooling.completer().popup(), Qt.Key.Key_Escape)  # the suggestions close as a user closes them
        assert not cooling.completer().popup().isVisible()
    finally:
        install_translations("en")


def test_every_bar_row_is_named_in_chinese_and_log_ticks_read_as_numbers(qtbot, catalog) -> None:
    """In Chinese the bar charts named every other plan: a label wider than the axis is not drawn at all, and names
    were cut by characters (a Chinese character is twice as wide); the cost axis read '1e+03'. Every row's label
    is drawn now, within the axis, and the ticks read 10 / 100 / 1000."""
    from PySide6.QtGui import QPainter

    from gpuplanner.i18n.language import install_translations
    from gpuplanner.report.formatting import log_tick_label
    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.charts import MAX_BARS

    result = plan_for_scenario({"task": "inference", "model": {"preset": "llama-3.1-70b"}, "inference": {
        "concurrent_users": 50, "max_ttft_s": 1.0, "max_tpot_s": 0.05, "input_tokens": 1024, "output_tokens": 256},
        "constraints": {"currency": "CNY"}}, catalog, top=MAX_BARS)
    try:
        install_translations("zh_CN")
        panel = open_chart_panel(qtbot)
        panel.update_plans(result)
        image = panel.grab()
        shown = len(result.plans[:MAX_BARS])
        assert shown == MAX_BARS
        for plot in (panel.memory_plot, panel.time_plot, panel.power_plot):
            axis = plot.getAxis("left")
            painter = QPainter(image)
            _, _, texts = axis.generateDrawSpecs(painter)
            painter.end()
            assert [text for _, _, text in texts] == panel._labels  # every row named, none dropped
            assert all(rect.left() >= 0 for rect, _, _ in texts)
        assert [log_tick_label(v) for v in (10, 100, 1000)] == ["10", "100", "1000"]
    finally:
        install_translations("en")


def test_the_print_preview_fits_the_screen(qtbot, main_window) -> None:
    """The print preview asked for 900 x 1000 px: at 1280 x 720 its page buttons were below the screen. It opens
    within the screen now, showing the sheet."""
    compute(qtbot, main_window)
    main_window.plans_view.selectRow(0)
    main_window.print_preview()
    dialog = main_window.preview_dialog
    room = main_window.screen().availableGeometry()
    assert dialog.height() <= room.height() and dialog.width() <= room.width()
    dialog.close()


def test_the_plans_columns_fit_a_serving_result_after_a_training_one(qtbot, private_user_data) -> None:
    """Columns were sized to the first plans only (training days): in Chinese a serving plan's rate ('每秒 1,391
    token') was cut. Each kind of job sizes them once, so the speed column holds its text."""
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.ui.main_window import PLANS_COLUMN_MAX_PX
    from tests.conftest import close_window, open_window

    try:
        install_translations("zh_CN")
        window = open_window(qtbot)
        compute(qtbot, window)
        speed = _column(window, "speed")
        view = window.plans_view
        training_width = view.horizontalHeader().sectionSize(speed)
        window.wizard.load_scenario({"task": "inference", "model": {"preset": "llama-3.1-70b"},
                                     "inference": {"concurrent_users": 50}})
        compute(qtbot, window)
        wanted = min(view.sizeHintForColumn(speed), PLANS_COLUMN_MAX_PX)
        assert wanted > training_width  # '每秒 1,391 token' is wider than '29.1 天'
        assert view.horizontalHeader().sectionSize(speed) >= wanted
        close_window(window)
    finally:
        install_translations("en")


def test_a_long_page_subtitle_wraps_in_the_wizard_pane_at_1280_by_720(qtbot, main_window) -> None:
    """At 1280 × 720 the wizard pane is about 500 px wide: the precision page's English subtitle made QWizard 564 px
    wide (a minimum of up to 512 px for the subtitle), so the pane scrolled sideways, the text was cut and Finish
    sat off to the right. Reached with Next, the page fits the pane and every line of its subtitle shows."""
    from PySide6.QtCore import QPoint, QRect, Qt
    from PySide6.QtWidgets import QLabel

    from gpuplanner.ui.wizard import PageId

    window = main_window
    window.resize(1280, 690)
    window.splitter.setSizes([500, 780])
    wizard = window.wizard
    for _ in range(2):
        qtbot.mouseClick(wizard.button(wizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    assert wizard.currentId() == PageId.PRECISION
    qtbot.wait(50)
    viewport = wizard.parentWidget()
    assert viewport.width() <= 510 and wizard.width() <= viewport.width()
    subtitle = next(label for label in wizard.findChildren(QLabel)
                    if label.isVisible() and label.text() == wizard.currentPage().subTitle())
    header = subtitle.parentWidget()
    assert subtitle.height() >= subtitle.heightForWidth(subtitle.width())  # no line cut off
    assert header.rect().contains(subtitle.geometry())
    finish = wizard.button(wizard.WizardButton.FinishButton)
    assert viewport.rect().contains(QRect(finish.mapTo(viewport, QPoint(0, 0)), finish.size()))


@pytest.mark.parametrize(("task", "page"), [("rl", "RL"), ("diffusion", "MODEL")])
def test_the_rl_and_diffusion_pages_fit_the_wizard_pane_at_1280_by_720(qtbot, main_window, task: str,
                                                                       page: str) -> None:
    """In English the RL page's two check boxes beside the labels' column needed 540 px, the diffusion model with
    its import button beside it 529 px; the pane at 1280 × 720 has about 500, so it scrolled sideways and Finish was
    cut. Picked and reached with Next, each fits."""
    from PySide6.QtCore import Qt

    from gpuplanner.ui.wizard import PageId

    window = main_window
    window.resize(1280, 690)
    window.splitter.setSizes([500, 780])
    wizard = window.wizard
    wizard.task_page.buttons[task].setFocus()
    qtbot.keyClick(wizard.task_page.buttons[task], Qt.Key.Key_Space)  # the task picked with the keyboard
    assert wizard.task_page.task == task
    while wizard.currentId() != PageId[page]:
        qtbot.mouseClick(wizard.button(wizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    qtbot.wait(50)
    viewport = wizard.parentWidget()
    assert viewport.width() <= 510 and wizard.width() <= viewport.width()
    shown = (wizard.rl_page.asynchronous, wizard.rl_page.reference) if task == "rl" else \
        (wizard.model_page.image_preset, wizard.model_page.import_unet_button)
    assert all(widget.isVisible() for widget in shown)


def test_a_desk_workstation_is_shown_on_its_wall_circuit_not_a_racks_feeds(qtbot, main_window, tmp_path) -> None:
    """One RTX 4090 tower for a 7B LoRA on a 230 V 13 A office circuit: the details pane read "Circuits per A/B
    feed" and rack rows for it; the sheet and the report already put it on its wall circuit. The pane now names the
    circuit (13 A x 0.8 continuous), the UK desk socket (BS 1363) and what the tower draws on it."""
    main_window.wizard.load_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e7},
                                      "hardware": {"gpu": "rtx-4090", "count": 1},
                                      "constraints": {"deployment": "on-prem",
                                                      "site": {"supply": {"voltage": 230, "phase": 1, "amps": 13}}}})
    result = compute(qtbot, main_window)
    plan = (result.plans or result.near_misses)[0]
    assert plan.site.deskside
    if result.plans:
        main_window.plans_view.selectRow(0)
    text = main_window.details.toPlainText()
    assert "Circuits per A/B feed" not in text and "Nodes per rack" not in text
    assert "Wall circuit" in text and "230 V 13 A, derated to 80 %: 2.27 kW continuous" in text
    assert "BS 1363 wall socket, 13 A (230 V)" in text
    amps = plan.site.node_kw_nameplate * 1000 / (230 * 0.95)  # I = P / (V pf)
    assert f"fits: {amps:.1f} A of the circuit's 10.4 A continuous" in text
    main_window.details.grab().save(str(tmp_path / "desk_details.png"))
