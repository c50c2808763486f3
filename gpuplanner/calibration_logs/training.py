"""Training logs: Megatron-LM's iteration and memory lines (and its printed arguments), torchtitan's step lines, and
Hugging Face Trainer's `trainer_state.json` / `all_results.json` (`train_results.json`)."""

from __future__ import annotations

import re

from gpuplanner.calibration_logs.reading import LogReading, incomplete, median, number, positive, steady

MEGATRON_TOOL, TORCHTITAN_TOOL, HF_TOOL = "Megatron-LM", "torchtitan", "Hugging Face Trainer"
MIB_PER_GIB = 1024  # Megatron-LM reports memory in MB of 1024 x 1024 bytes (torch's allocator counters / 2**20)

ITERATION = re.compile(r"iteration\s+(\d+)\s*/\s*\d+\s*\|.*?elapsed time per iteration \(ms\):\s*([0-9.]+)")
GLOBAL_BATCH = re.compile(r"global batch size:\s*(\d+)")
MEGATRON_TFLOPS = re.compile(r"throughput per GPU \(TFLOP/s/GPU\):\s*([0-9.]+)")
MEGATRON_MEMORY = re.compile(r"\[Rank (\d+)\] \(after \d+ iterations\) memory \(MB\) \| allocated: [0-9.]+ \| "
                             r"max allocated: ([0-9.]+) \| reserved: [0-9.]+ \| max reserved: ([0-9.]+)")
STAMP = re.compile(r"(\d{4}-\d{2}-\d{2})[ T]\d{2}:\d{2}:\d{2}")  # a log line's time stamp
# Megatron-LM prints its arguments as "  seq_length ......... 4096" before training.
MEGATRON_ARGUMENTS = {"seq_length": "seq_len", "global_batch_size": "training.global_batch",
                      "micro_batch_size": "training.micro_batch", "tensor_model_parallel_size": "parallelism.tp",
                      "pipeline_model_parallel_size": "parallelism.pp", "world_size": "hardware.count"}


def is_megatron(text: str) -> bool:
    return "elapsed time per iteration (ms)" in text or MEGATRON_MEMORY.search(text) is not None


def megatron_readings(text: str, path: str) -> list[LogReading]:
    """Step time: the median elapsed time per iteration (the first logged iteration left out); memory: the largest
    `max reserved` any rank reports (what the allocator held, so what had to fit); the run's settings from the
    arguments Megatron-LM prints."""
    times = [(int(match[1]), float(match[2])) for match in ITERATION.finditer(text)]
    if not times:
        raise incomplete(path, MEGATRON_TOOL)
    kept, how = steady(times)
    notes = [f"step time: {how}"]
    measured: dict[str, float] = {}
    positive(measured, "training.step_time_s", median(kept) / 1000, notes, "elapsed time per iteration")
    memory = [float(match[3]) for match in MEGATRON_MEMORY.finditer(text)]
    if memory:
        positive(measured, "memory_gib_per_gpu.total", max(memory) / MIB_PER_GIB, notes, "max reserved")
        notes.append("memory: the largest max reserved of the ranks reporting")
    tflops = [float(value) for value in MEGATRON_TFLOPS.findall(text)]
    if tflops:
        notes.append(f"Megatron-LM's own TFLOP/s per GPU: {median(tflops):.1f} (its FLOP count, not ours)")
    setup: dict[str, object] = {}
    for argument, key in MEGATRON_ARGUMENTS.items():
        match = re.search(rf"^\s*{argument} \.+ (\d+)\s*$", text, flags=re.M)
        if match:
            setup[key] = int(match[1])
    for precision in ("bf16", "fp16"):
        if re.search(rf"^\s*{precision} \.+ True\s*$", text, flags=re.M):
            setup["precision"] = precision
    batches = GLOBAL_BATCH.findall(text)
    if batches:
        setup["training.global_batch"] = int(batches[-1])
    stamp = STAMP.search(text)
    return [LogReading(MEGATRON_TOOL, measured, setup, tuple(notes), stamp[1] if stamp else None)]


TITAN_STEP = re.compile(r"(?<!validate )step:\s*(\d+)\s+loss:.*?memory:\s*([0-9.]+)GiB\(([0-9.]+)%\)\s+"
                        r"tps:\s*([0-9,]+)")


def is_torchtitan(text: str) -> bool:
    return "[titan]" in text or re.search(r"\bstep:\s*\d+\s+loss:", text) is not None


def torchtitan_readings(text: str, path: str) -> list[LogReading]:
    """tps is torchtitan's tokens per second per GPU (tokens over time and the non-data-parallel degree); memory its
    peak reserved GiB. The median tps of the logged steps (the first left out) and the largest memory."""
    steps = [(int(match[1]), float(match[4].replace(",", "")), float(match[2]), float(match[3]))
             for match in TITAN_STEP.finditer(text)]
    if not steps:
        raise incomplete(path, TORCHTITAN_TOOL)
    rates, how = steady([(step[0], step[1]) for step in steps])
    notes = [f"tokens/s per GPU: {how}"]
    measured: dict[str, float] = {}
    positive(measured, "training.tokens_per_s_per_gpu", median(rates), notes, "tps")
    peak, share = max((step[2], step[3]) for step in steps)
    positive(measured, "memory_gib_per_gpu.total", peak, notes, "memory")
    if share > 0:
        notes.append(f"memory: peak reserved, {share:g}% of the device's {peak / share * 100:.1f} GiB")
    stamp = STAMP.search(text)
    return [LogReading(TORCHTITAN_TOOL, measured, {}, tuple(notes), stamp[1] if stamp else None)]


def is_trainer_state(record: dict[str, object]) -> bool:
    return isinstance(record.get("log_history"), list)


def is_trainer_results(record: dict[str, object]) -> bool:
    return "train_runtime" in record and ("train_steps_per_second" in record or "train_samples_per_second" in record)


def trainer_state_readings(record: dict[str, object], path: str) -> list[LogReading]:
    """trainer_state.json: the time per optimizer step is the run's train_runtime less the evaluations logged during
    it (Trainer times both together), over the steps taken."""
    logged = record.get("log_history")
    history = [entry for entry in logged if isinstance(entry, dict)] if isinstance(logged, list) else []
    final = next((entry for entry in reversed(history) if "train_runtime" in entry), None)
    steps = number(record, "global_step")
    if final is None or steps is None or steps[1] < 1:
        raise incomplete(path, HF_TOOL + " trainer_state.json (no train_runtime: a checkpoint's?)")
    runtime = number(final, "train_runtime")
    evaluations = sum(value[1] for entry in history if (value := number(entry, "eval_runtime")) is not None)
    if runtime is None:
        raise incomplete(path, HF_TOOL)
    notes = [f"step time: (train_runtime {runtime[1]:g} s - evaluations {evaluations:g} s) / {steps[1]:g} steps"]
    measured: dict[str, float] = {}
    positive(measured, "training.step_time_s", (runtime[1] - evaluations) / steps[1], notes, "step time")
    setup = _global_batch(final, notes)
    return [LogReading(HF_TOOL, measured, setup, tuple(notes))]


def trainer_results_readings(record: dict[str, object], path: str) -> list[LogReading]:
    """all_results.json / train_results.json: time per optimizer step from train_runtime and the steps per second
    (it cannot tell evaluations during training apart: they count in)."""
    runtime, per_second = number(record, "train_runtime"), number(record, "train_steps_per_second")
    if runtime is None or per_second is None or per_second[1] <= 0:
        raise incomplete(path, HF_TOOL)
    steps = max(1, round(runtime[1] * per_second[1]))
    notes = [f"step time: train_runtime {runtime[1]:g} s / {steps} steps (evaluations during training included)"]
    measured: dict[str, float] = {}
    positive(measured, "training.step_time_s", runtime[1] / steps, notes, "step time")
    return [LogReading(HF_TOOL, measured, _global_batch(record, notes), tuple(notes))]


def _global_batch(record: dict[str, object], notes: list[str]) -> dict[str, object]:
    """Samples per optimizer step, where the two rates give a whole number (within 1 %: the last batch of an epoch
    may be short)."""
    samples, steps = number(record, "train_samples_per_second"), number(record, "train_steps_per_second")
    if samples is None or steps is None or steps[1] <= 0:
        return {}
    batch = samples[1] / steps[1]
    if round(batch) >= 1 and abs(batch - round(batch)) <= 0.01 * batch:
        notes.append(f"global batch {round(batch)}: samples per second / steps per second")
        return {"training.global_batch": round(batch)}
    return {}
