"""The headless demo behind `make run` on a machine without a display: the recommended plan for an example."""

from __future__ import annotations

from gpuplanner.cli.catalog import open_catalog
from gpuplanner.cli.plan import plan_report
from gpuplanner.i18n.cli import tr, use_language
from gpuplanner.service import plan_for_scenario

EXAMPLE_SCENARIO = {
    "task": "pretrain",
    "model": {"preset": "llama-2-7b"},
    "seq_len": 4096,
    "precision": "bf16",
    "training": {"tokens": 2e11, "global_batch": 512},
    "constraints": {"deadline_days": 14, "deployment": "either", "site": {"rack_kw": 20,
                                                                        "electricity_price": 0.1}},
}


def run_demo(language: str | None = None) -> int:
    use_language(language)
    print(tr("Example: pretrain Llama-2-7B on 200B tokens within 14 days; buy or rent, 20 kW racks, $0.10/kWh.")
          + "\n")
    print(plan_report(plan_for_scenario(dict(EXAMPLE_SCENARIO), open_catalog())))
    print("\n" + tr("Run `gpuplanner plan SCENARIO.json` with your own scenario (see README), or open the app on a "
                    "desktop."))
    return 0
