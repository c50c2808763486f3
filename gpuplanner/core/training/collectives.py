"""Collective communication: what share of a buffer each GPU's link carries in an all-reduce, a ring all-reduce's
time, and the one-way bytes per second a node's links achieve in each collective."""
from __future__ import annotations

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
                              gpu.busbw_share(collective), assumptions, gpu.pcie_busbw_share)


def fabric_bytes_per_s(group: np.ndarray | int, fabric_domain: np.ndarray | float, fabric_gbs: np.ndarray | float,
                       pcie_gbs: np.ndarray | float, fabric_share: np.ndarray | float | None,
                       assumptions: Assumptions, pcie_share: np.ndarray | float | None = None) -> np.ndarray:
    """Achieved one-way bytes/s per GPU inside groups of `group` node peers: over the scale-up fabric where it spans
    the group, at the bus-bandwidth share its catalog row gives for the collective (`fabric_share`; None or NaN:
    none measured), else at the scenario's link efficiency; beyond the fabric over PCIe, at the share the GPU's row
    measured there (`pcie_share`: GeForce cards stage every collective through host memory, having no peer-to-peer;
    None or NaN: none measured) or else the link efficiency. Each figure one value, or one per row (GPUs of several
    kinds evaluated together)."""
    bidirectional = group_link_gbs(group, fabric_domain, fabric_gbs, pcie_gbs)
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
