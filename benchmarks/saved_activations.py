"""What autograd keeps for the backward of one Llama-style layer, measured, beside the planner's count.

Runs on the CPU with PyTorch installed (`pip install torch`; not a dependency of the app): builds one eager layer as
transformers' modeling_llama.py writes it (RMSNorm in fp32, separate q / k / v projections with grouped-query
attention, rotary embedding, K and V repeated to every query head, SDPA, SwiGLU as act_fn(gate) * up) in bf16, and
sums the distinct storages `torch.autograd.graph.saved_tensors_hooks` sees, in bytes per token x hidden: the whole
layer trained; LoRA (r 8) on the query and value projections over a frozen base, without dropout (PEFT's default);
the same over a base whose matmuls keep their input as bitsandbytes' 4-bit matmul does (MatMul4Bit saves A); and
the LoRA with PEFT's per-matrix dropout (0.05). The planner's count (core/training/memory.py, fused_elementwise off) for
the same shapes is printed beside it: the evidence for memory.kept_beyond_fused_training and memory.lora_dropout_bytes.

    .venv/bin/python benchmarks/saved_activations.py   (in an environment that has torch)
"""

from __future__ import annotations

import sys

HIDDEN, HEADS, KV_HEADS, FFN, TOKENS = 1024, 8, 2, 2752, 256  # 128-wide heads, Llama 2's FFN / hidden ratio


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
            x32 = x.to(torch.float32)
            normed = x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + 1e-5)
            return self.weight * normed.to(x.dtype)

    class Layer(nn.Module):
        def __init__(self, rank: int, dropout: float = 0.0) -> None:
            super().__init__()
            self.norm_1, self.norm_2 = Norm(), Norm()
            kv = KV_HEADS * head
            self.q = Linear(HIDDEN, HIDDEN, bias=False, dtype=dtype)
            self.k = Linear(HIDDEN, kv, bias=False, dtype=dtype)
            self.v = Linear(HIDDEN, kv, bias=False, dtype=dtype)
            self.o = Linear(HIDDEN, HIDDEN, bias=False, dtype=dtype)
            self.up = Linear(HIDDEN, FFN, bias=False, dtype=dtype)
            self.gate = Linear(HIDDEN, FFN, bias=False, dtype=dtype)
            self.down = Linear(FFN, HIDDEN, bias=False, dtype=dtype)
            self.rank = rank
            if rank:  # on the query and value projections, each with its own dropout (PEFT's Linear)
                self.lora_a = nn.ParameterList(nn.Parameter(torch.randn(rank, HIDDEN, dtype=dtype) * 0.01)
                                               for _ in range(2))
                self.lora_b = nn.ParameterList(nn.Parameter(torch.zeros(width, rank, dtype=dtype))
                                               for width in (HIDDEN, kv))
                self.dropouts = nn.ModuleList(nn.Dropout(dropout) if dropout else nn.Identity() for _ in range(2))

        def adapted(self, index: int, base: nn.Module, x):
            out = base(x)
            if self.rank:
                a, b = self.lora_a[index], self.lora_b[index]
                out = out + functional.linear(functional.linear(self.dropouts[index](x), a), b) * 2.0
            return out

        def rope(self, x, cos, sin):
            x1, x2 = x[..., : head // 2], x[..., head // 2:]
            return (x * cos) + (torch.cat((-x2, x1), -1) * sin)

        def forward(self, x, cos, sin):
            n = self.norm_1(x)
            q = self.adapted(0, self.q, n).view(1, TOKENS, HEADS, head).transpose(1, 2)
            k = self.k(n).view(1, TOKENS, KV_HEADS, head).transpose(1, 2)
            v = self.adapted(1, self.v, n).view(1, TOKENS, KV_HEADS, head).transpose(1, 2)
            q, k = self.rope(q, cos, sin), self.rope(k, cos, sin)

            def repeat(t):  # transformers' repeat_kv
                return t[:, :, None].expand(1, KV_HEADS, HEADS // KV_HEADS, TOKENS, head).reshape(
                    1, HEADS, TOKENS, head)

            y = functional.scaled_dot_product_attention(q, repeat(k), repeat(v), is_causal=True)
            x = x + self.o(y.transpose(1, 2).reshape(1, TOKENS, HIDDEN))
            m = self.norm_2(x)
            return x + self.down(functional.silu(self.gate(m)) * self.up(m))

    angles = torch.arange(TOKENS, dtype=torch.float32)[:, None] \
        * (10000 ** (-torch.arange(0, head, 2).float() / head))[None]
    angles = torch.cat([angles, angles], -1)
    cos, sin = angles.cos().to(dtype), angles.sin().to(dtype)  # transformers casts the rotary cache
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
    from gpuplanner.core.estimates.estimate import estimate
    from gpuplanner.service import scenario_from_data

    catalog = Catalog(overrides_path=None)
    model = {"layers": 1, "hidden": HIDDEN, "heads": HEADS, "kv_heads": KV_HEADS, "ffn_hidden": FFN, "vocab": 8,
             "gated_mlp": True}

    def per_token(task: str, extra: dict[str, object]) -> float:
        data = {"task": task, "model": model, "seq_len": TOKENS, "precision": "bf16",
                "assumptions": {"fused_elementwise": False},
                "training": {"global_batch": 1, "micro_batch": 1, "recompute": "none", "tokens": 1e6, **extra},
                "hardware": {"gpu": "a100-sxm4-80gb", "count": 1}, "parallelism": {"tp": 1, "pp": 1, "dp": 1}}
        memory = estimate(scenario_from_data(data, catalog), alternatives=False).memory_gib_per_gpu
        logits = 6.0 * TOKENS * 8  # the loss's fp32 logits and their 16-bit copy (core/training/memory.py)
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
    print(f"bytes kept per token x hidden, one layer (hidden {HIDDEN}, {HEADS} heads, {KV_HEADS} KV heads, FFN {FFN}, "
          f"{TOKENS} tokens, bf16)")
    print(f"{'':28}{'measured':>10}{'planner':>10}")
    for key, label in (("trained", "every weight trained"), ("lora", "LoRA q,v, frozen base"),
                       ("qlora", "LoRA q,v, 4-bit base (bnb)"), ("dropout", "LoRA q,v, dropout 0.05")):
        print(f"{label:28}{measured[key]:>10.1f}{counted[key]:>10.1f}")
    print(f"4-bit base over 16-bit base: measured {measured['qlora'] / measured['lora']:.2f} x, "
          f"planner {counted['qlora'] / counted['lora']:.2f} x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
