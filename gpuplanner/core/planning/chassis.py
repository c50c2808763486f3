"""Which of a GPU's real servers a site is planned on: the catalog's first (best known) one, unless the site has a
limit that server cannot be shown to meet by itself (power, height, weight, cooling) and another real server of as
many GPUs meets them all; the plan then names the one chosen and why. Chosen once per site and option, before the
options are evaluated, so a site with limits costs no more evaluations than one without."""

from __future__ import annotations

import dataclasses

from gpuplanner.core.base.kept import KeptByIdentity
from gpuplanner.core.base.messages import Message, msg
from gpuplanner.core.cost.cost import Price
from gpuplanner.core.planning.plan_goals import joined_messages, node_limit_misses
from gpuplanner.core.planning.plan_settings import HardwareOptions
from gpuplanner.core.site.site import LIQUID, NodeSpec, SiteLimits

# The options chosen for the last few sites: (the option, the site) -> the option for that site. The same option
# object comes back for the same site, so the planner's per-option caches keep serving it from one plan to the next.
_CHOSEN: KeptByIdentity[HardwareOptions] = KeptByIdentity(512)


def server_misses(node: NodeSpec, limits: SiteLimits) -> list[Message]:
    """The site limits a server breaks by itself (plan_goals.node_limit_misses)."""
    return node_limit_misses(node.name, node.nameplate_kw, node.rack_units, node.weight_kg, node.rack_scale,
                             node.cooled_by == LIQUID, limits)


def on_site_chassis(options: list[HardwareOptions], limits: SiteLimits) -> list[HardwareOptions]:
    """Each option on the server its site is planned on (chassis_for_site); options with one server pass as they
    are."""
    return [option if not option.chassis else _chosen(option, limits) for option in options]


def _chosen(option: HardwareOptions, limits: SiteLimits) -> HardwareOptions:
    return _CHOSEN.get((option,), (limits,), lambda: chassis_for_site(option, limits))


def chassis_for_site(option: HardwareOptions, limits: SiteLimits) -> HardwareOptions:
    """The option on its first server where that one breaks none of the site's server limits; else on the first of
    its other real servers that breaks none (an unknown figure never meets a limit), with a note naming it and what
    the first one misses; else as it is (its plans then say what they miss)."""
    misses = server_misses(option.node, limits)
    if not misses:
        return option
    found: tuple[NodeSpec, Price | None] | None = next(
        (chassis for chassis in option.chassis if not server_misses(chassis[0], limits)), None)
    if found is None:
        return option
    node, price = found
    note = msg("Planned on {node}: the catalog's first server for {gpu}, {first}, misses the site ({misses}).",
               node=node.name, gpu=option.gpu.model, first=option.node.name, misses=joined_messages(misses))
    return dataclasses.replace(option, node=node, node_price=price, chassis_note=note)
