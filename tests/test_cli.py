"""The headless contract (DESIGN.md §6): output shapes, exit codes, one-line errors."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

import pytest

from gpuplanner.cli.main import build_parser, main
from gpuplanner.cli.output import COMMAND_FORMATS
from tests.conftest import run_cli

GOOD = {"task": "pretrain", "model": {"preset": "llama-2-7b"}, "seq_len": 4096, "precision": "bf16",
        "training": {"tokens": 2e11, "global_batch": 512}, "hardware": {"gpu": "h100-sxm5-80gb", "count": 64}}


def write(tmp_path: Path, data: object, name: str = "s.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_catalog_gpus_text_and_json() -> None:
    text = run_cli("catalog", "gpus")
    assert text.returncode == 0
    assert "h100-sxm5-80gb" in text.stdout and "n/a" in text.stdout  # unknown values print as n/a
    header = text.stdout.splitlines()[0].split()
    assert "confidence" in header and "fp4_tflops" in header  # how far each row can be trusted
    data = json.loads(run_cli("catalog", "gpus", "--format", "json").stdout)
    ids = {row["id"] for row in data}
    assert {"b200", "mi300x", "ascend-910b"} <= ids
    assert all(row["source"] for row in data)


@pytest.mark.parametrize("table", ["servers", "cloud", "fabrics", "models"])
def test_catalog_other_tables(table: str) -> None:
    done = run_cli("catalog", table, "--format", "json")
    assert done.returncode == 0
    assert len(json.loads(done.stdout)) >= 10


def test_usage_error_is_one_line_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["catalog", "toasters"])
    assert exited.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_estimate_json_has_the_contract_fields(tmp_path: Path) -> None:
    done = run_cli("estimate", str(write(tmp_path, GOOD)), "--format", "json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["fits"] is True
    assert set(result["layout"]) >= {"tp", "pp", "dp", "zero", "micro_batch", "recompute"}
    assert set(result["memory_gib_per_gpu"]) >= {"weights", "gradients", "optimizer", "activations", "kv_cache",
                                                  "overhead", "total", "capacity"}
    assert set(result["training"]) >= {"step_time_s", "tokens_per_s", "model_tflops_per_gpu", "mfu", "days",
                                       "gpu_hours"}
    assert set(result["power"]) >= {"node_kw_nameplate", "node_kw_expected", "cluster_kw_expected"}
    assert "energy_mwh" in result and isinstance(result["warnings"], list)
    assert result["layout"]["tp"] * result["layout"]["pp"] * result["layout"]["dp"] == 64


def test_estimate_text_report(tmp_path: Path) -> None:
    done = run_cli("estimate", str(write(tmp_path, GOOD)))
    assert done.returncode == 0
    assert "Memory per GPU" in done.stdout and "MFU" in done.stdout
    assert done.stdout.splitlines()[0] == "Llama-2-7B · pretraining · BF16 on 64 x h100-sxm5-80gb (8 nodes)"


def test_estimate_header_words_the_task_and_counts_one_node_in_both_languages(tmp_path: Path) -> None:
    serving = write(tmp_path, {"task": "inference", "model": {"preset": "llama-3.1-8b"},
                               "inference": {"engine": "llama.cpp", "weight_dtype": "int4", "batch": 1},
                               "hardware": {"gpu": "rtx-4090", "count": 1}})
    english = run_cli("estimate", str(serving)).stdout.splitlines()[0]
    assert english.endswith("inference serving · INT4 on 1 x rtx-4090 (1 node)"), english
    chinese = run_cli("estimate", "--lang", "zh_CN", str(serving)).stdout.splitlines()[0]
    assert "推理服务" in chinese and "（1 个节点）" in chinese, chinese
    # The language given before the command counts too (it was silently dropped: argparse let the command's own
    # --lang default overwrite it).
    assert run_cli("--lang", "zh_CN", "estimate", str(serving)).stdout.splitlines()[0] == chinese
    assert run_cli("--lang", "zh_CN", "estimate", "--lang", "en", str(serving)).stdout.splitlines()[0] == english


def test_a_job_on_part_of_a_server_says_whose_power_is_whose(tmp_path: Path, capsys) -> None:
    """4 H100 printed "10.2 kW nameplate and 3.58 kW expected per node": the nameplate is the 8-GPU server's, the
    draw the 4 GPUs'. Now each figure says what it is of; a whole node keeps the per-node line."""
    half = {"task": "inference", "model": {"preset": "llama-3.1-8b"}, "hardware": {"gpu": "h100-sxm5-80gb", "count": 4}}
    assert main(["estimate", str(write(tmp_path, half))]) == 0
    out = capsys.readouterr().out
    assert "Power: 10.2 kW nameplate for the whole server (8 GPUs); the 4 GPUs used draw 3.58 kW expected" in out
    assert main(["estimate", "--format", "json", str(write(tmp_path, half))]) == 0
    assert json.loads(capsys.readouterr().out)["power"]["node_gpus"] == 8
    assert main(["estimate", str(write(tmp_path, {**half, "hardware": {"gpu": "h100-sxm5-80gb", "count": 16}}))]) == 0
    assert "kW expected per node, " in capsys.readouterr().out


def test_help_is_in_the_language_asked_for_and_every_option_says_what_it_does() -> None:
    """`gpuplanner --lang zh_CN plan -h` printed English; `--top`, `--format` and `--pdf` had no help at all."""
    english = run_cli("plan", "-h")
    assert english.returncode == 0 and english.stdout.startswith("usage: gpuplanner plan")
    assert "how many plans to show (default 5)" in english.stdout
    assert "also write the rack and power spec sheet as a PDF" in english.stdout
    for words in (("--lang", "zh_CN", "plan", "-h"), ("plan", "--lang=zh_CN", "--help")):
        chinese = run_cli(*words)
        assert chinese.returncode == 0 and chinese.stdout.startswith("用法：gpuplanner plan"), chinese.stdout
        assert "显示多少个方案（默认 5）" in chinese.stdout and "选项" in chinese.stdout
        assert "how many plans" not in chinese.stdout
    top = run_cli("--lang", "zh_CN", "-h").stdout
    assert "为 AI 训练与推理规划 GPU 服务器。" in top and "评估一个场景" in top


def test_the_demo_speaks_the_language_asked_for_with_its_columns_aligned() -> None:
    """`gpuplanner --lang zh_CN demo` printed English around a Chinese table whose Chinese headings (two columns a
    character) pushed every heading right of its column; "12.0 d" stayed English beside "12.0 天" below."""
    from gpuplanner.cli.output import display_width, pad

    assert (display_width("部署"), pad("部署", 6), pad("GPU 数", 8, True)) == (4, "部署  ", "  GPU 数")
    lines = run_cli("--lang", "zh_CN", "demo").stdout.splitlines()
    assert lines[0].startswith("示例：14 天内") and lines[-1].startswith("用你自己的场景运行")
    header = next(index for index, line in enumerate(lines) if line.startswith("#  GPU"))
    table = lines[header:header + 6]
    assert len({display_width(line) for line in table}) == 1, table  # every row ends under the cost heading
    assert all(" 天 " in row for row in table[1:]) and "理由：" in "\n".join(lines)


def test_an_undated_price_is_worded_in_the_reports_language() -> None:
    """A price the catalog or the user dates only by when it was read ("undated (read 2026-12-01)"): the Chinese
    plan said "估计值（低可信度），undated (read 2026-12-01)"; now every bundled price is dated, so the words are
    checked on the date text itself."""
    from gpuplanner.core.cost.cost import price_date_words

    assert str(price_date_words("undated (read 2026-12-01)")) == "undated (read 2026-12-01)"
    # Only a pair of parentheses around the whole remark goes: a snapshot's own "(@3193645)" keeps its close.
    assert str(price_date_words("undated fork snapshot (@3193645)")) == "undated (fork snapshot (@3193645))"
    assert str(price_date_words("undated (page copy)")) == "undated (page copy)"
    code = ("from gpuplanner.core.cost.cost import price_date_words\n"
            "from gpuplanner.i18n.cli import translated_message, use_language\n"
            "use_language('zh_CN'); print(translated_message(price_date_words('undated (read 2026-12-01)')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.strip() == "未注明日期（2026-12-01 查阅）"


@pytest.mark.parametrize(("content", "field"), [
    ("{not json", "scenario"),
    ({**GOOD, "colour": "blue"}, "colour"),
    ({**GOOD, "seq_len": "long"}, "seq_len"),
    ({**GOOD, "seq_len": -4}, "seq_len"),
    ({**GOOD, "seq_len": 0}, "seq_len"),
    ({**GOOD, "precision": "fp2"}, "precision"),
    ({**GOOD, "model": {"preset": "gpt-9"}}, "model.preset"),
    ({**GOOD, "model": {"layers": 2}}, "model.hidden"),
    ({**GOOD, "hardware": {"gpu": "h100-sxm5-80gb", "count": 0}}, "hardware.count"),
    ({**GOOD, "hardware": {"gpu": "toaster"}}, "hardware.gpu"),
    # A GPU with no published rate at all: that reason, not "no count gives a valid layout".
    ({"task": "lora", "model": {"preset": "llama-3.1-8b"}, "hardware": {"gpu": "kunlunxin-p800"}}, "precision"),
    ({**GOOD, "parallelism": {"tp": 3}}, "parallelism.tp"),
    ({**GOOD, "training": {"tokens": 1e300}}, "training.tokens"),
    ({**GOOD, "training": {"global_batch": 1.5}}, "training.global_batch"),
    ({**GOOD, "training": {"zero": 7}}, "training.zero"),
    ({**GOOD, "training": {"recompute": "sometimes"}}, "training.recompute"),
    ({**GOOD, "assumptions": {"fragmentation": -1}}, "assumptions.fragmentation"),
    ("[1, 2, 3]", "scenario"),
    ('{"task": "pretrain", "model": {"preset": "llama-2-7b"}, "seq_len": NaN}', "scenario"),
])
def test_bad_scenarios_exit_2_with_one_line_naming_the_field(tmp_path: Path, capsys, content: object,
                                                           field: str) -> None:
    code = main(["estimate", str(write(tmp_path, content))])  # in-process: the same entry as the command
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert f"error: {field}:" in lines[0]
    assert "Traceback" not in err


def test_missing_and_huge_files_exit_2(tmp_path: Path, capsys) -> None:
    assert main(["estimate", str(tmp_path / "nope.json")]) == 2
    huge = tmp_path / "huge.json"
    huge.write_text('{"task": "pretrain", "pad": "' + "x" * (2 << 20) + '"}', encoding="utf-8")
    capsys.readouterr()
    assert main(["estimate", str(huge)]) == 2 and "at most 1 MB" in capsys.readouterr().err


def test_a_bundled_catalog_with_the_wrong_columns_is_a_broken_install(tmp_path: Path, capsys,
                                                                      monkeypatch) -> None:
    """Exit 3 naming the table and the column, never "unknown preset" or an internal error."""
    import shutil
    import sqlite3

    import gpuplanner.paths
    from gpuplanner.paths import bundled_catalog_path

    broken = tmp_path / "install"
    broken.mkdir()
    shutil.copy(bundled_catalog_path(), broken / "catalog.db")
    with sqlite3.connect(broken / "catalog.db") as connection:
        connection.execute("ALTER TABLE models DROP COLUMN layers")
    monkeypatch.setattr(gpuplanner.paths, "resource_root", lambda: broken)
    assert main(["estimate", str(write(tmp_path, GOOD))]) == 3
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "models" in err and "layers" in err, err
    assert main(["plan", str(write(tmp_path, GOOD))]) == 3


def test_headless_demo_runs() -> None:
    done = run_cli("demo")
    assert done.returncode == 0, done.stderr
    assert "Plans ranked" in done.stdout and "#1 in detail" in done.stdout


def test_catalog_models_lists_each_presets_size_from_its_architecture(capsys) -> None:
    """The text table gave "n/a" for every LLM's parameters (only overrides were shown): it now prints the total
    and active counts the architecture fields give, the same the estimates use."""
    from gpuplanner.cli.main import main as cli_main

    assert cli_main(["catalog", "models"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[-3:-1] == ["params_b", "active_b"]
    lines = {line.split()[0]: line.split() for line in out[1:]}
    assert lines["deepseek-v3"][-3:-1] == ["671.03", "37.55"]
    assert lines["gpt-oss-120b"][-3:-1] == ["116.79", "5.71"]
    assert lines["llama-2-7b"][-3:-1] == ["6.74", "6.74"]  # dense: active = total
    assert lines["resnet-50"][-3] == "0.03"  # described by its parameter count alone


def test_argparses_own_errors_are_worded_in_the_language_asked_for(capsys) -> None:
    """`gpuplanner --lang zh_CN plan --top x s.json` answered "argument --top: invalid int value: 'x'": argparse
    words its errors in English whatever --lang says. Each of its sentences this command line can produce is
    matched and worded again (an unknown one would stay as argparse wrote it)."""
    import argparse

    from gpuplanner.cli.usage_errors import USAGE_ERRORS

    class Recorder(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            raise LookupError(message)

    probe = Recorder(prog="probe")
    probe.add_argument("file")
    probe.add_argument("--top", type=int)
    probe.add_argument("--rate", type=float)
    probe.add_argument("--format", choices=["json", "text"])
    probe.add_argument("--pair", nargs=2)
    exclusive = probe.add_mutually_exclusive_group()
    exclusive.add_argument("--pdf")
    exclusive.add_argument("--png")
    for words in (["--top", "x", "f"], ["--rate", "fast", "f"], ["--format", "xml", "f"], [], ["f", "--bogus"],
                  ["f", "--top"], ["f", "--pair", "a"], ["f", "--pdf", "a", "--png", "b"], ["f", "--p", "a"]):
        with pytest.raises(LookupError) as refused:
            probe.parse_args(words)
        message = str(refused.value.args[0])
        assert any(pattern.fullmatch(message) for pattern, _, _ in USAGE_ERRORS), message

    with pytest.raises(SystemExit) as exited:
        main(["plan", "--top", "x", "s.json"])
    assert exited.value.code == 2
    assert capsys.readouterr().err == "gpuplanner: error: argument --top: not a whole number: 'x'\n"
    for words, line in ((("--lang", "zh_CN", "plan", "--top", "x", "s.json"), "参数 --top：不是整数：'x'"),
                        (("plan", "--format", "xml", "--lang=zh_CN", "s.json"),
                         "参数 --format：无效的取值：'xml'（可选：{}）".format(
                             ", ".join(repr(name) for name in COMMAND_FORMATS["plan"]))),
                        (("--lang", "zh_CN", "plan"), "缺少必需的参数：SCENARIO.json")):
        done = run_cli(*words)
        assert (done.returncode, done.stderr) == (2, f"gpuplanner: error: {line}\n"), done.stderr


def test_a_one_gpu_serving_report_reads_as_a_sentence_in_both_languages(tmp_path: Path) -> None:
    """Qwen3-30B-A3B on one B200 printed "the 1 GPUs used draw", "the load needs 1 (1 GPUs)" and a batch of "1584";
    in Chinese "whole-sequence 准入" (the engine's admission code, untranslated) and its FP4 sources joined with
    "; " inside a Chinese sentence."""
    scenario = write(tmp_path, {"task": "inference", "model": {"preset": "qwen3-30b-a3b"},
                                "hardware": {"gpu": "b200", "count": 1},
                                "inference": {"engine": "tensorrt-llm", "weight_dtype": "fp4", "kv_dtype": "fp8",
                                              "input_tokens": 1000, "output_tokens": 1000}})
    english = run_cli("estimate", str(scenario)).stdout
    assert "the one GPU used draws 1.28 kW expected" in english and "(1 GPU)" in english
    assert "largest batch 1,584 sequences per replica (KV-cache room; admission: whole length reserved)" in english
    assert "GPUs used draw" not in english and "(1 GPUs)" not in english
    chinese = run_cli("estimate", "--lang", "zh_CN", str(scenario)).stdout
    assert "准入方式：预留完整长度" in chinese and "whole-sequence" not in chinese
    assert "MLPerf Inference v4.1 (NVIDIA)；MLPerf Inference v5.0 (NVIDIA)；TensorRT-LLM 1.0。" in chinese


def test_a_rented_service_reports_what_it_costs_not_a_jobs_cost(tmp_path: Path) -> None:
    """A rented 70B service in mainland China printed "this job on demand n/a" (a service is no job) and "prices of
    undated (...)"; it now prints a million output tokens' cost and the service's cost over the cost horizon, which
    is the figure the ranking table shows, in both languages."""
    scenario = write(tmp_path, {"task": "inference", "model": {"preset": "llama-3.1-70b"},
                                "constraints": {"currency": "CNY", "region": "cn-mainland", "deployment": "cloud"}})
    english = run_cli("plan", str(scenario)).stdout
    ranked = english.splitlines()[2].split()[-1]  # the first plan's cost column, e.g. ¥1,669,056
    assert "this job on demand" not in english and "prices of" not in english
    assert f"a million output tokens; {ranked} over 3 years of service" in english
    assert "price date: " in english
    chinese = run_cli("plan", "--lang", "zh_CN", str(scenario)).stdout
    assert f"服务 3 年共 {ranked}" in chinese and "每百万输出 token ¥" in chinese and "本任务按量付费" not in chinese


def test_the_step_breakdown_and_other_layouts_are_worded_in_the_reports_language(tmp_path: Path) -> None:
    """The Chinese report printed "单步构成 gemm 41.1 s, memory_bound 1.4 s" (the time model's keys, English units
    and commas) and "重计算 无: 放不下"; the step's parts now have one set of words for the chart, the details panel
    and the CLI (i18n.terms.STEP_PARTS)."""
    lora = write(tmp_path, {"task": "lora", "model": {"preset": "llama-3.1-8b"}, "seq_len": 4096, "precision": "bf16",
                            "training": {"tokens": 5e8, "global_batch": 16},
                            "hardware": {"gpu": "rtx-4090", "count": 1}})
    english = run_cli("estimate", str(lora)).stdout
    assert "step breakdown: Matrix math 41.1 s, Memory-bound kernels 1.4 s, Optimizer step" in english
    chinese = run_cli("estimate", "--lang", "zh_CN", str(lora)).stdout
    assert "单步构成：矩阵运算 41.1 秒，访存密集型算子 1.4 秒，优化器更新" in chinese
    assert "重计算 无：放不下：每卡需要 39.0 GiB" in chinese and "memory_bound" not in chinese
    assert "0.575 kW；单次运行耗电" in chinese


def _format_choices(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Each command (its words) whose parser has --format, with its choices."""
    found: dict[str, list[str]] = {}
    for action in parser._actions:
        if "--format" in action.option_strings:
            found[" ".join(words)] = list(action.choices or ())
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.update(_format_choices(sub, (*words, name)))
    return found


def test_every_commands_formats_come_from_one_declaration() -> None:
    """--format's choices on every parser, and the README's command lines, are the formats COMMAND_FORMATS declares
    per command: a format added there reaches the parser, and the README is checked against it."""
    assert _format_choices(build_parser()) == {command: list(formats) for command, formats in COMMAND_FORMATS.items()}
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    shown = {}
    for line in readme.splitlines():
        found = re.match(r"\.venv/bin/gpuplanner (.*)\[--format ([a-z|]+)\]", line)
        if found:
            command = max((name for name in COMMAND_FORMATS if found.group(1).startswith(name + " ")), key=len)
            shown[command] = tuple(found.group(2).split("|"))
    assert shown == COMMAND_FORMATS
