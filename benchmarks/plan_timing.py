"""Time `plan` on the example scenarios (the recommender's interactive budget is about a second)."""

from __future__ import annotations

import time

from gpuplanner.catalog.options import hardware_options
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.plan import plan_catalog, plan_settings
from gpuplanner.planning import scenario_from_data

EXAMPLES = {
    "70B pretrain, 60-day deadline": {"task": "pretrain", "model": {"preset": "llama-2-70b"},
                                      "constraints": {"deadline_days": 60}},
    "7B LoRA, 30k USD on-prem": {"task": "lora", "model": {"preset": "llama-2-7b"}, "seq_len": 2048,
                                 "training": {"tokens": 2e8, "global_batch": 32},
                                 "constraints": {"budget": 30000, "deployment": "on-prem"}},
    "70B serving, 5000 tok/s": {"task": "inference", "model": {"preset": "llama-3.1-70b"},
                                "inference": {"weight_dtype": "fp8", "kv_dtype": "fp8", "batch": 64},
                                "constraints": {"target_output_tokens_per_s": 5000}},
}


def main() -> None:
    catalog = Catalog(overrides_path=None)
    print("plan timing (catalog-wide recommendation)")
    for label, data in EXAMPLES.items():
        started = time.perf_counter()
        scenario = scenario_from_data(data, catalog)
        settings = plan_settings(scenario)
        result = plan_catalog(scenario, hardware_options(catalog, settings.power, settings.region), settings)
        elapsed = time.perf_counter() - started
        best = result["plans"][0] if result["plans"] else None
        top = f"#1 {best['count']} x {best['gpu']} ({best['deployment']})" if best else "no plan"
        print(f"  {label:<32} {elapsed * 1000:6.0f} ms  {result['evaluated']:4d} plans evaluated  {top}")


if __name__ == "__main__":
    main()
