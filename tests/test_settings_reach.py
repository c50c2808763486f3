"""Every scenario setting declared to affect the estimate reaches it: the workloads are built from the settings
records by field name (records.built_from), so a setting whose value no estimate reads is caught here, not left to
go unnoticed."""

from __future__ import annotations

import json

import pytest

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.serving_estimate import serving_workload
from gpuplanner.core.planning.plan_settings import plan_settings
from gpuplanner.core.results.export import to_data
from gpuplanner.core.scenario.fields import FIELDS, InferenceSettings, TrainingSettings
from gpuplanner.core.serving.inference import ServingWorkload
from gpuplanner.core.training.workload import TrainingWorkload
from gpuplanner.records import built_from
from gpuplanner.service import estimate_for_scenario, scenario_from_data
from tests.conftest import another_value, with_value

SERVING = {"task": "inference", "model": {"preset": "llama-3.1-70b"},
           "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8"},
           "constraints": {"target_output_tokens_per_s": 5000}}
LORA = {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
        "training": {"tokens": 2e8, "global_batch": 32}, "constraints": {}}
# A limit left unset is no limit: the value tried is one the base scenario's replica does not meet. CUDA graphs are
# on by default on the base scenario's engine: the value tried turns them off.
BINDING = {"inference.max_ttft_s": 0.5, "inference.max_tpot_s": 0.02, "inference.cuda_graphs": False}


def _estimate(data: dict, catalog: Catalog) -> str:
    return json.dumps(to_data(estimate_for_scenario(data, catalog)), sort_keys=True, default=str)


@pytest.mark.parametrize(("base", "section"), [(SERVING, "inference"), (LORA, "training")],
                         ids=["inference", "training"])
def test_every_estimate_setting_changes_the_estimate(base: dict, section: str) -> None:
    """Each field of the section that is not declared ranking-only, moved to another value within its range,
    changes the estimate (a setting dropped on its way to the workload leaves it as it was). A setting only the
    ranking reads is declared so (setting(ranking_only=True)) and checked below instead."""
    catalog = Catalog()
    before = _estimate(base, catalog)
    specs = [spec for spec in FIELDS if spec.section == section and not spec.ranking_only]
    assert len(specs) >= 10
    for spec in specs:
        edited = with_value(base, spec.path, BINDING.get(spec.path, another_value(spec)))
        assert _estimate(edited, catalog) != before, f"{spec.path} does not reach the estimate"


@pytest.mark.parametrize("base", [SERVING, LORA], ids=["inference", "training"])
def test_every_ranking_only_setting_reaches_the_plan_settings(base: dict) -> None:
    """The converse: a field declared ranking-only (no estimate reads it) is read by the plan's settings, the goals,
    site and prices the plans are ranked by; moved to another value, they differ."""
    catalog = Catalog()
    before = plan_settings(scenario_from_data(base, catalog))
    specs = [spec for spec in FIELDS if spec.ranking_only]
    assert "inference.hours_per_day" in {spec.path for spec in specs}
    for spec in specs:
        after = plan_settings(scenario_from_data(with_value(base, spec.path, another_value(spec)), catalog))
        assert after != before, f"{spec.path} reaches neither the estimate nor the plan"


def test_the_workloads_take_each_setting_they_declare_by_name() -> None:
    """The serving and training workloads declare the settings they read under the settings' own names, so that
    built_from carries them; a settings record's value is what the workload holds."""
    catalog = Catalog()
    scenario = scenario_from_data(with_value(SERVING, "inference.kv_cache_memory_fraction", 0.5), catalog)
    workload = serving_workload(scenario)
    shared = {name for name in ServingWorkload.__dataclass_fields__} & set(InferenceSettings.__dataclass_fields__)
    assert {"input_tokens", "output_tokens", "weight_dtype", "kv_dtype", "kv_cache_memory_fraction"} <= shared
    for name in shared - {"batch", "engine", "kv_admission"}:  # worked out by the scenario, not copied
        assert getattr(workload, name) == getattr(scenario.inference, name), name
    assert {"tokens", "global_batch", "optimizer"} <= set(TrainingWorkload.__dataclass_fields__) & set(
        TrainingSettings.__dataclass_fields__)


def test_built_from_refuses_a_field_two_settings_records_set() -> None:
    """Two sources declaring one name would make which one wins an accident of order: refused."""
    settings = InferenceSettings()
    with pytest.raises(TypeError, match="set by two settings records"):
        built_from(ServingWorkload, settings, settings, model=None)
