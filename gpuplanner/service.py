"""The service both front ends call (the CLI and the desktop app, which runs it off the GUI thread): parse and
validate a scenario, estimate it, plan the catalog for it. `plan_for_scenario(progress=...)`: `progress(done, total)`
returning False cancels, raising core.base.errors.CancelledError (a partial ranking is never returned)."""

from __future__ import annotations

import json
from collections.abc import Callable

from gpuplanner.calibration.published import PUBLISHED
from gpuplanner.calibration.record import Calibration
from gpuplanner.catalog.options import hardware_options, node_or_none
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.estimates.estimate import estimate, validate_workload
from gpuplanner.core.planning.plan import plan_catalog
from gpuplanner.core.planning.plan_evaluation import EstimateCache
from gpuplanner.core.planning.plan_settings import plan_settings
from gpuplanner.core.results.results import Estimate, PlanResult
from gpuplanner.core.scenario.fields import FIELDS, ranking_only_keys
from gpuplanner.core.scenario.scenario import Scenario, ScenarioDocument, parse_scenario
from gpuplanner.core.site.site import NodeSpec, PowerAssumptions


def scenario_from_data(data: object, catalog: Catalog) -> Scenario:
    """Parse and validate a scenario dict against the catalog, all of it in one pass: the same checks for
    `estimate`, `plan`, the app and opened files (parsing never changes the caller's data)."""
    scenario = parse_scenario(json.loads(json.dumps(data)), catalog.model, catalog.gpu, catalog.image_model)
    validate_workload(scenario)
    plan_settings(scenario)
    return scenario


# Each section's keys that only choose, rank, price and site plans (declared so in core.scenario.fields): estimates
# never read them.
RANKING_ONLY: dict[str, frozenset[str]] = {
    section: keys for section in sorted({spec.section.split(".")[0] for spec in FIELDS if spec.section})
    if (keys := ranking_only_keys(section))}


# How many answers the app keeps (EstimateReuse): an undo or two, a value stepped up and back.
ANSWERS_KEPT = 8


class EstimateReuse:
    """What the app's last plans worked out, kept for its next plans. The estimates of the last scenario planned,
    for the next plan when only its goals, limits or prices changed (the app's deadline, budget and site edits
    re-rank without re-estimating): one scenario's worth, dropped as soon as anything an estimate reads differs, the
    catalog included. And the last ANSWERS_KEPT answers, by everything an answer reads (the scenario, the catalog's
    version, the calibration, how many plans are ranked): an undo, or a value stepped back, is answered with the
    answer already worked out for exactly those inputs. Used from one thread at a time."""

    def __init__(self) -> None:
        self._key: tuple[str, tuple[object, ...], Calibration] | None = None
        self._estimates = EstimateCache()
        self._answers: dict[tuple[object, ...], PlanResult] = {}  # oldest first

    def estimates_for(self, data: ScenarioDocument, catalog: Catalog,
                      calibration: Calibration = PUBLISHED) -> EstimateCache:
        workload = {section: {key: value for key, value in settings.items() if key not in RANKING_ONLY[section]}
                    if section in RANKING_ONLY and isinstance(settings, dict) else settings
                    for section, settings in data.items()}
        key = (_content(workload), catalog.version(), calibration)
        if key != self._key:
            self._key, self._estimates = key, EstimateCache()
        return self._estimates

    def answer(self, key: tuple[object, ...]) -> PlanResult | None:
        """The answer kept for these inputs (answer_key), None where there is none."""
        found = self._answers.pop(key, None)
        if found is not None:
            self._answers[key] = found  # now the newest
        return found

    def keep(self, key: tuple[object, ...], result: PlanResult) -> None:
        self._answers[key] = result
        while len(self._answers) > ANSWERS_KEPT:
            del self._answers[next(iter(self._answers))]

    @staticmethod
    def answer_key(data: ScenarioDocument, catalog: Catalog, calibration: Calibration,
                   top: int) -> tuple[object, ...]:
        """Everything a plan's answer reads: the scenario as given, the catalog's version, the calibration (a
        record compared by identity) and how many plans are ranked."""
        return _content(data), catalog.version(), calibration, top


def _content(data: object) -> str:
    """A scenario document as one text, equal for equal documents (keys sorted)."""
    return json.dumps(data, sort_keys=True, default=repr)


def plan_for_scenario(data: object, catalog: Catalog, top: int = 5,
                      progress: Callable[[int, int], bool] | None = None,
                      reuse: EstimateReuse | None = None, calibration: Calibration = PUBLISHED) -> PlanResult:
    """Parse, then rank the catalog for the scenario; a scenario naming `hardware.gpu` is planned on that GPU.
    `reuse`: estimates kept from the previous plan (the same answer, sooner, when only ranking inputs changed) and
    the last few answers (the same inputs again: their answer at once); `calibration`: what the estimates run on
    (the user's own runs layered over the published fit, where stored)."""
    kept_as = None
    if reuse is not None and isinstance(data, dict):
        kept_as = reuse.answer_key(data, catalog, calibration, top)
        kept = reuse.answer(kept_as)
        if kept is not None:
            return kept
    scenario = scenario_from_data(data, catalog)
    settings = plan_settings(scenario, calibration)
    options = hardware_options(catalog, settings.power, settings.region, settings.cost.usd_to_cny)
    if scenario.hardware_given:
        options = [o for o in options if o.gpu.id == scenario.gpu.id]
    estimates = None
    if reuse is not None and isinstance(data, dict):
        estimates = reuse.estimates_for(data, catalog, calibration)
    result = plan_catalog(scenario, options, settings, top=top, progress=progress, estimates=estimates)
    if reuse is not None and kept_as is not None:
        reuse.keep(kept_as, result)
    return result


def estimate_for_scenario(data: object, catalog: Catalog, calibration: Calibration = PUBLISHED,
                          alternatives: bool = True) -> Estimate:
    """Parse, then estimate the scenario on its GPU, in the catalog's server for it (which gives the nameplate and,
    unless `hardware.gpus_per_node` says otherwise, how many GPUs a node holds: as a plan on that server does),
    under `calibration`; `alternatives=False`: without the runner-up layouts and the latency curve."""
    scenario, node = scenario_on_its_server(data, catalog)
    return estimate(scenario, node, alternatives, calibration=calibration)


def scenario_on_its_server(data: object, catalog: Catalog) -> tuple[Scenario, NodeSpec | None]:
    """The scenario parsed, on the catalog's server for its GPU (estimate_for_scenario); no node where neither a
    catalog server nor a generic chassis holds it (a superchip module without its server row, or not with the
    user's node size): its nameplate is then unknown."""
    scenario = scenario_from_data(data, catalog)
    servers = catalog.rows("servers")
    found = node_or_none(scenario.gpu, servers, PowerAssumptions())
    node = None if found is None else found[0]
    hardware = data.get("hardware") if isinstance(data, dict) else None
    if node is not None and isinstance(data, dict) and isinstance(hardware, dict) \
            and "gpus_per_node" not in hardware and node.gpus != scenario.gpus_per_node:
        scenario = scenario_from_data({**data, "hardware": {**hardware, "gpus_per_node": node.gpus}}, catalog)
    elif node is None or node.gpus != scenario.gpus_per_node:  # the user's node size: its own server only
        found = node_or_none(scenario.gpu, servers, PowerAssumptions(), gpus=scenario.gpus_per_node)
        node = None if found is None else found[0]
    return scenario, node
