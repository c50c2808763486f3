"""Collective communication: what share of a buffer each GPU's link carries in an all-reduce, a ring all-reduce's
time, and the one-way bytes per second a node's links achieve."""
from __future__ import annotations

import numpy as np

from gpuplanner.core.hardware.hardware import GPU
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


def nvlink_bytes_per_s(gpu: GPU, group: np.ndarray | int, assumptions: Assumptions) -> np.ndarray:
    """Achieved one-way bytes/s per GPU inside a group of node peers (the fabric if it spans them, else PCIe)."""
    return one_way_link_bytes_per_s(gpu.group_link_gbs(group), assumptions)


def one_way_link_bytes_per_s(bidirectional_gbs: np.ndarray, assumptions: Assumptions) -> np.ndarray:
    """Achieved one-way bytes/s of a link quoted in bidirectional GB/s."""
    return bidirectional_gbs / 2.0 * 1e9 * assumptions.link_efficiency
