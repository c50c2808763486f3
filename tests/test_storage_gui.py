"""The storage section in the app, as a person sees it: a scenario with a described shared store, planned in the
window; the details pane shows what to order and the arithmetic, and the store stays in the scenario."""

from __future__ import annotations

import pytest

from tests.conftest import compute

SCENARIO = {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "training": {"tokens": 1e11},
            "constraints": {"deployment": "on-prem"}, "hardware": {"gpu": "h100-sxm5-80gb", "count": 64},
            "storage": {"shared_store_gbs": 20.0, "checkpoints_kept": 3}}


@pytest.fixture
def window(main_window, message_boxes):
    return main_window


def test_the_details_show_storage_and_the_scenario_keeps_the_store(qtbot, window) -> None:
    window.wizard.load_scenario(SCENARIO)
    assert window.wizard.scenario()["storage"] == SCENARIO["storage"]  # not shown on a page, never dropped
    result = compute(qtbot, window)
    assert result.best is not None and result.best.estimate.storage is not None
    text = window.details.toPlainText()
    assert "Storage and host" in text and "Shared store: capacity (TB)" in text
    assert "x 3 kept" in text and "checkpoints written to the shared store at its 20.0 GB/s" in text
    storage = result.best.estimate.storage
    assert storage.write_basis == "shared-store" and storage.checkpoints_kept == 3
