"""Node power for the estimate's summary (the full site model lives in site.py once it lands)."""

from __future__ import annotations

from gpuplanner.core.hardware import GPU

# Whole-node AC power per GPU TDP watt while training: 7.15 kW average for 8 x 700 W H100 (894 W per GPU)
# metered in MLPerf Training v4.0 (SMC, Llama-2-70B LoRA) -> 1.28, host CPUs, NICs and fans included.
TRAINING_NODE_WATTS_PER_GPU_TDP_WATT = 894.0 / 700.0


def expected_node_kw(gpu: GPU, gpus_per_node: int) -> float | None:
    if gpu.tdp_w is None:
        return None
    return gpu.tdp_w * gpus_per_node * TRAINING_NODE_WATTS_PER_GPU_TDP_WATT / 1000.0
