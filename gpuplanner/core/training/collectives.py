"""Collective communication: what share of a buffer each GPU's link carries in an all-reduce, a ring all-reduce's
time, an all-reduce across servers, and the one-way bytes per second a node's links and NICs achieve."""
from __future__ import annotations

import math

import numpy as np

from gpuplanner.core.hardware.fabric import Collective
from gpuplanner.core.hardware.hardware import GPU, group_link_gbs
from gpuplanner.core.training.workload import Assumptions


def allreduce_link_share(ranks: np.ndarray | float, in_switch: bool = False) -> np.ndarray:
    """The share of an all-reduce's buffer each GPU's link carries one way: a ring's 2 (n-1)/n (Patarasuk & Yuan
    2009); where the switch sums it (`in_switch`, NVLink SHARP: GPU.reduces_in_switch) each GPU sends its buffer to be
    reduced slice by slice and multicasts its own reduced slice back, (n+1)/n, taken when less (from 3 ranks on)."""
    ranks = np.asarray(ranks, dtype=float)
    ring = 2.0 * (ranks - 1.0) / ranks
    return np.minimum(ring, (ranks + 1.0) / ranks) if in_switch else ring


def ring_allreduce_s(bytes_per_gpu: np.ndarray, ranks: np.ndarray, link_bytes_per_s: np.ndarray,
                     latency_s: float) -> np.ndarray:
    """Ring all-reduce: 2 (n-1)/n of the buffer crosses each GPU's link, plus per-step latency."""
    moved = allreduce_link_share(ranks) * bytes_per_gpu
    return np.where(ranks > 1, moved / link_bytes_per_s + 2.0 * (ranks - 1.0) * latency_s, 0.0)


def nvlink_bytes_per_s(gpu: GPU, group: np.ndarray | int, assumptions: Assumptions,
                       collective: Collective = Collective.ALL_REDUCE) -> np.ndarray:
    """Achieved one-way bytes/s per GPU inside a group of node peers in a collective (the fabric if it spans them,
    else PCIe; a point-to-point send counts as an all-reduce's)."""
    return fabric_bytes_per_s(group, gpu.fabric_domain, gpu.interconnect_gbs or 0.0, gpu.pcie_gbs_bidirectional,
                              gpu.busbw_share(collective), assumptions, gpu.pcie_busbw_share, gpu.fabric_peer_gbs)


def fabric_bytes_per_s(group: np.ndarray | int, fabric_domain: np.ndarray | float, fabric_gbs: np.ndarray | float,
                       pcie_gbs: np.ndarray | float, fabric_share: np.ndarray | float | None,
                       assumptions: Assumptions, pcie_share: np.ndarray | float | None = None,
                       peer_gbs: np.ndarray | float | None = None) -> np.ndarray:
    """Achieved one-way bytes/s per GPU inside groups of `group` node peers: over the scale-up fabric where it spans
    the group, at the bus-bandwidth share its catalog row gives for the collective (`fabric_share`; None or NaN:
    none measured), else at the scenario's link efficiency; beyond the fabric over PCIe, at the share the GPU's row
    measured there (`pcie_share`: GeForce cards stage every collective through host memory, having no peer-to-peer;
    None or NaN: none measured) or else the link efficiency; on a point-to-point fabric over the links between the
    group's GPUs (`peer_gbs` each: group_link_gbs). Each figure one value, or one per row (GPUs of several kinds
    evaluated together)."""
    bidirectional = group_link_gbs(group, fabric_domain, fabric_gbs, pcie_gbs, peer_gbs)
    if fabric_share is None and pcie_share is None:
        return one_way_link_bytes_per_s(bidirectional, assumptions)
    on_fabric = np.asarray(group) <= fabric_domain
    fabric = assumptions.link_efficiency if fabric_share is None else \
        np.where(np.isnan(fabric_share), assumptions.link_efficiency, fabric_share)
    pcie = assumptions.link_efficiency if pcie_share is None else \
        np.where(np.isnan(pcie_share), assumptions.link_efficiency, pcie_share)
    return bidirectional / 2.0 * 1e9 * np.where(on_fabric, fabric, pcie)


def one_way_link_bytes_per_s(bidirectional_gbs: np.ndarray, assumptions: Assumptions) -> np.ndarray:
    """Achieved one-way bytes/s of a link quoted in bidirectional GB/s."""
    return bidirectional_gbs / 2.0 * 1e9 * assumptions.link_efficiency


# NCCL's latency for each network hop of its tree all-reduce with the LL protocol (the one it picks for a few kilobytes
# between servers): hwLat[NET][Tree][LL] = 5 us (NCCL src/graph/tuning.cc, ncclTopoTuneModel, which prices a tree
# all-reduce's latency as base + 2 x ((ranks per node - 1) x intra-node hop + log2(nodes) x network hop)).
NCCL_TREE_NETWORK_HOP_S = 5.0e-6


def hierarchical_allreduce_s(buffer_bytes: float, ranks_per_node: int, nodes: int, intra_bytes_per_s: float,
                             nic_bytes_per_s: float, intra_latency_s: float, in_switch: bool = False) -> float:
    """One all-reduce of `buffer_bytes` over `nodes` servers of `ranks_per_node` GPUs, as NCCL runs one across
    servers: reduced inside each server over its scale-up fabric, the servers' partial sums all-reduced over their
    NICs (every GPU's NIC carrying its 1 / ranks_per_node slice, 2 (n-1)/n of it a ring's way), then broadcast inside
    the server again (NCCL's hierarchical tree: a chain inside the node, a double binary tree between nodes; Jeaugey,
    'Massively Scale Your Deep Learning Training with NCCL 2.4', NVIDIA 2019). Time: the in-server traffic at
    `intra_bytes_per_s` (allreduce_link_share of the buffer), the between-server traffic at `nic_bytes_per_s`, the
    in-server latency (`intra_latency_s`) and 2 log2(nodes) network hops (NCCL_TREE_NETWORK_HOP_S)."""
    intra = float(allreduce_link_share(ranks_per_node, in_switch)) * buffer_bytes / intra_bytes_per_s \
        if ranks_per_node > 1 else 0.0
    inter = 2.0 * (nodes - 1) / nodes * buffer_bytes / ranks_per_node / nic_bytes_per_s
    return intra + inter + intra_latency_s + 2.0 * math.log2(nodes) * NCCL_TREE_NETWORK_HOP_S


def nic_bytes_per_s(gbps_per_gpu: float, assumptions: Assumptions) -> float:
    """Achieved bytes/s of one GPU's share of its server's scale-out network, at the scenario's network efficiency."""
    return gbps_per_gpu / 8.0 * 1e9 * assumptions.network_efficiency
