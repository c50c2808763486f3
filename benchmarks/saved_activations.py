"""What autograd keeps for the backward of one Llama-style layer, measured, beside the planner's count.

Runs on the CPU with PyTorch installed (`pip install torch`; not a dependency of the app): builds one eager layer
(RMSNorm, fused QKV, rotary embedding with an fp32 cache, SDPA, SwiGLU, as LitGPT's 2023 scripts wrote it, but
with V copied out of the QKV output, as separate projections give it) in bf16, and sums the distinct storages
`torch.autograd.graph.saved_tensors_hooks` sees, in bytes per token x hidden: the whole layer trained; LoRA (r 8)
on the query and value matrices over a frozen base, without dropout (PEFT's default); the same over a base whose
matmuls keep their input as bitsandbytes' 4-bit matmul does (MatMul4Bit saves A); and the LoRA with PEFT's
per-matrix dropout (0.05). The planner's count (core/memory.py, fused_elementwise off) for the same shapes is
printed beside it: the evidence for memory.kept_beyond_fused_training and memory.lora_dropout_bytes. LitGPT's own
layer keeps 4 more (its V is a view that keeps the whole QKV output) and drops once for q and v together (3 less
than two dropouts).

    .venv/bin/python benchmarks/saved_activations.py   (in an environment that has torch)
"""

from __future__ import annotations

import sys

HIDDEN, HEADS, FFN, TOKENS = 1024, 8, 2752, 256  # Llama 2's FFN / hidden ratio (11008 / 4096), 128-wide heads


def measure() -> dict[str, float]:
    import torch
    from torch import nn
    from torch.nn import functional

    dtype, head = torch.bfloat16, HIDDEN // HEADS

    class KeepsInput(torch.autograd.Function):  # a matmul that saves its input whatever the weight (bitsandbytes)
        @staticmethod
        def forward(ctx, x, weight):
            ctx.save_for_backward(x, weight)
            return x @ weight.t()

        @staticmethod
        def backward(ctx, grad):
            _, weight = ctx.saved_tensors
            return grad @ weight, None

    class Linear(nn.Linear):
        keeps_input = False

        def forward(self, x):
            return KeepsInput.apply(x, self.weight) if self.keeps_input else super().forward(x)

    class Norm(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.weight = nn.Parameter(torch.ones(HIDDEN, dtype=dtype))

        def forward(self, x):
            return self.weight * (x * torch.rsqrt(torch.mean(x * x, dim=-1, keepdim=True) + 1e-5))

    class Layer(nn.Module):
        def __init__(self, rank: int, dropout: float = 0.0) -> None:
            super().__init__()
            self.norm_1, self.norm_2 = Norm(), Norm()
            self.qkv = Linear(HIDDEN, 3 * HIDDEN, bias=False, dtype=dtype)
            self.proj = Linear(HIDDEN, HIDDEN, bias=False, dtype=dtype)
            self.up = Linear(HIDDEN, FFN, bias=False, dtype=dtype)
            self.gate = Linear(HIDDEN, FFN, bias=False, dtype=dtype)
            self.down = Linear(FFN, HIDDEN, bias=False, dtype=dtype)
            self.rank = rank
            if rank:  # on the query and value matrices, each with its own dropout (PEFT's Linear)
                self.lora_a = nn.ParameterList(nn.Parameter(torch.randn(rank, HIDDEN, dtype=dtype) * 0.01)
                                               for _ in range(2))
                self.lora_b = nn.ParameterList(nn.Parameter(torch.zeros(HIDDEN, rank, dtype=dtype))
                                               for _ in range(2))
                self.dropout = nn.Dropout(dropout) if dropout else nn.Identity()

        def rope(self, x, cos, sin):
            x1, x2 = x[..., : head // 2], x[..., head // 2:]
            return ((x * cos) + (torch.cat((-x2, x1), -1) * sin)).type_as(x)

        def forward(self, x, cos, sin):
            n = self.norm_1(x)
            qkv = self.qkv(n)
            if self.rank:
                q_update, v_update = (functional.linear(functional.linear(self.dropout(n), a), b)
                                      for a, b in zip(self.lora_a, self.lora_b, strict=True))
                qkv = qkv + torch.cat([q_update, torch.zeros_like(x), v_update], -1) * 2.0
            q, k, v = qkv.view(1, TOKENS, HEADS, 3, head).permute(0, 2, 3, 1, 4).split((1, 1, 1), dim=2)
            q, k, v = (t.reshape(1, HEADS, TOKENS, head) for t in (q, k, v))
            v = v.clone()  # as a separate V projection gives it (a view would keep the whole QKV output)
            q, k = self.rope(q, cos, sin), self.rope(k, cos, sin)
            y = functional.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.proj(y.transpose(1, 2).reshape(1, TOKENS, HIDDEN))
            m = self.norm_2(x)
            return x + self.down(functional.silu(self.gate(m)) * self.up(m))

    angles = torch.arange(TOKENS, dtype=torch.float32)[:, None] \
        * (10000 ** (-torch.arange(0, head, 2).float() / head))[None]
    angles = torch.cat([angles, angles], -1)
    cos, sin = angles.cos(), angles.sin()
    x = torch.randn(1, TOKENS, HIDDEN, dtype=dtype, requires_grad=True)

    def kept(rank: int, frozen: bool, keeps_input: bool, dropout: float = 0.0) -> float:
        layer = Layer(rank, dropout).train()
        for name, parameter in layer.named_parameters():
            parameter.requires_grad_(not frozen or name.startswith("lora_"))
        for module in layer.modules():
            if isinstance(module, Linear):
                module.keeps_input = keeps_input
        constant = {t.untyped_storage().data_ptr() for t in (*layer.parameters(), cos, sin)}
        storages: dict[int, int] = {}

        def pack(t):
            storage = t.untyped_storage()
            if storage.data_ptr() not in constant:
                storages[storage.data_ptr()] = storage.nbytes()
            return t

        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            layer(x, cos, sin)
        return sum(storages.values()) / (TOKENS * HIDDEN)  # the layer's input counts (the norm keeps it)

    return {"trained": kept(0, False, False), "lora": kept(8, True, False), "qlora": kept(8, True, True),
            "dropout": kept(8, True, False, 0.05)}


def planner() -> dict[str, float]:
    from gpuplanner.catalog.store import Catalog
    from gpuplanner.core.estimate import estimate
    from gpuplanner.service import scenario_from_data

    catalog = Catalog(overrides_path=None)
    model = {"layers": 1, "hidden": HIDDEN, "heads": HEADS, "ffn_hidden": FFN, "vocab": 8, "gated_mlp": True}

    def per_token(task: str, extra: dict[str, object]) -> float:
        data = {"task": task, "model": model, "seq_len": TOKENS, "precision": "bf16",
                "assumptions": {"fused_elementwise": False},
                "training": {"global_batch": 1, "micro_batch": 1, "recompute": "none", "tokens": 1e6, **extra},
                "hardware": {"gpu": "a100-sxm4-80gb", "count": 1}, "parallelism": {"tp": 1, "pp": 1, "dp": 1}}
        memory = estimate(scenario_from_data(data, catalog), alternatives=False).memory_gib_per_gpu
        logits = 6.0 * TOKENS * 8  # the loss's fp32 logits and their 16-bit copy (core/memory.py)
        return (memory.activations * 2**30 - logits) / (TOKENS * HIDDEN)

    lora = {"lora_rank": 8, "lora_targets": "qv"}
    return {"trained": per_token("pretrain", {}), "lora": per_token("lora", lora), "qlora": per_token("qlora", lora),
            "dropout": per_token("lora", {**lora, "lora_dropout": 0.05})}


def main() -> int:
    try:
        measured = measure()
    except ImportError:
        print("PyTorch is not installed here: nothing measured (pip install torch, then run again)")
        return 0
    counted = planner()
    print(f"bytes kept per token x hidden, one layer (hidden {HIDDEN}, FFN {FFN}, {TOKENS} tokens, bf16)")
    print(f"{'':28}{'measured':>10}{'planner':>10}")
    for key, label in (("trained", "every weight trained"), ("lora", "LoRA q,v, frozen base"),
                       ("qlora", "LoRA q,v, 4-bit base (bnb)"), ("dropout", "LoRA q,v, dropout 0.05")):
        print(f"{label:28}{measured[key]:>10.1f}{counted[key]:>10.1f}")
    print(f"4-bit base over 16-bit base: measured {measured['qlora'] / measured['lora']:.2f} x, "
          f"planner {counted['qlora'] / counted['lora']:.2f} x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
