"""Evaluating one hardware option: the counts worth trying, their layout searches done together, each estimate once,
costed on the instances or servers that hold it, and the plans shown searched in full for their runner-ups."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Hashable

from gpuplanner.calibration.record import Calibration
from gpuplanner.core.base.choices import Deployment, Task
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.base.records import replaced
from gpuplanner.core.cost.cost import (
    QUOTE_PREFIX,
    CloudOffer,
    CostInputs,
    conversion_note,
    cost_summary,
    price_age_note,
    purchase_cost,
    purchase_price_age_note,
)
from gpuplanner.core.estimates.estimate import TRANSFORMER_TRAINING, estimate
from gpuplanner.core.estimates.result_parts import servers_power_block
from gpuplanner.core.estimates.training_estimate import (
    fast_training_searches,
    fast_training_searches_together,
    storage_of,
    training_bounds,
)
from gpuplanner.core.hardware.hardware import Segment
from gpuplanner.core.planning.plan_goals import cost_metric_for, plan_misses
from gpuplanner.core.planning.plan_ranking import rank_key
from gpuplanner.core.planning.plan_settings import (
    MAX_CONSUMER_GPUS,
    MAX_TRAINING_GPUS,
    NO_DEADLINE_WARNING_DAYS,
    RACK_TRAINING_GPUS,
    HardwareOptions,
    PlanSettings,
    candidate_counts,
)
from gpuplanner.core.planning.plan_shapes import (
    EstimateCache,
    estimate_cache_key,
    estimate_shape_key,
    relabelled,
    relabelled_site,
    search_shape_key,
)
from gpuplanner.core.results.results import AvailabilityBlock, Estimate, Plan, ServiceLimits
from gpuplanner.core.scenario.scenario import Scenario
from gpuplanner.core.site.site import PUBLISHED_POWER, NodeSpec, SiteBlock, plan_site
from gpuplanner.core.training.layout import LayoutSearch
from gpuplanner.core.training.memory import GIB

# A rented VM smaller than a server that publishes no network is costed at the least a 1-GPU cloud VM in the catalog
# publishes (Azure NC24ads A100 v4, 20 Gb/s): unknown, so never the server-class fabric it may well not have.
UNPUBLISHED_VM_NETWORK_GBPS = 20.0


def assumed_vm_network_gbps(scenario: Scenario) -> float:
    """The network a rented VM that publishes none is costed at: the user's figure, else UNPUBLISHED_VM_NETWORK_GBPS."""
    return scenario.network_gbps_per_node or UNPUBLISHED_VM_NETWORK_GBPS


def on_single_vms(option: HardwareOptions, offer: CloudOffer | None, gpus: int) -> bool:
    """A plan of several GPUs rented as 1-GPU VMs where neither the VM nor the option's node publishes a network
    (GH200's: a node's scale-out fabric need not reach them): planned one GPU per VM at the assumed network."""
    return option.network_gbps_per_node is None and offer is not None and offer.gpus == 1 \
        and offer.network_gbps is None and gpus > 1


def on_instances(option: HardwareOptions, offer: CloudOffer, network_gbps: float | None = None) -> HardwareOptions:
    """The option with the rented instance as its node (its GPUs per node; the rest of the server's figures stay,
    they only matter to owned plans), at the instance's published network or `network_gbps`."""
    node = option.node.share(offer.gpus, f"{offer.gpus} x {option.gpu.model} ({offer.instance})")
    return dataclasses.replace(option, node=node, cloud=offer, cloud_offers=(offer,), node_price=None,
                               network_gbps_per_node=offer.network_gbps or network_gbps)


NO_SERVICE_LIMITS = ServiceLimits()  # a training plan's (an immutable record, shared)


def instances_of(cache: EstimateCache, option: HardwareOptions, offer: CloudOffer,
                 network_gbps: float | None = None) -> HardwareOptions:
    """on_instances, made once per plan for each option and offer (its estimates and site are then found by
    identity, not worked out again for a new but equal option at every count)."""
    key = (id(option), id(offer), network_gbps)
    found = cache.on_instances.get(key)
    if found is None:
        found = cache.on_instances[key] = (option, offer, on_instances(option, offer, network_gbps))
    return found[2]


def scenario_on_option(scenario: Scenario, option: HardwareOptions, count: int | None) -> Scenario:
    network = scenario.network_gbps_per_node if option.network_gbps_per_node is None else option.network_gbps_per_node
    return replaced(scenario, gpu=option.gpu, gpu_count=count, gpus_per_node=option.node.gpus,
                    network_gbps_per_node=network, hardware_given=True)  # (a record: its fields copied, not checked)


# Searches the count loop does not reach in step with the other options' (those of rented instances smaller than a
# node, evaluate_option) are done this many counts at a time under a deadline: the loop stops one count past the
# first that meets it, and a few counts together keep most of the batching's gain without searching many it never
# reaches.
COUNTS_SEARCHED_TOGETHER_UNDER_A_DEADLINE = 3


class SearchNeeded(Exception):  # noqa: N818 (a request, not an error: the count loop answers it)
    """A count's layout search on an option's rented instances, asked for in the middle of evaluating the count:
    the count loop has it done with the other options' searches of the next round (searches_reached_together), then
    evaluates the count again (what it had estimated is kept)."""

    def __init__(self, searches: OptionSearches, count: int) -> None:
        super().__init__(count)
        self.searches, self.count = searches, count


class OptionSearches:
    """The fast-path layout searches of one option's counts, done together (fast_training_searches) as the count
    loop reaches them: all at once, or `chunk` at a time when the loop may stop early."""

    def __init__(self, scenario: Scenario, option: HardwareOptions, counts: list[int], chunk: int,
                 calibration: Calibration, once: bool = False, deferred: bool = False) -> None:
        """`once`: each count's search is handed out once and then let go (an unpriced purchase's: its estimate is
        made once and kept; an option alike asking again finds no search and searches alone). `deferred`: a search
        not done yet is asked for (SearchNeeded), not done alone (the searches on rented instances, which the
        count loop reaches only inside an evaluation)."""
        self.scenario, self.counts, self.chunk, self.once, self.deferred = scenario, counts, chunk, once, deferred
        self.calibration = calibration
        self.trial = scenario_on_option(scenario, option, None)
        self.found: dict[int, LayoutSearch] = {}
        self.done: set[int] = set()
        self._on_instances: dict[tuple[int, float | None], OptionSearches] = {}

    def on(self, instances: HardwareOptions) -> OptionSearches:
        """The same counts' searches with the option's rented instances as its nodes (on_instances), searched as
        their loop reaches them, a few counts at a time under a deadline."""
        key = (instances.node.gpus, instances.network_gbps_per_node)
        if key not in self._on_instances:
            self._on_instances[key] = OptionSearches(self.scenario, instances, self.counts,
                                                     max(self.chunk, COUNTS_SEARCHED_TOGETHER_UNDER_A_DEADLINE),
                                                     self.calibration, deferred=True)
        return self._on_instances[key]

    def next_counts(self, count: int) -> list[int]:
        """The counts searched together when the loop reaches `count`: it and the next ones not searched yet."""
        start = self.counts.index(count)
        return [c for c in self.counts[start:start + self.chunk] if c not in self.done]

    def adopt(self, counts: list[int], found: dict[int, LayoutSearch]) -> None:
        """The searches of `counts`, done elsewhere (searches_reached_together); a count left out has no layout."""
        self.found.update(found)
        self.done.update(counts)

    def wanted(self, option: HardwareOptions, count: int | None, cache: EstimateCache) -> bool:
        """Whether estimating `count` on the option needs a search of these not done yet (no estimate of it, or of
        an option alike, is at hand)."""
        return count is not None and count in self.counts and count not in self.done \
            and estimate_cache_key(option, count) not in cache and estimate_shape_key(option, count, cache) not in \
            cache.by_shape

    def get(self, count: int) -> LayoutSearch | None:
        if count not in self.done and count in self.counts:
            if self.deferred:
                raise SearchNeeded(self, count)
            batch = self.next_counts(count)
            self.adopt(batch, fast_training_searches(self.trial, batch, self.calibration))
        return self.found.pop(count, None) if self.once else self.found.get(count)


def counts_worth_trying(scenario: Scenario, option: HardwareOptions, settings: PlanSettings,
                        shared: tuple[dict[tuple[Hashable, ...], OptionSearches], EstimateCache] | None = None,
                        ) -> tuple[dict[Deployment, list[int | None]], OptionSearches | None]:
    """The counts worth estimating for each deployment of the option, and (training) their layout searches, to be
    done together as the count loop reaches them: `shared`, the searches of this plan by what they read (filled in
    as it goes) and the estimates, which work out what that is: one set for the options alike."""
    skip = counts_that_cannot_meet(scenario, option, settings)
    limit = MAX_CONSUMER_GPUS if option.gpu.segment == Segment.CONSUMER else MAX_TRAINING_GPUS
    worth: list[int | None] = [None] if scenario.task == Task.INFERENCE else list(
        candidate_counts(option.node.gpus, limit))
    if scenario.gpu_count is not None:  # a count the user fixed is the count planned, serving as training
        worth = [scenario.gpu_count]
    worth = [c for i, c in enumerate(worth) if not skip(c, worth[i + 1] if i + 1 < len(worth) else None)]
    by_deployment = {deployment: within_reach_of_the_budget(worth, option, settings) if deployment == Deployment.ON_PREM
                     else worth for deployment in deployments_offered(settings, option)}
    if scenario.task not in TRANSFORMER_TRAINING:
        return by_deployment, None
    # Every deployment's counts, an unpriced purchase's too: evaluate_option plans it (cost n/a).
    wanted = {c for counts in by_deployment.values() for c in counts if c is not None}
    trial_counts = [c for c in worth if c in wanted]
    # Without a deadline every count is planned: all searched at once. Under a deadline the loop stops one count
    # past the first that meets it: each count is searched as the loop reaches it, together with the counts every
    # other option's loop reaches then (searches_reached_together). A purchase without a price (and no rental) is
    # searched a count at a time all the same: its plans rank last, and holding every count's search of every such
    # option from the start raised the no-deadline 70B plan's peak memory by a fifth.
    unpriced = option.node_price is None and Deployment.CLOUD not in by_deployment
    chunk = len(trial_counts) if settings.deadline_days is None and not unpriced else 1
    # An unpriced purchase's searches are let go once used (they are many, and its plans rank last): an option alike
    # finds the estimate shared (plan_shapes), or searches again.
    if shared is None:
        return by_deployment, OptionSearches(scenario, option, trial_counts, chunk, settings.calibration,
                                             once=unpriced)
    searches_by_shape, cache = shared
    shape = (search_shape_key(option, cache), tuple(trial_counts), chunk, unpriced)
    if shape not in searches_by_shape:
        searches_by_shape[shape] = OptionSearches(scenario, option, trial_counts, chunk, settings.calibration,
                                                  once=unpriced)
    return by_deployment, searches_by_shape[shape]


def searches_reached_together(reached: list[tuple[HardwareOptions, OptionSearches, int]],
                              calibration: Calibration) -> None:
    """The searches the options' count loops have reached (each option with its searches and the count it is to
    estimate next, OptionSearches.wanted), in one step-time evaluation (the GPUs differ, the job is the same): one
    evaluation a round of the loops instead of one per option and count. Options alike share their searches
    (counts_worth_trying): each is searched once."""
    batches: dict[int, tuple[OptionSearches, list[int]]] = {}
    for _, searches, count in reached:
        counts = batches.setdefault(id(searches), (searches, []))[1]
        counts += [c for c in searches.next_counts(count) if c not in counts]
    if not batches:
        return
    found = fast_training_searches_together([(searches.trial, counts) for searches, counts in batches.values()],
                                            calibration)
    for (searches, counts), own in zip(batches.values(), found, strict=True):
        searches.adopt(counts, own)


def on_own_node(result: Estimate, option: HardwareOptions) -> Estimate:
    """The estimate with the power of the servers its plan buys (or rents) and powers, the site block's figure: part
    of a server where the plan buys part of one (its nameplate those GPUs' share), else whole servers, their slots
    beyond the plan's GPUs idle at the metered idle draw (PowerAssumptions: 0.46 x TDP, DGX H100), never only the
    busy GPUs' draw (4 L40S in an 8-GPU server: 2.44 kW, not 1.79); the run's energy at that draw."""
    own = option.node_with(result.count)[0]
    if own is option.node and result.count % own.gpus == 0:
        return result  # whole servers, every GPU busy: the estimate's own block (scenario_on_option's node)
    power = servers_power_block(option.gpu, result.count, own, PUBLISHED_POWER)
    if power == result.power:
        return result
    old_kw, new_kw = result.power.cluster_kw_expected, power.cluster_kw_expected
    energy = None if result.energy_mwh is None or not old_kw or new_kw is None \
        else result.energy_mwh * new_kw / old_kw  # the same run's hours at the servers' draw
    return dataclasses.replace(result, power=power, energy_mwh=energy)


def estimate_once(scenario: Scenario, option: HardwareOptions, count: int | None, cache: EstimateCache,
                  calibration: Calibration, searches: OptionSearches | None = None) -> Estimate | None:
    """One estimate per (GPU, count), shared by the owned and the rented plan (None: it does not fit), and by every
    option alike in what the estimate reads (plan_shapes: relabelled with the option's GPU); `searches`: the
    option's layout searches, done together. An error stays the GPU's own (it words the GPU's reason)."""
    key = estimate_cache_key(option, count)
    if key not in cache:
        shape = estimate_shape_key(option, count, cache)
        shared = cache.by_shape.get(shape)
        if shared is not None:
            cache.keep(key, relabelled(shared[1], shared[0], option.gpu))
        else:
            search = None if searches is None or count is None else searches.get(count)
            try:
                result = on_own_node(estimate(scenario_on_option(scenario, option, count), option.node,
                                              alternatives=False, search=search, calibration=calibration), option)
                cache.keep(key, result if result.fits else None)
                cache.by_shape[shape] = (option.gpu, result if result.fits else None)
            except InputError as error:
                cache.keep(key, error)
    found = cache[key]
    return found if isinstance(found, Estimate) else None


def evaluate_option(scenario: Scenario, option: HardwareOptions, count: int | None, settings: PlanSettings,
              deployment: Deployment, cache: EstimateCache, searches: OptionSearches | None = None) -> Plan | None:
    result = estimate_once(scenario, option, count, cache, settings.calibration, searches)
    if result is None or cannot_progress(result):
        return None  # a run that never ends is no plan: _why_no_plan says why
    if result.inference is not None and count is None:
        result = on_every_gpu_paid_for(scenario, option, result, deployment, cache, settings.calibration)
    gpus = result.count
    if option.gpu.segment == Segment.CONSUMER and gpus > MAX_CONSUMER_GPUS:
        return None
    offer = option.cloud_for(gpus)
    small = option.cloud  # the cheapest per GPU-hour
    if deployment == Deployment.CLOUD and small is not None and small.gpus < min(gpus, option.node.gpus) \
            and small.network_gbps is not None:
        # The plan run on those smaller instances as its nodes (groups within one instance, the rest over the
        # instance's published network), estimated as such: the rental where no instance holds a node's worth,
        # else the better of the two (data parallelism over many small VMs can cost less and take longer). Without
        # a published instance network there is nothing to estimate the traffic between them by: no such plan.
        instances = instances_of(cache, option, small)
        alternative = evaluate_option(scenario, instances, count, settings, deployment, cache,
                                None if searches is None else searches.on(instances))
        if offer is None:
            return alternative
        whole = evaluate_option(scenario, dataclasses.replace(option, cloud=offer, cloud_offers=(offer,)), count,
                          settings, deployment, cache, searches)
        candidates = [plan for plan in (whole, alternative) if plan is not None]
        return min(candidates, default=None,
                   key=lambda plan: (bool(plan_misses(plan, settings)), *rank_key(plan, settings)))
    single_vms = on_single_vms(option, offer, gpus)
    if deployment == Deployment.CLOUD and option.network_gbps_per_node is None and (offer is None or single_vms):
        # Only instances with no published network (smaller than a node, or 1-GPU VMs such as GH200's, which a
        # node's scale-out fabric need not reach): planned on them at the least a cloud VM publishes (or the user's
        # figure), said in the plan.
        vm = offer if single_vms else small
        if vm is None or (not single_vms and vm.gpus >= min(gpus, option.node.gpus)):
            return None
        per_instance = assumed_vm_network_gbps(scenario)
        instances = instances_of(cache, option, vm, per_instance)
        plan = evaluate_option(scenario, instances, count, settings, deployment, cache,
                         None if searches is None else searches.on(instances))
        if plan is None:
            return None
        return dataclasses.replace(plan, warnings=(*plan.warnings, msg(
            "{provider} publishes no network bandwidth for {instance}: the traffic between the plan's {instances} "
            "instances is costed at {gbps:g} Gb/s each (the least a 1-GPU cloud VM in the catalog publishes); set "
            "the instance's network_gbps in your catalog if you know it.", provider=vm.provider,
            instance=vm.instance, instances=plan.cost.cloud_offer.instances if plan.cost.cloud_offer else plan.count,
            gbps=per_instance)))
    nodes = math.ceil(gpus / option.node.gpus)
    node, node_price = option.node_with(gpus)
    ports = node.gpus if nodes > 1 else 0
    site = site_of(cache, node, nodes, option.gpu.tdp_w, settings, ports, option.nic_gbps, gpus)
    training, serving = result.training, result.inference
    cost_inputs = CostInputs(gpus=gpus, nodes=nodes, racks=site.racks, node_price=node_price,
                             network_usd=None, it_kw_busy=site.it_kw_expected,
                             it_kw_idle=None if site.node_kw_idle is None else site.node_kw_idle * nodes,
                             cloud=offer, gpus_bought=node.gpus * nodes)
    cost = cost_summary(cost_inputs, settings.cost, run_gpu_hours=training.gpu_hours if training else None,
                        output_tokens_per_s=serving.output_tokens_per_s if serving else None)
    metric = cost_metric_for(cost, deployment, settings, training is not None)
    if metric is None and deployment == Deployment.CLOUD:
        return None  # a rental without a rate is no offer; a purchase without a price is a plan with cost n/a
    warnings = list(result.warnings)
    if deployment == Deployment.ON_PREM:  # racks, power and purchase prices concern what is bought, not what is rented
        warnings += list(site.warnings) + list(cost.notes)
        if option.chassis_note is not None and not node.tower:  # the server chosen for the site, and why
            warnings.append(option.chassis_note)
        if training is not None and cost.gpus_owned > gpus:
            warnings.append(idle_gpus_note(gpus, cost.gpus_owned, nodes, node.gpus))
        stale_purchase = None if node_price is None else purchase_price_age_note(node_price, settings.today)
        # A price in another currency than the plan's says so (a quote in CNY was converted at its own rate on import).
        converted = None if node_price is None or node_price.quoted \
            else conversion_note(node_price.listed_currency, settings.cost, rental=False)
        warnings += [note for note in (stale_purchase, converted) if note is not None]
    elif offer is not None:
        stale = price_age_note(offer.price_date, settings.today)
        converted = conversion_note(offer.listed_currency, settings.cost, rental=True)
        warnings += [note for note in (stale, converted) if note is not None]
        if QUOTE_PREFIX in offer.source:
            warnings.append(msg("Rental price from your quote of {date}.", date=offer.price_date))
    if training and settings.deadline_days is None and training.days > NO_DEADLINE_WARNING_DAYS:
        warnings.insert(0, msg("Takes {days:,.0f} days: no deadline is set, so slow plans can rank first. Set a "
                               "deadline to see faster ones.", days=training.days))  # first: the loudest
    where = option.availability
    service = scenario.inference
    limits = ServiceLimits(concurrent_users=service.concurrent_users, max_ttft_s=service.max_ttft_s,
                           max_tpot_s=service.max_tpot_s) if serving else NO_SERVICE_LIMITS
    block = cache.availability.get(id(where))
    if block is None or block[0] is not where:
        block = cache.availability[id(where)] = (where, AvailabilityBlock(
            region=where.region, status=where.status.value, reason=where.reason, source=where.source,
            as_of=where.as_of))
    return Plan(estimate=result, deployment=deployment, gpu_name=option.gpu.model,
                site=site, availability=block[1], service_limits=limits, cost=cost, cost_metric=metric,
                days=training.days if training else None, warnings=tuple(warnings))


def cannot_progress(result: Estimate) -> bool:
    """A training run whose GPUs are interrupted sooner than a restart and a checkpoint take: it never finishes."""
    return result.training is not None and not math.isfinite(result.training.days)


# Site blocks kept from one plan to the next, by everything that sizes them (plan_site reads nothing else): the
# app plans again at every edit, and an edit of the job leaves the catalog's servers, counts and site as they were.
# At most this many (a few KB each; the no-deadline 70B plan sizes about 900), emptied when full: one call, which a
# plan in the app's worker and a plan or fit in another thread may make at once (popping the oldest may not).
SITES_KEPT = 4096
_sites_kept: dict[tuple[Hashable, ...], SiteBlock] = {}


def site_of(cache: EstimateCache, node: NodeSpec, nodes: int, gpu_tdp_w: float | None, settings: PlanSettings,
            ports: int, port_gbps: float, gpus: int) -> SiteBlock:
    """plan_site, once for servers alike but for their name and price, counts and GPUs (the same server listed
    again, or under many offers, is sized once, and again only when the site, the power assumptions or the
    catalog's figures change), the block then naming and pricing the plan's own."""
    key = (cache.shape_of(node), nodes, gpu_tdp_w, settings.site, settings.power, ports, port_gbps, gpus)
    site = cache.sites.get(key)
    if site is None:
        kept = _sites_kept.get(key)
        if kept is None:
            kept = plan_site(node, nodes, gpu_tdp_w, settings.site, settings.power, ports, port_gbps, gpus)
            if len(_sites_kept) >= SITES_KEPT:
                _sites_kept.clear()
            _sites_kept[key] = kept
        # This plan's own server named in it once (an earlier plan's block names that plan's server object).
        site = cache.sites[key] = relabelled_site(kept, node)
    return relabelled_site(site, node)


def idle_gpus_note(used: int, bought: int, nodes: int, per_node: int) -> Message:
    """A training plan that runs on fewer GPUs than the whole servers it buys says so, and why that can pay."""
    if RACK_TRAINING_GPUS.get(per_node) is not None and used == nodes * RACK_TRAINING_GPUS[per_node]:
        return msg("Trains on {used:,} of the {bought:,} GPUs bought: {in_rack} of each rack's {per_node}, as NVIDIA's "
                   "own NVL72 training runs do, the other {spare} of each rack spare for a failed tray.", used=used,
                   bought=bought, in_rack=RACK_TRAINING_GPUS[per_node], per_node=per_node,
                   spare=per_node - RACK_TRAINING_GPUS[per_node])
    return msg("Trains on {used:,} of the {bought:,} GPUs bought ({nodes:,} x {per_node}): the other {idle:,} stay "
               "idle during this job.", used=used, bought=bought, nodes=nodes, per_node=per_node, idle=bought - used)


def on_every_gpu_paid_for(scenario: Scenario, option: HardwareOptions, result: Estimate, deployment: Deployment,
                          cache: EstimateCache, calibration: Calibration) -> Estimate:
    """A serving plan on every GPU of the whole servers (or rented instances) it pays for: twenty GPUs in TP-4
    replicas buy three 8-GPU servers, so the plan serves with six replicas, not five, at the same price."""
    assert result.inference is not None
    if scenario.gpu_count is not None:  # the user fixed the count: it is honoured, never filled up
        return result
    gpus, tp = result.count, result.inference.gpus_per_replica
    if deployment == Deployment.CLOUD:
        offer = option.cloud_for(gpus)
        unit = offer.gpus if offer is not None else 0
    else:
        unit = option.node_with(gpus)[0].gpus
    whole = math.ceil(gpus / unit) * unit if unit else gpus
    if whole == gpus or whole % tp or (option.gpu.segment == Segment.CONSUMER and whole > MAX_CONSUMER_GPUS):
        return result
    filled = estimate_once(scenario, option, whole, cache, calibration)
    return filled if filled is not None else result


def counts_that_cannot_meet(scenario: Scenario, option: HardwareOptions,
                     settings: PlanSettings) -> Callable[[int | None, int | None], bool]:
    """Counts not worth estimating (a lower bound from peak FLOPs and perfect sharding): those whose model states
    cannot fit however they are split, and, under a deadline, those that cannot meet it when the next count
    cannot either (the larger one is the nearer miss). The plans and near misses stay those of the full search."""
    bounds = training_bounds(scenario, option.gpu, settings.calibration) if scenario.gpu_count is None else None
    if bounds is None:
        return lambda _count, _next: False
    gpu_days, states = bounds
    capacity = (option.gpu.usable_memory_gib or 0.0) * GIB - scenario.assumptions.cuda_context_gib * GIB
    deadline = settings.deadline_days

    def too_slow(count: int | None) -> bool:
        return count is not None and deadline is not None and gpu_days / count > deadline

    def skip(count: int | None, following: int | None) -> bool:
        if count is None:
            return False
        return states / count > capacity or (too_slow(count) and too_slow(following))

    return skip


def within_reach_of_the_budget(counts: list[int | None], option: HardwareOptions,
                                settings: PlanSettings) -> list[int | None]:
    """Bought hardware without a deadline: once the purchase alone exceeds the budget, a count that buys more
    hardware still misses, and by more (the same limits, more money; the energy of the run about the same), so
    counts are kept only up to the first over-budget purchase (the whole servers it buys), the nearest miss."""
    if settings.budget is None or settings.deadline_days is not None:
        return counts
    kept: list[int | None] = []
    over: float | None = None
    for count in counts:
        if count is not None:
            node, price = option.node_with(count)
            capex = None if price is None else purchase_cost(price, math.ceil(count / node.gpus), settings.cost)
            if capex is not None and capex > settings.budget:
                if over is not None and capex > over:
                    break
                over = capex
        kept.append(count)
    return kept


def deployments_offered(settings: PlanSettings, option: HardwareOptions) -> list[Deployment]:
    wanted = list(Deployment) if settings.deployment == "either" else [Deployment(settings.deployment)]
    # GeForce cards are not rented out in data centers (driver licence), so they are only ever bought.
    rentable = option.cloud is not None and option.gpu.segment != Segment.CONSUMER
    return [d for d in wanted if d == Deployment.ON_PREM or rentable]


def runner_up_searches(scenario: Scenario, shown: list[Plan], by_gpu: dict[str, HardwareOptions],
                       calibration: Calibration) -> dict[int, LayoutSearch]:
    """The full layout search (runner-up times) of each shown training plan (by id()), all in one step-time
    evaluation."""
    if scenario.task not in TRANSFORMER_TRAINING:
        return {}
    wanted = [plan for plan in shown if plan.estimate.alternatives is None and plan.training is not None]
    requests = [(scenario_on_option(scenario, ran_on(plan, by_gpu[plan.gpu], scenario), None), [plan.count])
                for plan in wanted]
    found = fast_training_searches_together(requests, calibration, runner_up_times=True)
    return {id(plan): own[plan.count] for plan, own in zip(wanted, found, strict=True) if plan.count in own}


def with_alternatives(plan: Plan, scenario: Scenario, option: HardwareOptions, calibration: Calibration,
                      search: LayoutSearch | None = None, filled: Estimate | None = None) -> Plan:
    """The plan with its runner-up layouts (serving: the latency curve) filled in, for a plan that is shown; the
    search behind every other plan skips them. `search`: its full layout search, done already; `filled`: the
    estimate filled_estimate made for this plan's own estimate already (an earlier plan of the same workload)."""
    result = plan.estimate
    if result.alternatives is not None:
        return plan
    if not fills_in(plan):  # a near miss shows no latency chart: no curve needed
        return dataclasses.replace(plan, estimate=dataclasses.replace(result, alternatives=()))
    if filled is None:
        filled = filled_estimate(plan, scenario, option, calibration, search)
    # The plan's own warnings (site, prices) follow the estimate's; the full estimate words all of its own.
    own = plan.warnings[len(result.warnings):]
    return dataclasses.replace(plan, warnings=(*filled.warnings, *own), estimate=filled)


def fills_in(plan: Plan) -> bool:
    """Whether with_alternatives fills the plan's estimate in (filled_estimate): not where its runner-ups are there
    already, nor for a serving near miss, which shows no latency chart."""
    return plan.estimate.alternatives is None and not (plan.estimate.inference and plan.misses)


def filled_estimate(plan: Plan, scenario: Scenario, option: HardwareOptions, calibration: Calibration,
                    search: LayoutSearch | None = None) -> Estimate:
    """The plan's estimate with the runner-up layouts, the latency curve, the stack and the storage block the fast
    path leaves out, and the full estimate's warnings: what it reads is the plan's estimate, the scenario's
    estimate inputs and the option as the plan ran on it."""
    result = plan.estimate
    count = None if result.inference else result.count
    option = ran_on(plan, option, scenario)
    trial = scenario_on_option(scenario, option, count)
    full = on_own_node(estimate(trial, option.node, search=search, calibration=calibration), option)
    serving = result.inference
    if serving is not None and full.inference is not None:
        serving = dataclasses.replace(serving, latency_curve=full.inference.latency_curve)
    storage = result.storage
    if storage is None and result.training is not None and scenario.task in TRANSFORMER_TRAINING:
        storage = storage_of(trial, option.node, result, calibration)  # (the fast path's estimate has none)
    return dataclasses.replace(result, alternatives=full.alternatives, inference=serving, warnings=full.warnings,
                               stack=full.stack, storage=storage)


def ran_on(plan: Plan, option: HardwareOptions, scenario: Scenario) -> HardwareOptions:
    """The option as the plan was estimated on it (evaluate_option): a rental on instances smaller than its layout's
    node, or on 1-GPU VMs, runs with the instance as its node, over the instance's network — where it publishes
    none, assumed_vm_network_gbps, as the plan was costed."""
    rented = plan.cost.cloud_offer
    if plan.owned or rented is None:
        return option
    for offer in option.cloud_offers:
        if (offer.provider, offer.instance) != (rented.provider, rented.instance):
            continue
        if offer.gpus < min(plan.count, option.node.gpus) or on_single_vms(option, offer, plan.count):
            assumed = option.network_gbps_per_node is None and offer.network_gbps is None
            return on_instances(option, offer, assumed_vm_network_gbps(scenario) if assumed else None)
    return option
