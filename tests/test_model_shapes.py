"""Architectures beyond the classic transformer: head widths that are not hidden / heads (Qwen3, Gemma 3, GPT-OSS),
DeepSeek's multi-head latent attention and fine-grained experts, Llama 4's interleaved MoE, sliding-window
attention. Each preset reproduces its published size, a classic shape keeps its classic figures, and a config.json
imports to the preset's architecture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpuplanner.core.base.errors import InputError
from gpuplanner.core.models.model import ARCH_FIELDS, ModelArch, model_from_hf_config
from gpuplanner.core.scenario.scenario import model_document, parse_model
from gpuplanner.core.serving.inference import WeightFormat, kv_cache_bytes

# (preset, published total, published active, what the active figure leaves out): model cards and reports
# cited in each catalog row. "embedding": the card counts active parameters without the input embedding;
# "embeddings": without the output projection too.
PUBLISHED = [
    ("deepseek-v3", 671e9, 36.6e9, "embedding"),  # DeepSeek-V3 report: 671B; 36.6B activated (README_WEIGHTS)
    ("kimi-k2", 1.04e12, 32e9, ""),  # Kimi K2 report: 1.04T / 32B
    ("qwen3-32b", 32.8e9, 32.8e9, ""),  # Qwen3-32B card
    ("qwen3-30b-a3b", 30.5e9, 3.3e9, ""),  # Qwen3-30B-A3B card
    ("qwen3-235b-a22b", 235e9, 22e9, ""),  # Qwen3-235B-A22B card
    ("gpt-oss-120b", 116.8e9, 5.13e9, "embedding"),  # OpenAI gpt-oss model card
    ("gpt-oss-20b", 20.9e9, 3.61e9, "embedding"),
    ("llama-4-scout", 109e9, 17e9, ""),  # Meta: 109B incl. the vision encoder / 17B
    ("llama-4-maverick", 400e9, 17e9, ""),
    ("gemma-3-27b", 27e9, 27e9, ""),  # Gemma 3 report
    ("glm-4.5", 355e9, 32e9, "embeddings"),  # GLM-4.5 report: 355B / 32B (without input and output embeddings)
    ("glm-4.5-air", 106e9, 12e9, "embeddings"),
]


@pytest.mark.parametrize(("preset", "total", "active", "left_out"), PUBLISHED)
def test_presets_reproduce_their_published_sizes(catalog, preset, total, active, left_out) -> None:
    model = catalog.model(preset)
    assert model.params_override is None  # computed from the fields, not copied from the paper
    assert model.total_params == pytest.approx(total, rel=0.015)
    counted = model.active_params - {"": 0, "embedding": 1, "embeddings": 2}[left_out] * model.vocab * model.hidden
    assert counted == pytest.approx(active, rel=0.03)


def test_the_classic_shape_is_unchanged(catalog) -> None:
    """Llama 2 70B: hidden / heads heads, GQA; the generalised widths reduce to the old formulas."""
    model = catalog.model("llama-2-70b")
    assert model.qk_head_dim == model.value_head_dim == 128
    assert model.attention_width == model.hidden and model.q_width == model.o_width == model.hidden
    assert model.attention_params_per_layer == 2 * 8192 * 8192 + 2 * 8192 * 1024
    assert model.attention_flops_per_token_fwd(4096) == 4.0 * 80 * 4096 * 8192
    assert model.kv_cache_values(4096) == 2 * 80 * 1024 * 4096
    assert model.mean_active_ffn_width == model.ffn_hidden


def test_wide_heads_count_in_attention_weights_and_flops(catalog) -> None:
    """Qwen3-32B: 64 heads of 128 = 8,192 wide on a 5,120 model."""
    model = catalog.model("qwen3-32b")
    assert model.q_width == 8192 and model.kv_dim == 1024
    assert model.attention_params_per_layer == 5120 * (8192 + 1024 + 1024) + 8192 * 5120
    assert model.attention_flops_per_token_fwd(1000) == 4.0 * 64 * 1000 * 8192


def test_mla_caches_a_latent_the_same_on_every_tensor_parallel_rank(catalog) -> None:
    """DeepSeek-V3: 512 latent + 64 rotary values per token and layer (DeepSeek-V2 Sec. 2.1.2), 70,272 bytes per
    token in 16-bit over 61 layers, where 128 full K/V heads would cache 57 times as much."""
    model = catalog.model("deepseek-v3")
    assert kv_cache_bytes(model, WeightFormat.FP16, 1) == 61 * 576 * 2
    assert kv_cache_bytes(model, WeightFormat.FP16, 1, tp=8) == 61 * 576 * 2
    classic = model.with_overrides(kv_lora_rank=0, q_lora_rank=0, rope_head_dim=0)
    assert kv_cache_bytes(classic, WeightFormat.FP16, 1) / kv_cache_bytes(model, WeightFormat.FP16, 1) > 50


def test_deepseek_experts_are_what_expert_parallelism_splits(catalog) -> None:
    """58 MoE layers x 256 routed experts of 3 x 7168 x 2048; the shared expert and the 3 dense layers stay whole."""
    model = catalog.model("deepseek-v3")
    assert model.moe_layers == 58
    assert model.expert_params == 58 * 256 * 3 * 7168 * 2048
    assert model.active_expert_matmul_params == pytest.approx(model.expert_params * 8 / 256)
    assert model.mean_active_ffn_width == pytest.approx((58 * 9 * 2048 + 3 * 18432) / 61)


def test_a_sliding_window_keeps_only_its_window_cached(catalog) -> None:
    """Gemma 3 27B at 128K tokens: 10 global layers hold the whole context, 52 local ones 1,024 tokens."""
    model = catalog.model("gemma-3-27b")
    per_layer_token = 16 * (128 + 128)
    assert model.kv_cache_values(131072) == (10 * 131072 + 52 * 1024) * per_layer_token
    assert model.kv_cache_values(1000) == 62 * 1000 * per_layer_token  # inside the window: every layer
    full = model.with_overrides(sliding_layers=0)
    assert full.kv_cache_values(131072) / model.kv_cache_values(131072) > 5
    # Under a causal mask a prompt token sees n/2 positions in a full layer, about the window in a local one.
    assert full.causal_attended_tokens(8192) == 4096
    assert model.causal_attended_tokens(8192) == pytest.approx(
        (10 * 4096 + 52 * (1024 - 1024 * 1024 / (2 * 8192))) / 62)


def test_shape_fields_are_checked(catalog) -> None:
    base = dict(name="x", layers=4, hidden=512, heads=8, kv_heads=8, ffn_hidden=1024, vocab=1000)
    with pytest.raises(InputError) as error:
        ModelArch(**base, kv_lora_rank=64, head_dim=64, rope_head_dim=64)
    assert error.value.field == "model.rope_head_dim"
    with pytest.raises(InputError) as error:
        ModelArch(**base, dense_layers=1)  # dense layers only mean something in an MoE model
    assert error.value.field == "model.dense_layers"
    with pytest.raises(InputError) as error:
        ModelArch(**base, sliding_layers=5, sliding_window=128)
    assert error.value.field == "model.sliding_layers"
    # head_dim frees the heads from dividing hidden (Gemma 3: 32 x 128 on 5,376).
    assert ModelArch(**{**base, "heads": 7, "kv_heads": 7}, head_dim=64).q_width == 448


def test_a_scenario_file_describes_every_shape_and_round_trips(catalog) -> None:
    """The file's model section (a custom architecture) takes every ARCH_FIELDS key; model_document writes the
    same architecture back."""
    for preset in ("deepseek-v3", "gpt-oss-120b", "llama-4-maverick", "gemma-3-27b", "llama-2-7b"):
        model = catalog.model(preset)
        document = model_document(model)
        assert set(document) - {"name", "layers", "hidden", "heads", "kv_heads", "ffn_hidden", "vocab", "gated_mlp",
                                "tied_embeddings", "experts", "experts_per_token"} <= set(ARCH_FIELDS)
        again = parse_model(dict(document), catalog.model)
        assert again.total_params == model.total_params and again.kv_cache_values(4096) == model.kv_cache_values(4096)
        assert again.attention_flops_per_token_fwd(4096) == model.attention_flops_per_token_fwd(4096)


# config.json excerpts with the keys each family uses (values from the released configs cited in the catalog).
CONFIGS = {
    "deepseek-v3": {"model_type": "deepseek_v3", "hidden_size": 7168, "intermediate_size": 18432,
                    "moe_intermediate_size": 2048, "num_hidden_layers": 61, "num_attention_heads": 128,
                    "num_key_value_heads": 128, "n_routed_experts": 256, "n_shared_experts": 1,
                    "num_experts_per_tok": 8, "first_k_dense_replace": 3, "kv_lora_rank": 512, "q_lora_rank": 1536,
                    "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128, "vocab_size": 129280,
                    "hidden_act": "silu", "tie_word_embeddings": False, "max_position_embeddings": 163840,
                    "n_group": 8, "topk_group": 4},
    "gpt-oss-120b": {"model_type": "gpt_oss", "hidden_size": 2880, "intermediate_size": 2880,
                     "num_hidden_layers": 36, "num_attention_heads": 64, "num_key_value_heads": 8, "head_dim": 64,
                     "num_local_experts": 128, "num_experts_per_tok": 4, "vocab_size": 201088,
                     "sliding_window": 128, "layer_types": ["sliding_attention", "full_attention"] * 18,
                     "hidden_act": "silu", "tie_word_embeddings": False, "max_position_embeddings": 131072},
    "gemma-3-27b": {"model_type": "gemma3", "text_config": {
        "model_type": "gemma3_text", "hidden_size": 5376, "intermediate_size": 21504, "num_hidden_layers": 62,
        "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 128, "vocab_size": 262208,
        "hidden_activation": "gelu_pytorch_tanh", "sliding_window": 1024, "sliding_window_pattern": 6,
        "max_position_embeddings": 131072}},
    "llama-4-maverick": {"model_type": "llama4", "text_config": {
        "model_type": "llama4_text", "hidden_size": 5120, "intermediate_size": 8192, "intermediate_size_mlp": 16384,
        "num_hidden_layers": 48, "num_attention_heads": 40, "num_key_value_heads": 8, "head_dim": 128,
        "num_local_experts": 128, "num_experts_per_tok": 1, "interleave_moe_layer_step": 2, "vocab_size": 202048,
        "attention_chunk_size": 8192, "no_rope_layer_interval": 4, "hidden_act": "silu",
        "tie_word_embeddings": False, "max_position_embeddings": 1048576}},
    "qwen3-30b-a3b": {"model_type": "qwen3_moe", "hidden_size": 2048, "intermediate_size": 6144,
                      "moe_intermediate_size": 768, "num_hidden_layers": 48, "num_attention_heads": 32,
                      "num_key_value_heads": 4, "head_dim": 128, "num_experts": 128, "num_experts_per_tok": 8,
                      "vocab_size": 151936, "sliding_window": None, "use_sliding_window": False,
                      "hidden_act": "silu", "tie_word_embeddings": False, "max_position_embeddings": 40960},
}


@pytest.mark.parametrize("preset", sorted(CONFIGS))
def test_a_config_json_imports_to_the_presets_architecture(tmp_path: Path, catalog, preset) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(CONFIGS[preset]), encoding="utf-8")
    imported = model_from_hf_config(path)
    model = catalog.model(preset)
    for key in ("layers", "hidden", "heads", "kv_heads", "ffn_hidden", "vocab", "gated_mlp", "tied_embeddings",
                "experts", "experts_per_token", "max_seq_len", *ARCH_FIELDS):
        expected = getattr(model, key)
        if key == "head_dim" and expected == model.hidden // model.heads:
            expected = None  # the classic width need not be named
        assert getattr(imported, key) == expected, key


def test_a_qwen2_style_disabled_window_is_not_a_window(tmp_path: Path) -> None:
    config = {"hidden_size": 1024, "intermediate_size": 2816, "num_hidden_layers": 24, "num_attention_heads": 16,
              "vocab_size": 151936, "sliding_window": 32768, "use_sliding_window": False}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert model_from_hf_config(path).sliding_layers == 0
