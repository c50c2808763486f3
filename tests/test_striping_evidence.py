"""The published multi-node runs priced both ways the planner prices data-parallel traffic between nodes
(benchmarks/striping.py): each GPU's volume through its own NIC share, or striped over every NIC of a node."""

from __future__ import annotations

from benchmarks.striping import DIFFERENT_PCT, StripingRow, format_rows, spans_nodes
from gpuplanner.calibration.replay import training_cases


def _case(prefix: str):
    return next(case for case in training_cases() if case.label.startswith(prefix))


def test_only_data_parallel_groups_with_several_ranks_a_node_are_tabled() -> None:
    """Striping changes nothing on one node, nor where TP x PP fill a node (one data-parallel rank, one NIC)."""
    assert spans_nodes(_case("fms-fsdp Llama-2 70b, 128x A100"))
    assert not spans_nodes(_case("GPT-3 175B PTD-P, 384 A100"))  # TP 8: one rank of each ring a node
    assert not spans_nodes(_case("Qwen-7B LoRA r64 all-linear, 1x A100 80GB, 512"))


def test_the_summary_counts_the_runs_where_the_pricings_differ() -> None:
    rows = [StripingRow("a", "g1", True, 50.0, 0.7, -65.0, 5.0), StripingRow("b", "g2", True, 200.0, 0.8, -9.0, 235.0),
            StripingRow("c", "g2", True, 400.0, 0.0, 1.0, 1.0 + DIFFERENT_PCT / 2)]
    text = format_rows(rows)
    assert "2 runs (2 sources)" in text and "per NIC 37.0%, striped 120.0%; striped nearer on 1" in text
    assert text.splitlines()[3].endswith("  ")  # alike within DIFFERENT_PCT: neither is called better
