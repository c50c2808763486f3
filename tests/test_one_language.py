"""One language at a time: in the Chinese app a server's power supplies and a price's source read in Chinese (the
app's own words for the catalog's structured facts), while a source's citation stays as written, labelled as the
source's words; the command line's plan table is headed in Chinese."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from tests.conftest import close_window, open_chart_panel, open_window, run_cli

SOURCE_LABEL = "来源原文：“"
# English left in a Chinese text: two words of three or more letters in a row, outside a quoted source.
ENGLISH_PHRASE = re.compile(r"[A-Za-z]{3,}[ ,;:'-]+[A-Za-z]{3,}")


def _unquoted(text: str) -> str:
    """The text without the source's words it quotes (“…”) and without product names the catalog spells."""
    return re.sub(r"“[^”]*”", "", text)


@pytest.fixture
def chinese():
    from gpuplanner.i18n.language import install_translations

    install_translations("zh_CN")
    yield
    install_translations("en")


def _click_tab(qtbot, tabs, label: str) -> None:
    bar = tabs.tabBar()
    index = next(i for i in range(tabs.count()) if tabs.tabText(i).replace("&", "") == label)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert tabs.currentIndex() == index


def _column(model, key: str) -> int:
    return model.column_keys().index(key)


def _row(model, row_id: str) -> int:
    return next(r for r in range(model.rowCount()) if model.row_at(r)["id"] == row_id)


def test_the_catalog_window_says_every_servers_supplies_and_price_source_in_chinese(qtbot, chinese) -> None:
    """The server table's supplies read '6x 3000 W @ 200-240 V, 3+3 redundant' and its price sources their English
    citations, unlabelled, in the Chinese app: reached with clicks, every row's supplies are now in Chinese from the
    count, rating and redundancy columns (the description, where they are empty, labelled as the source's words), every
    price source is labelled, and a GPU's price names its own source, not the datasheet of its other figures. No two
    columns share a header, and a cloud price for every region says so in Chinese."""
    window = open_window(qtbot)
    try:
        _click_tab(qtbot, window.tabs, "硬件目录")
        page = window.server_page
        _click_tab(qtbot, page.parentWidget().parentWidget(), "服务器")
        assert page.isVisible()
        model = page.model
        psu, price_source = _column(model, "psu"), _column(model, "price_source")
        for r in range(model.rowCount()):
            supplies = model.index(r, psu).data()
            assert supplies == "不详" or supplies.startswith(SOURCE_LABEL) or not ENGLISH_PHRASE.search(supplies), \
                supplies
            assert not ENGLISH_PHRASE.search(_unquoted(supplies)), supplies
            cited = model.index(r, price_source).data()
            assert cited == "不详" or cited.startswith((SOURCE_LABEL, "你的报价")), cited
        dgx = _row(model, "dgx-a100-320gb")
        assert model.index(dgx, psu).data() == "6 × 3,000 W，200–240 V，3+3 冗余"
        assert "来源原文：“6x 3000 W @ 200-240 V, 3+3 redundant”" in model.index(dgx, psu).data(
            Qt.ItemDataRole.ToolTipRole)
        assert model.index(dgx, price_source).data().startswith("来源原文：“NVIDIA newsroom")
        assert model.index(_row(model, "lenovo-thinkstation-p8"), psu).data() == "1 × 1,400 W，无冗余电源"

        for table in (window.gpu_page.model, model, window.cloud_page.model):  # "Origin" and "Source" both read 来源
            headers = [table.headerData(c, Qt.Orientation.Horizontal) for c in range(table.columnCount())]
            assert len(set(headers)) == len(headers), headers
        cloud = window.cloud_page.model
        everywhere = next(r for r in range(cloud.rowCount()) if cloud.row_at(r).get("region") == "all")
        region = cloud.index(everywhere, cloud.column_keys().index("region")).data()
        assert region != "all" and not re.search(r"[A-Za-z]", region), region

        from gpuplanner.ui.catalog_model import SOURCE_ROLE

        gpus = window.gpu_page.model
        tip = gpus.index(_row(gpus, "h20"), _column(gpus, "price_from")).data(SOURCE_ROLE)
        assert "来源原文：“'AI伺服器專家交流電話會紀要'" in tip, tip
    finally:
        close_window(window)


def test_a_quote_reads_in_the_users_language(qtbot, chinese, catalog) -> None:
    """A server priced from the user's CNY quote showed 'your quote of 2026-11-02; 1,400,000.00 CNY at 7 CNY/USD: …'
    in the Chinese catalog: the app's own words are Chinese now, the user's note as the user wrote it."""
    import datetime as _dt

    from gpuplanner.catalog.quotes import import_quotes

    today = _dt.date.today()
    day = (today - _dt.timedelta(days=30)).isoformat()
    import_quotes(f"item,unit_price,currency,date,note\ndgx-a100-320gb,1400000,CNY,{day},Inspur rep\n", catalog, 7.0,
                  today)
    window = open_window(qtbot, catalog)
    try:
        model = window.server_page.model
        cited = model.index(_row(model, "dgx-a100-320gb"), _column(model, "price_source")).data()
        assert cited == f"你的报价（{day}）；原价 1,400,000.00 元人民币，按 1 美元兑 7 元人民币换算：Inspur rep"
    finally:
        close_window(window)


def _plain(html: str) -> str:
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setHtml(html)
    return document.toPlainText()


def test_the_sheet_and_details_word_supplies_and_price_sources_in_chinese(chinese, catalog) -> None:
    """The sheet's supplies fell back to the datasheet's English where the counts were missing, and neither the
    details nor the sheet said where a catalog server's price comes from; a GPU price's source sat unlabelled inside
    a Chinese sentence. Both now read the supplies in Chinese and name the price's source as the source's words."""
    from gpuplanner.report.spec_sheet import SheetOptions, build_document
    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.details import plan_html

    def plan(gpu: str):
        result = plan_for_scenario({"task": "pretrain", "model": {"preset": "llama-3.1-8b"},
                                    "training": {"tokens": 1e12}, "hardware": {"gpu": gpu},
                                    "constraints": {"currency": "CNY", "deadline_days": 60,
                                                    "deployment": "on-prem"}}, catalog)
        return result, result.plans[0]

    result, dgx = plan("a100-sxm4-40gb")
    assert str(dgx.site.node) == "NVIDIA DGX A100 (320GB)"
    sheet = build_document(dgx, SheetOptions(), "", result).toPlainText()
    details = _plain(plan_html(dgx, result.currency))
    assert "电源模块\n6 × 3,000 W，200–240 V，3+3 冗余" in sheet
    for text in (sheet, details):
        cited = text[text.index("采购价格来源\n"):].splitlines()[1]
        assert cited.startswith("来源原文：“NVIDIA newsroom, 'NVIDIA Ships") and cited.endswith("”"), cited

    result, hgx = plan("h100-sxm5-80gb")
    note = next(line for line in _plain(plan_html(hgx, result.currency)).splitlines() if "规划默认值" in line)
    assert "（来源原文：“2025 range, geometric mean 25600" in note, note
    assert not ENGLISH_PHRASE.search(_unquoted(note).replace("H100 SXM", "")), note


def test_the_plan_tables_speed_column_is_headed_in_chinese(tmp_path) -> None:
    """`gpuplanner --lang zh_CN plan` headed its speed column '时长或 tok/s'."""
    import json

    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"task": "inference", "model": {"preset": "llama-3.1-8b"},
                                    "inference": {"concurrent_users": 8}}), encoding="utf-8")
    out = run_cli("--lang", "zh_CN", "plan", "--top", "2", str(scenario))
    assert out.returncode == 0, out.stderr
    header = next(line for line in out.stdout.splitlines() if line.lstrip().startswith("#"))
    assert "时长或每秒 token 数" in header and "tok/s" not in header, header



def test_a_gpus_qualifier_reads_in_chinese(chinese, catalog) -> None:
    """The plans table, sheet and CLI name a GPU by its catalog name: "B200 (HGX B200, per GPU)" read so in the
    Chinese UI. A qualifier the catalog adds to a maker's name is said in Chinese; the maker's name stays."""
    from gpuplanner.i18n.messages import translated

    qualified = [gpu for gpu in catalog.gpus() if "(" in str(gpu.model)]
    assert len(qualified) >= 10
    for gpu in qualified:
        shown = translated(gpu.model)
        qualifier = shown.partition("（")[2]
        assert qualifier and not ENGLISH_PHRASE.search(qualifier.replace("Blackwell Ultra", "")), shown
        # The part number as its maker writes it (a vendor's own Chinese name may replace the brand).
        assert all(token in shown for token in re.findall(r"\w*\d\w*", str(gpu.model).split(" (")[0])), shown


def test_every_chart_axis_and_spreadsheet_header_reads_in_chinese(qtbot, chinese, catalog) -> None:
    """The serving charts' axes read '每用户输出 token/秒' and 'CNY / 百万 token', and the exported spreadsheet's
    money columns '排序成本（CNY）': every axis title and column header of a serving and a training result now
    reads in Chinese, the currency named 人民币."""

    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.plans_export import plan_rows

    panel = open_chart_panel(qtbot)
    for scenario in ({"task": "inference", "model": {"preset": "llama-3.1-8b"}, "inference": {"concurrent_users": 8},
                      "constraints": {"currency": "CNY"}},
                     {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "training": {"tokens": 1e11},
                      "constraints": {"currency": "CNY", "deadline_days": 60}}):
        result = plan_for_scenario(scenario, catalog)
        panel.update_plans(result)
        titles = [plot.getAxis(side).labelText for plot in (panel.cost_plot, panel.memory_plot, panel.time_plot,
                                                            panel.power_plot, panel.scaling_plot)
                  for side in ("left", "bottom")]
        assert any("人民币" in title for title in titles), titles
        for title in titles:
            assert not re.search(r"[A-Za-z]", title.replace("GiB", "").replace("kW", "").replace("GPU", "")
                                 .replace("token", "")), title
        header = [str(cell) for cell in plan_rows(result)[0]]
        assert "排序成本（人民币）" in header and "每秒输出 token 数" in header, header
        for cell in header:
            assert not re.search(r"[A-Za-z]{3,}", cell.replace("GPU", "").replace("GiB", "")
                                 .replace("token", "")), cell


def test_an_unknown_server_memory_reads_unknown_without_a_unit(chinese, catalog) -> None:
    """The sheet's CPU / memory row read '… / 不详 GB' for a server whose memory the catalog does not give (the
    MI300X's Supermicro AS-8125GS-TNMR2): the unknown now reads 不详 alone."""
    from gpuplanner.report.spec_sheet import SheetOptions, build_document
    from gpuplanner.service import plan_for_scenario

    result = plan_for_scenario({"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "training": {"tokens": 1e12},
                                "hardware": {"gpu": "mi300x"}, "constraints": {"currency": "CNY",
                                                                              "deployment": "on-prem"}}, catalog)
    plan = result.plans[0]
    assert plan.site.system_memory_gb is None
    text = build_document(plan, SheetOptions(), "", result).toPlainText()
    row = text[text.index("CPU / 内存\n"):].splitlines()[1]
    assert row.endswith(" / 不详") and "不详 GB" not in text, row
    # The CPU is the source's English text ("2x AMD EPYC 9454 (48 cores each)" read as the app's own words in the
    # Chinese sheet): it is labelled as the source's.
    assert plan.site.cpu and row.startswith(f"来源原文：“{plan.site.cpu.strip()}”"), row


def test_the_expert_page_ends_the_path_and_fits_its_pane_in_chinese(qtbot, chinese) -> None:
    """Reached from the budget page's button, the expert page offered Next, which led to the RL page whatever the
    task; and in Chinese at 1280 x 720 its long check-box texts widened it past its pane (a sideways scroll bar, its
    fields cut off). It is the end of the path now (Finish plans), and its texts wrap: nothing scrolls sideways, and
    a click on a check box's text toggles the box as before."""
    from PySide6.QtWidgets import QScrollArea, QWizard

    from gpuplanner.ui.wizard.common import PageId

    window = open_window(qtbot)
    try:
        window.resize(1280, 720)
        wizard = window.wizard
        wizard.setCurrentId(PageId.BUDGET)
        qtbot.mouseClick(wizard.budget_page.expert, Qt.MouseButton.LeftButton)
        assert wizard.currentId() == PageId.ASSUMPTIONS
        page = wizard.assumptions_page
        assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
        assert wizard.button(QWizard.WizardButton.FinishButton).isVisible()
        scroll = page.findChild(QScrollArea)
        qtbot.waitUntil(lambda: scroll.viewport().width() > 0)
        qtbot.waitUntil(lambda: scroll.horizontalScrollBar().maximum() == 0, timeout=3000)
        fused = page.boxes["fused_elementwise"]
        text = next(label for label in fused.parentWidget().findChildren(type(window.catalog_date))
                    if label.buddy() is fused)
        assert text.wordWrap() and text.height() > text.fontMetrics().lineSpacing()  # wrapped onto two lines
        assert fused.accessibleName() == text.text()
        before = fused.isChecked()
        qtbot.mouseClick(text, Qt.MouseButton.LeftButton)
        assert fused.isChecked() is not before and "assumptions" in wizard.scenario()
        with qtbot.waitSignal(window.result_shown, timeout=60_000):
            qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
        assert window.last_result.scenario.assumptions.fused_elementwise is not before
    finally:
        close_window(window)
