"""Record the plans and best layouts of the search for tests/test_search_equivalence.py:
`.venv/bin/python scripts/record_search_golden.py [OUT.json]`. The golden file holds a faster search to the same
answers; it is re-recorded only when the model itself changes, by `make recalibrate`, which prints what moved
(each re-recording's reasons are in its commit message)."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from gpuplanner.catalog.options import hardware_options
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.estimate import estimate
from gpuplanner.core.planning.plan_settings import candidate_counts, plan_settings
from gpuplanner.core.results.export import to_data
from gpuplanner.service import plan_for_scenario, scenario_from_data

SCENARIOS = {
    "70b-60d": {"task": "pretrain", "model": {"preset": "llama-2-70b"}, "constraints": {"deadline_days": 60}},
    "7b-lora-budget": {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
                       "training": {"tokens": 2e8, "global_batch": 32},
                       "constraints": {"budget": 30000, "deployment": "on-prem"}},
    "13b-full-fastest": {"task": "finetune", "model": {"preset": "llama-2-13b"}, "training": {"tokens": 1e9},
                         "constraints": {"objective": "fastest", "deadline_days": 7}},
    "8b-pretrain-fp8": {"task": "pretrain", "model": {"preset": "llama-3.1-8b"}, "precision": "fp8",
                        "training": {"tokens": 1e11}, "constraints": {"deployment": "cloud", "deadline_days": 30}},
    "70b-serving": {"task": "inference", "model": {"preset": "llama-3.1-70b"},
                    "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "batch": 64},
                    "constraints": {"target_output_tokens_per_s": 5000}},
    "405b-90d": {"task": "pretrain", "model": {"preset": "llama-3.1-405b"}, "training": {"tokens": 2e12},
                 "constraints": {"deadline_days": 90}},
}
catalog = Catalog(overrides_path=None)
out = {"scenarios": SCENARIOS, "plans": {}, "layouts": []}
for name, data in SCENARIOS.items():
    result = to_data(plan_for_scenario(data, catalog, top=5))  # the documented JSON of the answer
    out["plans"][name] = [{"gpu": p["gpu"], "count": p["count"], "deployment": p["deployment"],
                           "days": p["days"], "cost": p["cost_metric"]} for p in result["plans"]]
    out["plans"][name + ":near"] = [{"gpu": p["gpu"], "count": p["count"], "deployment": p["deployment"]}
                                    for p in result["near_misses"]]
# Sampled (GPU, count) pairs: best step time of the layout search.
for name in ("70b-60d", "13b-full-fastest", "8b-pretrain-fp8", "7b-lora-budget"):
    scenario = scenario_from_data(SCENARIOS[name], catalog)
    settings = plan_settings(scenario)
    for option in hardware_options(catalog, settings.power)[::3]:
        for count in candidate_counts(option.node.gpus)[::4]:
            trial = dataclasses.replace(scenario, gpu=option.gpu, gpu_count=count, gpus_per_node=option.node.gpus,
                                        hardware_given=True)
            try:
                r = to_data(estimate(trial, option.node))
            except Exception as exc:
                out["layouts"].append({"scenario": name, "gpu": option.gpu.id, "count": count,
                                       "error": type(exc).__name__})
                continue
            out["layouts"].append({"scenario": name, "gpu": option.gpu.id, "count": count, "fits": r["fits"],
                                   "step_time_s": r["training"]["step_time_s"], "layout": r["layout"],
                                   "alternatives": [dict(a) for a in r["alternatives"]]})
target = Path(sys.argv[1] if len(sys.argv) > 1 else "tests/data/search_golden.json")
target.write_text(json.dumps(out, separators=(",", ":"), default=str), encoding="utf-8")
print(len(out["layouts"]), "layouts")
