"""A GPU's scale-up fabric as the catalog states it (resources/catalog/fabrics.csv): how many GPUs it joins, whether
its switch reduces in place, and what share of the link each collective reaches where that was measured. The
estimator reads these typed fields, never the free-text link name a GPU row shows."""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum

from gpuplanner.core.base.records import record


class Collective(StrEnum):
    """The collectives whose achieved bus bandwidth a fabric row may state (nccl-tests' names, without _perf)."""

    ALL_REDUCE = "all_reduce"
    ALL_GATHER = "all_gather"
    REDUCE_SCATTER = "reduce_scatter"
    ALL_TO_ALL = "all_to_all"


@record
class ScaleUpFabric:
    """The links that join a node's GPUs faster than PCIe: a switched baseboard, a rack domain or a bridge."""

    id: str  # the catalog's fabric id ("" for one read from an older row's link text)
    name: str
    domain: int  # GPUs one fabric joins: 2 for a bridge, 8 for a baseboard switch, 72 for an NVL72 rack
    reduces_in_switch: bool  # the switch sums an all-reduce in place (NVLink SHARP)
    # Achieved bus bandwidth over the link's one-way peak, by collective, where a published run measured it; a
    # collective without one runs at the scenario's link efficiency. (Compared, not hashed: a dict has no hash.)
    busbw_share: dict[Collective, float] = field(default_factory=dict, hash=False)
    source: str = ""
    # The scale-out NIC port (Gb/s) each GPU of a server built on this fabric has, as its row states with a source
    # (a DGX H100: one 400 Gb/s ConnectX-7 per GPU); None: not stated.
    nic_gbps_per_gpu: float | None = None
    # Each GPU of the domain has its own link to each other, no switch (AMD's 8-GPU Infinity Fabric board, an
    # Ascend 910B server's HCCS mesh): a GPU's fabric bandwidth is domain - 1 such links, of which a group of n
    # GPUs uses n - 1.
    point_to_point: bool = False
