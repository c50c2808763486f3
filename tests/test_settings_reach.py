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
# A limit left unset is no limit: the value tried is one the base scenario's replica does not meet.
BINDING = {"inference.max_ttft_s": 0.5, "inference.max_tpot_s": 0.02}
# Settings that are not ranking-only yet no estimate reads: what reads them instead (checked below).
READ_ELSEWHERE = {"inference.hours_per_day": "the plan's cost: hours a day a rented service is paid for"}


def _estimate(data: dict, catalog: Catalog) -> str:
    return json.dumps(to_data(estimate_for_scenario(data, catalog)), sort_keys=True, default=str)


@pytest.mark.parametrize(("base", "section"), [(SERVING, "inference"), (LORA, "training")],
                         ids=["inference", "training"])
def test_every_estimate_setting_changes_the_estimate(base: dict, section: str) -> None:
    """Each field of the section that is not declared ranking-only, moved to another value within its range,
    changes the estimate (a setting dropped on its way to the workload leaves it as it was)."""
    catalog = Catalog()
    before = _estimate(base, catalog)
    specs = [spec for spec in FIELDS if spec.section == section and not spec.ranking_only]
    assert len(specs) >= 10
    for spec in specs:
        if spec.path in READ_ELSEWHERE:
            continue
        edited = with_value(base, spec.path, BINDING.get(spec.path, another_value(spec)))
        assert _estimate(edited, catalog) != before, f"{spec.path} does not reach the estimate"


def test_a_setting_no_estimate_reads_reaches_the_plan() -> None:
    """The listed exceptions are read: the service's hours change what the plan prices."""
    catalog = Catalog()
    for path in READ_ELSEWHERE:
        spec = next(spec for spec in FIELDS if spec.path == path)
        before = plan_settings(scenario_from_data(SERVING, catalog))
        after = plan_settings(scenario_from_data(with_value(SERVING, path, another_value(spec)), catalog))
        assert after != before, path


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
