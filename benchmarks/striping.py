"""Print every published multi-node training run whose data-parallel group spans nodes, priced both ways the planner
can price that traffic: each GPU's volume through its own share of the node's NICs (the default) and striped over
every NIC of a node (assumptions.node_striped_collectives: NCCL's rings and trees cross a node boundary once per
channel, the channels spread over the node's NICs). Each row: the estimate's speed over the published speed, minus 1
(%), under the shipped calibration, with the network per GPU the run had and the share of its step the default
leaves in exposed data-parallel traffic between nodes. The summary gives the median |error| of each pricing over the
runs where the two differ by more than 5 points: the evidence for (and against) either rule.

Usage: PYTHONPATH=. .venv/bin/python benchmarks/striping.py
"""

from __future__ import annotations

import copy
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from gpuplanner.calibration.replay import Case, run_case, training_cases
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.training.performance import cross_node_data_parallel_share

TIME_METRICS = ("step_time_s", "gpu_hours", "days")  # figures that fall as the run gets faster
DIFFERENT_PCT = 5.0  # the two pricings differ by more than this many points of speed error


@dataclass(frozen=True)
class StripingRow:
    label: str
    group: str  # the run's independence group
    fitted: bool
    gbps_per_gpu: float | None  # the scenario's network per node over its GPUs a node (None: the catalog's default)
    exposed_share: float  # exposed data-parallel traffic between nodes, a share of the default's step
    per_nic_pct: float  # estimate's speed over the published speed, minus 1, default pricing
    striped_pct: float  # the same with node_striped_collectives


def speed_error_pct(case: Case, catalog: Catalog, striped: bool) -> tuple[float, float]:
    """The estimate's speed over the published speed, minus 1 (%), and the share of its step in exposed
    data-parallel traffic between nodes, with the traffic priced striped or not."""
    variant = copy.deepcopy(case)
    variant.scenario.setdefault("assumptions", {})["node_striped_collectives"] = striped
    result = run_case(variant, catalog)
    ratio = result.predicted / case.published
    if case.metric in TIME_METRICS:
        ratio = 1.0 / ratio
    training = result.result.training
    assert training is not None
    share = cross_node_data_parallel_share(training.step_breakdown_s, result.result.nodes)
    return (ratio - 1.0) * 100.0, share


def spans_nodes(case: Case) -> bool:
    """A case whose data-parallel ranks sit on several nodes with more than one rank a node (where striping can
    change the price)."""
    hardware = case.scenario.get("hardware", {})
    parallelism = case.scenario.get("parallelism", {})
    count, per_node = hardware.get("count", 1), hardware.get("gpus_per_node", 8)
    model_parallel = parallelism.get("tp", 1) * parallelism.get("pp", 1)
    return isinstance(count, int) and count > per_node and model_parallel < per_node


def striping_rows(catalog: Catalog) -> list[StripingRow]:
    from gpuplanner.calibration.replay import published_runs

    runs = published_runs()
    rows = []
    for case in training_cases():
        if not spans_nodes(case):
            continue
        try:
            per_nic, share = speed_error_pct(case, catalog, striped=False)
            striped, _ = speed_error_pct(case, catalog, striped=True)
        except InputError:
            continue
        hardware = case.scenario["hardware"]
        network = hardware.get("network_gbps_per_node")
        per_gpu = None if network is None else network / hardware.get("gpus_per_node", 8)
        rows.append(StripingRow(case.label, runs[case.run_id]["independence_group"], case.fitted, per_gpu, share,
                                per_nic, striped))
    return rows


def format_rows(rows: list[StripingRow]) -> str:
    lines = [f"{'case':58} {'Gbps/GPU':>8} {'exposed':>7} {'per NIC':>8} {'striped':>8}  better"]
    for row in rows:
        gbps = "catalog" if row.gbps_per_gpu is None else f"{row.gbps_per_gpu:.0f}"
        apart = abs(row.per_nic_pct - row.striped_pct) > DIFFERENT_PCT
        better = "" if not apart else ("striped" if abs(row.striped_pct) < abs(row.per_nic_pct) else "per NIC")
        lines.append(f"{row.label[:58]:58} {gbps:>8} {row.exposed_share:>7.0%} {row.per_nic_pct:>+7.1f}% "
                     f"{row.striped_pct:>+7.1f}%  {better}{'' if row.fitted else ' (held out)'}")
    apart_rows = [r for r in rows if abs(r.per_nic_pct - r.striped_pct) > DIFFERENT_PCT]
    if apart_rows:
        per_nic = statistics.median(abs(r.per_nic_pct) for r in apart_rows)
        striped = statistics.median(abs(r.striped_pct) for r in apart_rows)
        groups = len({r.group for r in apart_rows})
        lines.append(f"{len(apart_rows)} runs ({groups} sources) where the pricings differ by more than "
                     f"{DIFFERENT_PCT:.0f} points: median |error| per NIC {per_nic:.1f}%, striped {striped:.1f}%; "
                     f"striped nearer on {sum(abs(r.striped_pct) < abs(r.per_nic_pct) for r in apart_rows)}")
    return "\n".join(lines)


def main() -> int:
    print(format_rows(striping_rows(Catalog(overrides_path=None))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
