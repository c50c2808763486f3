"""The recommender behind `gpuplanner plan`: every catalog GPU at a range of counts, evaluated with the same
estimator as `estimate`, sized for the site, costed, filtered by the user's deadline / throughput / budget,
ranked by the objective, with the Pareto front of cost against time."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator, Hashable, Sequence

from gpuplanner.core.base.choices import Deployment, Rejection
from gpuplanner.core.base.errors import CancelledError, InputError
from gpuplanner.core.base.messages import Listing, Message, msg
from gpuplanner.core.base.records import replaced
from gpuplanner.core.estimates.estimate import TRANSFORMER_TRAINING
from gpuplanner.core.hardware.hardware import GPU, Segment
from gpuplanner.core.planning.chassis import on_site_chassis
from gpuplanner.core.planning.plan_evaluation import (
    EstimateCache,
    OptionSearches,
    SearchNeeded,
    cannot_progress,
    counts_worth_trying,
    evaluate_option,
    fills_in,
    ran_on,
    runner_up_searches,
    searches_reached_together,
    with_alternatives,
)
from gpuplanner.core.planning.plan_goals import (
    gpus_paid_for_by,
    joined_messages,
    nearest_fix,
    plan_misses,
)
from gpuplanner.core.planning.plan_ranking import (
    chart_point_of,
    near_miss_key,
    near_misses_shown,
    one_per_option,
    overlong_without_deadline,
    pareto_front,
    rank_key,
    reasons_for_rank,
)
from gpuplanner.core.planning.plan_settings import NO_DEADLINE_WARNING_DAYS, HardwareOptions, PlanSettings
from gpuplanner.core.planning.plan_shapes import estimate_cache_key
from gpuplanner.core.results.results import (
    PUBLISHED_CALIBRATION,
    ChartLimits,
    CurveKey,
    CurvePoint,
    Estimate,
    NextStep,
    ParetoPoint,
    Plan,
    PlanResult,
    Rejected,
    UserCalibration,
)
from gpuplanner.core.scenario.scenario import Scenario

# Options a round's loops go on by between progress reports (each report is also where a cancel is heard): about
# one report per option and plan, as when the options were planned one after another.
PROGRESS_EVERY = 8


def plan_catalog(scenario: Scenario, options: list[HardwareOptions], settings: PlanSettings, top: int = 5,
                 progress: Callable[[int, int], bool] | None = None,
                 estimates: EstimateCache | None = None) -> PlanResult:
    """Evaluate every option; `progress(done, total)` may return False to cancel (raises CancelledError: a ranking
    of the options seen so far is never returned as the answer). `estimates`: the estimates of an earlier plan of
    the same workload on the same catalog to reuse, with its shown plans' filled estimates (service.EstimateReuse
    keeps them; filled in as it goes)."""
    evaluated: list[Plan] = []
    rejected: list[Rejected] = []
    estimates = EstimateCache() if estimates is None else estimates
    user = settings.calibration.user
    estimates.start_plan(frozenset() if user is None else frozenset(group[0] for group in user.groups))
    usable = [o for o in options if settings.allow_consumer_gpus or o.gpu.segment != Segment.CONSUMER]
    if settings.deployment != Deployment.CLOUD:  # a site's limits concern the servers bought
        usable = on_site_chassis(usable, settings.site)
    for option in (o for o in usable if o.missing):  # listed with the figures it lacks, never dropped silently
        rejected.append(Rejected(gpu=option.gpu.id, gpu_name=option.gpu.model, kind=Rejection.FIGURE, reason=msg(
            "the catalog lacks its {figures}, which the estimate needs (add them in the catalog tab)",
            figures=Listing(option.missing))))
    usable = [o for o in usable if not o.missing]
    if progress is not None and progress(0, len(usable)) is False:
        raise CancelledError
    searches_by_shape: dict[tuple[Hashable, ...], OptionSearches] = {}  # options alike share their searches
    prepared = [counts_worth_trying(scenario, option, settings, (searches_by_shape, estimates)) for option in usable]
    del searches_by_shape  # each option's searches are let go with the last option that shares them
    # The options' count loops run in rounds: each goes on until it reaches a count whose layout search is not
    # done, and the searches every loop has reached are then done together, in one step-time evaluation
    # (searches_reached_together); each option's searches are let go as its loop ends.
    loops = {index: _count_loop(scenario, option, by_deployment, settings, estimates, searches)
             for index, (option, (by_deployment, searches)) in enumerate(zip(usable, prepared, strict=True))}
    del prepared
    found: list[tuple[list[Plan], list[Deployment]]] = [([], [])] * len(usable)
    reached: list[tuple[HardwareOptions, OptionSearches, int]] = []
    while loops:
        if progress is not None and progress(len(usable) - len(loops), len(usable)) is False:
            raise CancelledError
        searches_reached_together(reached, settings.calibration)
        reached = []
        for turn, index in enumerate(list(loops)):  # in the options' order
            if progress is not None and turn and turn % PROGRESS_EVERY == 0 \
                    and progress(len(usable) - len(loops), len(usable)) is False:
                raise CancelledError  # (asked every few options: a cancel is heard within a round)
            estimates.option = index
            try:
                reached.append(next(loops[index]))
            except StopIteration as stop:
                found[index] = stop.value
                del loops[index]  # the loop and the searches it held are let go
    for index, (option, (option_plans, deployments)) in enumerate(zip(usable, found, strict=True)):
        evaluated += option_plans
        if not option_plans:
            rejected.append(_why_no_plan(option, deployments, settings, estimates, scenario.gpu_count, index))
    # Limits and goals are hard filters: only plans that keep every one are answers. The rest are near misses,
    # listed apart with what each misses and by how much, those the buyer can mend first.
    meeting = [p for p in evaluated if not p.misses]
    ranked = one_per_option(sorted(meeting, key=lambda p: rank_key(p, settings)), top)
    nearest_first = sorted((p for p in evaluated if p.misses), key=lambda p: near_miss_key(p, settings))
    near = near_misses_shown(nearest_first, settings, top)
    by_gpu = {option.gpu.id: option for option in usable}
    ranked, near = _shown_in_full([ranked, near], scenario, by_gpu, settings, estimates)
    plans = tuple(dataclasses.replace(plan, rank=index + 1, rank_reasons=reasons_for_rank(plan, ranked[0], index,
                                                                                        settings))
                  for index, plan in enumerate(ranked))
    near_misses = tuple(dataclasses.replace(plan, rank=None, rank_reasons=(), warnings=(
        msg("Not an answer: {misses}", misses=joined_messages(plan.misses)), *plan.warnings)) for plan in near)
    curves: dict[CurveKey, list[CurvePoint]] = {}
    ranked_options = {(top_plan.gpu, top_plan.deployment) for top_plan in plans}
    for plan in sorted(evaluated, key=lambda p: p.count):
        if (plan.gpu, plan.deployment) in ranked_options:
            curves.setdefault(CurveKey(plan.gpu, plan.deployment), []).append(CurvePoint(
                count=plan.count, days=plan.days, cost=plan.cost_metric,
                output_tokens_per_s=plan.inference.output_tokens_per_s if plan.inference else None))
    front = tuple(ParetoPoint(gpu=p.gpu, count=p.count, deployment=p.deployment, cost=p.cost_metric or 0.0, days=p.days,
                              output_tokens_per_s=p.inference.output_tokens_per_s if p.inference else None)
                  for p in pareto_front(meeting))
    steps = _next_steps(scenario, options, settings, nearest_first, estimates) \
        if not plans and settings.deployment == Deployment.ON_PREM else ()
    note = None
    if not plans and near_misses:
        fix = nearest_fix(near_misses, settings)
        note = msg("No plan keeps every limit and goal you set; the near misses say what each misses. {fix}",
                   fix=fix) if fix else msg("No plan keeps every limit and goal you set.")
    elif plans and any(overlong_without_deadline(plan, settings) for plan in meeting):
        note = msg("No deadline is set: plans that take more than {days:,.0f} days rank after those that finish "
                   "within that; set a deadline to say what is sensible.", days=NO_DEADLINE_WARNING_DAYS)
    elif not plans:  # nothing to rank and no near miss: say why
        note = (scenario.hardware_given and not usable and _not_an_option_note(scenario.gpu, settings)) \
            or _batch_split_hint(scenario, options, settings, progress) or _no_plan_note(rejected)
    return PlanResult(
        plans=plans, near_misses=near_misses, pareto=front,
        curves={name: tuple(points) for name, points in curves.items()},
        points=tuple(chart_point_of(p) for p in evaluated),
        limits=ChartLimits(deadline_days=settings.deadline_days, budget=settings.budget,
                           rack_kw=settings.site.usable_rack_kw),
        evaluated=len(evaluated), meeting_goals=len(meeting), rejected=tuple(rejected),
        currency=settings.cost.currency, note=note, scenario=scenario, next_steps=steps,
        calibration=PUBLISHED_CALIBRATION if user is None else UserCalibration("user", user.runs, user.dates))


# Filled estimates kept in an EstimateCache (its `filled`) at most: a few plans' shown plans; emptied when full.
FILLED_KEPT = 256


def _shown_in_full(groups: list[list[Plan]], scenario: Scenario, by_gpu: dict[str, HardwareOptions],
                   settings: PlanSettings, estimates: EstimateCache) -> list[list[Plan]]:
    """The plans shown (each group: the ranked, the near misses) with their runner-up layouts filled in
    (with_alternatives): the full layout searches of those not filled before in one step-time evaluation, the
    others' filled estimates taken from `estimates`, where an earlier plan of the same workload left them."""
    shown = [plan for group in groups for plan in group]
    deadline = scenario.constraints.deadline_days
    keys = {id(plan): (id(plan.estimate), estimate_cache_key(ran_on(plan, by_gpu[plan.gpu], scenario), plan.count),
                       # The one ranking input a filled estimate reads: a training estimate's warnings word a miss
                       # of the deadline (training_notes), a plan within it none.
                       deadline if deadline is not None and plan.days is not None and plan.days > deadline else None)
            for plan in shown if fills_in(plan)}
    kept = {id(plan): found[1] for plan in shown
            if id(plan) in keys and (found := estimates.filled.get(keys[id(plan)])) is not None
            and found[0] is plan.estimate}
    full = runner_up_searches(scenario, [plan for plan in shown if id(plan) not in kept], by_gpu,
                              settings.calibration)
    if len(estimates.filled) + len(keys) > FILLED_KEPT:
        estimates.filled.clear()
    filled_groups: list[list[Plan]] = []
    for group in groups:
        filled_groups.append([])
        for plan in group:
            done = with_alternatives(plan, scenario, by_gpu[plan.gpu], settings.calibration, full.get(id(plan)),
                                     kept.get(id(plan)))
            if id(plan) in keys:
                estimates.filled[keys[id(plan)]] = (plan.estimate, done.estimate)
            filled_groups[-1].append(done)
    return filled_groups


def _count_loop(scenario: Scenario, option: HardwareOptions, by_deployment: dict[Deployment, list[int | None]],
                settings: PlanSettings, estimates: EstimateCache, searches: OptionSearches | None,
                ) -> Generator[tuple[HardwareOptions, OptionSearches, int], None, tuple[list[Plan], list[Deployment]]]:
    """The option's plans, count by count for each deployment, and its deployments; it yields (the option, its
    searches, the count) where the count's layout search is still to be done (plan_catalog does it with the other
    options' and goes on), its own or, asked for while the count is evaluated, on its rented instances."""
    plans: list[Plan] = []
    for deployment, counts in by_deployment.items():
        paid_for: int | None = None  # the GPUs the first plan to meet the deadline pays for
        for count in counts:
            if searches is not None and searches.wanted(option, count, estimates):
                assert count is not None
                yield option, searches, count
            while True:
                try:
                    plan = evaluate_option(scenario, option, count, settings, deployment, estimates, searches)
                except SearchNeeded as needed:  # on its rented instances: searched in the next round, then again
                    yield option, needed.searches, needed.count
                    continue
                break
            if plan is None:
                continue
            misses = plan_misses(plan, settings)
            plans.append(replaced(plan, misses=misses) if misses else plan)
            if settings.deadline_days is not None and plan.days is not None:
                # One count past the deadline is enough once a plan fills what it pays for: more GPUs then only
                # cost more. Short of its servers or rented instances it pays for idle GPUs, so the counts up to
                # those are tried too (4 H100 on a rented 8-GPU instance took 0.4 days for $293; all 8 take
                # 0.2 days for $126).
                if paid_for is not None and plan.count > paid_for:
                    break
                if paid_for is None and plan.days <= settings.deadline_days:
                    paid_for = gpus_paid_for_by(plan)
    return plans, list(by_deployment)


def _next_steps(scenario: Scenario, options: list[HardwareOptions], settings: PlanSettings,
                near_misses: Sequence[Plan], estimates: EstimateCache) -> tuple[NextStep, ...]:
    """When nothing can be bought: renting there, the nearest other part the buyer may buy, and a vendor quote for
    the parts that miss only a price, in that order (each only where it would help)."""
    steps = []
    rented = plan_catalog(scenario, options, dataclasses.replace(settings, deployment=Deployment.CLOUD), top=1,
                          estimates=estimates)
    if rented.best is not None and (offer := rented.best.cost.cloud_offer) is not None:
        best = rented.best
        steps.append(NextStep("rent", msg("Rent instead: {count} × {gpu} from {provider} keeps every limit and goal "
                                          "you set ({cost:,.0f} {currency}).", count=best.count, gpu=best.gpu_name,
                                          provider=offer.provider, cost=best.cost_metric or 0.0,
                                          currency=settings.cost.currency)))
    # A next step changes something: the part the scenario fixed is no other part to buy.
    fixed = scenario.gpu.id if scenario.hardware_given else None
    buyable = [plan for plan in near_misses if plan.owned and plan.availability.status == "open"
               and plan.cost_metric is not None and plan.gpu != fixed]
    if buyable:
        nearest = buyable[0]
        steps.append(NextStep("gpu", msg("Nearest part you can buy there: {count} × {gpu} ({misses}).",
                                         count=nearest.count, gpu=nearest.gpu_name,
                                         misses=joined_messages(nearest.misses)), gpu=nearest.gpu))
    unpriced = [plan for plan in near_misses if plan.owned and plan.cost_metric is None and all(
        miss.template.startswith("cost unknown") for miss in plan.misses)]
    if unpriced:
        steps.append(NextStep("quote", msg("Import a vendor quote for {gpus}: they keep every other limit and goal, "
                                           "and only their price is unknown.",
                                           gpus=Listing(tuple(dict.fromkeys(p.gpu_name for p in unpriced)))),
                              gpu=unpriced[0].gpu))
    return tuple(steps)


def _why_no_plan(option: HardwareOptions, deployments: list[Deployment], settings: PlanSettings,
                 estimates: EstimateCache, count: int | None, index: int) -> Rejected:
    """Why an option (the plan's `index`-th) has no plan: renting asked and nobody rents it, an estimate the job
    cannot have on it (the first such error), or no layout that fits at any count searched."""
    gpu = option.gpu

    def rejected(kind: Rejection, reason: Message) -> Rejected:
        return Rejected(gpu=gpu.id, gpu_name=gpu.model, kind=kind, reason=reason)

    # A purchase without a price is planned all the same (its cost n/a): a missing price explains no plan only where
    # the user asked to rent and nobody rents the part.
    if not deployments:
        return rejected(Rejection.PRICE, msg("no provider in the catalog rents it"))
    outcomes = estimates.outcomes_until(gpu.id, index)
    errors = [value for value in outcomes if isinstance(value, InputError)]
    if errors and len(errors) == len(outcomes):
        return rejected(Rejection.INPUT, msg("{field}: {reason}", field=errors[0].field, reason=errors[0].message))
    stalled = [value for value in outcomes if isinstance(value, Estimate) and cannot_progress(value)]
    if stalled:
        training = stalled[0].training
        assert training is not None and training.goodput is not None
        return rejected(Rejection.INPUT, msg(
            "on {count:,} GPUs an interruption comes about every {minutes:.0f} min, sooner than a restart and a "
            "checkpoint take, so the run never finishes: use fewer GPUs", count=stalled[0].count,
            minutes=24 * 60 / training.goodput.interruptions_per_day))
    if count == 1:
        return rejected(Rejection.MEMORY, msg("no layout fits in its memory on one GPU"))
    if count is not None:
        return rejected(Rejection.MEMORY, msg("no layout fits in its memory on {count} GPUs", count=count))
    return rejected(Rejection.MEMORY, msg("no layout fits in its memory at any GPU count searched"))


def _not_an_option_note(gpu: GPU, settings: PlanSettings) -> Message | None:
    """Why the GPU the scenario names was not planned at all (hardware_options leaves out what it cannot estimate)."""
    if gpu.memory_gib is None or gpu.memory_bandwidth_gbs is None:
        return msg("No plan with {gpu}: the catalog has no published memory size or bandwidth for it, which every "
                   "estimate needs.", gpu=gpu.model)
    if gpu.segment == Segment.CONSUMER and not settings.allow_consumer_gpus:
        return msg("No plan with {gpu}: consumer (GeForce) cards are excluded; allow them on the deployment page "
                   "(constraints.allow_consumer_gpus).", gpu=gpu.model)
    return None


def _no_plan_note(rejected: Sequence[Rejected]) -> Message:
    """Why no plan at all: the one GPU's reason, or how many GPUs failed for each reason."""
    if not rejected:  # no GPU of the catalog could be considered at all
        return msg("No plan fits: no GPU in the catalog can be estimated for this job.")
    if len(rejected) == 1:
        return msg("No plan with {gpu}: {reason}.", gpu=rejected[0].gpu_name, reason=rejected[0].reason)
    count = {kind: sum(r.kind == kind for r in rejected) for kind in Rejection}
    memory, price, unrunnable, figure = (count[kind] for kind in (Rejection.MEMORY, Rejection.PRICE, Rejection.INPUT,
                                                                  Rejection.FIGURE))
    counted = [part for part in (
        memory and msg("{count} fit no layout in memory", count=memory),
        price and msg("{count} have no price for the deployment", count=price),
        unrunnable and msg("{count} cannot run the job as set", count=unrunnable),
        figure and msg("{count} lack a datasheet figure the estimate needs", count=figure))
               if part]
    return msg("No plan fits. Of the {total} GPUs considered: {why}.", total=len(rejected),
               why=joined_messages(counted))


# A global batch splits over as many data-parallel replicas as it has factors (training.global_batch / dp whole):
# one with few factors of two keeps every layout on a few GPUs. When nothing fits, the plan is tried again with the
# batch rounded up to a multiple of this (a server's eight GPUs), and the note says what that changes.
BATCH_SPLIT_MULTIPLE = 8


def _batch_split_hint(scenario: Scenario, options: list[HardwareOptions], settings: PlanSettings,
                      progress: Callable[[int, int], bool] | None) -> Message | None:
    """Why nothing fits, where the global batch is the reason: its few factors of two confine the layouts to a few
    GPUs, and the same job with the batch rounded up to a multiple of 8 has a plan (None otherwise)."""
    if scenario.task not in TRANSFORMER_TRAINING:
        return None
    batch = scenario.training.global_batch
    rounded = -(-batch // BATCH_SPLIT_MULTIPLE) * BATCH_SPLIT_MULTIPLE
    micro = scenario.training.micro_batch
    if batch % BATCH_SPLIT_MULTIPLE == 0 or (micro and rounded % micro):
        return None
    retry = plan_catalog(dataclasses.replace(
        scenario, training=dataclasses.replace(scenario.training, global_batch=rounded)),
                         options, settings, top=1, progress=progress)
    twos = batch & -batch  # the largest power of two dividing it
    cause = msg("No plan fits with a global batch of {batch} sequences: as {batch} = {twos} x {odd}, it splits evenly "
                "over few of the GPU counts searched (powers of two and whole servers), and none of the layouts those "
                "allow fits.", batch=batch, twos=twos, odd=batch // twos)
    if retry.best is not None:
        return msg("{cause} With {rounded} sequences (a multiple of 8) the best plan is {count} x {gpu}.", cause=cause,
                   rounded=rounded, count=retry.best.count, gpu=retry.best.gpu_name)
    if retry.near_misses:
        nearest = retry.near_misses[0]
        return msg("{cause} With {rounded} sequences (a multiple of 8) plans fit but miss a limit or goal you set; "
                   "the nearest is {count} x {gpu}.", cause=cause, rounded=rounded, count=nearest.count,
                   gpu=nearest.gpu_name)
    return None
