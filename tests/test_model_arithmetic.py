"""Parameter counts and FLOPs from architecture, against the numbers the model authors publish."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpuplanner.core.base.errors import InputError
from gpuplanner.core.models.model import ModelArch, model_from_hf_config

# Published totals (model cards / papers); our count ignores biases, so allow 1 %.
PUBLISHED_PARAMS = {
    "llama-2-7b": 6.74e9,  # Llama 2 paper Table 1 / HF: 6,738,415,616
    "llama-2-13b": 13.0e9,
    "llama-2-70b": 68.98e9,  # HF safetensors total 68,976,648,192
    "llama-3.1-8b": 8.03e9,
    "llama-3.1-70b": 70.6e9,
    "llama-3.1-405b": 405.9e9,
    "qwen2.5-7b": 7.62e9,  # Qwen2.5 model card: 7.61B
    "qwen2.5-72b": 72.7e9,
    "mixtral-8x7b": 46.7e9,  # Mistral: 46.7B total, 12.9B active
    "gpt-3-175b": 174.6e9,  # Megatron's count of GPT-3 175B (Narayanan et al. Table 2)
}


@pytest.mark.parametrize(("preset", "published"), sorted(PUBLISHED_PARAMS.items()))
def test_parameter_count_matches_publication(catalog, preset: str, published: float) -> None:
    model = catalog.model(preset)
    print(f"{preset}: {model.total_params / 1e9:.2f}B vs published {published / 1e9:.2f}B")
    assert model.total_params == pytest.approx(published, rel=0.01)


def test_llama2_7b_exact(catalog) -> None:
    assert catalog.model("llama-2-7b").total_params == 6_738_415_616


def test_moe_total_versus_active(catalog) -> None:
    mixtral = catalog.model("mixtral-8x7b")
    assert mixtral.active_params == pytest.approx(12.9e9, rel=0.01)
    assert mixtral.total_params > 3.5 * mixtral.active_params
    deepseek = catalog.model("deepseek-v3")
    # DeepSeek-V3 report: 671B total; 36.6B activated without the input embedding (0.93B).
    assert deepseek.total_params == pytest.approx(671e9, rel=0.001)
    assert deepseek.active_params - deepseek.vocab * deepseek.hidden == pytest.approx(36.6e9, rel=0.005)


def test_gqa_shrinks_kv_projections_only(catalog) -> None:
    llama70 = catalog.model("llama-2-70b")
    mha = llama70.with_overrides(kv_heads=llama70.heads)
    assert llama70.kv_dim == 1024 and mha.kv_dim == 8192
    assert mha.total_params - llama70.total_params == 80 * 2 * 8192 * (8192 - 1024)


def test_training_flops_are_about_six_n_plus_attention(catalog) -> None:
    model = catalog.model("llama-2-7b")
    seq = 4096
    six_n = 6 * (model.total_params - model.vocab * model.hidden)  # input embedding does no matmul
    attention = 12 * model.layers * model.hidden * seq
    assert model.training_flops_per_token(seq) == pytest.approx(six_n + attention, rel=0.002)


def test_tied_embeddings_still_pay_for_the_logits(catalog) -> None:
    gpt3 = catalog.model("gpt-3-175b")
    untied = gpt3.with_overrides(tied_embeddings=False)
    assert untied.total_params - gpt3.total_params == gpt3.vocab * gpt3.hidden
    assert untied.forward_flops_per_token(2048) == pytest.approx(gpt3.forward_flops_per_token(2048))


@pytest.mark.parametrize(("change", "field"), [
    ({"heads": 7}, "model.heads"),
    ({"kv_heads": 3}, "model.kv_heads"),
    ({"layers": 0}, "model.layers"),
    ({"hidden": -4096}, "model.hidden"),
    ({"experts_per_token": 4}, "model.experts_per_token"),
    ({"vocab": 10**9}, "model.vocab"),
])
def test_invalid_architectures_raise_naming_the_field(change: dict, field: str) -> None:
    values = {"name": "x", "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn_hidden": 11008,
              "vocab": 32000, **change}
    with pytest.raises(InputError) as error:
        ModelArch(**values)
    assert error.value.field == field


def test_hugging_face_config_import(tmp_path: Path, catalog) -> None:
    config = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 4096,
              "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32,
              "num_key_value_heads": 8, "vocab_size": 128256, "hidden_act": "silu", "tie_word_embeddings": False,
              "max_position_embeddings": 131072}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    imported = model_from_hf_config(path)
    assert imported.total_params == catalog.model("llama-3.1-8b").total_params


def test_hugging_face_moe_config_import(tmp_path: Path, catalog) -> None:
    config = {"model_type": "mixtral", "hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32,
              "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 32000, "hidden_act": "silu",
              "num_local_experts": 8, "num_experts_per_tok": 2, "tie_word_embeddings": False}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert model_from_hf_config(path).total_params == catalog.model("mixtral-8x7b").total_params


def test_bad_config_json_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text("{oops", encoding="utf-8")
    with pytest.raises(InputError, match="not valid JSON"):
        model_from_hf_config(path)
    path.write_text(json.dumps({"hidden_size": 64}), encoding="utf-8")
    with pytest.raises(InputError, match="missing"):
        model_from_hf_config(path)
