"""Ranking plans: the objective's sort key, the Pareto front of cost against time, why each plan ranks where it
does, and the chart points."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.planning.plan_goals import has_goals, miss_shortfall, region_misses
from gpuplanner.core.planning.plan_settings import NO_DEADLINE_WARNING_DAYS, PlanSettings
from gpuplanner.core.results.results import (
    ChartPoint,
    Plan,
)

T = TypeVar("T")


def plan_slowness(plan: Plan) -> float:
    """Lower is better: days to train, or minus the tokens per second served."""
    if plan.days is not None:
        return plan.days
    assert plan.inference is not None
    return -plan.inference.output_tokens_per_s


def rank_key(plan: Plan, settings: PlanSettings) -> tuple[float, ...]:
    """Lower ranks first. Without a deadline, a run longer than NO_DEADLINE_WARNING_DAYS follows those that finish
    within it (a QLoRA taking 11,000 days ranked first for its cost). A plan bought in a generic chassis is
    indicative (its GPUs are real, its server is not), so it follows the plans on a real server under every
    objective. A plan without a price follows the priced ones where cost decides, the fewest GPUs paid for first
    (what is known of its cost), and ranks on speed where speed does."""
    overlong = float(overlong_without_deadline(plan, settings))
    generic = float(plan.on_generic_chassis)
    unpriced = plan.cost_metric is None
    cost = float(plan.cost.gpus_owned if plan.owned else plan.count) if unpriced else plan.cost_metric or 0.0
    if settings.objective == "fastest":
        return (generic, plan_slowness(plan), float(unpriced), cost)
    return (overlong, generic, float(unpriced), cost, plan_slowness(plan))


def overlong_without_deadline(plan: Plan, settings: PlanSettings) -> bool:
    """A training run longer than a sensible time, where the user set no deadline to say what is sensible."""
    return settings.deadline_days is None and plan.days is not None and plan.days > NO_DEADLINE_WARNING_DAYS


def pareto(items: Sequence[T], cost: Callable[[T], float], slowness: Callable[[T], float]) -> list[T]:
    """Items no other item beats on both cost and slowness (lower is better on both), cheapest first."""
    front: list[T] = []
    best = math.inf
    for item in sorted(items, key=lambda i: (cost(i), slowness(i))):
        if slowness(item) < best:
            front.append(item)
            best = slowness(item)
    return front


def pareto_front(plans: Sequence[Plan]) -> list[Plan]:
    """Plans no other plan beats on both cost and time (or throughput)."""
    priced = [plan for plan in plans if plan.cost_metric is not None]
    return pareto(priced, lambda p: p.cost_metric or 0.0, plan_slowness)


def reasons_for_rank(plan: Plan, best: Plan, index: int, settings: PlanSettings) -> tuple[Message, ...]:
    reasons = []
    money = settings.cost.currency
    if index == 0 and plan.cost_metric is None and settings.objective != "fastest":
        reasons.append(msg("no plan has a price to rank by: the fewest GPUs that fit and meet the goals, cost n/a")
                       if has_goals(settings) else msg("no plan has a price to rank by: the fewest GPUs that fit, "
                                                       "cost n/a"))
    elif index == 0:
        goals = has_goals(settings)
        reasons.append({
            ("cheapest", False): msg("lowest cost among plans that fit"),
            ("cheapest", True): msg("lowest cost among plans that fit and meet the goals"),
            ("fastest", False): msg("fastest among plans that fit"),
            ("fastest", True): msg("fastest among plans that fit and meet the goals"),
            ("lowest-tco", False): msg("lowest total cost of ownership among plans that fit"),
            ("lowest-tco", True): msg("lowest total cost of ownership among plans that fit and meet the goals"),
        }[(settings.objective, goals)])
    elif plan.cost_metric is None:
        reasons.append(msg("no purchase price: cost n/a, ranked after the plans with a price")
                       if settings.objective != "fastest" else msg("no purchase price: cost n/a"))
    else:
        ratio_cost = plan.cost_metric / best.cost_metric if best.cost_metric else math.inf
        reasons.append(msg("{ratio:.2f}x the cost of #1 ({cost:,.0f} {currency})", ratio=ratio_cost,
                           cost=plan.cost_metric, currency=money))
        if plan.days is not None and best.days:
            reasons.append(msg("{ratio:.2f}x the speed of #1", ratio=best.days / plan.days))
    if plan.on_generic_chassis:
        reasons.append(generic_chassis_reason(first=index == 0))
    if plan.site.nodes == 1:
        reasons.append(msg("a single server: no cluster network needed"))
    elif plan.site.switches.leaf:
        reasons.append(msg("{nodes} nodes, network: {fabric}", nodes=plan.site.nodes,
                           fabric=plan.site.switches.note))
    if plan.owned:
        reasons.append(msg("on-prem: bought and run on your site"))
    else:
        assert plan.cost.cloud_offer is not None
        reasons.append(msg("cloud: rented from {provider}", provider=plan.cost.cloud_offer.provider))
    return tuple(reasons)


def generic_chassis_reason(first: bool) -> Message:
    """Why a plan bought in a generic chassis ranks where it does; the first plan, where it is one (no plan on a real
    server fits), also says how to put a real server in its place."""
    if first:
        return msg("no catalog server holds these GPUs, so a generic chassis of their class stands in and its power, "
                   "racks and price are indicative: ask a vendor for a server, add it in the catalog tab (Servers > "
                   "Add your own…), then import its quote (File > Import a vendor quote, or `gpuplanner "
                   "import-quote`)")
    return msg("server not in the catalog: a generic chassis stands in, so the plan ranks after those on a real "
               "server; ask a vendor for the server")


def chart_point_of(plan: Plan) -> ChartPoint:
    """One evaluated plan as the cost-vs-time chart draws it (serving: cost per million tokens vs speed per user)."""
    serving = plan.inference
    per_million = None
    if serving:
        per_million = plan.cost.per_million_tokens_owned if plan.owned else plan.cost.per_million_tokens_cloud
    return ChartPoint(gpu=plan.gpu, gpu_name=plan.gpu_name, count=plan.count, deployment=plan.deployment,
                      days=plan.days, cost=plan.cost_metric, per_million_tokens=per_million,
                      tokens_per_s_per_user=serving.output_tokens_per_s_per_user if serving else None,
                      meets=not plan.misses)


def one_per_option(ranked: Sequence[Plan], top: int) -> list[Plan]:
    """The best count of each (GPU, deployment), in ranking order, at most `top`."""
    seen: set[tuple[str, str]] = set()
    chosen = []
    for plan in ranked:
        key = (plan.gpu, plan.deployment)
        if key not in seen:
            seen.add(key)
            chosen.append(plan)
        if len(chosen) >= top:
            break
    return chosen


def near_miss_key(plan: Plan, settings: PlanSettings) -> tuple[float, ...]:
    """Near misses, nearest first: fewest misses, the smallest shortfall, then the answers' own order."""
    return (len(plan.misses), miss_shortfall(plan, settings), *rank_key(plan, settings))


def near_misses_shown(nearest_first: Sequence[Plan], settings: PlanSettings, top: int) -> list[Plan]:
    """The near misses a buyer can mend (a bigger cabinet, budget or deadline), at most `top`, then at most `top`
    parts the buyer's region refuses (an export licence, an offer located elsewhere), each saying why: no cabinet
    mends a licence, so a refused part never stands before a part that can be had, however many misses that has."""
    refused = [bool(region_misses(plan, settings)) for plan in nearest_first]
    mendable = one_per_option([p for p, no in zip(nearest_first, refused, strict=True) if not no], top)
    seen = {(p.gpu, p.deployment) for p in mendable}
    return mendable + one_per_option([p for p, no in zip(nearest_first, refused, strict=True)
                                      if no and (p.gpu, p.deployment) not in seen], top)
