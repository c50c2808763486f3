"""Model architecture arithmetic: parameter counts and FLOPs per token from the architecture.

Conventions (stated to the user in every result):
- Parameters count weight matrices, embeddings and norms; biases are ignored (< 0.1 % of modern LLMs).
- Model FLOPs per token follow PaLM (Chowdhery et al. 2022, App. B): 6 x non-embedding active parameters
  plus the logit layer, plus 12 * layers * hidden * seq for attention scores (no causal discount), so MFU is
  comparable with Llama 3, MosaicML and Megatron reports.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from gpuplanner.core.errors import InputError, require_int, require_positive

MAX_LAYERS = 1000
MAX_HIDDEN = 1 << 18
MAX_VOCAB = 10_000_000


@dataclass(frozen=True)
class ModelArch:
    """A decoder (or encoder) transformer. `params_override`/`active_params_override` come from a paper
    when the architecture fields cannot express the model (e.g. DeepSeek-V3's MLA and fine-grained experts)."""

    name: str
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn_hidden: int
    vocab: int
    gated_mlp: bool = True
    tied_embeddings: bool = False
    experts: int = 1
    experts_per_token: int = 1
    max_seq_len: int | None = None
    params_override: float | None = None
    active_params_override: float | None = None
    source: str = ""

    def __post_init__(self) -> None:
        require_int("model.layers", self.layers, maximum=MAX_LAYERS)
        require_int("model.hidden", self.hidden, maximum=MAX_HIDDEN)
        require_int("model.heads", self.heads, maximum=self.hidden)
        if self.hidden % self.heads:
            raise InputError("model.heads", "{heads} heads do not divide hidden size {hidden}",
                             heads=self.heads, hidden=self.hidden)
        require_int("model.kv_heads", self.kv_heads, maximum=self.heads)
        require_int("model.ffn_hidden", self.ffn_hidden, maximum=MAX_HIDDEN * 8)
        require_int("model.vocab", self.vocab, maximum=MAX_VOCAB)
        require_int("model.experts", self.experts, maximum=4096)
        require_int("model.experts_per_token", self.experts_per_token, maximum=self.experts)
        if self.heads % self.kv_heads:
            raise InputError("model.kv_heads", "{kv_heads} KV heads do not divide {heads} heads",
                             kv_heads=self.kv_heads, heads=self.heads)
        for name in ("params_override", "active_params_override"):
            value = getattr(self, name)
            if value is not None:
                require_positive(f"model.{name.removesuffix('_override')}", value)

    # --- shapes -------------------------------------------------------------------------------------
    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads

    @property
    def kv_dim(self) -> int:
        """Width of K (and of V) per layer: kv_heads x head_dim; smaller than hidden under GQA/MQA."""
        return self.kv_heads * self.head_dim

    @property
    def is_moe(self) -> bool:
        return self.experts > 1

    # --- parameter counts ---------------------------------------------------------------------------
    @property
    def attention_params_per_layer(self) -> int:
        # Q and O are hidden x hidden; K and V are hidden x kv_dim (GQA shrinks them).
        return 2 * self.hidden * self.hidden + 2 * self.hidden * self.kv_dim

    @property
    def mlp_params_per_expert(self) -> int:
        matrices = 3 if self.gated_mlp else 2  # SwiGLU has gate, up and down projections
        return matrices * self.hidden * self.ffn_hidden

    @property
    def router_params_per_layer(self) -> int:
        return self.hidden * self.experts if self.is_moe else 0

    @property
    def norm_params_per_layer(self) -> int:
        return 2 * self.hidden

    @property
    def embedding_params(self) -> int:
        """Input embedding plus, when untied, the output (logit) projection."""
        return self.vocab * self.hidden * (1 if self.tied_embeddings else 2)

    def _layer_params(self, experts_counted: int) -> int:
        return (self.attention_params_per_layer + experts_counted * self.mlp_params_per_expert
                + self.router_params_per_layer + self.norm_params_per_layer)

    @cached_property  # computed once per architecture: the search asks for it for every layout batch
    def total_params(self) -> float:
        if self.params_override is not None:
            return self.params_override
        return self.layers * self._layer_params(self.experts) + self.embedding_params + self.hidden

    @cached_property
    def active_params(self) -> float:
        """Parameters a token passes through: MoE counts only the routed experts."""
        if self.active_params_override is not None:
            return self.active_params_override
        if self.params_override is not None and not self.is_moe:
            return self.params_override
        return self.layers * self._layer_params(self.experts_per_token) + self.embedding_params + self.hidden

    @cached_property
    def active_layer_matmul_params(self) -> float:
        """Active weights of the transformer layers that multiply activations (norms and embeddings excluded)."""
        return self.active_params - self.embedding_params - self.hidden * (2 * self.layers + 1)

    @cached_property
    def expert_params(self) -> float:
        """The routed experts' weights over every layer (0 for a dense model): what expert parallelism splits.
        With an override (a paper's total), what the total holds beyond the attention, routers, norms and
        embeddings the fields describe."""
        if not self.is_moe:
            return 0.0
        dense = self.layers * (self.attention_params_per_layer + self.router_params_per_layer
                               + self.norm_params_per_layer) + self.embedding_params + self.hidden
        return max(self.total_params - dense, 0.0)

    @cached_property
    def active_expert_matmul_params(self) -> float:
        """The routed experts' weights one token multiplies (0 for a dense model)."""
        if not self.is_moe:
            return 0.0
        return min(self.expert_params * self.experts_per_token / self.experts, self.active_layer_matmul_params)

    @property
    def logit_params(self) -> int:
        """The output projection multiplies every token, whether or not it shares the input embedding."""
        return self.vocab * self.hidden

    # --- FLOPs --------------------------------------------------------------------------------------
    def attention_flops_per_token_fwd(self, seq_len: int) -> float:
        """Q.K^T and attention.V: 2 x 2 x seq x hidden per layer (full square, PaLM/Megatron convention)."""
        return 4.0 * self.layers * seq_len * self.hidden

    def forward_flops_per_token(self, seq_len: int) -> float:
        """Forward FLOPs per token: 2 per active matmul parameter (logits included) + attention."""
        matmul_params = self.active_layer_matmul_params + self.logit_params
        return 2.0 * matmul_params + self.attention_flops_per_token_fwd(seq_len)

    def training_flops_per_token(self, seq_len: int) -> float:
        """Model FLOPs per trained token: forward + backward (2x forward) = 3 x forward (Kaplan et al. 2020)."""
        return 3.0 * self.forward_flops_per_token(seq_len)

    def with_overrides(self, **changes: object) -> ModelArch:
        return replace(self, **changes)


def model_from_hf_config(path: str | Path) -> ModelArch:
    """Read a local Hugging Face `config.json` (Llama, Qwen, Mistral/Mixtral, GPT-NeoX, GPT-2 style keys)."""
    path = Path(path)
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("config.json", "cannot read {path}: {exc}", path=path, exc=exc) from exc
    except json.JSONDecodeError as exc:
        raise InputError("config.json", "not valid JSON ({msg} at line {lineno})",
                         msg=exc.msg, lineno=exc.lineno) from exc
    if not isinstance(config, dict):
        raise InputError("config.json", "must hold a JSON object")

    def pick(*keys: str, default: object = None) -> object:
        for key in keys:
            if key in config and config[key] is not None:
                return config[key]
        if default is None:
            raise InputError("config.json", "missing {join}", join=' / '.join(keys))
        return default

    hidden = pick("hidden_size", "n_embd", "d_model")
    heads = pick("num_attention_heads", "n_head", "num_heads")
    activation = str(config.get("hidden_act", config.get("activation_function", "silu")))
    gated = activation in ("silu", "swiglu", "geglu") or "llama" in str(config.get("model_type", ""))
    # MoE configs name the expert width moe_intermediate_size (Qwen) or intermediate_size (Mixtral).
    ffn = pick("moe_intermediate_size", "intermediate_size", "n_inner", "ffn_dim",
               default=4 * int(hidden))  # type: ignore[arg-type]
    return ModelArch(
        name=str(config.get("_name_or_path") or path.parent.name or "custom"),
        layers=pick("num_hidden_layers", "n_layer", "num_layers"),  # type: ignore[arg-type]
        hidden=hidden,  # type: ignore[arg-type]
        heads=heads,  # type: ignore[arg-type]
        kv_heads=pick("num_key_value_heads", "num_kv_heads", default=heads),  # type: ignore[arg-type]
        ffn_hidden=ffn,  # type: ignore[arg-type]
        vocab=pick("vocab_size"),  # type: ignore[arg-type]
        gated_mlp=gated,
        tied_embeddings=bool(config.get("tie_word_embeddings", True)),  # transformers' default
        experts=int(config.get("num_local_experts", config.get("num_experts", 1)) or 1),
        experts_per_token=int(config.get("num_experts_per_tok", 1) or 1),
        max_seq_len=config.get("max_position_embeddings"),  # type: ignore[arg-type]
        source=str(path),
    )
