"""The service both front ends call (the CLI and the desktop app, which runs it off the GUI thread): parse and
validate a scenario, estimate it, plan the catalog for it. `plan_for_scenario(progress=...)`: `progress(done, total)`
returning False cancels, raising core.errors.CancelledError (a partial ranking is never returned)."""

from __future__ import annotations

import json
from collections.abc import Callable

from gpuplanner.catalog.options import hardware_options, node_for
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimate import estimate, validate_workload
from gpuplanner.core.plan import plan_catalog, plan_settings
from gpuplanner.core.results import Estimate, PlanResult
from gpuplanner.core.scenario import Scenario, ScenarioDocument, parse_scenario
from gpuplanner.core.site import PowerAssumptions


def scenario_from_data(data: object, catalog: Catalog) -> Scenario:
    """Parse and validate a scenario dict against the catalog, all of it in one pass: the same checks for
    `estimate`, `plan`, the app and opened files (parsing never changes the caller's data)."""
    scenario = parse_scenario(json.loads(json.dumps(data)), catalog.model, catalog.gpu, catalog.image_model)
    validate_workload(scenario)
    plan_settings(scenario)
    return scenario


def plan_for_scenario(data: ScenarioDocument, catalog: Catalog, top: int = 5,
                      progress: Callable[[int, int], bool] | None = None) -> PlanResult:
    """Parse, then rank the catalog for the scenario; a scenario naming `hardware.gpu` is planned on that GPU."""
    scenario = scenario_from_data(data, catalog)
    settings = plan_settings(scenario)
    options = hardware_options(catalog, settings.power, settings.region, settings.cost.usd_to_cny)
    if scenario.hardware_given:
        options = [o for o in options if o.gpu.id == scenario.gpu.id]
    return plan_catalog(scenario, options, settings, top=top, progress=progress)


def estimate_for_scenario(data: object, catalog: Catalog) -> Estimate:
    """Parse, then estimate the scenario on its GPU, in the catalog's server for it (which gives the nameplate)."""
    scenario = scenario_from_data(data, catalog)
    node, _ = node_for(scenario.gpu, catalog.rows("servers"), PowerAssumptions())
    return estimate(scenario, node)
