"""Model architecture arithmetic: parameter counts and FLOPs per token from the architecture.

Conventions (stated to the user in every result):
- Parameters count weight matrices, embeddings and norms; biases are ignored (< 0.1 % of modern LLMs).
- Model FLOPs per token follow PaLM (Chowdhery et al. 2022, App. B): 6 x non-embedding active parameters
  plus the logit layer, plus 12 * layers * hidden * seq for attention scores (no causal discount), so MFU is
  comparable with Llama 3, MosaicML and Megatron reports.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any

from gpuplanner.core.base.errors import InputError, require_int, require_positive
from gpuplanner.core.base.records import record

MAX_LAYERS = 1000
MAX_HIDDEN = 1 << 18
MAX_VOCAB = 10_000_000
# The shape fields beyond the classic transformer, named as in the scenario file and the catalog's models table,
# with what each means (the JSON Schema's descriptions). All whole numbers; absent (or 0) means the classic shape.
ARCH_FIELDS: dict[str, str] = {
    "head_dim": "query/key width per head when not hidden / heads (Qwen3, Gemma 3, GPT-OSS; with MLA nope + rope)",
    "v_head_dim": "value width per head when not head_dim (MLA)",
    "dense_layers": "MoE models' layers with one dense MLP instead of experts (DeepSeek-V3's first 3)",
    "dense_ffn_hidden": "those dense layers' MLP width (default ffn_hidden)",
    "shared_experts": "experts every token passes through, ffn_hidden wide each (DeepSeekMoE, Llama 4)",
    "kv_lora_rank": "multi-head latent attention (DeepSeek-V2): K and V cached as a latent of this width",
    "q_lora_rank": "MLA's low-rank query projection (0: a full one)",
    "rope_head_dim": "MLA's decoupled rotary key width, cached once per token beside the latent",
    "sliding_window": "tokens a local-attention layer sees (Gemma 3, GPT-OSS, Mistral 7B)",
    "sliding_layers": "how many layers attend within that window (the rest see the whole context)",
    "expert_groups": "MoE routing groups: the experts split into this many groups of consecutive experts, and each "
                     "token routed within expert_groups_per_token of them (DeepSeek-V3's n_group 8)",
    "expert_groups_per_token": "groups a token's experts come from (DeepSeek-V3's topk_group 4: a token reaches at "
                               "most 4 of 8 nodes when expert parallelism spans 8 nodes)",
}
ARCH_COUNTS = frozenset({"dense_layers", "shared_experts", "kv_lora_rank", "q_lora_rank", "rope_head_dim",
                         "sliding_layers", "expert_groups",
                         "expert_groups_per_token"})  # the fields where 0 is allowed (and means none)


@record
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
    # Shapes beyond the classic transformer: ARCH_FIELDS says what each means.
    head_dim: int | None = None
    v_head_dim: int | None = None
    dense_layers: int = 0
    dense_ffn_hidden: int | None = None
    shared_experts: int = 0
    kv_lora_rank: int = 0
    q_lora_rank: int = 0
    rope_head_dim: int = 0
    sliding_window: int | None = None
    sliding_layers: int = 0
    expert_groups: int = 0
    expert_groups_per_token: int = 0

    def __post_init__(self) -> None:
        require_int("model.layers", self.layers, maximum=MAX_LAYERS)
        require_int("model.hidden", self.hidden, maximum=MAX_HIDDEN)
        require_int("model.heads", self.heads, maximum=self.hidden if self.head_dim is None else MAX_HIDDEN)
        if self.head_dim is None and self.hidden % self.heads:
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
        for name in ("head_dim", "v_head_dim", "dense_ffn_hidden", "sliding_window"):
            if getattr(self, name) is not None:
                require_int(f"model.{name}", getattr(self, name), maximum=MAX_HIDDEN * 8)
        for name in ("kv_lora_rank", "q_lora_rank", "rope_head_dim"):
            require_int(f"model.{name}", getattr(self, name), minimum=0, maximum=MAX_HIDDEN)
        require_int("model.dense_layers", self.dense_layers, minimum=0,
                    maximum=self.layers - 1 if self.experts > 1 else 0)
        require_int("model.shared_experts", self.shared_experts, minimum=0, maximum=4096)
        require_int("model.sliding_layers", self.sliding_layers, minimum=0, maximum=self.layers)
        require_int("model.expert_groups", self.expert_groups, minimum=0,
                    maximum=self.experts if self.experts > 1 else 0)
        if self.expert_groups and self.experts % self.expert_groups:
            raise InputError("model.expert_groups", "{groups} groups do not divide {experts} experts",
                             groups=self.expert_groups, experts=self.experts)
        require_int("model.expert_groups_per_token", self.expert_groups_per_token, minimum=0,
                    maximum=self.expert_groups)
        if self.kv_lora_rank and self.rope_head_dim >= self.qk_head_dim:
            raise InputError("model.rope_head_dim", "must be smaller than head_dim ({head_dim})",
                             head_dim=self.qk_head_dim)

    # --- shapes -------------------------------------------------------------------------------------
    @property
    def qk_head_dim(self) -> int:
        """Query and key width per head: head_dim when given, else hidden / heads (with MLA: nope + rope)."""
        return self.head_dim if self.head_dim is not None else self.hidden // self.heads

    @property
    def value_head_dim(self) -> int:
        return self.v_head_dim if self.v_head_dim is not None else self.qk_head_dim

    @property
    def is_mla(self) -> bool:
        return self.kv_lora_rank > 0

    @property
    def q_width(self) -> int:
        return self.heads * self.qk_head_dim

    @property
    def o_width(self) -> int:
        """Width of the attention output that the output projection multiplies."""
        return self.heads * self.value_head_dim

    @property
    def kv_dim(self) -> int:
        """Width of K per layer: kv_heads x head_dim; smaller than hidden under GQA/MQA."""
        return self.kv_heads * self.qk_head_dim

    @property
    def kv_width(self) -> int:
        """K and V widths together per layer (kv_heads x (qk + v head dims)): what attention reads of other tokens."""
        return self.kv_heads * (self.qk_head_dim + self.value_head_dim)

    @property
    def dense_width(self) -> int:
        """The MLP width of an MoE model's dense layers (dense_ffn_hidden, else ffn_hidden)."""
        return self.dense_ffn_hidden or self.ffn_hidden

    @property
    def mean_active_ffn_width(self) -> float:
        """MLP width a token passes through, averaged over the layers: ffn_hidden for a dense model; for an MoE
        one its routed and shared experts in the MoE layers and the dense layers' own width."""
        if not self.is_moe:
            return float(self.ffn_hidden)
        moe = self.moe_layers * (self.experts_per_token + self.shared_experts) * self.ffn_hidden
        return (moe + self.dense_layers * self.dense_width) / self.layers

    @property
    def attention_width(self) -> float:
        """The width attention's two batched products run at, per layer: heads x (qk + v head dims) / 2 (hidden
        for the classic shape), so the attention FLOPs read 4 x seq x attention_width per token and layer."""
        return self.heads * (self.qk_head_dim + self.value_head_dim) / 2.0

    def kv_cache_values_per_token(self, tp: int = 1) -> float:
        """Values cached per token over the full-attention layers' count, on one of tp GPUs. Classic and GQA:
        K and V of kv_heads heads per layer, TP splitting heads (a GPU holds at least one); MLA: one latent of
        kv_lora_rank plus the shared rotary key (DeepSeek-V2 Sec. 2.1.2), the same on every TP rank."""
        if self.is_mla:
            return float(self.kv_lora_rank + self.rope_head_dim)
        return max(self.kv_heads / tp, 1.0) * (self.qk_head_dim + self.value_head_dim)

    def kv_cache_values(self, context: float, tp: int = 1) -> float:
        """Values one sequence of `context` tokens keeps cached over all layers (a sliding layer keeps its
        window), on one of tp GPUs."""
        return self.layers * self.attended_tokens(context) * self.kv_cache_values_per_token(tp)

    def attended_tokens(self, context: float) -> float:
        """Context positions a token attends to, averaged over the layers: the whole context in full-attention
        layers, at most the window in sliding ones (the cached length per layer follows the same rule)."""
        if self.sliding_window is None or not self.sliding_layers:
            return context
        local = min(context, self.sliding_window)
        return (context * (self.layers - self.sliding_layers) + local * self.sliding_layers) / self.layers

    def causal_attended_tokens(self, prompt: float) -> float:
        """Positions a prompt token attends to under a causal mask, averaged over the prompt and the layers: n / 2
        in full layers; in sliding ones min(n, w) - min(n, w)^2 / 2n (the window fills, then slides)."""
        full = prompt / 2.0
        if self.sliding_window is None or not self.sliding_layers:
            return full
        window = min(prompt, self.sliding_window)
        local = window - window * window / (2.0 * prompt)
        return (full * (self.layers - self.sliding_layers) + local * self.sliding_layers) / self.layers

    @property
    def is_moe(self) -> bool:
        return self.experts > 1

    @property
    def routing_groups(self) -> tuple[int, int]:
        """(groups of consecutive experts, groups a token is routed within): (1, 1) without group-limited routing."""
        if not self.expert_groups or not self.expert_groups_per_token:
            return 1, 1
        return self.expert_groups, self.expert_groups_per_token

    # --- parameter counts ---------------------------------------------------------------------------
    @property
    def attention_params_per_layer(self) -> int:
        if self.is_mla:  # DeepSeek-V2 Sec. 2.1: low-rank Q, a joint KV latent (+ rotary key), up-projections, O
            nope = self.qk_head_dim - self.rope_head_dim
            query = (self.hidden * self.q_lora_rank + self.q_lora_rank * self.q_width if self.q_lora_rank
                     else self.hidden * self.q_width)
            latent = self.hidden * (self.kv_lora_rank + self.rope_head_dim)
            up = self.kv_lora_rank * self.heads * (nope + self.value_head_dim)
            return query + latent + up + self.o_width * self.hidden
        # Q and O are hidden x heads*head_dim; K and V hidden x kv_heads*head_dim (GQA shrinks them).
        value = self.kv_heads * self.value_head_dim
        return self.hidden * (self.q_width + self.kv_dim + value) + self.o_width * self.hidden

    @property
    def tp_replicated_params(self) -> int:
        """Weights every rank of a tensor-parallel group holds and multiplies whole: MLA's down-projections of the
        hidden state to the query latent and to the KV latent with its rotary key, which the serving engines keep
        unsplit (ReplicatedLinear q_a_proj and kv_a_proj_with_mqa in SGLang's and vLLM's DeepSeek-V2/V3 models);
        0 for other attention."""
        if not self.is_mla:
            return 0
        return self.layers * self.hidden * (self.q_lora_rank + self.kv_lora_rank + self.rope_head_dim)

    @property
    def mlp_params_per_expert(self) -> int:
        matrices = 3 if self.gated_mlp else 2  # SwiGLU has gate, up and down projections
        return matrices * self.hidden * self.ffn_hidden

    @property
    def dense_mlp_params(self) -> int:
        """One dense layer's MLP in an MoE model (its own width)."""
        matrices = 3 if self.gated_mlp else 2
        return matrices * self.hidden * self.dense_width

    @property
    def moe_layers(self) -> int:
        return self.layers - self.dense_layers if self.is_moe else 0

    @property
    def router_params_per_layer(self) -> int:
        return self.hidden * self.experts if self.is_moe else 0

    @property
    def norm_params_per_layer(self) -> int:
        return 2 * self.hidden + (self.q_lora_rank + self.kv_lora_rank if self.is_mla else 0)

    @property
    def norm_params(self) -> int:
        """Every layer's norms and the final one."""
        return self.layers * self.norm_params_per_layer + self.hidden

    @property
    def embedding_params(self) -> int:
        """Input embedding plus, when untied, the output (logit) projection."""
        return self.vocab * self.hidden * (1 if self.tied_embeddings else 2)

    def _layer_params(self, experts_counted: int) -> float:
        """All layers' weights with `experts_counted` routed experts in each MoE layer."""
        attention = self.layers * (self.attention_params_per_layer + self.norm_params_per_layer)
        if not self.is_moe:
            return attention + self.layers * self.mlp_params_per_expert
        moe = self.moe_layers * ((experts_counted + self.shared_experts) * self.mlp_params_per_expert
                                 + self.router_params_per_layer)
        return attention + moe + self.dense_layers * self.dense_mlp_params

    @cached_property  # computed once per architecture: the search asks for it for every layout batch
    def total_params(self) -> float:
        if self.params_override is not None:
            return self.params_override
        return self._layer_params(self.experts) + self.embedding_params + self.hidden

    @cached_property
    def active_params(self) -> float:
        """Parameters a token passes through: MoE counts only the routed experts."""
        if self.active_params_override is not None:
            return self.active_params_override
        if self.params_override is not None and not self.is_moe:
            return self.params_override
        return self._layer_params(self.experts_per_token) + self.embedding_params + self.hidden

    @cached_property
    def active_layer_matmul_params(self) -> float:
        """Active weights of the transformer layers that multiply activations (norms and embeddings excluded)."""
        return self.active_params - self.embedding_params - self.norm_params

    @cached_property
    def matmul_params(self) -> float:
        """Every transformer-layer weight that multiplies activations, all experts counted (norms and embeddings
        excluded): what quantization shrinks."""
        return self.total_params - self.embedding_params - self.norm_params

    @cached_property
    def expert_params(self) -> float:
        """The routed experts' weights over every layer (0 for a dense model): what expert parallelism splits.
        With an override (a paper's total), what the total holds beyond the attention, routers, norms and
        embeddings the fields describe."""
        if not self.is_moe:
            return 0.0
        if self.params_override is None:
            return float(self.moe_layers * self.experts * self.mlp_params_per_expert)
        dense = (self.layers * (self.attention_params_per_layer + self.norm_params_per_layer)
                 + self.moe_layers * (self.router_params_per_layer + self.shared_experts * self.mlp_params_per_expert)
                 + self.dense_layers * self.dense_mlp_params + self.embedding_params + self.hidden)
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
        """Q.K^T and attention.V: 2 x 2 x seq x width per layer (full square, PaLM/Megatron convention; a sliding
        layer attends to its window)."""
        return 4.0 * self.layers * self.attended_tokens(seq_len) * self.attention_width

    def forward_flops_per_token(self, seq_len: int) -> float:
        """Forward FLOPs per token: 2 per active matmul parameter (logits included) + attention."""
        matmul_params = self.active_layer_matmul_params + self.logit_params
        return 2.0 * matmul_params + self.attention_flops_per_token_fwd(seq_len)

    def training_flops_per_token(self, seq_len: int) -> float:
        """Model FLOPs per trained token: forward + backward (2x forward) = 3 x forward (Kaplan et al. 2020)."""
        return 3.0 * self.forward_flops_per_token(seq_len)

    def with_overrides(self, **changes: Any) -> ModelArch:  # typed as dataclasses.replace types its changes
        return replace(self, **changes)


# A config.json as its authors wrote it (Hugging Face or diffusers): the user's own document, read by key.
ConfigDocument = dict[str, Any]

def config_object(path: Path, field: str) -> ConfigDocument:
    """The JSON object a local config.json holds (a Hugging Face or diffusers config); an InputError naming `field`
    when it cannot be read, is not JSON or is not an object."""
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(field, "cannot read {path}: {exc}", path=path, exc=exc) from exc
    except json.JSONDecodeError as exc:
        raise InputError(field, "not valid JSON ({msg} at line {lineno})", msg=exc.msg, lineno=exc.lineno) from exc
    if not isinstance(config, dict):
        raise InputError(field, "must hold a JSON object")
    return config


def model_from_hf_config(path: str | Path) -> ModelArch:
    """Read a local Hugging Face `config.json`: Llama, Qwen (dense and MoE), Mistral/Mixtral, Gemma 3, GPT-OSS,
    DeepSeek-V2/V3 and Kimi K2 (MLA), Llama 4 (its text_config), GPT-NeoX and GPT-2 style keys."""
    path = Path(path)
    config = config_object(path, "config.json")
    name = str(config.get("_name_or_path") or path.parent.name or "custom")
    if isinstance(config.get("text_config"), dict):  # multimodal wrappers (Llama 4, Gemma 3) hold the LM inside
        config = {**config, **config["text_config"]}
    return architecture_from_hf_config(config, name, str(path))


class _ConfigKeys:
    """A config.json's keys as an architecture reads them."""

    def __init__(self, config: dict[str, object]) -> None:
        self.config = config

    def pick(self, *keys: str, default: object = None) -> object:
        """The first of these keys the config gives (not null), else the default; an error without either."""
        for key in keys:
            if self.config.get(key) is not None:
                return self.config[key]
        if default is None:
            raise InputError("config.json", "missing {join}", join=' / '.join(keys))
        return default

    def whole(self, *keys: str, default: object = None) -> int:
        """The first of these keys, as int() reads it (a number or a numeric string)."""
        value = self.pick(*keys, default=default)
        if isinstance(value, int | float | str):
            return int(value)
        raise TypeError(f"config.json: {keys[0]} is {value!r}, not a number")

    def whole_or(self, key: str, default: int) -> int:
        """A key the config may leave out, null or 0: the default then."""
        return self.whole(key) if self.config.get(key) else default

    def given(self, key: str) -> int | None:
        """A key the config may leave out or null."""
        return None if self.config.get(key) is None else self.whole(key)


def architecture_from_hf_config(config: dict[str, object], name: str, source: str) -> ModelArch:
    """The architecture a config.json's keys describe (each family has its own names for the same thing)."""
    keys = _ConfigKeys(config)
    whole, whole_or, given = keys.whole, keys.whole_or, keys.given
    hidden = whole("hidden_size", "n_embd", "d_model")
    heads = whole("num_attention_heads", "n_head", "num_heads")
    layers = whole("num_hidden_layers", "n_layer", "num_layers")
    model_type = str(config.get("model_type", ""))
    activation = str(config.get("hidden_act", config.get("hidden_activation",
                                                        config.get("activation_function", "silu"))))
    gated = activation in ("silu", "swiglu", "geglu") or any(family in model_type for family in ("llama", "gemma"))
    experts = whole("num_local_experts", "num_experts", "n_routed_experts", default=1) or 1
    fields: dict[str, int] = {
        "layers": layers, "hidden": hidden, "heads": heads,
        "kv_heads": whole("num_key_value_heads", "num_kv_heads", default=heads),
        "vocab": whole("vocab_size"),
        "experts": experts,
        "experts_per_token": whole("num_experts_per_tok", "experts_per_token", default=1) or 1,
    }
    dense_ffn = whole("intermediate_size", "n_inner", "ffn_dim", default=4 * hidden)
    if experts > 1:
        # The expert width: moe_intermediate_size (Qwen, DeepSeek), else intermediate_size (Mixtral, Llama 4).
        fields["ffn_hidden"] = expert_width = whole("moe_intermediate_size", "intermediate_size")
        step = whole_or("interleave_moe_layer_step", 1)
        dense_layers = whole_or("first_k_dense_replace", 0) or layers - layers // step
        if dense_layers:
            fields["dense_layers"] = dense_layers
            fields["dense_ffn_hidden"] = whole("intermediate_size_mlp", "intermediate_size")
        groups, chosen = whole_or("n_group", 1), whole_or("topk_group", 1)
        if 1 <= chosen < groups:  # group-limited routing (DeepSeek-V3: 4 of 8 groups)
            fields.update(expert_groups=groups, expert_groups_per_token=chosen)
        if config.get("n_shared_experts"):
            fields["shared_experts"] = whole("n_shared_experts")
        elif config.get("shared_expert_intermediate_size"):  # Qwen2-MoE: one wider shared expert, in expert widths
            fields["shared_experts"] = max(round(whole("shared_expert_intermediate_size") / expert_width), 1)
        elif model_type.startswith("llama4"):  # every Llama 4 MoE layer has one shared expert (Meta, 2025-04)
            fields["shared_experts"] = 1
    else:
        fields["ffn_hidden"] = dense_ffn
    if config.get("kv_lora_rank"):  # multi-head latent attention (DeepSeek-V2/V3, Kimi K2)
        rope = whole("qk_rope_head_dim")
        fields.update(kv_lora_rank=whole("kv_lora_rank"), q_lora_rank=whole_or("q_lora_rank", 0),
                      rope_head_dim=rope, head_dim=whole("qk_nope_head_dim") + rope,
                      v_head_dim=whole("v_head_dim"))
    elif config.get("head_dim") and whole("head_dim") * heads != hidden:
        fields["head_dim"] = whole("head_dim")
    window = config.get("sliding_window")
    if config.get("attention_chunk_size"):  # Llama 4: chunked local attention on the RoPE layers, taken as a window
        rope_layers = config.get("no_rope_layers")
        interval = whole_or("no_rope_layer_interval", 4)
        sliding = sum(rope_layers) if isinstance(rope_layers, list) else layers - layers // interval
        if sliding:
            fields.update(sliding_window=whole("attention_chunk_size"), sliding_layers=sliding)
    elif window and config.get("use_sliding_window", True) is not False:
        layer_types = config.get("layer_types")
        pattern = config.get("sliding_window_pattern")
        if isinstance(layer_types, list):
            sliding = sum(1 for kind in layer_types if kind == "sliding_attention")
        elif pattern:  # Gemma 3: every pattern-th layer is global
            sliding = layers - layers // whole("sliding_window_pattern")
        else:
            sliding = layers  # Mistral 7B: every layer
        if sliding:
            fields.update(sliding_window=whole("sliding_window"), sliding_layers=sliding)
    return ModelArch(name=name, source=source, gated_mlp=gated,
                     tied_embeddings=bool(config.get("tie_word_embeddings", True)),  # transformers' default
                     max_seq_len=given("max_position_embeddings"), **fields)
