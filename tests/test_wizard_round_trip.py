"""Every field a wizard page shows for a task reaches the scenario and comes back: what the boxes say is what is
planned and saved (a GPU count with "Any GPU" was shown but dropped)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QComboBox, QWidget, QWizardPage

from gpuplanner.catalog.store import Catalog
from gpuplanner.ui.wizard import ScenarioWizard
from gpuplanner.ui.wizard.common import PageId

FIELD_TYPES = (QAbstractSpinBox, QCheckBox, QComboBox)


def fields(wizard: ScenarioWizard) -> list[QWidget]:
    """The input widgets of every page, in construction order (the same order in any two wizards)."""
    pages = (wizard.model_page, wizard.precision_page, wizard.deployment_page, wizard.budget_page)
    return [w for page in pages for w in page.findChildren(QWidget) if isinstance(w, FIELD_TYPES)]


def offered(widget: QWidget) -> bool:
    """Shown (on its page, whichever page is current) and editable."""
    page = widget.parentWidget()
    while page is not None and not isinstance(page, QWizardPage):
        page = page.parentWidget()
    return page is not None and widget.isVisibleTo(page) and widget.isEnabled()


def shown(widget: QWidget) -> object:
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    return widget.value()  # type: ignore[attr-defined]


def change(widget: QWidget) -> None:
    if isinstance(widget, QCheckBox):
        widget.setChecked(not widget.isChecked())
    elif isinstance(widget, QComboBox):
        if widget.count() > 1:
            widget.setCurrentIndex((widget.currentIndex() + 1) % widget.count())
    else:
        value, low, high = widget.value(), widget.minimum(), widget.maximum()  # type: ignore[attr-defined]
        new = value * 2 if value and value * 2 <= high else (value + 1 if value + 1 <= high else low)
        widget.setValue(new)  # type: ignore[attr-defined]


@pytest.mark.parametrize("choices", [True, False], ids=["choices-changed", "choices-at-defaults"])
@pytest.mark.parametrize("task", range(7))
def test_every_field_a_page_shows_reaches_the_scenario_and_comes_back(qtbot, private_user_data, task,
                                                                      choices) -> None:
    """Every field shown for the task changed (with the drop-down choices changed too, or left at their defaults,
    such as "Any GPU"), written to the scenario, and loaded into a new wizard: each shows the same."""
    catalog = Catalog()
    first = ScenarioWizard(catalog)
    qtbot.addWidget(first)
    first.show()
    first.task_page.group.buttons()[task].click()
    for widget in fields(first):
        if offered(widget) and (choices or not isinstance(widget, QComboBox)):
            change(widget)
    widgets = fields(first)
    visible = [i for i, w in enumerate(widgets) if offered(w)]
    assert len(visible) >= 8
    before = {i: shown(widgets[i]) for i in visible}
    second = ScenarioWizard(catalog)
    qtbot.addWidget(second)
    second.load_scenario(first.scenario())
    after = {i: shown(fields(second)[i]) for i in visible}
    lost = {widgets[i].toolTip() or widgets[i].objectName() or type(widgets[i]).__name__: (before[i], after[i])
            for i in visible if before[i] != after[i]}
    assert not lost, lost


def test_a_chinese_cabinet_takes_over_the_supply_fields_and_the_cooling_limit_is_a_field(qtbot) -> None:
    """Choosing a 220 V cabinet sold by current greys out the rack kW and the 400 V / three-phase / breaker fields
    (they do not apply to it); the site's cooling limit per rack is a field of its own that reaches the scenario;
    a file's supply derating and power factor, which no page shows, survive the wizard."""
    wizard = ScenarioWizard(Catalog())
    qtbot.addWidget(wizard)
    wizard.load_scenario({"task": "pretrain", "constraints": {"site": {"supply": {"derating": 0.75,
                                                                                    "power_factor": 0.9}}}})
    page = wizard.deployment_page
    supply_fields = (page.rack_kw, page.voltage, page.phase, page.amps)
    assert all(box.isEnabled() for box in supply_fields)
    page.china_cabinet.setCurrentIndex(page.china_cabinet.findData(32))
    assert not any(box.isEnabled() for box in supply_fields)
    page.cooling_kw.setValue(45)
    site = wizard.scenario()["constraints"]["site"]
    assert site["china_cabinet_amps"] == 32 and site["cooling_kw_per_rack"] == 45
    assert site["supply"]["derating"] == 0.75 and site["supply"]["power_factor"] == 0.9
    page.china_cabinet.setCurrentIndex(page.china_cabinet.findData(0))
    assert all(box.isEnabled() for box in supply_fields)


@pytest.mark.qt_log_ignore("This plugin does not support raise", "This plugin does not support grabbing")
def test_a_typed_model_name_is_matched_or_refused_visibly(qtbot) -> None:
    """'llama-3.1-8' typed and Enter left the plans on Llama-2-7B with no red frame: the one model a typed name
    names is chosen; a name that names none stays as typed, framed red with the reason."""
    from PySide6.QtCore import Qt

    wizard = ScenarioWizard(Catalog())
    qtbot.addWidget(wizard)
    wizard.show()
    preset = wizard.model_page.preset
    line = preset.lineEdit()
    line.selectAll()
    qtbot.keyClicks(line, "llama-3.1-8")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert preset.currentData() == "llama-3.1-8b" and wizard.scenario()["model"] == {"preset": "llama-3.1-8b"}
    assert wizard.field_problems() == []
    line.selectAll()
    qtbot.keyClicks(line, "no such model")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    problems = dict(wizard.field_problems())
    assert preset in problems and "not a model in the list" in problems[preset]
    assert preset.property("invalid") is True


def test_image_models_follow_the_task_and_only_plannable_ones_are_offered(qtbot) -> None:
    """Image-model training offered diffusion models and diffusion ResNet-50; the resolution stayed where it was.
    SDXL's FLOPs per image are counted from its U-Net config now, so the diffusion page offers it."""
    wizard = ScenarioWizard(Catalog())
    qtbot.addWidget(wizard)
    page = wizard.model_page
    wizard.load_scenario({"task": "vision"})
    offered = {page.image_preset.itemData(i) for i in range(page.image_preset.count())}
    assert "resnet-50" in offered and "dit-xl-2" not in offered and "sdxl" not in offered
    wizard.load_scenario({"task": "diffusion"})
    offered = {page.image_preset.itemData(i) for i in range(page.image_preset.count())}
    assert offered == {"dit-xl-2", "sdxl", "sd-1-5", "sd-2-base"}
    wizard.load_scenario({"task": "diffusion", "model": {"preset": "sdxl"}})
    assert page.image_preset.currentData() == "sdxl" and page.resolution.value() == 1024
    assert wizard.field_problems() == []
    wizard.load_scenario({"task": "vision", "model": {"preset": "sdxl"}})
    assert any("cannot be planned" in reason for _, reason in wizard.field_problems())


def test_a_unet_config_is_imported_and_its_flops_typed_on_the_diffusion_page(qtbot, monkeypatch, catalog) -> None:
    """The diffusion page takes a U-Net: Import U-Net config.json reads SDXL's published config into the model box,
    the scenario carries it and plans it; FLOPs per image typed in the field replace the count, and a file saved
    with both opens to the same page."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QFileDialog

    from gpuplanner.core.estimates.estimate import estimate
    from gpuplanner.paths import resource_path
    from gpuplanner.service import scenario_from_data

    config = resource_path("catalog", "unet", "sdxl.json")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(config), ""))
    wizard = ScenarioWizard(catalog)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.load_scenario({"task": "diffusion"})
    page = wizard.model_page
    wizard.show_page(int(PageId.MODEL))
    assert page.import_unet_button.isVisible() and page.gflops.isVisible()
    qtbot.mouseClick(page.import_unet_button, Qt.MouseButton.LeftButton)
    data = wizard.scenario()
    assert data["model"]["unet_config"]["transformer_layers_per_block"] == [1, 2, 10]
    assert data["images"]["resolution"] == 1024 and "gflops_per_sample" not in data["images"]
    counted = estimate(scenario_from_data(data, catalog))
    assert counted.model.params == 2_567_463_684
    page.gflops.lineEdit().selectAll()
    qtbot.keyClicks(page.gflops.lineEdit(), "13522.5")
    qtbot.keyClick(page.gflops.lineEdit(), Qt.Key.Key_Tab)
    data = wizard.scenario()
    assert data["images"]["gflops_per_sample"] == pytest.approx(13522.5)
    doubled = estimate(scenario_from_data(data, catalog))
    assert doubled.training.days == pytest.approx(2 * counted.training.days, rel=0.05)
    reopened = ScenarioWizard(catalog)
    qtbot.addWidget(reopened)
    reopened.load_scenario(data)
    assert reopened.scenario() == data
    assert "imported" in reopened.model_page.image_preset.currentText()


def test_switching_to_lora_brings_a_fine_tuning_set_unless_the_tokens_were_set(qtbot) -> None:
    """Switching to LoRA kept pretraining's 2T tokens (3,737 days). A number the user typed stays."""
    wizard = ScenarioWizard(Catalog())
    qtbot.addWidget(wizard)
    wizard.load_scenario({"task": "pretrain"})
    buttons = wizard.task_page.buttons
    buttons["lora"].click()
    assert wizard.scenario()["training"]["tokens"] == pytest.approx(1e9)
    buttons["pretrain"].click()
    assert wizard.scenario()["training"]["tokens"] == pytest.approx(2e12)
    wizard.model_page.tokens_b.setValue(50.0)
    buttons["qlora"].click()
    assert wizard.scenario()["training"]["tokens"] == pytest.approx(50e9)  # the user's own figure stays


def test_the_engine_choice_offers_every_engine_a_scenario_may_name(qtbot) -> None:
    """The serving engine drop-down lists the engines inference.engine declares, by product name, at its default:
    an engine added to the core is offered without a line in the wizard."""
    from gpuplanner.core.scenario.fields import field
    from gpuplanner.core.serving.engines import ENGINE_NAMES

    wizard = ScenarioWizard(Catalog())
    qtbot.addWidget(wizard)
    combo = wizard.model_page.engine
    assert [combo.itemData(i) for i in range(combo.count())] == list(ENGINE_NAMES)
    assert combo.itemText(ENGINE_NAMES.index("tensorrt-llm")) == "TensorRT-LLM"
    assert combo.currentData() == field("inference.engine").default
