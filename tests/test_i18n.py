"""Chinese and English, complete: no unfinished translations, nothing bypasses tr(), no Latin-only UI text in
zh_CN except units, model and product names."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QComboBox, QGroupBox, QLabel, QTabWidget, QWizardPage

from gpuplanner.i18n.placeholders import qt_template
from gpuplanner.paths import resource_path
from scripts.message_templates import input_error_templates
from scripts.message_templates import msg_templates as core_templates
from tests.conftest import REPO_ROOT

TS = resource_path("i18n", "gpuplanner_zh_CN.ts")
LUPDATE = Path(sys.executable).with_name("pyside6-lupdate")
LRELEASE = Path(sys.executable).with_name("pyside6-lrelease")
# Visible text allowed to stay Latin in Chinese: units, numbers, formats, product and model names.
ALLOWED = re.compile(
    r"^[\d\s.,:%×/()+\-–·#&<>|=~±]*$|GiB|GB|kW|TFLOP|BF16|FP16|FP8|FP32|TF32|INT8|INT4|AdamW|Adafactor|ZeRO|FSDP|"
    r"LoRA|QLoRA|TensorRT-LLM|vLLM|llama\.cpp|USD|CNY|PUE|TCO|GPU|MLP|SwiGLU|NVIDIA|AMD|Intel|Huawei|Llama|Qwen|"
    r"Mixtral|DeepSeek|GPT|BERT|ResNet|ViT|SDXL|config\.json|JSON|PDF|PDU|TDP|IDC|NCCL|CUDA|MFU|KV|"
    r"Megatron-Core|Megatron-LM|NeMo|DeepSpeed|PyTorch|torchtitan|"  # framework names stay as published
    r"^[A-Z0-9][A-Za-z0-9.\-]*$")


def ts_messages() -> list[ET.Element]:
    return list(ET.parse(TS).getroot().iter("message"))


def test_no_unfinished_or_empty_translations() -> None:
    messages = ts_messages()
    assert len(messages) > 400
    for message in messages:
        translation = message.find("translation")
        assert translation is not None and translation.get("type") is None, message.findtext("source")
        assert (translation.text or "").strip(), message.findtext("source")
        placeholders = sorted(re.findall(r"%\d", message.findtext("source") or ""))
        assert sorted(re.findall(r"%\d", translation.text or "")) == placeholders, message.findtext("source")


@pytest.mark.skipif(not LUPDATE.exists(), reason="pyside6-lupdate not installed")
def test_every_tr_string_is_in_the_translation_file(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p) for p in (REPO_ROOT / "gpuplanner").rglob("*.py"))
    subprocess.run([str(LUPDATE), *sources, "-ts", str(fresh)], check=True, capture_output=True)
    wanted = {m.findtext("source") for m in ET.parse(fresh).getroot().iter("message")}
    have = {m.findtext("source") for m in ts_messages()}
    assert wanted - have == set(), "run `make i18n` and translate the new strings"


@pytest.mark.skipif(not LRELEASE.exists(), reason="pyside6-lrelease not installed")
def test_compiled_catalogue_is_current(tmp_path: Path) -> None:
    compiled = tmp_path / "zh.qm"
    subprocess.run([str(LRELEASE), str(TS), "-qm", str(compiled)], check=True, capture_output=True)
    assert compiled.read_bytes() == resource_path("i18n", "gpuplanner_zh_CN.qm").read_bytes()


def visible_texts(widget) -> list[tuple[str, str]]:
    """(kind, text) of every piece of UI text under `widget`, pages and menus included."""
    texts: list[tuple[str, str]] = []
    for child in widget.findChildren(QLabel):
        texts.append(("label", child.text()))
    for child in widget.findChildren(QAbstractButton):
        texts.append(("button", child.text()))
        texts.append(("tooltip", child.toolTip()))
    for child in widget.findChildren(QGroupBox):
        texts.append(("group", child.title()))
    for child in widget.findChildren(QComboBox):
        if not child.isEditable():
            texts += [("combo", child.itemText(i)) for i in range(child.count())]
    for child in widget.findChildren(QTabWidget):
        texts += [("tab", child.tabText(i)) for i in range(child.count())]
    for child in widget.findChildren(QWizardPage):
        texts += [("title", child.title()), ("subtitle", child.subTitle())]
    for menu_action in widget.menuBar().actions():
        texts.append(("menu", menu_action.text()))
        if menu_action.menu():
            texts += [("menu", a.text()) for a in menu_action.menu().actions()]
    return [(kind, text.replace("&", "")) for kind, text in texts if text and text.strip()]


def latin_only(text: str) -> bool:
    stripped = ALLOWED.sub("", text)
    return bool(re.search(r"[A-Za-z]{2,}", stripped)) and not re.search(r"[\u4e00-\u9fff]", text)


def test_zh_cn_window_shows_no_untranslated_text(qtbot) -> None:
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.i18n.messages import translated
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    assert install_translations("zh_CN") == "zh_CN"
    try:
        catalog = Catalog()
        window = MainWindow(catalog, AppSettings())
        qtbot.addWidget(window)
        # Catalog names as the Chinese reader sees them (a maker's name, with any qualifier in Chinese).
        names = {str(row["name"]) for row in catalog.rows("models")} | {translated(g.model) for g in catalog.gpus()}
        offenders = [(kind, text) for kind, text in visible_texts(window)
                     if latin_only(text) and not any(name in text for name in names)]
        assert offenders == []
        assert window.windowTitle() == "未命名[*] — GPU Planner 算力规划"
        tabs = window.gpu_page.parentWidget().parentWidget()  # the catalog's tab widget, above its page stack
        assert tabs.tabText(tabs.indexOf(window.gpu_page)) == "GPU"  # the table of GPUs, not "GPU 数" (a count)
        model_page = window.wizard.model_page  # an input error is marked in Chinese too
        model_page.preset.setCurrentIndex(model_page.preset.findData("custom"))
        model_page.heads.setValue(7)
        window.debouncer.stop()
        window.recompute()
        assert "个注意力头不能整除隐藏维度" in model_page.heads.toolTip()
        assert "检查" in window.status.text() or "高亮" in window.status.text()
        window.close()
    finally:
        install_translations("en")


def test_language_switch_keeps_the_inputs(qtbot) -> None:
    from PySide6.QtCore import Qt

    from gpuplanner.catalog.store import Catalog
    from gpuplanner.ui.app import LanguageSwitcher
    from gpuplanner.ui.main_window import MainWindow
    from gpuplanner.ui.settings import AppSettings

    window = MainWindow(Catalog(), AppSettings())
    qtbot.addWidget(window)
    window.wizard.model_page.seq_len.setValue(6144)
    window.wizard.deployment_page.rack_kw.setValue(12.0)
    window.undo_stack.undo()  # the rack edit undone: a redo step to carry over
    window.wizard.next()
    window.wizard.next()  # on the third page
    switcher = LanguageSwitcher(window)
    try:
        window.language_requested.emit("zh_CN")
        new = switcher.window
        qtbot.addWidget(new)
        assert new is not window
        assert new.wizard.model_page.seq_len.value() == 6144
        # Still the untitled document with an unsaved edit (it read "Recovered scenario (unsaved)" after a switch).
        assert new.windowTitle().startswith("未命名") and new.is_modified()
        assert new.tabs.tabText(0) == "方案"
        assert new.settings.language() == "zh_CN"
        # The switch wiped undo and redo and went back to page 1: both steps, and the page, carry over.
        assert new.wizard.currentId() == 2
        new.show()
        qtbot.waitExposed(new)
        with qtbot.waitActive(new):
            new.activateWindow()
        assert new.undo_stack.canRedo()
        qtbot.keyClick(new, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
        assert new.wizard.deployment_page.rack_kw.value() == 12.0
        qtbot.keyClick(new, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert "修改输入" in new.undo_action.text()
        qtbot.keyClick(new, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert new.wizard.model_page.seq_len.value() == 4096
        # Back to English: the carried steps are named in English (the menu read "Undo 修改输入").
        new.wizard.model_page.seq_len.setValue(2048)
        new.language_requested.emit("en")
        back = switcher.window
        qtbot.addWidget(back)
        assert back.undo_stack.canUndo() and back.undo_action.text() == "&Undo Edit inputs"
    finally:
        from gpuplanner.i18n.language import install_translations

        install_translations("en")
        switcher.window.close()


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_cli_language_flag(tmp_path: Path) -> None:
    from tests.conftest import run_cli

    source = tmp_path / "s.json"
    source.write_text('{"model": {"preset": "llama-2-7b"}, '
                      '"constraints": {"deadline_days": 30, "deployment": "on-prem"}}',
                      encoding="utf-8")
    pdf = tmp_path / "s.pdf"
    assert run_cli("plan", str(source), "--pdf", str(pdf), "--lang", "zh_CN").returncode == 0
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "规格书" in text and "第 1 页" in text


def test_the_generated_template_registry_is_current() -> None:
    """i18n/message_templates.py is generated from every msg() and InputError template: never kept by hand."""
    from scripts.message_templates import OUTPUT, source

    assert OUTPUT.read_text(encoding="utf-8") == source(), "run `make i18n`"


def test_core_messages_are_registered_for_translation() -> None:
    from gpuplanner.i18n.messages import TEMPLATES

    assert {qt_template(t) for t in core_templates()} == set(TEMPLATES)


def test_input_errors_are_registered_for_translation() -> None:
    from gpuplanner.i18n.messages import INPUT_TEMPLATES

    assert {qt_template(t) for t in input_error_templates()} == set(INPUT_TEMPLATES)
    assert len(INPUT_TEMPLATES) == len(set(INPUT_TEMPLATES))


def test_core_messages_translate_with_their_values(qtbot) -> None:
    from gpuplanner.core.base.messages import msg
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.i18n.messages import translated

    message = msg("Misses the deadline: {days:.1f} days against {deadline:g}.", days=41.25, deadline=30)
    assert message == "Misses the deadline: 41.2 days against 30."
    nested = msg("Not an answer: {misses}", misses=msg("{first}; {second}", first=msg(
        "takes {days:.1f} days (deadline {deadline:g})", days=41.25, deadline=30), second=msg(
        "costs {cost:,.0f} {currency} (budget {budget:,.0f} {currency})", cost=2e6, budget=1e6, currency="CNY")))
    try:
        install_translations("zh_CN")
        assert translated(message) == "无法按期完成：需要 41.2 天，期限为 30 天。"
        assert translated(nested) == "不是答案：需要 41.2 天（期限 30 天）；花费 2,000,000 CNY（预算 1,000,000 CNY）"
    finally:
        install_translations("en")
    assert translated(message) == message
    assert json_round_trip(message) == message


def json_round_trip(value: object) -> object:
    import json

    return json.loads(json.dumps(value))


def test_cli_text_reports_in_chinese(tmp_path: Path) -> None:
    from tests.conftest import run_cli

    source = tmp_path / "s.json"
    source.write_text('{"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048, '
                      '"training": {"tokens": 2e8, "global_batch": 32}, "constraints": {"deployment": "on-prem"}}',
                      encoding="utf-8")
    plan = run_cli("plan", str(source), "--lang", "zh_CN")
    assert plan.returncode == 0 and "方案排名" in plan.stdout and "第 1 名详情" in plan.stdout
    assert re.search(r"重计算 (无|选择性|完全)", plan.stdout), plan.stdout  # the mode too, not the code
    estimate = run_cli("estimate", str(source), "--lang", "zh_CN")
    assert estimate.returncode == 0 and "单卡显存" in estimate.stdout and "可训练参数" in estimate.stdout
    english = run_cli("estimate", str(source))
    assert "Memory per GPU" in english.stdout


def test_cli_input_error_in_chinese(tmp_path: Path) -> None:
    from tests.conftest import run_cli

    source = tmp_path / "s.json"
    source.write_text('{"model": {"preset": "llama-2-7b"}, "seq_len": "long"}', encoding="utf-8")
    done = run_cli("estimate", str(source), "--lang", "zh_CN")
    assert done.returncode == 2
    assert done.stderr.strip() == "gpuplanner: error: seq_len: 必须是整数，实际为 str 'long'"


def test_translations_keep_every_placeholder_in_the_one_syntax() -> None:
    """Translators see one placeholder syntax, %1..%n (the core's named fields are numbered for them); each
    translation carries the same numbers as its English source."""
    number = re.compile(r"%\d+")
    named = re.compile(r"\{[A-Za-z_][A-Za-z_0-9]*(![rsa])?(:[^{}]*)?\}")
    for message in ts_messages():
        source = message.findtext("source") or ""
        translation = message.findtext("translation") or ""
        assert not named.search(source) and not named.search(translation), source
        assert sorted(number.findall(source)) == sorted(number.findall(translation)), source


def test_a_numbered_core_message_fills_in_one_pass(qtbot) -> None:
    """A value that itself reads like a placeholder ("%2", "{days}") is printed as it is, in both languages."""
    from gpuplanner.core.base.messages import msg
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.i18n.messages import translated

    message = msg("Misses the deadline: {days:.1f} days against {deadline:g}.", days=41.25, deadline=30)
    assert qt_template(message.template) == "Misses the deadline: %1 days against %2."
    odd = msg("{gpu}: ECC memory not confirmed; a {days:.0f}-day run risks silent errors.", gpu="%2 {days}",
              days=4.0)
    try:
        install_translations("zh_CN")
        assert "%2 {days}" in translated(odd) and "4" in translated(odd)
    finally:
        install_translations("en")
    assert translated(odd) == "%2 {days}: ECC memory not confirmed; a 4-day run risks silent errors."


def test_fill_puts_each_value_in_its_numbered_place_once() -> None:
    """%1..%n in one pass: reordered, repeated, beside a literal % or another number; %0, numbers beyond the values
    and a % before a character that is not a decimal digit (a superscript ², a translator's slip) are left as
    written."""
    from gpuplanner.i18n.placeholders import fill

    assert fill("%2 before %1, %1 again", "a", "b") == "b before a, a again"
    assert fill("100% sure: %1%", "x") == "100% sure: x%"
    assert fill("%1%2%3", 1, 2) == "12%3" and fill("%12 %0 %", "a") == "%12 %0 %"
    assert fill("%1", "%2 {days}", "never") == "%2 {days}"  # a value is never filled again
    assert fill("%² of %1", 5) == "%² of 5" and fill("no placeholders") == "no placeholders"


def test_cooling_words_inside_warnings_are_translated(qtbot) -> None:
    from gpuplanner.core.base.messages import msg
    from gpuplanner.core.site.site import COOLING_WORDS
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.i18n.messages import translated

    warning = msg("{rack_kw:.1f} kW per rack exceeds what {cooling} cooling handles (~{limit:g} kW): "
                  "needs {needed} cooling.", rack_kw=40.8, cooling=COOLING_WORDS["air"], limit=20,
                  needed=COOLING_WORDS["rear-door"])
    assert warning == ("40.8 kW per rack exceeds what air cooling handles (~20 kW): needs rear-door heat exchanger "
                       "cooling.")
    try:
        install_translations("zh_CN")
        assert "风冷" in translated(warning) and "背板换热" in translated(warning)
    finally:
        install_translations("en")


def test_chinese_all_the_way_currency_na_and_assumptions(qtbot, private_user_data) -> None:
    """In Chinese: a new scenario is priced in CNY, unknown catalog values read 不详, assumptions have words."""
    from PySide6.QtCore import Qt

    from gpuplanner.i18n.language import install_translations
    from tests.conftest import close_window, open_window

    try:
        install_translations("zh_CN")
        window = open_window(qtbot)
        assert window.wizard.scenario()["constraints"]["currency"] == "CNY"
        model = window.gpu_page.model
        cells = {model.data(model.index(r, c)) for r in range(model.rowCount()) for c in range(model.columnCount())}
        assert "不详" in cells and "n/a" not in cells
        with qtbot.waitSignal(window.result_shown, timeout=60_000):
            window.recompute()
        details = window.details.toPlainText()
        assert "gradient_bytes" not in details and "dp_overlap" not in details
        assert model.headerData(0, Qt.Orientation.Horizontal)
        close_window(window)
    finally:
        install_translations("en")


def test_the_plan_details_show_the_estimates_assumption_texts_in_chinese(qtbot) -> None:
    """The assumptions an estimate states in words (weight storage, FLOPs convention, activation memory, power) are
    core messages: the details pane shows them in the UI's language, the JSON keeps the English."""
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.details import plan_html

    catalog = Catalog(overrides_path=None)
    result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-70b"}, "precision": "fp8",
                                "training": {"weight_dtype": "fp8", "global_batch": 8, "tokens": 3e7},
                                "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}, catalog)
    plan = result.plans[0]
    assert plan.estimate.assumptions["weight_storage"].startswith("transformer matrices in FP8, read by the GEMMs")
    try:
        install_translations("zh_CN")
        html = plan_html(plan, result.currency)
    finally:
        install_translations("en")
    assert "Transformer 权重矩阵为 FP8，由矩阵乘直接读取" in html
    # The software stack's description too (it was English in the Chinese pane until it became a core message).
    assert "现代软件栈中的最优组合" in html
    for english in ("read by the GEMMs", "no causal discount", "generalised to GQA", "expected draw",
                    "the best of the modern stacks", ">modern<", "micro_batch", "sequence_parallel"):
        assert english not in html, english
    assert "微批" in html and "序列并行" in html  # the searched knobs in words, not field names


def test_a_fabric_note_with_a_number_in_it_is_translated(tmp_path: Path) -> None:
    """A cluster past two switch tiers says how many pods its third tier joins: that note carries a number, so it is
    a core message, not a fixed word, and the zh_CN plan showed it in English ("three tiers (4 pods)") until then."""
    import json

    from tests.conftest import run_cli

    source = tmp_path / "big.json"
    source.write_text(json.dumps({"task": "inference", "model": {"preset": "llama-2-70b"},
                                  "inference": {"weight_dtype": "fp16", "kv_dtype": "fp16", "batch": 1},
                                  "constraints": {"target_output_tokens_per_s": 200000},
                                  "hardware": {"gpu": "mi300x"}}), encoding="utf-8")
    chinese = run_cli("plan", str(source), "--lang", "zh_CN", "--top", "1")
    assert chinese.returncode == 0 and "三层（" in chinese.stdout and "three tiers" not in chinese.stdout
    english = run_cli("plan", str(source), "--lang", "en", "--top", "1")
    assert "three tiers (" in english.stdout


def test_qts_own_file_dialog_speaks_chinese_in_a_chinese_interface(qtbot) -> None:
    """Qt's shipped Chinese catalogue leaves the file dialog's 'Look in:' and 'Files of type:' in English; ours
    fills those gaps (i18n/qt_gaps.py), so every label of the dialog a Chinese user saves with is Chinese."""
    from PySide6.QtWidgets import QFileDialog, QLabel

    from gpuplanner.i18n.language import install_translations

    install_translations("zh_CN")
    try:
        dialog = QFileDialog(None, "", "", "Scenarios (*.json)")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        qtbot.addWidget(dialog)
        labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
        assert len(labels) >= 3
        assert not any(character.isascii() and character.isalpha() for text in labels
                       for character in text.replace("&L", "").replace("&N", "").replace("&T", ""))
    finally:
        install_translations("en")


def test_an_assumption_the_estimate_does_not_have_reads_as_a_word(qtbot) -> None:
    """A full fine-tune has no adapter: the assumption list said 'Adapters: None' (Python's word) in both
    languages."""
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.ui.details import _assumption_value

    assert _assumption_value(None) == "none"
    try:
        install_translations("zh_CN")
        assert _assumption_value(None) == "无"
    finally:
        install_translations("en")


def test_codes_read_as_words_in_chinese(catalog) -> None:
    """The Chinese pane said "优化器：adamw" and the catalog tab's origin column "bundled" / "user": codes, not
    words."""
    from PySide6.QtCore import Qt

    from gpuplanner.i18n.language import install_translations
    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.catalog_model import CatalogTableModel
    from gpuplanner.ui.details import plan_html

    result = plan_for_scenario({"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e8},
                                "hardware": {"gpu": "h100-sxm5-80gb", "count": 8}}, catalog)
    model = CatalogTableModel([("id", "ID"), ("origin", "Origin")])
    model.set_rows([{"id": "h100", "origin": "bundled", "source": "s", "as_of": "2026"},
                    {"id": "mine", "origin": "user", "source": "s", "as_of": "2026"}])
    try:
        install_translations("zh_CN")
        html = plan_html(result.plans[0], result.currency)
        origins = [model.data(model.index(row, 1), Qt.ItemDataRole.DisplayRole) for row in range(2)]
    finally:
        install_translations("en")
    assert "AdamW" in html and "adamw" not in html
    assert origins == ["随软件提供的目录", "您的修改"]


def test_the_plans_export_speaks_the_users_language(catalog) -> None:
    """The CSV / xlsx headers were looked up under a context the translations are not filed under (English in the
    Chinese app), and the rows carried "on-prem" / "cloud" and the GPUs' English names."""
    from gpuplanner.i18n.language import install_translations
    from gpuplanner.service import plan_for_scenario
    from gpuplanner.ui.plans_export import plan_rows

    result = plan_for_scenario({"task": "lora", "model": {"preset": "qwen2.5-72b"}, "training": {"tokens": 2e8},
                                "constraints": {"region": "cn-mainland", "currency": "CNY"}}, catalog)
    try:
        install_translations("zh_CN")
        rows = plan_rows(result)
    finally:
        install_translations("en")
    assert rows[0][0] == "状态" and "status" not in rows[0] and "deployment" not in rows[0]
    deployments = {row[4] for row in rows[1:]}
    assert deployments <= {"购买", "租用"} and "on-prem" not in deployments and "cloud" not in deployments
    assert any(str(row[3]).startswith("昇腾") for row in rows[1:])  # the vendor's own Chinese name


def test_no_ui_text_retypes_a_fields_declared_help(qtbot) -> None:
    """A tooltip that says what a field's declaration says reads it (i18n.field_help), so the words live once and
    are translated once: no tr() literal in the UI is a field's help, and field_help shows it as a sentence."""
    import ast

    from gpuplanner.core.scenario.fields import FIELDS
    from gpuplanner.i18n.field_help import as_sentence, field_help

    declared = {as_sentence(spec.help).casefold().rstrip("."): spec.path for spec in FIELDS if spec.help}
    retyped = []
    for path in sorted((REPO_ROOT / "gpuplanner" / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "tr" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                said = declared.get(str(node.args[0].value).casefold().rstrip("."))
                if said is not None:
                    retyped.append(f"{path.name}:{node.lineno} {said}")
    assert retyped == [], "use field_help(path)"
    assert field_help("inference.hours_per_day").startswith("Hours a day the service runs: a rented one")


def test_a_band_reads_as_the_notes_round_it_whatever_the_callers_number_does() -> None:
    """A MoE serving band of 70.5 % is "±70%" in the estimate's note (Python's format, half to even); the band line
    the app and the spec sheet draw with QLocale's number (halves up) said "±71%" beside it."""
    from PySide6.QtCore import QLocale

    from gpuplanner.core.base.messages import msg
    from gpuplanner.i18n.bands import band_text
    from gpuplanner.i18n.messages import translated

    locale = QLocale(QLocale.Language.English)
    line = band_text(70.5, 0.8, "judged", lambda _context, text: text,
                     lambda value, decimals: locale.toString(value, "f", decimals))
    note = translated(msg("The band, ±{band:.0f}%.", band=70.5))
    assert line.startswith("±70%") and note.endswith("±70%.")
