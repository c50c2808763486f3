"""What a plan misses of the user's goals and limits (deadline, budget, throughput, region, site), by how much, and
the nearest fix when nothing meets them all."""

from __future__ import annotations

import math
from collections.abc import Sequence

from gpuplanner.core.base.choices import Deployment
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.cost.cost import CostSummary
from gpuplanner.core.planning.plan_settings import DEPLOYMENT_WORDS, REGION_WORDS, PlanSettings
from gpuplanner.core.results.results import Plan
from gpuplanner.core.site.availability import Status, in_region, offer_region
from gpuplanner.core.site.site import (
    COOLING_WORDS,
    LIQUID,
    Cooling,
    FacilitiesBlock,
    SiteLimits,
)


def gpus_paid_for_by(plan: Plan) -> int:
    """The GPUs a plan pays for: the whole servers it buys, or the whole instances it rents."""
    rented = plan.cost.gpus_rented
    return plan.cost.gpus_owned if plan.owned or rented is None else rented


def rented_cost(plan: Plan) -> float | None:
    """What renting a plan's GPUs costs: the run, for training; the service over the cost horizon, for serving."""
    return plan.cost.run_cost_cloud_on_demand if plan.training else plan.cost.cloud_tco


def cost_metric_for(cost: CostSummary, deployment: Deployment, settings: PlanSettings,
                    is_training: bool) -> float | None:
    """The money figure plans are ranked and budgeted by, in the user's currency."""
    if deployment == Deployment.CLOUD:
        if is_training:
            return cost.run_cost_cloud_on_demand
        return None if cost.cloud_on_demand_per_gpu_hour is None else cost.cloud_tco
    if settings.objective == "lowest-tco" or not is_training:
        return cost.tco
    return cost.run_cost_owned_with_capex


def goal_misses(plan: Plan, settings: PlanSettings) -> list[Message]:
    """Reasons a plan misses the user's goals (empty when it meets them)."""
    misses = []
    if settings.deadline_days is not None and plan.days is not None and plan.days > settings.deadline_days:
        misses.append(msg("takes {days:.1f} days (deadline {deadline:g})", days=plan.days,
                          deadline=settings.deadline_days))
    if settings.budget is not None and plan.cost_metric is None:  # unknown never satisfies a limit
        misses.append(msg("cost unknown (no price for it), so the budget of {budget:,.0f} {currency} cannot be "
                          "checked", budget=settings.budget, currency=settings.cost.currency))
    elif settings.budget is not None and plan.cost_metric is not None and plan.cost_metric > settings.budget:
        misses.append(msg("costs {cost:,.0f} {currency} (budget {budget:,.0f} {currency})", cost=plan.cost_metric,
                          budget=settings.budget, currency=settings.cost.currency))
    target = settings.target_output_tokens_per_s
    serving = plan.inference
    if target is not None and serving and serving.output_tokens_per_s < target:
        misses.append(msg("serves {rate:,.0f} tokens/s (target {target:,.0f})",
                          rate=serving.output_tokens_per_s, target=target))
    if serving:
        limits = plan.service_limits
        if limits.max_ttft_s is not None and serving.ttft_s > limits.max_ttft_s * (1 + 1e-9):
            misses.append(msg("first token after {ttft:.2f} s (limit {limit:g} s)", ttft=serving.ttft_s,
                              limit=limits.max_ttft_s))
        if limits.max_tpot_s is not None and serving.tpot_s > limits.max_tpot_s * (1 + 1e-9):
            misses.append(msg("{tpot:.0f} ms per output token (limit {limit:.0f} ms)", tpot=serving.tpot_s * 1000,
                              limit=limits.max_tpot_s * 1000))
        users = limits.concurrent_users
        if users is not None and serving.users_served < users:
            misses.append(msg("room for {room} users at once (asked {users})", room=serving.users_served,
                              users=users))
    return misses


def region_misses(plan: Plan, settings: PlanSettings) -> list[Message]:
    """An owned plan's GPU must be buyable in the user's region; a rented plan's offer must be located there."""
    if settings.region == "global":
        return []
    if not plan.owned:
        offer = plan.cost.cloud_offer
        if offer and not offer.region.strip():  # unknown never counts as inside
            return [msg("rented where the source names no region: not shown to be in {region}",
                        region=REGION_WORDS[settings.region])]
        if offer and not in_region(offer.region, settings.region):
            return [msg("rented in {where}, outside {region}", where=offer_region(offer.region),
                        region=REGION_WORDS[settings.region])]
        return []
    where = plan.availability
    if where.status == Status.OPEN:
        return []
    return [msg("in {region}: {reason}", region=REGION_WORDS[settings.region], reason=where.reason)]


def limit_misses(plan: Plan, settings: PlanSettings) -> list[Message]:
    """The user's site limits an owned plan breaks, each with by how much (a rented plan needs no rack)."""
    if not plan.owned:
        return []
    site, limits = plan.site, settings.site
    misses = node_limit_misses(site.node, site.node_kw_nameplate, site.rack_units_per_node, site.node_weight_kg,
                               site.rack_scale, site.server_cooling == LIQUID, limits)
    circuits = site.power_chain.circuits
    if circuits.fits is False and circuits.supplies_known:
        misses.append(msg("one supply cord draws {amps:.1f} A when its feed carries the node alone; a circuit "
                          "carries {allowed:.1f} A", amps=circuits.busiest_line_amps or 0.0,
                          allowed=circuits.allowed_amps))
    elif circuits.fits is False:
        misses.append(msg("one node draws {amps:.1f} A on one circuit (its supplies are not in the catalog, so it "
                          "cannot be split); a circuit carries {allowed:.1f} A", amps=circuits.busiest_line_amps or 0.0,
                          allowed=circuits.allowed_amps))
    misses += floor_misses(site.facilities, limits.floor_kg_m2)
    liquid_miss = site.server_cooling == LIQUID and limits.cooling is not Cooling.COLD_PLATE  # said by the node's
    if not liquid_miss and not site.cooling_ok and site.kw_per_rack is not None:
        misses.append(msg("{rack_kw:.1f} kW per rack needs {needed} cooling; the site has {cooling}",
                          rack_kw=site.kw_per_rack or 0.0,
                          needed=COOLING_WORDS.get(site.cooling_needed, site.cooling_needed),
                          cooling=COOLING_WORDS[limits.cooling.value]))
    return misses


def node_limit_misses(node: str, node_kw: float | None, rack_units: int, weight_kg: float | None, rack_scale: bool,
                      liquid: bool, limits: SiteLimits) -> list[Message]:
    """The site limits one server breaks by itself, whatever the count: its power, height, weight and cooling
    against the rack's (an unknown power or weight never satisfies a limit)."""
    misses = []
    if node_kw is None:
        misses.append(msg("power unknown: the catalog has no nameplate for {node}, so no rack, circuit or cooling "
                          "limit can be checked", node=node))
    elif node_kw > limits.usable_rack_kw + 1e-9:
        misses.append(msg("one node needs {need:.3g} kW; the rack allows {limit:.3g} kW", need=node_kw,
                          limit=limits.usable_rack_kw))
    free_units = limits.rack_units - limits.reserved_units
    if not rack_scale and rack_units > free_units:
        misses.append(msg("one node is {units}U; a rack has {free}U free", units=rack_units, free=free_units))
    if limits.rack_max_kg is not None and not rack_scale:
        if weight_kg is None:  # an unknown weight never satisfies a limit
            misses.append(msg("rack weight unknown (the server's weight is not in the catalog); a rack holds "
                              "{limit:.0f} kg", limit=limits.rack_max_kg))
        elif weight_kg > limits.rack_max_kg:
            misses.append(msg("one node weighs {weight:.0f} kg; a rack holds {limit:.0f} kg", weight=weight_kg,
                              limit=limits.rack_max_kg))
    if liquid and limits.cooling is not Cooling.COLD_PLATE:
        misses.append(msg("a liquid-cooled rack needs {needed} cooling; the site has {cooling}",
                          needed=COOLING_WORDS[Cooling.COLD_PLATE.value], cooling=COOLING_WORDS[limits.cooling.value]))
    return misses


def floor_misses(facility: FacilitiesBlock, rating: float | None) -> list[Message]:
    """Against a floor rating the user gave: a loading over it, or one that cannot be known, is a miss."""
    if rating is None:
        return []
    if facility.floor_kg_m2 is None:
        return [msg("floor loading unknown (the server's weight is not in the catalog); the floor is rated "
                    "{rating:.0f} kg/m²", rating=rating)]
    if facility.floor_kg_m2 > rating + 1e-9:
        return [msg("{load:.0f} kg/m² on a floor rated {rating:.0f} kg/m²", load=facility.floor_kg_m2, rating=rating)]
    if not facility.floor_includes_rack:
        return [msg("the floor rating ({rating:.0f} kg/m²) cannot be checked without the empty rack's weight "
                    "(constraints.site.rack_empty_kg)", rating=rating)]
    return []


def plan_misses(plan: Plan, settings: PlanSettings) -> tuple[Message, ...]:
    """Every limit and goal the plan breaks; a plan with any is never ranked among the answers."""
    return tuple(region_misses(plan, settings) + limit_misses(plan, settings) + goal_misses(plan, settings))


def miss_shortfall(plan: Plan, settings: PlanSettings) -> float:
    """How far a near miss is from its worst limit or goal, as a ratio (1.5: half again over)."""
    site, limits = plan.site, settings.site
    ratios = [1.0]
    if plan.owned and site.node_kw_nameplate:
        ratios.append(site.node_kw_nameplate / limits.usable_rack_kw)
    if settings.deadline_days is not None and plan.days is not None:
        ratios.append(plan.days / settings.deadline_days)
    if settings.budget is not None:  # an unknown cost is no nearer a budget than any known one
        ratios.append(math.inf if plan.cost_metric is None else plan.cost_metric / settings.budget)
    target = settings.target_output_tokens_per_s
    if target is not None and plan.inference:
        ratios.append(target / max(plan.inference.output_tokens_per_s, 1e-9))
    return max(ratios)


def joined_messages(messages: Sequence[Message]) -> Message:
    joined = messages[0]
    for message in messages[1:]:
        joined = msg("{first}; {second}", first=joined, second=message)
    return joined


def nearest_fix(near: Sequence[Plan], settings: PlanSettings) -> Message | None:
    """When nothing fits, the smallest change that would let a plan through."""
    power_only = [p for p in near if p.owned and all(
        m.template.startswith(("one node needs", "{rack_kw:.1f} kW per rack needs")) for m in p.misses)]
    if power_only:
        best = min(power_only, key=lambda p: p.site.node_kw_nameplate or math.inf)
        need = best.site.node_kw_nameplate or 0.0
        return msg("Nearest fix: {gpu} × {count} ({node}) needs {need:.1f} kW per rack with {needed} cooling; ask for "
                   "racks of at least {ask:.0f} kW, or rent instead.", gpu=best.gpu_name, count=best.count,
                   node=best.site.node, need=need, needed=COOLING_WORDS.get(best.site.cooling_needed,
                                                                            best.site.cooling_needed),
                   ask=math.ceil(need))
    if near:
        best = near[0]
        return msg("Nearest: {gpu} × {count} ({deployment}): {misses}.", gpu=best.gpu_name,
                   count=best.count, deployment=DEPLOYMENT_WORDS[best.deployment],
                   misses=joined_messages(best.misses))
    return None


def has_goals(settings: PlanSettings) -> bool:
    return any(v is not None for v in (settings.deadline_days, settings.budget, settings.target_output_tokens_per_s))
