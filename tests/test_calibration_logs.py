"""Measured runs read from real tools' output (tests/data/logs, sources in its README): each format's figures land
on the paths of estimate's JSON in estimate's units, the log's own settings replace the scenario's, and truncated or
foreign files give one clear line (exit 2) with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpuplanner.calibration_logs import read_measured, runs_from_logs
from gpuplanner.cli.main import main
from gpuplanner.core.base.errors import InputError
from gpuplanner.core.results.export import result_json
from gpuplanner.service import estimate_for_scenario
from tests.conftest import REPO_ROOT, run_cli

LOGS = REPO_ROOT / "tests" / "data" / "logs"
SERVING = {"task": "inference", "model": {"preset": "llama-3.2-3b"}, "hardware": {"gpu": "l40s", "count": 4},
           "parallelism": {"tp": 1}, "inference": {"engine": "tensorrt-llm", "batch": 8}}
TRAINING = {"task": "pretrain", "model": {"preset": "mixtral-8x7b"}, "seq_len": 4096,
            "hardware": {"gpu": "h100-sxm5-80gb", "count": 16}, "training": {"global_batch": 128}}


def scenario_file(tmp_path: Path, data: dict[str, object]) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


# Each file's figures as the published file gives them, converted by hand (ms -> s, MiB -> GiB, rate -> time).
EXPECTED = {
    "vllm_benchmark_serving.json": [(
        {"inference.tpot_s": 45.0189959701786 / 1000, "inference.output_tokens_per_s": 11011.349280220396},
        {"inference.input_tokens": 999, "inference.output_tokens": 267, "inference.engine": "vllm",
         # Little's law: 41.217 requests/s x (884.96 ms + 45.019 ms x 266 tokens)
         "inference.concurrent_users": round(41.21716673334341 * (0.8849588357166714 + 0.0450189959701786 * 266)),
         "inference.batch": None})],
    "vllm_benchmark_serving_appended.jsonl": [
        ({"inference.ttft_s": 53.96254838997568 / 1000, "inference.tpot_s": 13.562497126015346 / 1000},
         {"inference.input_tokens": 999, "inference.output_tokens": 271}),
        ({"inference.tpot_s": 45.0189959701786 / 1000}, {"inference.output_tokens": 267})],
    "sglang_bench_serving.jsonl": [
        ({"inference.tpot_s": 159.01175909675658 / 1000, "inference.output_tokens_per_s": 4520.698730654741},
         {"inference.input_tokens": round(1525074 / 3000), "inference.output_tokens": round(1544818 / 3000),
          "inference.engine": "sglang",
          "inference.concurrent_users": round(3000 / 341.72106836596504 * 224.91879882259612)}),
        ({"inference.tpot_s": 258.85073677636683 / 1000}, {"inference.output_tokens": round(1029594 / 4000)}),
        ({"inference.ttft_s": 85.74514742940664 / 1000, "inference.tpot_s": 13.638956006616354 / 1000},
         {"inference.concurrent_users": round(300 / 298.3675805060193 * 7.840616212638561)})],
    "sglang_bench_one_batch.txt": [(
        {"inference.ttft_s": 0.19635, "inference.tpot_s": 0.02098},
        {"inference.batch": 1, "inference.input_tokens": 128, "inference.output_tokens": 256,
         "inference.engine": "sglang"})],
    "llama_bench.json": [(
        {"inference.ttft_s": 512 / 7100.002165, "inference.tpot_s": 1 / 118.881588},
        {"inference.batch": 1, "inference.input_tokens": 512, "inference.output_tokens": 128,
         "inference.engine": "llama.cpp", "inference.weight_dtype": "int4"})],
    "megatron_train.log": [(
        {"training.step_time_s": 5.4106, "memory_gib_per_gpu.total": 61480.0 / 1024},
        {"training.global_batch": 128})],
    "megatron_gpt345m_tp4.log": [(
        # iterations 20-200 (10 left out): the median of 19 logged times, 385.1 ms
        {"training.step_time_s": 0.3851, "memory_gib_per_gpu.total": 4746.0 / 1024},
        {"seq_len": 1024, "training.global_batch": 16, "training.micro_batch": 4, "parallelism.tp": 4,
         "parallelism.pp": 1, "hardware.count": 4, "precision": "fp16"})],
    "torchtitan_train.log": [(
        {"training.tokens_per_s_per_gpu": 10007.0, "memory_gib_per_gpu.total": 66.91}, {})],
    "hf_trainer_state.json": [(
        # train_runtime less the 29 evaluations logged during it (2,715.22 s), over 2,907 steps
        {"training.step_time_s": (21062.2956 - 2715.2208) / 2907}, {"training.global_batch": 64})],
    "hf_all_results.json": [({"training.step_time_s": 21062.2956 / 2907}, {"training.global_batch": 64})],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_real_log_gives_its_published_figures(name: str) -> None:
    readings = read_measured(str(LOGS / name))
    assert len(readings) == len(EXPECTED[name])
    for reading, (measured, setup) in zip(readings, EXPECTED[name], strict=True):
        for path, value in measured.items():
            assert reading.measured[path] == pytest.approx(value, rel=1e-9), (name, path)
        for key, value in setup.items():
            assert reading.setup[key] == value, (name, key)


def test_queued_and_rate_bound_figures_are_left_out_with_the_reason() -> None:
    """Requests sent all at once wait in a queue before their first token, and at a set request rate the output
    rate is the arrival rate: neither is the server's figure, so neither is a measurement of it."""
    at_once, = read_measured(str(LOGS / "vllm_benchmark_serving.json"))
    assert "inference.ttft_s" not in at_once.measured
    assert any("queued" in note for note in at_once.notes)
    paced = read_measured(str(LOGS / "sglang_bench_serving.jsonl"))[2]
    assert "inference.output_tokens_per_s" not in paced.measured
    assert any("follows the arrivals" in note for note in paced.notes)


def test_the_runs_file_holds_the_logs_settings_over_the_scenario(tmp_path: Path) -> None:
    runs = runs_from_logs(scenario_file(tmp_path, SERVING), [str(LOGS / "llama_bench.json"),
                                                             str(LOGS / "vllm_benchmark_serving.json")])
    llama, vllm = runs
    assert llama["scenario"]["inference"] == {"engine": "llama.cpp", "batch": 1, "input_tokens": 512,
                                              "output_tokens": 128, "weight_dtype": "int4"}
    assert vllm["scenario"]["inference"] == {"engine": "vllm", "input_tokens": 999, "output_tokens": 267,
                                             "concurrent_users": 530}
    assert llama["date"] == "2025-04-24" and vllm["date"] == "2025-05-30"
    assert "tensorrt-llm" in vllm["source"]  # the replaced setting is named
    assert SERVING["inference"]["engine"] == "tensorrt-llm"  # the caller's scenario is not changed


@pytest.mark.parametrize(("scenario", "logs"), [
    (SERVING, ["vllm_benchmark_serving_appended.jsonl", "sglang_bench_serving.jsonl", "sglang_bench_one_batch.txt",
               "llama_bench.json"]),
    (TRAINING, ["megatron_train.log", "megatron_gpt345m_tp4.log", "torchtitan_train.log", "hf_trainer_state.json",
                "hf_all_results.json"]),
])
def test_every_run_is_a_scenario_estimate_takes_and_names_paths_it_reports(
        tmp_path: Path, scenario: dict[str, object], logs: list[str]) -> None:
    """calibrate compares each measured path with the estimate of the run's scenario: both must exist."""
    from gpuplanner.cli.catalog import open_catalog

    catalog = open_catalog()
    for run in runs_from_logs(scenario_file(tmp_path, scenario), [str(LOGS / name) for name in logs]):
        figures = json.loads(result_json(estimate_for_scenario(run["scenario"], catalog)))
        for path in run["measured"]:
            value = figures
            for key in path.split("."):
                value = value[key]
            assert isinstance(value, float | int), path


def _cut(tmp_path: Path, name: str, share: float) -> str:
    data = (LOGS / name).read_bytes()
    path = tmp_path / name
    path.write_bytes(data[: int(len(data) * share)])
    return str(path)


@pytest.mark.parametrize("name", ["vllm_benchmark_serving.json", "llama_bench.json", "hf_trainer_state.json",
                                  "hf_all_results.json", "sglang_bench_serving.jsonl"])
def test_a_json_file_cut_short_is_named_so(tmp_path: Path, name: str) -> None:
    with pytest.raises(InputError, match="cut short or broken at line"):
        read_measured(_cut(tmp_path, name, 0.6))


@pytest.mark.parametrize(("name", "share"), [("megatron_train.log", 0.3), ("torchtitan_train.log", 0.05),
                                             ("sglang_bench_one_batch.txt", 0.5)])
def test_a_text_log_cut_before_a_whole_measurement_is_named_so(tmp_path: Path, name: str, share: float) -> None:
    with pytest.raises(InputError, match="no complete measurement"):
        read_measured(_cut(tmp_path, name, share))


def test_a_checkpoints_trainer_state_has_no_run_timing(tmp_path: Path) -> None:
    state = json.loads((LOGS / "hf_trainer_state.json").read_text(encoding="utf-8"))
    state["log_history"] = [entry for entry in state["log_history"] if "train_runtime" not in entry]
    path = tmp_path / "trainer_state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    with pytest.raises(InputError, match="no train_runtime"):
        read_measured(str(path))


@pytest.mark.parametrize("content", [
    json.dumps({"task": "pretrain", "model": {"preset": "llama-2-7b"}}),  # a scenario, not a log
    "[1, 2, 3]",
    "# notes\nthe run went fine, about 5 s a step\n",
    "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
])
def test_a_foreign_file_is_named_so(tmp_path: Path, content: str) -> None:
    path = tmp_path / "other.json"
    path.write_bytes(content.encode("latin-1"))
    with pytest.raises(InputError, match="not a log this reads"):
        read_measured(str(path))


def test_a_training_log_with_a_serving_scenario_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="measures training, but the scenario's task is inference"):
        runs_from_logs(scenario_file(tmp_path, SERVING), [str(LOGS / "megatron_train.log")])
    with pytest.raises(InputError, match="measures serving, but the scenario's task is pretrain"):
        runs_from_logs(scenario_file(tmp_path, TRAINING), [str(LOGS / "llama_bench.json")])


def test_calibrate_logs_writes_the_runs_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs.json"
    code = main(["calibrate-logs", "--scenario", scenario_file(tmp_path, TRAINING), str(LOGS / "megatron_train.log"),
                 str(LOGS / "torchtitan_train.log"), "-o", str(out)])
    assert code == 0
    runs = json.loads(out.read_text(encoding="utf-8"))["runs"]
    assert [run["measured"] for run in runs] == [
        {"training.step_time_s": pytest.approx(5.4106), "memory_gib_per_gpu.total": pytest.approx(61480 / 1024)},
        {"training.tokens_per_s_per_gpu": 10007.0, "memory_gib_per_gpu.total": 66.91}]
    assert all(set(run) == {"scenario", "measured", "source", "date"} for run in runs)
    assert "Wrote 2 runs to" in capsys.readouterr().out


def test_a_bad_log_is_one_line_on_stderr_exit_2_and_nothing_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs.json"
    code = main(["calibrate-logs", "--scenario", scenario_file(tmp_path, SERVING), str(LOGS / "llama_bench.json"),
                 _cut(tmp_path, "vllm_benchmark_serving.json", 0.5), "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and not out.exists()
    assert len(err.strip().splitlines()) == 1 and "cut short" in err


def test_the_error_line_speaks_chinese_when_asked(tmp_path: Path) -> None:
    """In its own process: the Chinese catalogue, once installed, would stay for the tests that follow."""
    done = run_cli("--lang", "zh_CN", "calibrate-logs", "--scenario", scenario_file(tmp_path, SERVING),
                   _cut(tmp_path, "llama_bench.json", 0.5), env={"QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "JSON 在第" in done.stderr and "文件被截断" in done.stderr


def test_the_line_a_record_layouts_read_as_the_whole_file(tmp_path: Path) -> None:
    """`llama-bench -o jsonl` writes the JSON output's objects one a line; bench_one_batch's --result-filename
    writes its figures one run a line (here the DeepSeek-R1 report's own figures in that layout)."""
    objects = json.loads((LOGS / "llama_bench.json").read_text(encoding="utf-8"))
    lines = tmp_path / "llama_bench.jsonl"
    lines.write_text("".join(json.dumps(item) + "\n" for item in objects), encoding="utf-8")
    assert read_measured(str(lines)) == read_measured(str(LOGS / "llama_bench.json"))
    report, = read_measured(str(LOGS / "sglang_bench_one_batch.txt"))
    record = {"run_name": "deepseek-r1", "batch_size": 1, "input_len": 128, "output_len": 256,
              "prefill_latency": 0.19635, "prefill_throughput": 651.90, "median_decode_latency": 0.02098,
              "median_decode_throughput": 47.67, "total_latency": 5.537, "overall_throughput": 69.35}
    result = tmp_path / "result.jsonl"
    result.write_text(json.dumps(record) + "\n", encoding="utf-8")
    reading, = read_measured(str(result))
    assert reading.measured == report.measured
    assert {key: reading.setup[key] for key in report.setup} == report.setup
