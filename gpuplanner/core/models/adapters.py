"""LoRA / QLoRA arithmetic: adapter parameter counts and the bytes of a base stored narrower than 16-bit.

LoRA (Hu et al. 2021): each adapted d_in x d_out matrix gains A (d_in x r) and B (r x d_out): r (d_in + d_out)
trainable parameters. QLoRA (Dettmers et al. 2023, Sec. 3): NF4 weights in blocks of 64 with double-quantized
constants: 4 + 8/64 + 32/(64 x 256) = 4.127 bits per parameter; embeddings, norms and the output head stay 16-bit.
"""

from __future__ import annotations

from gpuplanner.core.base.records import record
from gpuplanner.core.models.elementwise import mlp_copies_per_token
from gpuplanner.core.models.model import ModelArch

NF4_DOUBLE_QUANT_BITS_PER_PARAM = 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)
LORA_TARGETS = ("qv", "attention", "all-linear")
MAX_LORA_DROPOUT = 0.9  # what training.lora_dropout accepts


@record
class AdapterSpec:
    rank: int = 16
    targets: str = "all-linear"  # qv (LoRA paper) | attention (q, k, v, o) | all-linear (QLoRA paper)
    paged_optimizer: bool = False  # optimizer states paged to host memory under pressure (bitsandbytes)
    dropout: float = 0.0  # dropout on each adapted matrix's input before A (PEFT's lora_dropout; its default 0)

    def total_params(self, model: ModelArch) -> float:
        """LoRA's A (d_in x r) and B (r x d_out) on each targeted matrix of every layer (all experts adapted)."""
        r = self.rank
        h = model.hidden
        q, k, v, o = model.q_width, model.kv_dim, model.kv_heads * model.value_head_dim, model.o_width
        q_and_v = r * (h + q) + r * (h + v)
        if self.targets == "qv":
            return model.layers * q_and_v
        attention = model.layers * (q_and_v + r * (h + k) + r * (o + h))  # + k and o
        if self.targets == "attention":
            return attention
        matrices = 3 if model.gated_mlp else 2
        if not model.is_moe:
            return attention + model.layers * matrices * r * (h + model.ffn_hidden)
        experts = model.moe_layers * (model.experts + model.shared_experts) * matrices * r * (h + model.ffn_hidden)
        dense = model.dense_layers * matrices * r * (h + model.dense_width)
        return attention + experts + dense

    def params_per_layer(self, model: ModelArch) -> float:
        return self.total_params(model) / model.layers

    def adapted_inputs(self, model: ModelArch) -> tuple[float, float, float]:
        """The inputs of a layer's adapted matrices, as (hidden-wide, attention-output-wide, MLP-wide) counts of
        adapted matrices reading each (an MoE layer's experts each read their own copy of their tokens)."""
        if self.targets == "qv":
            return 2.0, 0.0, 0.0
        if self.targets == "attention":
            return 3.0, 1.0, 0.0
        copies = mlp_copies_per_token(model)
        return 3.0 + (2.0 if model.gated_mlp else 1.0) * copies, 1.0, copies


def mixed_bytes_per_param(model: ModelArch, matmul_bytes: float) -> float:
    """Average resident bytes per parameter with the transformer matrices at `matmul_bytes` (FP8, NF4) and the
    embeddings, norms and output head in 16-bit (QLoRA's and Transformer Engine's FP8 parameters' split)."""
    matmul = model.matmul_params
    other = model.total_params - matmul
    return (matmul * matmul_bytes + other * 2.0) / model.total_params
