"""RL post-training in the app, as a person uses it: the task picked with a click, its own page filled by keyboard,
the plan computed in the window, the step's parts in the details pane; in Chinese too (a 1280 x 720 grab)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QScrollArea

from gpuplanner.ui.wizard.common import PageId
from tests.conftest import close_window, compute, open_window


def _choose_task(qtbot, wizard, task: str) -> None:
    """Click a task's radio button on its indicator (a click beyond a short label's text hits nothing)."""
    button = wizard.task_page.buttons[task]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))
    assert wizard.task_page.task == task


def _type_into(qtbot, box, text: str) -> None:
    """Select what a number box holds and type over it, as a person does."""
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box.lineEdit(), text)
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Tab)


def _pick(qtbot, combo, value: str) -> None:
    """Choose a combo item by keyboard: focus, then Down until it shows `value`."""
    combo.setFocus()
    while combo.currentData() != value:
        qtbot.keyClick(combo, Qt.Key.Key_Down)


def _plan_rl(qtbot, window) -> None:
    """Pick RL post-training, go to its page with Next, and describe a small GRPO job on 8 bought H100s."""
    wizard = window.wizard
    wizard.load_scenario({"model": {"preset": "qwen2.5-7b"}, "constraints": {"deadline_days": 5,
                                                                            "deployment": "on-prem"},
                          "hardware": {"gpu": "h100-sxm5-80gb"}})
    _choose_task(qtbot, wizard, "rl")
    wizard.show_page(PageId.TASK)
    wizard.next()  # the model
    wizard.next()  # the RL page comes next for this task only
    assert wizard.currentId() == PageId.RL
    page = wizard.rl_page
    _type_into(qtbot, page.prompts, "256")
    _type_into(qtbot, page.samples, "8")
    _type_into(qtbot, page.response_tokens, "1024")
    _type_into(qtbot, page.max_response, "2048")
    _type_into(qtbot, page.total_prompts, "51200")
    _pick(qtbot, page.placement, "colocated")


def test_the_rl_task_has_its_own_page_and_plans_in_the_window(qtbot, main_window) -> None:
    window = main_window
    _plan_rl(qtbot, window)
    rl = window.wizard.scenario()["rl"]
    assert rl["prompts_per_step"] == 256 and rl["samples_per_prompt"] == 8 and rl["max_response_tokens"] == 2048
    assert rl["total_prompts"] == 51200 and rl["placement"] == "colocated"
    assert "rollout_gpus" not in rl and "asynchronous" not in rl  # a colocated step has neither
    result = compute(qtbot, window)
    assert result.best is not None
    figures = result.best.estimate.rl
    assert figures is not None and figures.steps == 200 and figures.placement == "colocated"
    text = window.details.toPlainText()
    for words in ("RL step", "Generation (rollout)", "Policy log-probs", "Reference forward", "Policy update",
                  "Weight sync to the engine", "Memory, peak (GiB)", "Generation share of the step"):
        assert words in text, words


def test_a_dpo_step_greys_out_the_rollout_and_the_other_tasks_skip_the_page(qtbot, main_window) -> None:
    wizard = main_window.wizard
    _choose_task(qtbot, wizard, "rl")
    page = wizard.rl_page
    _pick(qtbot, page.algorithm, "dpo")
    assert not page.engine.isEnabled() and not page.placement.isEnabled()
    rl = wizard.scenario()["rl"]
    assert rl["algorithm"] == "dpo" and "placement" not in rl and "samples_per_prompt" not in rl
    _choose_task(qtbot, wizard, "finetune")
    assert "rl" not in wizard.scenario()
    wizard.show_page(PageId.TASK)
    wizard.next()
    wizard.next()
    assert wizard.currentId() == PageId.PRECISION


def test_the_rl_page_and_plan_in_chinese(qtbot, private_user_data) -> None:
    """The whole flow in Chinese; the window grabbed at 1280 x 720 with the RL page and the plan's details (written
    to $RL_SCREENSHOT_DIR when set, for a person to look at)."""
    from gpuplanner.i18n.language import install_translations

    install_translations("zh_CN")
    window = open_window(qtbot)
    try:
        window.resize(1280, 720)
        _plan_rl(qtbot, window)
        page = window.wizard.rl_page
        assert page.title() == "RL 后训练"
        qtbot.wait(20)  # the layout settles
        scroll = next(area for area in window.findChildren(QScrollArea) if area.isAncestorOf(window.wizard))
        assert scroll.horizontalScrollBar().maximum() == 0  # the page fits its pane: no label cut off
        assert page.algorithm.currentText().startswith("GRPO（")
        result = compute(qtbot, window)
        assert result.best is not None and result.best.estimate.rl is not None
        text = window.details.toPlainText()
        assert "RL 单步" in text and "生成（采样）" in text and "策略模型更新" in text
        shots = os.environ.get("RL_SCREENSHOT_DIR")
        if shots:
            window.grab().save(str(Path(shots) / "rl_zh_1280x720.png"))
            assert window.details.find("RL 单步")  # the details scrolled to the RL step, grabbed again
            bar = window.details.verticalScrollBar()
            bar.setValue(bar.value() + window.details.cursorRect().top())
            window.grab().save(str(Path(shots) / "rl_zh_1280x720_details.png"))
    finally:
        close_window(window)
        install_translations("en")
