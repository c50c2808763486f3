"""A mainland buyer's day in Chinese: the 7B pretraining and 72B LoRA plans bought for a 220 V / 40 A IDC cabinet,
read in the app's details and on the sheet the app prints. What a buyer orders from must not be short, and what
the catalog quotes in English is labelled as the source's words."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from tests.conftest import run_cli

MAINLAND_SITE = {"deployment": "on-prem", "region": "cn-mainland", "currency": "CNY",
                 "site": {"rack_kw": 8, "china_cabinet_amps": 40, "electricity_price": 0.8}}
PRETRAIN_7B = {"task": "pretrain", "model": {"preset": "qwen2.5-7b"}, "seq_len": 4096, "precision": "bf16",
               "training": {"tokens": 1e11, "global_batch": 512},
               "constraints": {"deadline_days": 30, **MAINLAND_SITE}}
LORA_72B = {"task": "lora", "model": {"preset": "qwen2.5-72b"}, "seq_len": 4096, "precision": "bf16",
            "training": {"tokens": 1e9, "global_batch": 64}, "constraints": {"deadline_days": 14, **MAINLAND_SITE}}

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")


def open_in_window(qtbot, window, tmp_path, scenario: dict, name: str) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        assert window.load_file(str(path), ask=False)
    qtbot.waitUntil(window.results_are_current, timeout=60_000)


def pdf_text(pdf) -> str:
    return " ".join(subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


@needs_poppler
def test_the_sheets_ups_minimum_is_rounded_up_not_to_the_nearest(qtbot, main_window, tmp_path) -> None:
    """Four 5.1 kW L20 servers need 21.46 kVA on each UPS side; the printed sheet said "at least 21 kVA", a UPS
    too small for the cluster at nameplate."""
    open_in_window(qtbot, main_window, tmp_path, PRETRAIN_7B, "pretrain")
    plan = main_window.last_result.best
    site = plan.site
    need = site.power_chain.ups_kva_per_side
    # 2N: each side carries every node at nameplate, in kVA at the supplies' power factor.
    assert need == pytest.approx(site.nodes * site.node_kw_nameplate / site.power_chain.circuits.power_factor)
    pdf = tmp_path / "pretrain.pdf"
    assert main_window.write_pdf(str(pdf)) >= 2
    printed = re.search(r"each side at least ([\d,]+) kVA", pdf_text(pdf))
    assert printed is not None
    assert need <= float(printed.group(1).replace(",", "")) < need + 1


@needs_poppler
def test_the_export_rule_source_is_labelled_as_the_sources_words_in_chinese(qtbot, tmp_path) -> None:
    """In Chinese the export rule's citation ("NVIDIA's China product page as reported by Reuters …") stood bare in
    the details and on the sheet, the only English sentence without the "来源原文" label every other citation has."""
    from gpuplanner.i18n.language import install_translations
    from tests.conftest import close_window, open_window

    try:
        install_translations("zh_CN")
        window = open_window(qtbot)
        open_in_window(qtbot, window, tmp_path, LORA_72B, "lora")
        where = window.last_result.best.availability
        assert where.region == "cn-mainland" and where.source
        quoted = f"来源原文：“{where.source.strip()}”"
        assert " ".join(quoted.split()) in " ".join(window.details.toPlainText().split())
        pdf = tmp_path / "lora.pdf"
        assert window.write_pdf(str(pdf)) >= 2
        assert "出口规则" in pdf_text(pdf) and "来源原文：“" + where.source.split()[0] in pdf_text(pdf)
        close_window(window)
    finally:
        install_translations("en")
    path = tmp_path / "lora.json"
    text = run_cli("plan", str(path), "--lang", "zh_CN", "--top", "1").stdout
    assert "来源原文：“" + where.source.strip() + "”" in text


@needs_poppler
def test_two_cords_on_a_three_phase_circuit_load_two_lines_not_three(qtbot, main_window, tmp_path) -> None:
    """One 8 x L40S server (two supplies a feed) on a 400 V three-phase 63 A feed: its two cords sit on L1 and L2.
    The sheet printed "L1 12.3 A / L2 12.3 A / L3 12.3 A", a current on a line no cord is on."""
    from tests.test_user_day import unpriced_lora

    open_in_window(qtbot, main_window, tmp_path, unpriced_lora("l40s"), "l40s")
    site = main_window.last_result.best.site
    circuits = site.power_chain.circuits
    assert site.nodes_per_rack == 1 and circuits.cords_per_node == 2 and circuits.lines == ("L1", "L2", "L3")
    cord = circuits.cord_kw * 1000 / (400 / 3 ** 0.5 * circuits.power_factor)  # I = P / (V_LN pf)
    assert site.facilities.phase_amps == pytest.approx((cord, cord, 0.0))
    pdf = tmp_path / "l40s.pdf"
    assert main_window.write_pdf(str(pdf)) >= 2
    assert f"L1 {cord:.1f} A / L2 {cord:.1f} A / L3 0.0 A" in pdf_text(pdf)


def test_at_1024_by_600_the_names_give_way_so_the_cost_stays_on_screen(qtbot, tmp_path) -> None:
    """At 1024 x 600 the wizard keeps about half the window: in Chinese the GPU names (200 px) pushed the ranked
    cost off the plans table's right edge. The names narrow to make room, elided with the full name in the tooltip,
    and widen again when the user gives the table more room."""
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.ui.main_window import PLANS_COLUMN_MAX_PX, PLANS_NAME_MIN_CHARS
    from tests.conftest import close_window, open_window

    try:
        install_translations("zh_CN")
        window = open_window(qtbot)
        window.resize(1024, 600)
        open_in_window(qtbot, window, tmp_path, LORA_72B, "lora")
        view, columns = window.plans_view, window.plans_model.COLUMNS
        header, gpu, cost = view.horizontalHeader(), columns.index("gpu"), columns.index("cost")
        content = min(max(view.sizeHintForColumn(gpu), header.sectionSizeHint(gpu)), PLANS_COLUMN_MAX_PX)
        qtbot.waitUntil(lambda: header.sectionPosition(cost) + header.sectionSize(cost) <= view.viewport().width())
        assert view.fontMetrics().horizontalAdvance("0") * PLANS_NAME_MIN_CHARS <= header.sectionSize(gpu) < content
        window.splitter.setSizes([340, 684])  # the user drags the wizard narrower: the names have room again
        qtbot.waitUntil(lambda: header.sectionSize(gpu) == content)
        assert header.sectionPosition(cost) + header.sectionSize(cost) <= view.viewport().width()
        close_window(window)
    finally:
        install_translations("en")
