"""Serving benchmarks: vLLM's `benchmark_serving.py --save-result` JSON (one object, or one a line with
`--append-result`), SGLang's `bench_serving --output-file` JSON Lines, SGLang's `bench_one_batch` (its printed
report or its `--result-filename` JSON Lines) and llama.cpp's `llama-bench -o json` / `-o jsonl`."""

from __future__ import annotations

import re
from collections.abc import Iterable

from gpuplanner.calibration_logs.reading import LogReading, incomplete, number, positive

# The engine a benchmark's `backend` drove; a generic OpenAI-compatible backend says nothing of the engine.
ENGINE_OF_BACKEND = {"vllm": "vllm", "sglang": "sglang", "sglang-native": "sglang", "sglang-oai": "sglang",
                     "tensorrt-llm": "tensorrt-llm", "trt-llm": "tensorrt-llm", "llama.cpp": "llama.cpp"}
VLLM_TOOL, SGLANG_TOOL = "vLLM benchmark_serving", "SGLang bench_serving"
ONE_BATCH_TOOL, LLAMA_BENCH_TOOL = "SGLang bench_one_batch", "llama.cpp llama-bench"


def little_concurrency(arrival_per_s: float, time_in_system_s: float) -> float:
    """Requests in the system on average: Little's law L = lambda * W (Little, Operations Research 9(3), 1961)."""
    return arrival_per_s * time_in_system_s


def is_serving_benchmark(record: dict[str, object]) -> bool:
    return "completed" in record and ("mean_ttft_ms" in record or "median_ttft_ms" in record)


def serving_readings(records: list[dict[str, object]], path: str) -> list[LogReading]:
    """One reading per benchmark run: TTFT, TPOT, and the output rate when requests all arrived at once (at a set
    request rate the rate follows the arrivals, not the server); the mean lengths and the concurrency it ran at."""
    readings = []
    for index, record in enumerate(records, 1):
        reading = _serving_run(record, f"run {index}" if len(records) > 1 else "")
        if reading is not None:
            readings.append(reading)
    if not readings:
        tool = SGLANG_TOOL if _is_sglang(records[0]) else VLLM_TOOL
        raise incomplete(path, tool)
    return readings


def _is_sglang(record: dict[str, object]) -> bool:
    return "random_input_len" in record or "sharegpt_output_len" in record


def _serving_run(record: dict[str, object], label: str) -> LogReading | None:
    tool = SGLANG_TOOL if _is_sglang(record) else VLLM_TOOL
    completed = number(record, "completed")
    if completed is None or completed[1] < 1:
        return None
    done = completed[1]
    notes: list[str] = []
    measured: dict[str, float] = {}
    setup: dict[str, object] = {}
    ttft = number(record, "mean_ttft_ms", "median_ttft_ms")
    tpot = number(record, "mean_tpot_ms", "median_tpot_ms", "mean_itl_ms", "median_itl_ms")
    rate = record.get("request_rate")
    all_at_once = rate is None or str(rate).lower() in ("inf", "infinity")
    unlimited = number(record, "max_concurrency") is None
    if ttft is not None and all_at_once and unlimited:
        notes.append("TTFT left out: every request was sent at once with no concurrency limit, so it is mostly "
                     "time spent queued")
    elif ttft is not None:
        positive(measured, "inference.ttft_s", ttft[1] / 1000, notes, ttft[0])
        if ttft[0] != "mean_ttft_ms":
            notes.append(f"TTFT from {ttft[0]} (no mean in the file)")
    if tpot is not None:
        positive(measured, "inference.tpot_s", tpot[1] / 1000, notes, tpot[0])
        if tpot[0] != "mean_tpot_ms":
            notes.append(f"TPOT from {tpot[0]} (no mean TPOT in the file)")
    throughput = number(record, "output_throughput")
    if all_at_once and throughput is not None:
        positive(measured, "inference.output_tokens_per_s", throughput[1], notes, "output_throughput")
    elif throughput is not None:
        notes.append(f"output rate left out: at {rate} requests/s it follows the arrivals, not the server")
    inputs, outputs = number(record, "total_input_tokens"), number(record, "total_output_tokens")
    if inputs is not None and inputs[1] >= done:
        setup["inference.input_tokens"] = round(inputs[1] / done)
    if outputs is not None and outputs[1] >= done:
        setup["inference.output_tokens"] = round(outputs[1] / done)
    concurrency = _concurrency(record, ttft[1] / 1000 if ttft else None, tpot[1] / 1000 if tpot else None,
                               setup, notes)
    if concurrency is not None:
        setup["inference.concurrent_users"] = concurrency
        setup["inference.batch"] = None  # the benchmark's load is its concurrency
    backend = str(record.get("backend", ""))
    if backend in ENGINE_OF_BACKEND:
        setup["inference.engine"] = ENGINE_OF_BACKEND[backend]
    elif backend:
        notes.append(f"backend {backend!r} names no engine: the scenario's engine is kept")
    model = record.get("model_id") or record.get("model")
    if model:
        notes.append(f"model in the log: {model}")
    if not measured:
        return None
    return LogReading(tool, measured, setup, tuple(notes), _vllm_date(record.get("date")), label)


def _concurrency(record: dict[str, object], ttft_s: float | None, tpot_s: float | None, setup: dict[str, object],
                 notes: list[str]) -> int | None:
    """Requests in flight: the mean the tool measured, else Little's law from the request rate achieved and the
    mean time a request took (measured end to end, or TTFT + TPOT x the tokens after the first), capped by the
    benchmark's concurrency limit."""
    limit = number(record, "max_concurrency")
    seen = number(record, "concurrency")
    if seen is not None and seen[1] > 0:
        notes.append("concurrency: the mean the tool measured")
        return max(1, round(seen[1]))
    arrivals = number(record, "request_throughput")
    if arrivals is None:
        duration, completed = number(record, "duration"), number(record, "completed")
        arrivals = ("completed / duration", completed[1] / duration[1]) if duration and completed and \
            duration[1] > 0 else None
    latency = number(record, "mean_e2el_ms", "mean_e2e_latency_ms")
    time_s = latency[1] / 1000 if latency is not None else None
    outputs = setup.get("inference.output_tokens")
    if time_s is None and ttft_s is not None and tpot_s is not None and isinstance(outputs, int):
        time_s = ttft_s + tpot_s * max(outputs - 1, 0)
    if arrivals is None or time_s is None:
        if limit is not None and limit[1] >= 1:
            notes.append("concurrency: the benchmark's limit")
            return round(limit[1])
        return None
    users = little_concurrency(arrivals[1], time_s)
    if limit is not None and limit[1] >= 1:
        users = min(users, limit[1])
    notes.append(f"concurrency {users:.1f}: Little's law, request rate x mean time a request took")
    return max(1, round(users))


def _vllm_date(value: object) -> str | None:
    """vLLM dates its results 20250530-194738."""
    match = re.fullmatch(r"(\d{4})(\d{2})(\d{2})-\d{6}", str(value or ""))
    return f"{match[1]}-{match[2]}-{match[3]}" if match else None


# SGLang bench_one_batch ---------------------------------------------------------------------------------------

def is_one_batch_record(record: dict[str, object]) -> bool:
    return "prefill_latency" in record and ("median_decode_latency" in record or "batch_size" in record)


def one_batch_records(records: list[dict[str, object]], path: str) -> list[LogReading]:
    """One static batch a line: its prefill latency is the batch's time to first token, its median decode step
    the time per output token."""
    readings = []
    for index, record in enumerate(records, 1):
        notes: list[str] = []
        measured: dict[str, float] = {}
        prefill, decode = number(record, "prefill_latency"), number(record, "median_decode_latency")
        positive(measured, "inference.ttft_s", prefill[1] if prefill else None, notes, "prefill_latency")
        positive(measured, "inference.tpot_s", decode[1] if decode else None, notes, "median_decode_latency")
        setup: dict[str, object] = {"inference.engine": "sglang", "inference.concurrent_users": None}
        for key, scenario_key in (("batch_size", "inference.batch"), ("input_len", "inference.input_tokens"),
                                  ("output_len", "inference.output_tokens")):
            value = number(record, key)
            if value is not None and value[1] >= 1:
                setup[scenario_key] = round(value[1])
        if measured:
            readings.append(LogReading(ONE_BATCH_TOOL, measured, setup, tuple(notes), None,
                                       f"run {index}" if len(records) > 1 else str(record.get("run_name", ""))))
    if not readings:
        raise incomplete(path, ONE_BATCH_TOOL)
    return readings


_FIGURE = r"([0-9.]+)"
PREFILL_LINE = re.compile(rf"Prefill\. +latency: *{_FIGURE} *s, throughput: *{_FIGURE} token/s")
MEDIAN_LINE = re.compile(rf"Decode\. +median latency: *{_FIGURE} *s, median throughput: *{_FIGURE} token/s")
TOTAL_LINE = re.compile(rf"Total\. +latency: *{_FIGURE} *s, throughput: *{_FIGURE} token/s")


def is_one_batch_text(text: str) -> bool:
    return "bench_one_batch" in text or re.search(r"^Prefill\. +latency:", text, flags=re.M) is not None


def one_batch_text(text: str, path: str) -> list[LogReading]:
    """The printed report: the last measured round (the first is a warm-up), the batch and lengths read from the
    command line when it was logged, else worked back from the throughputs it prints (prefill: batch x input tokens
    per second; decode: batch per step; total: batch x all tokens)."""
    rounds = [part for part in re.split(r"^Benchmark \.\.\.\s*$", text, flags=re.M)
              if PREFILL_LINE.search(part) and MEDIAN_LINE.search(part)]
    if not rounds:
        raise incomplete(path, ONE_BATCH_TOOL)
    last = rounds[-1]
    prefill, decode = PREFILL_LINE.findall(last)[-1], MEDIAN_LINE.findall(last)[-1]
    total = TOTAL_LINE.findall(last)
    notes = ["the last measured round (the first is a warm-up)"]
    measured: dict[str, float] = {}
    positive(measured, "inference.ttft_s", float(prefill[0]), notes, "prefill latency")
    positive(measured, "inference.tpot_s", float(decode[0]), notes, "median decode latency")
    setup: dict[str, object] = {"inference.engine": "sglang", "inference.concurrent_users": None}
    stated = _command_line(text)
    batch = stated.get("batch") or round(float(decode[1]) * float(decode[0]))
    inputs = stated.get("input") or round(float(prefill[1]) * float(prefill[0]) / max(batch, 1))
    setup["inference.batch"], setup["inference.input_tokens"] = max(batch, 1), max(inputs, 1)
    if stated.get("output"):
        setup["inference.output_tokens"] = stated["output"]
    elif total:
        outputs = round(float(total[-1][1]) * float(total[-1][0]) / max(batch, 1)) - inputs
        if outputs >= 1:
            setup["inference.output_tokens"] = outputs
    if not stated:
        notes.append("batch and lengths worked back from the printed throughputs")
    if not measured:
        raise incomplete(path, ONE_BATCH_TOOL)
    return [LogReading(ONE_BATCH_TOOL, measured, setup, tuple(notes))]


def _command_line(text: str) -> dict[str, int]:
    """--batch-size / --input-len / --output-len as a logged bench_one_batch command gives them (one value each)."""
    found = {}
    options = (("batch", "--batch(?:-size)?"), ("input", "--input(?:-len)?"), ("output", "--output(?:-len)?"))
    for name, option in options:
        match = re.search(rf"bench_one_batch\b.*?{option}[ =](\d+)(?![ ,]\d)", text)
        if match:
            found[name] = int(match[1])
    return found


# llama.cpp llama-bench ----------------------------------------------------------------------------------------

def is_llama_bench(record: dict[str, object]) -> bool:
    return "avg_ts" in record and "n_prompt" in record and "n_gen" in record


def llama_bench_readings(records: list[dict[str, object]], path: str) -> list[LogReading]:
    """Prompt processing (pp: n_prompt tokens at avg_ts tokens/s) gives the time to first token of that prompt;
    text generation (tg: one sequence, avg_ts tokens/s) the time per output token. A pp and a tg test of the same
    model and settings make one run of batch 1; a lone test makes a run of its own figure."""
    groups: dict[tuple[object, ...], dict[str, dict[str, object]]] = {}
    skipped = 0
    for record in records:
        prompt, gen = number(record, "n_prompt"), number(record, "n_gen")
        kind = "pp" if prompt and prompt[1] > 0 and not (gen and gen[1] > 0) else \
            "tg" if gen and gen[1] > 0 and not (prompt and prompt[1] > 0) else None
        if kind is None or number(record, "avg_ts") is None:
            skipped += 1  # a pp+tg ("pg") test mixes both phases in one rate
            continue
        key = tuple(record.get(name) for name in ("model_filename", "model_type", "n_gpu_layers", "n_batch",
                                                  "n_ubatch", "type_k", "type_v", "flash_attn", "n_depth"))
        groups.setdefault(key, {}).setdefault(kind, record)
    readings = [reading for reading in (_llama_run(tests, skipped) for tests in groups.values()) if reading is not None]
    if not readings:
        raise incomplete(path, LLAMA_BENCH_TOOL)
    return readings


# llama.cpp's quantization types by the weights' bits, as the scenario names them.
LLAMA_WEIGHT_DTYPE = (("BF16", "bf16"), ("F16", "fp16"), ("Q8", "int8"), ("Q4", "int4"), ("IQ4", "int4"))


def _llama_run(tests: dict[str, dict[str, object]], skipped: int) -> LogReading | None:
    notes: list[str] = []
    measured: dict[str, float] = {}
    setup: dict[str, object] = {"inference.engine": "llama.cpp", "inference.batch": 1,
                                "inference.concurrent_users": None}
    pp, tg = tests.get("pp"), tests.get("tg")
    if pp is not None:
        tokens, rate = number(pp, "n_prompt"), number(pp, "avg_ts")
        if tokens and rate and rate[1] > 0:
            positive(measured, "inference.ttft_s", tokens[1] / rate[1], notes, "pp rate")
            setup["inference.input_tokens"] = round(tokens[1])
    if tg is not None:
        tokens, rate = number(tg, "n_gen"), number(tg, "avg_ts")
        if tokens and rate and rate[1] > 0:
            positive(measured, "inference.tpot_s", 1 / rate[1], notes, "tg rate")
            setup["inference.output_tokens"] = round(tokens[1])
    first = pp or tg or {}
    kind = str(first.get("model_type", ""))
    dtype = next((scenario for code, scenario in LLAMA_WEIGHT_DTYPE if f" {code}" in f" {kind.upper()}"), None)
    if dtype:
        setup["inference.weight_dtype"] = dtype
    for key in ("model_type", "gpu_info", "backends", "build_commit"):
        if first.get(key):
            notes.append(f"{key}: {first[key]}")
    depth = number(first, "n_depth")
    if depth and depth[1] > 0:
        notes.append(f"run at a context depth of {depth[1]:.0f} tokens")
    if skipped:
        notes.append(f"{skipped} combined pp+tg test(s) left out")
    date = str(first.get("test_time", ""))[:10]
    if not measured:
        return None
    return LogReading(LLAMA_BENCH_TOOL, measured, setup, tuple(notes),
                      date if re.fullmatch(r"\d{4}-\d{2}-\d{2}", date) else None, _label(tests.values()))


def _label(tests: Iterable[dict[str, object]]) -> str:
    """pp512 + tg128, as llama-bench names its tests."""
    names = []
    for test in tests:
        prompt, gen = number(test, "n_prompt"), number(test, "n_gen")
        names.append(f"pp{prompt[1]:.0f}" if prompt and prompt[1] > 0 else f"tg{gen[1]:.0f}" if gen else "")
    return " + ".join(names)
