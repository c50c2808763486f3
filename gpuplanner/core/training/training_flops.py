"""The FLOPs a training step executes per token: the model's useful FLOPs (for MFU), the matmuls with adapters and
recomputation, and the attention core with or without FlashAttention."""
from __future__ import annotations

import numpy as np

from gpuplanner.core.training.collectives import (  # noqa: F401 - pruned by ruff
    allreduce_link_share,
    nvlink_bytes_per_s,
    one_way_link_bytes_per_s,
    ring_allreduce_s,
)
from gpuplanner.core.training.workload import (
    FULL_RECOMPUTE,
    SELECTIVE_RECOMPUTE,
    Assumptions,
    TrainingWorkload,
)


def model_flops_per_token(workload: TrainingWorkload) -> float:
    """Useful FLOPs per token for MFU: 3 x forward for full training; a frozen LoRA base does 2 x forward."""
    if workload.adapter is None:
        return workload.model.training_flops_per_token(workload.seq_len)
    attention = 3.0 * workload.model.attention_flops_per_token_fwd(workload.seq_len)
    return float(linear_flops_per_token(workload, np.zeros(1))[0]) + attention


def linear_flops_per_token(workload: TrainingWorkload, recompute: np.ndarray) -> np.ndarray:
    """Executed matmul FLOPs per token: forward + backward (3 x 2N) plus a layer forward under full recompute.
    A frozen base (LoRA) skips its weight gradients: forward + input gradients = 2 x 2N, plus the adapters' 3 x."""
    model = workload.model
    layers_forward = 2.0 * model.active_layer_matmul_params
    logits_forward = 2.0 * model.logit_params
    recomputed = np.where(recompute == FULL_RECOMPUTE, layers_forward, 0.0)
    if workload.adapter is None:
        return 3.0 * (layers_forward + logits_forward) + recomputed
    adapters_forward = 2.0 * workload.adapter.total_params(model)
    return 2.0 * (layers_forward + logits_forward) + 3.0 * adapters_forward + recomputed


def attention_flops_per_token(workload: TrainingWorkload, recompute: np.ndarray,
                              assumptions: Assumptions) -> np.ndarray:
    """Executed attention-core FLOPs per token. FlashAttention skips masked blocks (x 0.5 for causal) and
    recomputes scores in its backward (2.5 x forward, Dao 2023); without it the full square is computed and
    selective/full recompute repeat the forward."""
    forward = workload.model.attention_flops_per_token_fwd(workload.seq_len)
    if assumptions.flash_attention:
        passes = 3.5 + np.where(recompute == FULL_RECOMPUTE, 1.0, 0.0)
        return 0.5 * forward * passes
    return forward * (3.0 + np.where(recompute >= SELECTIVE_RECOMPUTE, 1.0, 0.0))
