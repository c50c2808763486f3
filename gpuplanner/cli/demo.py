"""The headless demo behind `make run` on a machine without a display: the recommended plan for an example."""

from __future__ import annotations

import json

from gpuplanner.cli.catalog import open_catalog
from gpuplanner.cli.plan import plan_report
from gpuplanner.core.scenario.fields import ScenarioDocument
from gpuplanner.i18n.cli import tr, use_language
from gpuplanner.paths import resource_path
from gpuplanner.service import plan_for_scenario


def example_scenario() -> ScenarioDocument:
    """The example scenario, shipped as a file (resources/examples/demo.json) users can copy and edit."""
    return json.loads(resource_path("examples", "demo.json").read_text(encoding="utf-8"))


def run_demo(language: str | None = None) -> int:
    use_language(language)
    print(tr("Example: pretrain Llama-2-7B on 200B tokens within 14 days; buy or rent, 20 kW racks, $0.10/kWh.")
          + "\n")
    print(plan_report(plan_for_scenario(example_scenario(), open_catalog())))
    print("\n" + tr("Run `gpuplanner plan SCENARIO.json` with your own scenario (see README), or open the app on a "
                    "desktop."))
    return 0
