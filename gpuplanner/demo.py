"""The headless demo behind `make run` on a machine without a display."""

from __future__ import annotations

from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimate import estimate
from gpuplanner.estimate_cli import estimate_report, scenario_from_data

EXAMPLE_SCENARIO = {
    "task": "pretrain",
    "model": {"preset": "llama-2-7b"},
    "seq_len": 4096,
    "precision": "bf16",
    "training": {"tokens": 2e11, "global_batch": 512},
    "hardware": {"gpu": "h100-sxm5-80gb", "count": 64},
}


def run_demo() -> int:
    catalog = Catalog()
    print("Example: pretrain Llama-2-7B on 200B tokens with 64 x H100 SXM (8 nodes); layout chosen by search.\n")
    print(estimate_report(estimate(scenario_from_data(dict(EXAMPLE_SCENARIO), catalog))))
    print("\nNote: costs, racks and the catalog-wide recommendation (`gpuplanner plan`) are not built yet;"
          " this demo shows the training estimate only.")
    return 0
