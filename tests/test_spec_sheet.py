"""The printed spec sheet: rendered in both languages, converted to PNG and text, and checked for content."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import run_cli

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")

H100_CLUSTER = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 1e12},
                "hardware": {"gpu": "h100-sxm5-80gb", "count": 64},
                "constraints": {"deployment": "on-prem", "site": {"rack_kw": 20, "electricity_price": 0.1}}}
RTX_WORKSTATION = {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
                   "training": {"tokens": 2e8, "global_batch": 32},
                   "hardware": {"gpu": "rtx-4090", "count": 4},
                   "constraints": {"deployment": "on-prem", "site": {"electricity_price": 0.12,
                                                                      "supply": {"voltage": 230, "phase": 1,
                                                                                 "amps": 20}}}}
SERVING = {"task": "inference", "model": {"preset": "llama-3.1-70b"},
           "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "batch": 64},
           # H20 (the China-market Hopper): its 5.8 kW 8-GPU server fits a 40 A x 220 V cabinet derated to 80 % at
           # power factor 0.95 (6.69 kW), not a 32 A one (5.35 kW)
           "hardware": {"gpu": "h20"}, "constraints": {"deployment": "on-prem", "target_output_tokens_per_s": 5000,
                                                       "site": {"china_cabinet_amps": 40}}}
NODE_BLUE = (0x2E, 0x5D, 0x8A)


def make_sheet(tmp_path: Path, scenario: dict, lang: str, name: str, pngs: bool = True,
               ) -> tuple[str, list[Path], Path]:
    """(its text, its pages as PNG when `pngs`, else none, the PDF) of the sheet `gpuplanner plan --pdf` prints."""
    source = tmp_path / f"{name}.json"
    source.write_text(json.dumps(scenario), encoding="utf-8")
    pdf = tmp_path / f"{name}-{lang}.pdf"
    done = run_cli("plan", str(source), "--pdf", str(pdf), "--lang", lang, "--project", "Lab <b>cluster</b> & co")
    assert done.returncode == 0, done.stderr
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    if pngs:
        subprocess.run(["pdftoppm", "-png", "-r", "50", str(pdf), str(tmp_path / f"{name}-{lang}")], check=True)
    pages = sorted(tmp_path.glob(f"{name}-{lang}-*.png"))
    return text, pages, pdf


def has_colour(png: Path, rgb: tuple[int, int, int], tolerance: int = 12, minimum: int = 200) -> bool:
    from PySide6.QtGui import QImage

    image = QImage(str(png))
    hits = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            colour = image.pixelColor(x, y)
            if all(abs(a - b) <= tolerance for a, b in zip((colour.red(), colour.green(), colour.blue()), rgb,
                                                           strict=True)):
                hits += 1
    return hits >= minimum


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_h100_cluster_sheet(tmp_path: Path, lang: str) -> None:
    text, pages, pdf = make_sheet(tmp_path, H100_CLUSTER, lang, "h100")
    assert 2 <= len(pages) <= 6
    assert "Lab <b>cluster</b> & co" in text  # user text escaped, shown literally
    assert "10.2 kW" in text  # DGX H100 nameplate per rack (one per 20 kW rack)
    assert "34,804 BTU/h" in text and "2.90 RT" in text
    assert "DGX H100" in text
    if lang == "zh_CN":
        assert "机柜" in text and "功耗" in text and "双路供电" in text
    else:
        assert "Per rack (cabinet power)" in text and "Feeds and circuits (A/B)" in text
    assert any(has_colour(page, NODE_BLUE) for page in pages), "rack elevation not drawn"
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    assert "WenQuanYi" in fonts and " yes " in fonts  # bundled font, embedded


def test_rtx_workstation_sheet(tmp_path: Path) -> None:
    text, pages, _ = make_sheet(tmp_path, RTX_WORKSTATION, "en", "rtx")
    assert "4 × GeForce RTX 4090" in text
    assert "none (single node)" in text
    assert "licence" in text  # the GeForce data-center warning reaches the facilities team
    # A deskside sheet: the wall circuit, not a 42U rack with A/B PDUs. The tower's own parts at full load,
    # (4 x 450 W + 350 W CPU + 150 W platform) / 0.90 = 2.56 kW, / 0.95 / 230 V = 11.7 A on a 20 A circuit (16 A
    # continuous at 80 %, 3.50 kW at power factor 0.95).
    assert "Power and room specification for one deskside workstation" in text
    assert "230 V 20 A, derated to 80 %: 3.50 kW continuous" in text
    assert "fits: 11.7 A of the circuit's 16.0 A continuous" in text
    assert "Rack PDUs" not in text and "Feeds and circuits" not in text and "Racks (42 U)" not in text
    assert text.count("Server price uses a planning default") == 1  # the price note once, under Cost
    # The bill of materials prices the one workstation it buys (the capex), and the cost says how far the price can
    # be trusted and when it held (a new card's price in a buying guide of February 2026, a secondary source), not
    # the launch MSRP of 2022.
    assert re.search(r"4-GPU tower workstation.*\b1\s+\$(\d[\d,]*)\s+\$\1\b", text)
    assert re.search(r"Purchase price: confidence, date\s+secondary source, 2026-02", text)
    assert re.search(r"Server figures: confidence\s+estimate \(low confidence\)", text)  # a generic tower
    assert "The purchase price is from 2022-10" not in text
    assert "Check before ordering" in text and "node weight" in text
    assert not any(has_colour(page, NODE_BLUE) for page in pages)  # no rack elevation


def test_a_workstation_its_wall_circuit_cannot_carry_is_a_near_miss(tmp_path: Path) -> None:
    """The 2.56 kW tower draws 11.7 A at 230 V: it plugs into a 16 A office outlet (12.8 A continuous), where 1.82 x
    its GPUs (3.28 kW, 15.0 A) refused it; a 10 A circuit (8.0 A continuous) cannot carry it: a near miss that says
    so."""
    scenario = json.loads(json.dumps(RTX_WORKSTATION))
    scenario["constraints"]["site"]["supply"]["amps"] = 16
    source = tmp_path / "tower.json"
    source.write_text(json.dumps(scenario), encoding="utf-8")
    data = json.loads(run_cli("plan", str(source), "--format", "json").stdout)
    assert data["plans"] and data["plans"][0]["site"]["deskside"]
    scenario["constraints"]["site"]["supply"]["amps"] = 10
    source.write_text(json.dumps(scenario), encoding="utf-8")
    data = json.loads(run_cli("plan", str(source), "--format", "json").stdout)
    assert not data["plans"]
    assert any("11.7 A" in miss and "8.0 A" in miss for near in data["near_misses"] for miss in near["misses"])


def test_chinese_idc_cabinet_sheet_in_chinese(tmp_path: Path) -> None:
    """A cabinet sold by current is one single-phase 220 V circuit a feed: a blue 2P+E plug and one line current,
    never a three-phase plug with L1/L2/L3."""
    text, _, _ = make_sheet(tmp_path, SERVING, "zh_CN", "serve", pngs=False)
    flat = " ".join(text.split())
    assert "IDC" in flat and "220 V 40 A" in flat and "6.69 kW" in flat
    assert "2P+E" in flat and "3P+N+E" not in flat and "L1" not in flat
    assert "27.9 A（允许 32.0 A" in flat and "每相" not in flat  # 5.83 kW / (220 V x 0.95), of 40 A x 0.8
    # In Chinese throughout: full-width brackets, no English fragments of the generic server or its price, and a
    # secondary source that does not read "second-hand".
    assert "成本（美元）" in flat and "成本 (USD)" not in flat and "成本（USD）" not in flat
    for english in ("host platform", "planning default", "baseboard server", " at 14,000 USD", "二手来源"):
        assert english not in flat, english
    assert "首 token 时延" in text


def window_with_plans(qtbot, monkeypatch, scenario: dict) -> object:
    """The main window after the wizard was given `scenario` and its plans arrived."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    window = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(window)
    window.wizard.load_scenario(scenario)
    with qtbot.waitSignal(window.result_shown, timeout=60_000):
        window.recompute()
    return window


def test_sheet_from_the_app_matches_the_cli(qtbot, tmp_path: Path, monkeypatch) -> None:
    window = window_with_plans(qtbot, monkeypatch, H100_CLUSTER)
    pdf = tmp_path / "app.pdf"
    assert window.write_pdf(str(pdf)) >= 2
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "10.2 kW" in text
    document = window.sheet_document()
    assert document is not None and document.pageCount() >= 1
    window.close()


def test_pdf_without_a_plan_or_with_bad_options_exits_2(tmp_path: Path) -> None:
    source = tmp_path / "s.json"
    source.write_text(json.dumps(H100_CLUSTER), encoding="utf-8")
    done = run_cli("plan", str(source), "--pdf", str(tmp_path / "x.pdf"), "--lang", "fr")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_print_preview_renders_the_same_sheet(qtbot, monkeypatch, tmp_path: Path) -> None:
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

    from gpuplanner.report.pages import render

    window = window_with_plans(qtbot, monkeypatch, RTX_WORKSTATION)
    window.print_preview()
    dialog = window.preview_dialog
    assert isinstance(dialog, QPrintPreviewDialog) and dialog.isVisible()
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert render(window.sheet_document(), printer) >= 1
    dialog.close()
    window.close()


@pytest.mark.parametrize("scenario", [H100_CLUSTER, RTX_WORKSTATION], ids=["cluster", "workstation"])
def test_the_preview_and_the_printer_lay_out_the_pages_the_pdf_has(qtbot, monkeypatch, tmp_path: Path,
                                                                   scenario: dict) -> None:
    """The printer behind Print preview and Print lays the sheet on the PDF's paper and margins: with the printer's
    own default margins the preview showed a page fewer than the exported PDF of the same plan."""
    from PySide6.QtPrintSupport import QPrinter

    from gpuplanner.report.pages import render

    window = window_with_plans(qtbot, monkeypatch, scenario)
    printer = window._printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    printed = render(window.sheet_document(), printer)
    exported = window.write_pdf(str(tmp_path / "exported.pdf"))
    assert printed == exported >= 2
    window.close()


def test_a_rented_plan_gets_a_rental_sheet(tmp_path: Path) -> None:
    """Provider, instance, region, price date, hourly and job cost; no purchase bill of materials, no capex, no
    racks; the facilities section says none is needed (en and zh_CN)."""
    import json
    import subprocess

    scenario = tmp_path / "rent.json"
    scenario.write_text(json.dumps({"task": "pretrain", "model": {"preset": "llama-2-70b"},
                                    "constraints": {"deadline_days": 60, "deployment": "cloud"}}))
    for language, words in (("en", ("Provider", "On demand per GPU-hour", "This job on demand",
                                    "no racks, power, cooling or network are needed")),
                            ("zh_CN", ("云厂商", "按量付费每 GPU 小时", "本任务按量付费", "不需要机柜"))):
        pdf = tmp_path / f"rent-{language}.pdf"
        done = run_cli("plan", str(scenario), "--pdf", str(pdf), "--lang", language, "--top", "1")
        assert done.returncode == 0, done.stderr
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        for word in words:
            assert word in text, (language, word)
        confidence = "Rental price: confidence, date" if language == "en" else "租用价格：可信度、日期"
        assert confidence in text, language
        best = json.loads(run_cli("plan", str(scenario), "--format", "json", "--top", "1").stdout)["plans"][0]
        assert best["cost"]["cloud_offer"]["provider"] in text  # the provider's name
        assert "baseboard server" not in text and "基板服务器" not in text  # a rental names no server it buys
        for purchase in ("Bill of materials", "Capex", "Rack elevation", "物料清单", "资本支出"):
            assert purchase not in text, (language, purchase)


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_sheet_shows_the_plans_it_was_chosen_against(tmp_path: Path, lang: str) -> None:
    """The cost-vs-time chart of every evaluated plan, with its count, on the sheet (drawn: its orange points)."""
    scenario = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 2e12},
                "constraints": {"deadline_days": 60, "budget": 3e7}}
    text, pages, _ = make_sheet(tmp_path, scenario, lang, "chosen")
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.service import plan_for_scenario

    result = plan_for_scenario(scenario, Catalog(overrides_path=None))
    drawn = sum(point.cost is not None for point in result.points)
    unpriced = result.evaluated - drawn  # bought without a catalog price: planned, cost n/a, not drawn
    assert 0 < unpriced < result.evaluated
    if lang == "zh_CN":
        assert "本方案与哪些方案比较后胜出" in text
        assert f"共评估 {result.evaluated} 个方案，图中画出 {drawn} 个（其余 {unpriced} 个没有价格）" in text
    else:
        assert "Plans this one was chosen against" in text
        assert f"{result.evaluated} plans evaluated, {drawn} drawn (the other {unpriced} have no price)" in text
    assert any(has_colour(page, (0xF2, 0x8E, 0x2B), minimum=40) for page in pages), "cost chart not drawn"


# 96 A100 40GB (12 DGX A100 320GB, the model with a published price) within an 80-day deadline.
A100_DGX = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 2e11},
            "hardware": {"gpu": "a100-sxm4-40gb", "count": 96},
            "constraints": {"deployment": "on-prem", "deadline_days": 80}}


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_sheet_gives_the_electricians_and_the_floor_what_they_need(tmp_path: Path, lang: str) -> None:
    """DGX A100 (catalog: 6 x 3,000 W PSUs, 3+3; 123.16 kg), 3 per 20 kW rack on 400 V 3-phase 32 A feeds."""
    text, _, _ = make_sheet(tmp_path, A100_DGX, lang, "dgx-a100", pngs=False)
    assert {"en": "6 × 3,000 W, 200–240 V, 3+3 redundant", "zh_CN": "6 × 3,000 W，200–240 V，3+3 冗余"}[lang] in text
    assert "C19/C20" in text  # 3,000 W / (231 V x 0.95) = 13.7 A: above C13's 10 A, within C19's 16 A
    # On failover three cords a node carry its 6.5 kW: 2.17 kW / (231 V x 0.95) = 9.9 A each; two a phase (19.8 A
    # of the 25.6 A a 32 A circuit carries at 80 %), six a circuit: 9 cords a feed on 2 circuits, 4 PDUs a rack.
    assert "L1 19.8 A / L2 19.8 A / L3 19.8 A" in text
    assert "25.6 A" in text and "0.95" in text
    assert "20.5 kVA" in text and "83 kVA" in text  # 3 x 6.5 kW / 0.95 a rack; 12 x 6.5 / 0.95 = 82.1 a UPS side, up
    assert "4,851 m³/h" in text and "513 kg/m²" in text  # 3 x 123.16 kg over 0.6 x 1.2 m
    # 12 nodes in 4 racks: 3 leaf + 2 spine switches in one network rack in the middle of the row; the longest
    # node-to-leaf run is 3 racks x 0.6 m + 2 x 2 m = 5.8 m (multimode): 200 Gb/s HDR ports are single-port, so
    # one transceiver at each end of the 96 links; the 96 leaf-to-spine links stay inside the network rack
    # (5U + 2 x 0.5 m), on copper; out of band: 12 BMCs + 5 switches on one 1 GbE switch per rack.
    assert "192" in text and ("5.8 m" in text)
    if lang == "en":
        assert "network racks: 1, in the middle of the row; switches in them: 5 (1U each)" in " ".join(text.split())
        assert "96 cables up to 5.8 m: multimode optics (SR4), 192 transceivers" in text
        assert "96 cables up to 1.2 m: passive copper (DAC), 0 transceivers" in text
        assert "17 BMC ports (1 GbE) on 5 management switches" in text
    else:
        assert "多模光模块（SR4）" in text and "带外管理" in text
    if lang == "zh_CN":
        assert "IEC 60309 3P+N+E 32 A（红色，380-480 V）" in text
        assert "推荐 18-27 °C" in text
    else:
        assert "IEC 60309 3P+N+E 32 A (red, 380-480 V)" in text
        assert "4 per rack (one per circuit on each feed), 16 in the node racks; up to 6 outlets each" in " ".join(
            text.split())
        # 3 of 6 x 3,000 W supplies give 9.0 kW >= the 6.5 kW nameplate: the one case the sheet may say it.
        assert "Either feed can fail: the 3 supplies left on one feed give 9.0 kW" in text
        assert "18-27 °C" in text and "ASHRAE" in text


def test_the_sheet_prints_the_air_temperature_rise_the_site_gave(tmp_path: Path) -> None:
    """The airflow is sized for the site's ΔT, and the sheet says which: 15 °C moves 12/15 of the 12 °C air (the
    sheet printed the default 12 °C whatever the site said, while the figure beside it used the site's)."""
    site = {"airflow_delta_t_c": 15}
    text, _, _ = make_sheet(tmp_path, {**A100_DGX, "constraints": {**A100_DGX["constraints"], "site": site}},
                            "en", "dgx-a100-dt15", pngs=False)
    assert "3,881 m³/h" in text and "at a 15 °C" in " ".join(text.split())  # 4,851 x 12 / 15


SCALE_OUT_RENTAL = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "seq_len": 8192, "precision": "fp8",
                    "training": {"global_batch": 128},
                    "hardware": {"gpu": "h100-sxm5-80gb", "count": 128, "network_gbps_per_node": 400}}


def page_texts(pdf: Path) -> list[list[str]]:
    """Each page's lines as pdftotext reads them, the footer left out."""
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = [page for page in text.split("\f") if page.strip()]
    return [[line.strip() for line in page.splitlines() if line.strip() and not line.strip().startswith("GPU Planner")
             and not re.fullmatch(r"Page \d+ of \d+|第 \d+ 页，共 \d+ 页", line.strip())] for page in pages]


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_a_section_heading_never_ends_a_page(qtbot, tmp_path: Path, lang: str) -> None:
    """A heading starts the page its chart, table or list is on (a rented training plan's 'Plans this one was chosen
    against', A4 and Letter, both languages). The print preview draws one document at each page size: a heading moved
    for A4 is put back when the same document is drawn on Letter."""
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

    from gpuplanner.catalog.store import Catalog
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.report.pages import page_size, render
    from gpuplanner.report.spec_sheet import SheetOptions, build_document
    from gpuplanner.service import plan_for_scenario

    install_translations(lang)
    try:
        catalog = Catalog()
        result = plan_for_scenario(SCALE_OUT_RENTAL, catalog, top=3)
        plan = result.plans[0]
        document = build_document(plan, SheetOptions(), catalog.as_of(), result)
        headings = []
        block = document.begin()
        while block.isValid():
            if block.blockFormat().headingLevel() == 2:
                headings.append(block.text())
            block = block.next()
        assert len(headings) >= 4

        def draw(target: QTextDocument, size: QPageSize, name: str) -> list[list[str]]:
            pdf = tmp_path / f"{name}.pdf"
            writer = QPdfWriter(str(pdf))
            writer.setResolution(300)
            writer.setPageLayout(QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(15, 15, 15, 12),
                                             QPageLayout.Unit.Millimeter))
            render(target, writer)
            del writer
            return page_texts(pdf)

        # A3 last: the chart fits under its heading there, so the move made for Letter must be undone.
        for size in (page_size("A4"), page_size("Letter"), QPageSize(QPageSize.PageSizeId.A3)):
            name = size.key()
            pages = draw(document, size, f"same-{name}")
            assert [page[-1] for page in pages if page[-1] in headings] == [], name
            assert pages == draw(build_document(plan, SheetOptions(), catalog.as_of(), result), size, f"fresh-{name}")
    finally:
        install_translations("en")


def test_a_plan_on_part_of_its_racks_says_so_on_the_sheet(tmp_path: Path) -> None:
    """768 GB200 on 11 NVL72 racks: the sheet printed "GPUs per node 69" (768 / 11) and nowhere said that 24 of the
    792 GPUs bought sit idle; the server holds 72, and the recommendation says what is bought and what runs."""
    site = {"rack_kw": 140, "rack_units": 48, "reserved_units": 0, "rack_max_kg": 1500, "cooling": "cold-plate"}
    scenario = {"task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "hardware": {"gpu": "gb200"},
                "constraints": {"deployment": "on-prem", "deadline_days": 90, "site": site}}
    text, _, _ = make_sheet(tmp_path, scenario, "en", "gb200-part", pngs=False)
    flat = " ".join(text.split())
    assert "768 × GB200" in flat and "(792 GPUs bought, 24 idle during this job)" in flat
    assert "GPUs per node 72" in flat and "GPUs per node 69" not in flat
    assert "Trains on 768 of the 792 GPUs bought (11 x 72)" in flat
    # The rack's purchase price says how far it can be trusted and when it held, and that it is over a year old.
    assert "Purchase price: confidence, date estimate (low confidence), 2024-05-02" in flat
    assert "The purchase price is from 2024-05-02, over 12 months ago" in flat


H100_OWNED_40KW = {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "training": {"tokens": 1e12},
                   "hardware": {"gpu": "h100-sxm5-80gb", "count": 64},
                   "constraints": {"deployment": "on-prem", "site": {"rack_kw": 40, "electricity_price": 0.1}}}


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_sheet_never_claims_feed_redundancy_the_supplies_cannot_give(tmp_path: Path, lang: str) -> None:
    """DGX H100, six 3.3 kW supplies 4+2: three on a feed give 9.9 kW of its 10.2 kW. The sheet says the node
    runs power-capped when a feed fails and that a third feed would make it redundant (4 left: 13.2 kW); and the
    air ceiling that puts one 10.2 kW node in each 40 kW rack is printed as what binds."""
    text, _, _ = make_sheet(tmp_path, H100_OWNED_40KW, lang, "h100-40", pngs=False)
    assert "one feed can fail" not in text and "任一路故障时业务不中断" not in text
    assert "9.9 kW" in text and "10.2 kW" in text and "13.2 kW" in text
    flat = " ".join(text.split())  # table cells wrap over lines
    if lang == "en":
        assert "Not redundant at full power" in flat and "A third feed makes it redundant" in flat
        assert "The site's cooling limit binds: it sets the nodes per rack at 20 kW" in flat
        assert "(constraints.site.cooling_kw_per_rack;" in flat


def test_the_pdf_title_is_in_the_sheets_language(tmp_path: Path) -> None:
    """A Chinese sheet without a project name was titled "GPU Planner spec sheet" in the reader's title bar."""
    scenario = {"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e8},
                "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}
    source = tmp_path / "s.json"
    source.write_text(json.dumps(scenario), encoding="utf-8")
    pdf = tmp_path / "s.pdf"
    assert run_cli("plan", str(source), "--pdf", str(pdf), "--lang", "zh_CN").returncode == 0
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "Title:           GPU Planner 规格书" in info


def test_the_sheets_software_stack_speaks_the_sheets_language(tmp_path: Path) -> None:
    """The Chinese sheet read "modern（搜索：tp, pp, dp, cp, zero, micro_batch, …）": code words."""
    scenario = {"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e8},
                "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}
    text, _, _ = make_sheet(tmp_path, scenario, "zh_CN", "stack", pngs=False)
    flat = " ".join(text.split())
    assert "现代软件栈中的最优组合" in flat and "张量并行度" in flat
    for code in ("modern（", "micro_batch", "sequence_parallel", "virtual_stages"):
        assert code not in flat, code
