"""One scenario, one answer: the CLI's JSON and text, the app's table, details and charts, and the PDF tell the
same story (GPU × count, days, cost, effective precision, tokens); texts come from the plan, not the widgets."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gpuplanner.catalog.store import Catalog
from gpuplanner.cli.main import main
from gpuplanner.ui.main_window import MainWindow
from gpuplanner.ui.settings import AppSettings
from tests.conftest import run_cli

# FP8 asked for on an A100 (no FP8 tensor cores): the estimate falls back to BF16, and every output must say so.
SCENARIO = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "precision": "fp8",
            "hardware": {"gpu": "a100-sxm4-40gb", "count": 64},
            "constraints": {"deployment": "on-prem", "site": {"rack_kw": 20}}}


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture
def scenario_path(tmp_path: Path) -> Path:
    path = tmp_path / "one.json"
    path.write_text(json.dumps(SCENARIO))
    return path


def test_every_output_tells_the_same_story(qtbot, capsys, private_user_data, tmp_path, scenario_path) -> None:
    assert main(["plan", str(scenario_path), "--format", "json", "--top", "1"]) == 0
    plan = json.loads(capsys.readouterr().out)["plans"][0]
    assert (plan["gpu"], plan["count"], plan["precision"], plan["precision_requested"]) == \
        ("a100-sxm4-40gb", 64, "bf16", "fp8")
    days = f"{plan['days']:.1f}"
    capex = f"{plan['cost']['capex']:,.0f}"
    assert plan["training"]["tokens"] == 2e12  # the documented default, not 0

    assert main(["plan", str(scenario_path), "--format", "text", "--top", "1"]) == 0
    text = capsys.readouterr().out
    assert "64 x A100" in text and days in text and capex in text and "precision: BF16 (FP8 requested)" in text

    pdf = tmp_path / "sheet.pdf"
    assert main(["plan", str(scenario_path), "--pdf", str(pdf), "--top", "1"]) == 0
    capsys.readouterr()
    sheet = re.sub(r"\s+", " ", pdf_text(pdf))
    assert "on 2.0 trillion tokens" in sheet and "BF16 (FP8 requested)" in sheet  # 2e12, not "2,000.0 billion"
    assert capex in sheet and "64 × A100" in sheet

    window = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(window)
    window.wizard.load_scenario(SCENARIO)
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        window.recompute()
    model = window.plans_model
    row = {model.headerData(c, Qt.Orientation.Horizontal): model.data(model.index(0, c))
           for c in range(model.columnCount())}
    assert row["GPUs"] == "64" and row["Precision"] == "BF16 (FP8 requested)"
    assert row["Time or throughput"] == f"{days} days" and capex in row["Capex"]
    details = window.details.toPlainText()
    assert "BF16 (FP8 requested)" in details and days in details
    window.ensure_charts()
    assert window.charts.power_limit.value() == pytest.approx(plan["site"]["supply"]["rack_kw_limit"])
    assert "BF16 (FP8 requested)" in window.charts._hover_text[0]  # the bars' hover names the precision used
    window.close_without_asking = True
    window.close()


def test_an_image_task_sheet_speaks_of_images(tmp_path, capsys) -> None:
    path = tmp_path / "vision.json"
    path.write_text(json.dumps({"task": "vision", "model": {"preset": "resnet-50"},
                                "hardware": {"gpu": "a100-sxm4-40gb", "count": 8}}))
    pdf = tmp_path / "v.pdf"
    assert main(["plan", str(path), "--pdf", str(pdf), "--top", "1"]) == 0
    capsys.readouterr()
    sheet = re.sub(r"\s+", " ", pdf_text(pdf))
    assert "million images" in sheet and "images/s" in sheet
    assert "billion tokens" not in sheet and "trillion tokens" not in sheet and "n/a tokens/s" not in sheet


def test_a_model_named_like_a_placeholder_prints_as_is(tmp_path, capsys) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"task": "pretrain", "model": {"preset": "llama-2-7b", "name": "%3 %2"},
                                "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}))
    pdf = tmp_path / "odd.pdf"
    assert main(["plan", str(path), "--pdf", str(pdf), "--top", "1"]) == 0
    capsys.readouterr()
    assert "%3 %2 on 2.0 trillion tokens" in re.sub(r"\s+", " ", pdf_text(pdf))


def test_chinese_text_reports_carry_no_codes(tmp_path) -> None:
    path = tmp_path / "dense.json"
    path.write_text(json.dumps({"task": "pretrain", "model": {"preset": "llama-2-70b"},
                                "hardware": {"gpu": "b200", "count": 64},
                                "constraints": {"deployment": "on-prem", "site": {"rack_kw": 60}}}))
    # its own process: the Chinese translators stay there
    done = run_cli("plan", str(path), "--format", "text", "--top", "1", "--lang", "zh_CN")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    line = next(line for line in text.splitlines() if "散热" in line)
    assert not re.search(r"散热：[a-z-]+$", line.strip()), line
    assert "rack power" not in text and "cold-plate" not in text


def test_a_serving_plan_is_laid_out_as_replicas_everywhere(qtbot, tmp_path, capsys) -> None:
    """A serving plan's layout is its tensor-parallel group, its replicas and their batch — the same words in the
    CLI, the plan details and the spec sheet; no ZeRO stage, micro-batch or recomputation (training words that
    read as nonsense for serving), in English and in Chinese."""
    from PySide6.QtGui import QTextDocument

    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.details import plan_html

    scenario = {"task": "inference", "model": {"preset": "llama-3.1-70b"},
                "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "batch": 32},
                "constraints": {"target_output_tokens_per_s": 3000, "deployment": "on-prem"}}
    path = tmp_path / "serve.json"
    path.write_text(json.dumps(scenario))
    best = plan_for_scenario(scenario, Catalog(), top=1).plans[0]
    serving = best.inference
    assert serving.replicas > 1
    words = f"TP {serving.gpus_per_replica} per replica · {serving.replicas} replicas · batch " \
            f"{serving.batch_per_replica} each"
    assert main(["plan", str(path), "--top", "1"]) == 0
    text = capsys.readouterr().out
    assert f"layout: {words}" in text and "ZeRO" not in text.split("#1 in detail")[1].split("memory")[0]
    document = QTextDocument()
    document.setHtml(plan_html(best, "USD"))
    assert words in document.toPlainText() and "micro-batch" not in document.toPlainText()
    assert "KV cache" in document.toPlainText() and "Optimizer states" not in document.toPlainText()  # its parts
    pdf = tmp_path / "sheet.pdf"
    assert main(["plan", str(path), "--pdf", str(pdf), "--top", "1"]) == 0
    capsys.readouterr()
    sheet = re.sub(r"\s+", " ", pdf_text(pdf))
    assert words in sheet and "ZeRO" not in sheet
    done = run_cli("plan", str(path), "--top", "1", "--lang", "zh_CN")
    assert f"并行布局：每副本 TP {serving.gpus_per_replica} · {serving.replicas} 个副本" in done.stdout
